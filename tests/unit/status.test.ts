// The status document's rules (docs/status.md): what each command does to it, what it refuses and
// says in both languages, times read in the market's zone, the probe's minutes and days, the
// page's rules (a component's state at a moment, stale measurements, availability weighted by
// impact, the server's clock), the feeds, and the JSON Schema others read.
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { describe, expect, test } from 'vitest'
import {
  availabilityBp,
  measuredAt,
  parseStatus,
  serverTime,
  stateAt,
  type StatusDocument,
} from '../../api/contract/status'
import { isFromTheFuture } from '../../api/contract/statusRules'
import { statusJsonSchema } from '../../build/status'
import ar from '../../locales/ar.json'
import en from '../../locales/en.json'
import { sampleStatus } from '../../pages/monitoring/sample'
import { parseTime, showText } from '../../scripts/lib/statusCli'
import {
  cancelMaintenance,
  emptyDocument,
  openIncident,
  recordProbe,
  resolveIncident,
  scheduleMaintenance,
  settle,
  StatusInputError,
  updateIncident,
} from '../../api/status/doc'
import { atomFeed } from '../../api/status/feed'
import { localeCodes } from '../../locales/locales'

const t0 = Date.parse('2026-11-25T07:30:00Z')
const fresh = () => emptyDocument('Asia/Riyadh', t0)
const both = (en: string, ar: string) => ({ en, ar })
const open = (doc: StatusDocument, extra: Partial<Parameters<typeof openIncident>[1]> = {}) =>
  openIncident(doc, {
    impact: 'major',
    components: ['api'],
    title: both('API errors', 'أخطاء في الواجهة البرمجية'),
    text: both('We are investigating.', 'نتحقق من المشكلة.'),
    at: t0,
    ...extra,
  })

/** The refusal a change meets, in both languages. */
function refusal(change: () => unknown): { en: string; ar: string } {
  try {
    change()
  } catch (err) {
    if (err instanceof StatusInputError) return err.text
    throw err
  }
  throw new Error('not refused')
}

describe('commands', () => {
  test('an incident opens with an id from its day and title, and settles the component it names', () => {
    const { doc, id } = open(fresh())
    expect(id).toBe('2026-11-25-api-errors')
    const settled = settle(doc, t0)
    expect(settled.revision).toBe(1)
    expect(settled.components.find((c) => c.key === 'api')!.state).toBe('major')
    expect(settled.components.find((c) => c.key === 'site')!.state).toBe('operational')
    // Today's day keeps the worst state seen.
    expect(settled.components.find((c) => c.key === 'api')!.days.at(-1)).toMatchObject({
      date: '2026-11-25',
      state: 'major',
    })
    expect('doc' in parseStatus(settled)).toBe(true)
    // The same title on the same day gets a number.
    expect(open(settled).id).toBe('2026-11-25-api-errors-2')
  })

  test('updates are kept, newest first, and a resolved incident takes no more', () => {
    let doc = open(fresh()).doc
    doc = updateIncident(doc, '2026-11-25-api-errors', {
      stage: 'identified',
      text: both('A bad release.', 'إصدار معيب.'),
      at: t0 + 60_000,
      impact: 'partial',
    })
    doc = resolveIncident(doc, '2026-11-25-api-errors', { text: both('Fixed.', 'حُلّت.'), at: t0 + 120_000 })
    const incident = settle(doc, t0 + 120_000).incidents[0]!
    expect(incident.updates.map((u) => u.stage)).toEqual(['resolved', 'identified', 'investigating'])
    expect(incident.impact).toBe('partial')
    expect(settle(doc, t0 + 120_000).components.find((c) => c.key === 'api')!.state).toBe('operational')
    const refused = refusal(() =>
      updateIncident(doc, '2026-11-25-api-errors', { stage: 'monitoring', text: both('x', 'س'), at: t0 }),
    )
    expect(refused.en).toMatch(/resolved; open a new one/)
    expect(refused.ar).toMatch(/محلول/)
  })

  test('every text in both languages, known components only, each refused with the reason in English and Arabic', () => {
    const missingAr = refusal(() => open(fresh(), { title: { en: 'API errors' } }))
    expect(missingAr.en).toBe('Every text is required in English and Arabic; missing: --title-ar.')
    expect(missingAr.ar).toBe('كل نص مطلوب بالإنجليزية والعربية؛ الناقص: \u200E--title-ar.')
    // Every missing one at once.
    expect(refusal(() => open(fresh(), { title: { en: 'API errors' }, text: { en: ' ', ar: ' ' } })).en).toBe(
      'Every text is required in English and Arabic; missing: --title-ar, --text-en, --text-ar.',
    )
    expect(refusal(() => open(fresh(), { text: both('نص', 'text') })).en).toMatch(/swapped or untranslated/)
    const unknown = refusal(() => open(fresh(), { components: ['api', 'visa'] }))
    expect(unknown.en).toMatch(/Unknown component "visa". Components: site, api, checkout/)
    expect(unknown.ar).toMatch(/المكوّن «visa» غير معروف/)
    expect(
      refusal(() => updateIncident(fresh(), 'nope', { stage: 'identified', text: both('a', 'ب'), at: t0 })).ar,
    ).toMatch(/لا يوجد عطل/)
  })

  test('maintenance: scheduled ahead, under way in its window (not counted as downtime), cancelled with a reason', () => {
    const from = t0 + 3_600_000
    const { doc, id } = scheduleMaintenance(fresh(), {
      components: ['payouts'],
      from,
      to: from + 7_200_000,
      title: both('Bank link upgrade', 'تحديث الربط مع البنوك'),
      text: both('Payouts wait until it ends.', 'تنتظر التحويلات حتى تنتهي.'),
      now: t0,
    })
    expect(settle(doc, t0).components.find((c) => c.key === 'payouts')!.state).toBe('operational')
    const during = settle(doc, from + 60_000)
    expect(during.components.find((c) => c.key === 'payouts')!.state).toBe('maintenance')
    const probed = recordProbe(during, [{ component: 'payouts', ok: true }], from + 60_000)
    expect(probed.components.find((c) => c.key === 'payouts')!.days.at(-1)).toMatchObject({ checks: 1, failed: 0 })
    const cancelled = cancelMaintenance(doc, id, { text: both('Postponed.', 'أُجّلت.'), at: t0 })
    expect(settle(cancelled, from + 60_000).components.find((c) => c.key === 'payouts')!.state).toBe('operational')
    expect(refusal(() => cancelMaintenance(cancelled, id, { text: both('a', 'ب'), at: t0 })).en).toMatch(
      /cancelled already/,
    )
    expect(
      refusal(() =>
        scheduleMaintenance(fresh(), {
          components: ['payouts'],
          from,
          to: from,
          title: both('a', 'ب'),
          text: both('a', 'ب'),
          now: t0,
        }),
      ).en,
    ).toMatch(/must end after it starts/)
  })
})

describe('the probe', () => {
  test('a minute per run for each component checked, failed when its check fails; two failures in a row are an outage while fresh', () => {
    let doc = fresh()
    const run = (ok: boolean, at: number) => {
      doc = settle(recordProbe(doc, [{ component: 'api', ok, ms: 12 }], at), at)
    }
    run(true, t0)
    run(false, t0 + 60_000)
    expect(doc.components.find((c) => c.key === 'api')!.state).toBe('operational')
    run(false, t0 + 120_000)
    const api = doc.components.find((c) => c.key === 'api')!
    expect(api.state).toBe('major')
    expect(api.days).toEqual([{ date: '2026-11-25', checks: 3, failed: 2, state: 'major' }])
    // Nothing checked the site: not a minute measured, so "not measured", not 100 %.
    expect(doc.components.find((c) => c.key === 'site')!.days).toEqual([])
    expect(availabilityBp(doc.components.find((c) => c.key === 'site')!.days)).toBeUndefined()
    // The probe's verdict speaks while fresh: 11 minutes on, with no run, the outage is not the page's.
    expect(stateAt(doc, 'api', t0 + 120_000 + 9 * 60_000)).toBe('major')
    expect(stateAt(doc, 'api', t0 + 120_000 + 11 * 60_000)).toBe('operational')
    expect(measuredAt(doc)).toBe(t0 + 120_000)
    run(true, t0 + 180_000)
    expect(doc.components.find((c) => c.key === 'api')!.state).toBe('operational')
  })

  test("what operators report stays whatever the document's age; impact weighs availability as Statuspage does", () => {
    const doc = settle(open(fresh(), { impact: 'partial' }).doc, t0)
    expect(stateAt(doc, 'api', t0 + 30 * 86_400_000)).toBe('partial')
    expect(availabilityBp([{ date: 'x', checks: 100, failed: 0, partial: 10 } as never])).toBe(9700)
    expect(availabilityBp([{ date: 'x', checks: 100, failed: 10, state: 'degraded' } as never])).toBe(9000)
    expect(availabilityBp([{ date: 'x', checks: 100, failed: 0, state: 'degraded' } as never])).toBe(10000)
    // A partial incident's minute with the check passing: partial; a major one: failed; degraded: good.
    for (const [impact, expected] of [
      ['partial', { checks: 1, failed: 0, partial: 1 }],
      ['major', { checks: 1, failed: 1 }],
      ['degraded', { checks: 1, failed: 0 }],
    ] as const) {
      const withIncident = settle(open(fresh(), { impact }).doc, t0)
      const probed = recordProbe(withIncident, [{ component: 'api', ok: true }], t0)
      expect(probed.components.find((c) => c.key === 'api')!.days.at(-1)).toEqual({
        date: '2026-11-25',
        state: impact,
        ...expected,
      })
    }
  })

  test('days follow the market zone, and only 90 are kept', () => {
    let doc = fresh()
    const site = [{ component: 'site' as const, ok: true }]
    // 21:30 UTC is already tomorrow in Riyadh.
    doc = recordProbe(doc, site, Date.parse('2026-11-25T21:30:00Z'))
    expect(doc.components[0]!.days.at(-1)!.date).toBe('2026-11-26')
    for (let d = 0; d < 95; d++) doc = settle(recordProbe(doc, site, t0 + d * 86_400_000), t0 + d * 86_400_000)
    expect(doc.components[0]!.days).toHaveLength(90)
  })
})

describe('times', () => {
  test("an operator's wall clock in the market's zone, stored in UTC", () => {
    expect(new Date(parseTime('2026-11-25 10:30', 'Asia/Riyadh')).toISOString()).toBe('2026-11-25T07:30:00.000Z')
    expect(new Date(parseTime('2026-11-25T10:30', 'Asia/Dubai')).toISOString()).toBe('2026-11-25T06:30:00.000Z')
    // Cairo keeps summer time: +03:00 in July, +02:00 in November.
    expect(new Date(parseTime('2026-07-01 12:00', 'Africa/Cairo')).toISOString()).toBe('2026-07-01T09:00:00.000Z')
    expect(new Date(parseTime('2026-11-25 12:00', 'Africa/Cairo')).toISOString()).toBe('2026-11-25T10:00:00.000Z')
    expect(new Date(parseTime('2026-11-25T10:30:00Z', 'Asia/Riyadh')).toISOString()).toBe('2026-11-25T10:30:00.000Z')
    expect(() => parseTime('25/11/2026 10:30', 'Asia/Riyadh')).toThrow(/YYYY-MM-DD HH:MM/)
    expect(() => parseTime('2026-02-30 10:30', 'Asia/Riyadh')).toThrow(StatusInputError)
  })

  test('show prints the same facts in English and Arabic', () => {
    const doc = settle(open(fresh()).doc, t0)
    const english = showText(doc, 'en', t0)
    const arabic = showText(doc, 'ar', t0)
    expect(english).toContain('API (api): Major outage')
    expect(english).toContain('2026-11-25-api-errors: API errors [Investigating, 25 November 2026')
    expect(arabic).toContain(`${ar['status.component.api']} (api): ${ar['monitoring.state.major']}`)
    expect(arabic).toContain('أعطال لم تُحلّ بعد: 1')
    expect(showText(undefined, 'ar', t0)).toMatch(/لم تُنشر أي حالة بعد/)
    expect(showText(undefined, 'en', t0)).toMatch(/^No status published yet/)
    expect(showText(doc, 'en', t0)).toContain('Nothing measured yet')
    expect(showText(doc, 'en', t0)).toContain('Website (site): Operational · not measured')
  })
})

describe('the document others read', () => {
  test("the sample (the preview's only) is valid, marked as sample, with 90 measured days", () => {
    const sample = sampleStatus({ en, ar })
    expect('doc' in parseStatus(sample)).toBe(true)
    expect(sample.sample).toBe(true)
    for (const c of sample.components) expect(c.days).toHaveLength(90)
  })

  test('the JSON Schema accepts what valibot accepts and refuses what it refuses', () => {
    const ajv = new Ajv2020({ strict: false })
    addFormats(ajv)
    const validate = ajv.compile(statusJsonSchema())
    const sample = sampleStatus({ en, ar })
    expect(validate(sample), JSON.stringify(validate.errors)).toBe(true)
    const bad = { ...sample, components: [{ ...sample.components[0], state: 'fine' }] }
    expect(validate(bad)).toBe(false)
    expect('error' in parseStatus(bad)).toBe(true)
    expect(validate({ ...sample, incidents: [{ ...sample.incidents[0], title: { en: 'Only English' } }] })).toBe(false)
  })

  test("ages are reckoned from the server's clock: Date plus a CDN's Age; a document dated ahead of it is flagged", () => {
    const headers = (h: Record<string, string>) => new Headers(h)
    expect(serverTime(headers({ date: 'Wed, 25 Nov 2026 07:30:00 GMT' }))).toBe(t0)
    expect(serverTime(headers({ date: 'Wed, 25 Nov 2026 07:30:00 GMT', age: '25' }))).toBe(t0 + 25_000)
    expect(serverTime(headers({}))).toBeUndefined()
    expect(isFromTheFuture(new Date(t0 + 5 * 60_000).toISOString(), t0)).toBe(true)
    expect(isFromTheFuture(new Date(t0 + 60_000).toISOString(), t0)).toBe(false)
  })

  test('the feeds: Atom with the fields RFC 4287 requires, an entry per incident with every update, text escaped', () => {
    const doc = settle(open(fresh(), { title: both('Errors <5xx> & timeouts', 'أخطاء <5xx> ومهلات') }).doc, t0)
    for (const lang of localeCodes) {
      const xml = atomFeed(doc, lang, 'https://www.rasid.example')
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom"/)
      expect(xml).toContain(`xml:lang="${lang}"`)
      for (const required of ['<id>', '<title>', '<updated>', '<author><name>', '<link rel="self"'])
        expect(xml).toContain(required)
      const entries = xml.split('<entry>').slice(1)
      expect(entries).toHaveLength(1)
      for (const required of ['<id>', '<title>', '<updated>', '<link rel="alternate"', '<content type="html">'])
        expect(entries[0]).toContain(required)
      expect(entries[0]).toContain(lang === 'en' ? 'Errors &lt;5xx&gt; &amp; timeouts' : 'أخطاء &lt;5xx&gt; ومهلات')
      expect(entries[0]).toContain(
        `<link rel="alternate" type="text/html" href="https://www.rasid.example${lang === 'en' ? '' : '/ar'}/monitoring#incident-2026-11-25-errors-5xx-timeouts"/>`,
      )
      // No raw markup of a text reaches the XML.
      expect(xml).not.toMatch(/<5xx>/)
    }
  })
})

describe('the snapshot a build prerenders (STATUS_SNAPSHOT)', () => {
  test('a real document is taken; a missing file, not JSON, not a document, or a sample fails the build naming the file and why', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const { join } = await import('node:path')
    const { statusSnapshot, StatusSnapshotError } = await import('../../build/status')
    const dir = mkdtempSync(join(tmpdir(), 'rasid-snapshot-'))
    const file = (name: string, body: string) => {
      writeFileSync(join(dir, name), body)
      return join(dir, name)
    }
    expect(statusSnapshot({})).toBeUndefined()
    const doc = settle(open(fresh()).doc, t0)
    expect(statusSnapshot({ STATUS_SNAPSHOT: file('ok.json', JSON.stringify(doc)) })?.incidents[0]?.id).toBe(
      '2026-11-25-api-errors',
    )
    const refused = (env: Record<string, string>) => {
      try {
        statusSnapshot(env)
      } catch (err) {
        expect(err).toBeInstanceOf(StatusSnapshotError)
        return (err as Error).message
      }
      throw new Error('not refused')
    }
    expect(refused({ STATUS_SNAPSHOT: join(dir, 'none.json') })).toMatch(/none\.json: ENOENT/)
    expect(refused({ STATUS_SNAPSHOT: file('bad.json', '{"schema":') })).toMatch(/bad\.json: not JSON/)
    expect(refused({ STATUS_SNAPSHOT: file('other.json', '{"schema":2}') })).toMatch(
      /other\.json: not a status document \(schema/,
    )
    expect(refused({ STATUS_SNAPSHOT: file('sample.json', JSON.stringify(sampleStatus({ en, ar }))) })).toMatch(
      /sample\.json: a sample/,
    )
  })
})
