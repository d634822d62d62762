// The status summary (docs/status-api.md): Statuspage's summary.json as this site writes it, from
// one document with an open partial incident, a resolved one, maintenance under way, to come and
// cancelled, a probe result gone stale and components no check measures; valid against its
// valibot schema and its JSON Schema, with the words of both catalogs.
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { safeParse } from 'valibot'
import { describe, expect, test } from 'vitest'
import { componentKeys, type StatusDocument } from '../../api/contract/status'
import { StatusSummary } from '../../api/contract/statusSummary'
import {
  cancelMaintenance,
  emptyDocument,
  openIncident,
  recordProbe,
  resolveIncident,
  scheduleMaintenance,
  settle,
} from '../../api/status/doc'
import { indicatorOf, statusSummary, statusSummaryJsonSchema } from '../../api/status/summary'
import ar from '../../locales/ar.json'
import en from '../../locales/en.json'

const site = 'https://www.rasid.example'
const t0 = Date.parse('2026-11-25T07:30:00Z')
const min = 60_000
const both = (en: string, ar: string) => ({ en, ar })
/** A change as the store makes it: applied, then settled at its moment. */
const at = (doc: StatusDocument, ms: number, change: (d: StatusDocument) => StatusDocument) => settle(change(doc), ms)

/** The document: the probe measured site, api and checkout until 15 minutes ago (site failing twice), then stopped. */
function document(): StatusDocument {
  let doc = settle(emptyDocument('Asia/Riyadh', t0 - 30 * min), t0 - 30 * min)
  doc = at(
    doc,
    t0 - 20 * min,
    (d) =>
      openIncident(d, {
        id: 'old-api-errors',
        impact: 'major',
        components: ['api'],
        title: both('API errors', 'أخطاء في الواجهة البرمجية'),
        text: both('Investigating.', 'نتحقق.'),
        at: t0 - 20 * min,
      }).doc,
  )
  doc = at(doc, t0 - 19 * min, (d) =>
    resolveIncident(d, 'old-api-errors', { text: both('Fixed.', 'حُلّت.'), at: t0 - 19 * min }),
  )
  for (const ms of [t0 - 16 * min, t0 - 15 * min])
    doc = at(doc, ms, (d) =>
      recordProbe(
        d,
        [
          { component: 'site', ok: false, detail: 'status 503' },
          { component: 'api', ok: true, ms: 80 },
          { component: 'checkout', ok: true, ms: 120 },
        ],
        ms,
      ),
    )
  doc = at(doc, t0 - 2 * min, (d) => {
    for (const [id, component, from, to] of [
      ['payouts-now', 'payouts', t0 - 10 * min, t0 + 60 * min],
      ['webhooks-later', 'webhooks', t0 + 24 * 60 * min, t0 + 25 * 60 * min],
      ['dropped', 'mada', t0 + 60 * min, t0 + 120 * min],
    ] as const)
      d = scheduleMaintenance(d, {
        id,
        components: [component],
        from,
        to,
        title: both('Planned upgrade', 'تحديث مجدول'),
        text: both('The service is paused.', 'الخدمة متوقفة مؤقتًا.'),
        now: t0 - 2 * min,
      }).doc
    return cancelMaintenance(d, 'dropped', { text: both('Not needed.', 'لم تعد لازمة.'), at: t0 - 2 * min })
  })
  return at(
    doc,
    t0 - min,
    (d) =>
      openIncident(d, {
        id: 'card-payments-failing',
        impact: 'partial',
        components: ['checkout', 'mada'],
        title: both('Card payments failing', 'تعذّر الدفع بالبطاقات'),
        text: both('Some card payments fail.', 'يتعذّر بعض الدفع بالبطاقات.'),
        at: t0 - min,
      }).doc,
  )
}

describe('the summary of a document', () => {
  const doc = document()
  const summary = statusSummary(doc, t0, site)
  const component = (key: string) => summary.components.find((c) => c.key === key)!

  test('the overall indicator is the worst state now, with its words in both languages', () => {
    expect(summary.status.indicator).toBe('major')
    expect(summary.status.description).toEqual({
      en: en['statusSummary.indicator.major'],
      ar: ar['statusSummary.indicator.major'],
    })
    expect(summary.generatedAt).toBe(new Date(t0).toISOString())
    expect(summary.sample).toBe(false)
    expect(summary.page).toEqual({
      url: { en: `${site}/monitoring`, ar: `${site}/ar/monitoring` },
      feed: { en: `${site}/status/incidents.atom`, ar: `${site}/status/incidents.ar.atom` },
      updatedAt: doc.updatedAt,
      measuredAt: new Date(t0 - 15 * min).toISOString(),
      revision: doc.revision,
    })
  })

  test('every component, named in both languages, in the order of the page', () => {
    expect(summary.components.map((c) => c.key)).toEqual([...componentKeys])
    expect(component('checkout').name).toEqual({ en: 'Hosted payment page', ar: ar['status.component.checkout'] })
    for (const c of summary.components) expect(c.name.ar).toMatch(/[\u0600-\u06ff]|mada|STC|Apple|Google|API/)
  })

  test('a stale probe result no longer sets the state, but is shown as measured, with its time, and stale', () => {
    // Two failures in a row, 15 minutes ago: a major outage while fresh, nothing now.
    expect(component('site')).toMatchObject({
      state: 'operational',
      measured: true,
      availability: 0,
      measuredAt: new Date(t0 - 15 * min).toISOString(),
      stale: true,
    })
    const earlier = statusSummary(doc, t0 - 14 * min, site)
    expect(earlier.components.find((c) => c.key === 'site')).toMatchObject({ state: 'major', stale: false })
    expect(earlier.status.indicator).toBe('critical')
  })

  test('what operators report stays whatever its age; availability only where something measures', () => {
    expect(component('checkout')).toMatchObject({ state: 'partial', measured: true, availability: 100 })
    expect(component('api')).toMatchObject({ state: 'operational', measured: true, availability: 100 })
    // mada: an incident names it, but no check measures it.
    for (const key of ['mada', 'payouts', 'webhooks', 'applePay', 'stcPay']) {
      const c = component(key)
      expect(c.measured, key).toBe(false)
      expect(c, key).not.toHaveProperty('availability')
      expect(c, key).not.toHaveProperty('measuredAt')
      expect(c, key).not.toHaveProperty('stale')
    }
    expect(component('mada').state).toBe('partial')
    expect(component('payouts').state).toBe('maintenance')
  })

  test('open incidents only, with their latest update and their links', () => {
    expect(summary.incidents).toEqual([
      {
        id: 'card-payments-failing',
        impact: 'partial',
        components: ['checkout', 'mada'],
        title: both('Card payments failing', 'تعذّر الدفع بالبطاقات'),
        stage: 'investigating',
        startedAt: new Date(t0 - min).toISOString(),
        updatedAt: new Date(t0 - min).toISOString(),
        text: both('Some card payments fail.', 'يتعذّر بعض الدفع بالبطاقات.'),
        url: {
          en: `${site}/monitoring#incident-card-payments-failing`,
          ar: `${site}/ar/monitoring#incident-card-payments-failing`,
        },
      },
    ])
  })

  test('maintenance under way, then to come; cancelled and past windows left out', () => {
    expect(summary.maintenance.map((m) => [m.id, m.active])).toEqual([
      ['payouts-now', true],
      ['webhooks-later', false],
    ])
    expect(statusSummary(doc, t0 + 2 * 3_600_000, site).maintenance.map((m) => m.id)).toEqual(['webhooks-later'])
  })

  test('the indicator follows Statuspage: degraded minor, partial major, major critical, maintenance its own', () => {
    expect(indicatorOf).toEqual({
      operational: 'none',
      maintenance: 'maintenance',
      degraded: 'minor',
      partial: 'major',
      major: 'critical',
    })
    const empty = settle(emptyDocument('Asia/Riyadh', t0), t0)
    const quiet = statusSummary(empty, t0, site)
    expect(quiet.status).toEqual({
      indicator: 'none',
      description: { en: en['statusSummary.indicator.none'], ar: ar['statusSummary.indicator.none'] },
    })
    expect(quiet.page).not.toHaveProperty('measuredAt')
    expect(quiet.components.every((c) => !c.measured && c.state === 'operational')).toBe(true)
    for (const indicator of ['none', 'maintenance', 'minor', 'major', 'critical'] as const) {
      expect(en[`statusSummary.indicator.${indicator}`]).toMatch(/\w/)
      expect(ar[`statusSummary.indicator.${indicator}`]).toMatch(/[\u0600-\u06ff]/)
    }
  })

  test('valid against its valibot schema and its JSON Schema, which refuse what does not fit', () => {
    expect(safeParse(StatusSummary, summary).success).toBe(true)
    const ajv = new Ajv2020({ strict: false })
    addFormats(ajv)
    const schema = statusSummaryJsonSchema(site) as { $id: string }
    expect(schema.$id).toBe(`${site}/schemas/status-summary.json`)
    const validate = ajv.compile(schema)
    // Through JSON, as a reader gets it.
    const read = JSON.parse(JSON.stringify(summary))
    expect(validate(read), JSON.stringify(validate.errors)).toBe(true)
    const bad = [
      { ...read, status: { ...read.status, indicator: 'fine' } },
      { ...read, components: [{ ...read.components[0], availability: 101 }] },
      { ...read, incidents: [{ ...read.incidents[0], title: { en: 'Only English' } }] },
      { ...read, maintenance: [{ ...read.maintenance[0], extra: true }] },
    ]
    for (const b of bad) {
      expect(validate(b)).toBe(false)
      expect(safeParse(StatusSummary, b).success).toBe(false)
    }
  })
})
