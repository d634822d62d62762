// Sample data for the monitoring page (docs/content.md: "Sample data, rendered as accessible SVG/HTML
// with text equivalents"). Fixed, not random and not the build's clock: the same commit builds the
// same page.

export type ComponentState = 'operational' | 'degraded' | 'partial' | 'major' | 'maintenance'
type IncidentStage = 'investigating' | 'identified' | 'monitoring' | 'resolved'

/** The day the sample data describes ("today" on the page), in the sample's time zone. */
export const asOf = '2026-11-01T09:00:00+03:00'
export const timeZone = 'Asia/Riyadh'
export const days = 90

export interface StatusComponent {
  key: 'api' | 'checkout' | 'webhooks' | 'mada' | 'applePay' | 'stcPay' | 'payouts'
  state: ComponentState
  /** Days (0 = 89 days ago, 89 = today) that were not fully operational, with minutes affected. */
  events: { day: number; state: Exclude<ComponentState, 'operational'>; minutes: number }[]
}

export const components: StatusComponent[] = [
  { key: 'api', state: 'operational', events: [{ day: 23, state: 'degraded', minutes: 14 }] },
  { key: 'checkout', state: 'operational', events: [{ day: 61, state: 'partial', minutes: 38 }] },
  {
    key: 'webhooks',
    state: 'degraded',
    events: [
      { day: 12, state: 'degraded', minutes: 25 },
      { day: 89, state: 'degraded', minutes: 55 },
    ],
  },
  {
    key: 'mada',
    state: 'operational',
    events: [
      { day: 40, state: 'maintenance', minutes: 30 },
      { day: 74, state: 'major', minutes: 21 },
    ],
  },
  { key: 'applePay', state: 'operational', events: [] },
  { key: 'stcPay', state: 'operational', events: [{ day: 55, state: 'degraded', minutes: 42 }] },
  { key: 'payouts', state: 'operational', events: [{ day: 33, state: 'maintenance', minutes: 60 }] },
]

/** Maintenance does not count against uptime; everything else does. Basis points of the 90 days. */
export function uptimeBp(c: StatusComponent): number {
  const down = c.events.filter((e) => e.state !== 'maintenance').reduce((sum, e) => sum + e.minutes, 0)
  const total = days * 24 * 60
  return Math.floor(((total - down) * 10000 * 100) / total) / 100
}

/** The state of each of the 90 days, oldest first. */
export function dayStates(c: StatusComponent): ComponentState[] {
  const out: ComponentState[] = Array.from({ length: days }, () => 'operational')
  for (const e of c.events) out[e.day] = e.state
  return out
}

export interface Incident {
  key: 'webhookDelay' | 'madaOutage' | 'checkoutErrors'
  components: StatusComponent['key'][]
  /** Newest update first, as a status page lists them. */
  updates: { stage: IncidentStage; at: string }[]
}

export const incidents: Incident[] = [
  {
    key: 'webhookDelay',
    components: ['webhooks'],
    updates: [
      { stage: 'monitoring', at: '2026-11-01T08:40:00+03:00' },
      { stage: 'identified', at: '2026-11-01T08:15:00+03:00' },
      { stage: 'investigating', at: '2026-11-01T07:50:00+03:00' },
    ],
  },
  {
    key: 'madaOutage',
    components: ['mada'],
    updates: [
      { stage: 'resolved', at: '2026-10-17T22:31:00+03:00' },
      { stage: 'identified', at: '2026-10-17T22:18:00+03:00' },
      { stage: 'investigating', at: '2026-10-17T22:10:00+03:00' },
    ],
  },
  {
    key: 'checkoutErrors',
    components: ['checkout'],
    updates: [
      { stage: 'resolved', at: '2026-09-04T15:02:00+03:00' },
      { stage: 'monitoring', at: '2026-09-04T14:45:00+03:00' },
      { stage: 'investigating', at: '2026-09-04T14:24:00+03:00' },
    ],
  },
]

/** Daily approval rate of the last 14 days, in basis points; day 9 dips and raises an alert. */
export const approval = {
  from: '2026-10-19',
  bp: [9340, 9310, 9365, 9322, 9298, 9351, 9336, 9374, 9318, 8842, 9187, 9302, 9344, 9361],
  alertDay: 9,
  thresholdBp: 9000,
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
