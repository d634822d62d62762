// Sample data for the monitoring page (docs/content.md: "Sample data, rendered as accessible SVG/HTML
// with text equivalents"). Fixed, not random and not the build's clock: the same commit builds the
// same page. The service health part is the status document's first version (api/contract/status.ts,
// `sample: true`): only `npm run preview` serves it, while its status folder has no document
// (host/local/cdn.ts); no build or deploy publishes it (docs/status.md).
import {
  type ComponentKey,
  type ComponentState,
  componentKeys,
  type Impact,
  type Stage,
  type StatusDocument,
  datesUntil,
  statusDays,
} from '../../api/contract/status'

/** The day the sample data describes ("today" on the page), in the sample's time zone. */
const asOf = '2026-11-01T09:00:00+03:00'
const timeZone = 'Asia/Riyadh'

/** Days (0 = 89 days ago, 89 = today) that were not fully operational, with minutes affected. */
type SampleEvent = { day: number; state: Exclude<ComponentState, 'operational'>; minutes: number }
const events: Partial<Record<ComponentKey, SampleEvent[]>> = {
  api: [{ day: 23, state: 'degraded', minutes: 14 }],
  checkout: [{ day: 61, state: 'partial', minutes: 38 }],
  webhooks: [
    { day: 12, state: 'degraded', minutes: 25 },
    { day: 89, state: 'degraded', minutes: 55 },
  ],
  mada: [
    { day: 40, state: 'maintenance', minutes: 30 },
    { day: 74, state: 'major', minutes: 21 },
  ],
  stcPay: [{ day: 55, state: 'degraded', minutes: 42 }],
  payouts: [{ day: 33, state: 'maintenance', minutes: 60 }],
}

const sampleIncidents: {
  key: 'webhookDelay' | 'madaOutage' | 'checkoutErrors'
  impact: Impact
  components: ComponentKey[]
  /** Newest update first, as a status page lists them. */
  updates: { stage: Stage; at: string }[]
}[] = [
  {
    key: 'webhookDelay',
    impact: 'degraded',
    components: ['webhooks'],
    updates: [
      { stage: 'monitoring', at: '2026-11-01T08:40:00+03:00' },
      { stage: 'identified', at: '2026-11-01T08:15:00+03:00' },
      { stage: 'investigating', at: '2026-11-01T07:50:00+03:00' },
    ],
  },
  {
    key: 'madaOutage',
    impact: 'major',
    components: ['mada'],
    updates: [
      { stage: 'resolved', at: '2026-10-17T22:31:00+03:00' },
      { stage: 'identified', at: '2026-10-17T22:18:00+03:00' },
      { stage: 'investigating', at: '2026-10-17T22:10:00+03:00' },
    ],
  },
  {
    key: 'checkoutErrors',
    impact: 'partial',
    components: ['checkout'],
    updates: [
      { stage: 'resolved', at: '2026-09-04T15:02:00+03:00' },
      { stage: 'monitoring', at: '2026-09-04T14:45:00+03:00' },
      { stage: 'investigating', at: '2026-09-04T14:24:00+03:00' },
    ],
  },
]

type Catalogs = { en: Record<string, string>; ar: Record<string, string> }
const utc = (iso: string) => new Date(iso).toISOString()

/** The sample as a status document: its incidents' words from the catalogs, a minute measured for each of 90 days. */
export function sampleStatus(catalogs: Catalogs): StatusDocument {
  const text = (id: string) => {
    const en = catalogs.en[id]
    const ar = catalogs.ar[id]
    if (!en || !ar) throw new Error(`pages/monitoring/sample.ts: the message ${id} is missing from a catalog`)
    return { en, ar }
  }
  const dates = datesUntil(asOf.slice(0, 10), statusDays)
  const open = sampleIncidents.filter((i) => i.updates[0]!.stage !== 'resolved')
  return {
    schema: 1,
    revision: 0,
    sample: true,
    updatedAt: utc(asOf),
    timeZone,
    components: componentKeys.map((key) => {
      const state = open.filter((i) => i.components.includes(key)).length ? 'degraded' : 'operational'
      return {
        key,
        state,
        days: dates.map((date, day) => {
          const e = events[key]?.find((x) => x.day === day)
          const failed = e && e.state !== 'maintenance' ? e.minutes : 0
          return { date, checks: 1440, failed, ...(e ? { state: e.state } : {}) }
        }),
      }
    }),
    incidents: sampleIncidents.map((i) => ({
      id: i.key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
      impact: i.impact,
      components: i.components,
      title: text(`monitoring.incident.${i.key}.title`),
      updates: i.updates.map((u) => ({
        at: utc(u.at),
        stage: u.stage,
        text: text(`monitoring.incident.${i.key}.${u.stage}`),
      })),
    })),
    maintenance: [],
  }
}

/**
 * Daily approval rate of the last 14 days, in basis points; day 9 dips more than the alert's rule
 * allows (`approvalAlert` in site.config.ts: below the average of the days before it) and raises an
 * alert, the only day that does (tests/unit/facts.test.ts). There is no fixed threshold.
 */
export const approval = {
  from: '2026-10-19',
  bp: [9340, 9310, 9365, 9322, 9298, 9351, 9336, 9374, 9318, 8842, 9187, 9302, 9344, 9361],
  alertDay: 9,
}

/** Declines of the last 14 days by reason code, in basis points of all declines, largest first. */
export const declines: { code: string; bp: number }[] = [
  { code: 'insufficient_funds', bp: 3800 },
  { code: 'do_not_honor', bp: 2100 },
  { code: 'authentication_failed', bp: 1400 },
  { code: 'expired_card', bp: 900 },
  { code: 'incorrect_cvc', bp: 800 },
  { code: 'suspected_fraud', bp: 600 },
  { code: 'other', bp: 400 },
]
