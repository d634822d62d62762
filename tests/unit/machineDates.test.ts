// Machine dates (YYYY-MM-DD days, ids, the status commands' times) come from formatToParts or a
// Date's UTC fields, never from the pattern a locale is assumed to have: the ICU
// of WebKitGTK 2.50 (Debian's ICU 72) formats en-CA as `11/01/2026`, and the status page's island
// then threw `RangeError: Invalid Date`. Here every Intl.DateTimeFormat behaves as that one did,
// month/day/year whatever the locale, in its text and in the order of its parts.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { datesUntil, dayIn } from '../../api/contract/status'
import { emptyDocument, openIncident, recordProbe, scheduleMaintenance, settle } from '../../api/status/doc'
import { parseTime } from '../../scripts/lib/statusCli'

const riyadh = 'Asia/Riyadh'
/** 2026-11-01 00:30 in Riyadh (UTC+3): still 31 October in UTC. */
const earlyNovember = Date.parse('2026-10-31T21:30:00Z')

/** The parts in the order that ICU gave: month, day, year, then the time. */
function monthFirst(parts: Intl.DateTimeFormatPart[]): Intl.DateTimeFormatPart[] {
  const of = (type: Intl.DateTimeFormatPartTypes) => parts.filter((p) => p.type === type)
  const slash = { type: 'literal', value: '/' } as const
  const date = [...of('month'), slash, ...of('day'), slash, ...of('year')]
  const time = parts.filter((p) => ['hour', 'minute', 'second'].includes(p.type))
  const clock = time.flatMap((p, i) => (i ? [{ type: 'literal', value: ':' } as const, p] : [p]))
  return clock.length ? [...date, { type: 'literal', value: ', ' }, ...clock] : date
}

const realParts = Intl.DateTimeFormat.prototype.formatToParts
const reordered = (format: Intl.DateTimeFormat, date?: Date | number) => {
  const parts = realParts.call(format, date)
  return parts.some((p) => p.type === 'year') && parts.some((p) => p.type === 'day') ? monthFirst(parts) : parts
}

beforeAll(() => {
  vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts').mockImplementation(function (
    this: Intl.DateTimeFormat,
    date?: Date | number,
  ) {
    return reordered(this, date)
  })
  // `format` is a getter that gives a bound function (ECMA-402).
  const proto = Intl.DateTimeFormat.prototype as unknown as { readonly format: unknown }
  vi.spyOn(proto, 'format', 'get').mockImplementation(function (this: Intl.DateTimeFormat) {
    return (date?: Date | number) =>
      reordered(this, date)
        .map((p) => p.value)
        .join('')
  })
})
afterAll(() => {
  vi.restoreAllMocks()
})

describe('with an ICU that writes en-CA as 11/01/2026', () => {
  test('the stub is that ICU: the pattern F1 assumed is not there', () => {
    const enCA = new Intl.DateTimeFormat('en-CA', {
      timeZone: riyadh,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    expect(enCA.format(earlyNovember)).toBe('11/01/2026')
    // dayIn() before the fix, which this test would have caught.
    const oldDayIn = (ms: number, timeZone: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms)
    expect(oldDayIn(earlyNovember, riyadh)).not.toBe('2026-11-01')
    expect(() => datesUntil(oldDayIn(earlyNovember, riyadh), 2)).toThrow(RangeError)
  })

  test('dayIn gives the day in the zone as YYYY-MM-DD, and datesUntil counts back from it', () => {
    expect(dayIn(earlyNovember, riyadh)).toBe('2026-11-01')
    expect(dayIn(earlyNovember, 'UTC')).toBe('2026-10-31')
    expect(dayIn(Date.parse('2026-12-31T22:00:00Z'), 'Africa/Cairo')).toBe('2027-01-01')
    expect(datesUntil(dayIn(earlyNovember, riyadh), 3)).toEqual(['2026-10-30', '2026-10-31', '2026-11-01'])
  })

  test("the status commands: an operator's wall-clock time in the market's zone, across a change of offset", () => {
    expect(parseTime('2026-11-01 10:30', riyadh)).toBe(Date.parse('2026-11-01T07:30:00Z'))
    // Cairo leaves summer time (UTC+3) for UTC+2 on the last Friday of October.
    expect(parseTime('2026-10-01 12:00', 'Africa/Cairo')).toBe(Date.parse('2026-10-01T09:00:00Z'))
    expect(parseTime('2026-12-01 12:00', 'Africa/Cairo')).toBe(Date.parse('2026-12-01T10:00:00Z'))
  })

  test("the status document's ids and days", () => {
    let doc = emptyDocument(riyadh, earlyNovember)
    const incident = openIncident(doc, {
      impact: 'degraded',
      components: ['api'],
      title: { en: 'Slow API', ar: 'بطء الواجهة' },
      text: { en: 'Looking into it.', ar: 'نتحقق من ذلك.' },
      at: earlyNovember,
    })
    expect(incident.id).toBe('2026-11-01-slow-api')
    const maintenance = scheduleMaintenance(incident.doc, {
      components: ['payouts'],
      title: { en: 'Bank upgrade', ar: 'ترقية البنك' },
      text: { en: 'Payouts wait.', ar: 'تنتظر التحويلات.' },
      from: earlyNovember + 86_400_000,
      to: earlyNovember + 90_000_000,
      now: earlyNovember,
    })
    expect(maintenance.id).toMatch(/^2026-11-02-/)
    doc = recordProbe(maintenance.doc, [{ component: 'site', ok: true }], earlyNovember)
    doc = settle(doc, earlyNovember)
    expect(doc.components.find((c) => c.key === 'site')!.days.map((d) => d.date)).toEqual(['2026-11-01'])
  })
})

// The guard: no code of the site asks a locale for a pattern it is assumed to have. en-CA, sv-SE
// (and their kin) are the locales picked for their YYYY-MM-DD; the site's own dates for people
// take intlLocale() (locales/intlLocale.ts), so none of these has a reason to be in the code.
const roots = ['renderer', 'pages', 'api', 'build', 'scripts', 'bench', 'locales', 'infra']
const rootFiles = ['site.config.ts', 'vite.config.ts', 'vike.config.ts', 'uno.config.ts']
const skipped = new Set(['node_modules', 'cdk.out', 'dist'])
const isoLocales = /(['"`])(en-CA|sv-SE|sv|fr-CA|lt-LT|lt|en-SE|af-ZA)(-u-[\w-]+)?\1/

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (skipped.has(name)) return []
    if (statSync(path).isDirectory()) return sources(path)
    return /\.(ts|tsx|mts|mjs|js)$/.test(name) ? [path] : []
  })
}

describe('the guard against a locale pattern taken for a machine date', () => {
  test('it finds the form F1 had', () => {
    expect(isoLocales.test("new Intl.DateTimeFormat('en-CA', { timeZone }).format(ms)")).toBe(true)
    expect(isoLocales.test('d.toLocaleDateString("sv-SE")')).toBe(true)
    expect(isoLocales.test("new Intl.DateTimeFormat('en-US', { timeZone }).formatToParts(ms)")).toBe(false)
  })

  test('no source of the site names en-CA, sv-SE or their kin', () => {
    const files = [...roots.flatMap(sources), ...rootFiles]
    expect(files.length).toBeGreaterThan(100)
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (isoLocales.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    )
    expect(found, 'build machine dates from formatToParts or the Date’s UTC fields').toEqual([])
  })

  test('toLocaleDateString/toLocaleTimeString are not used: their pattern is the engine’s', () => {
    const files = [...roots.flatMap(sources), ...rootFiles]
    const found = files.filter((file) => /\.toLocale(Date|Time)String\(/.test(readFileSync(file, 'utf8')))
    expect(found).toEqual([])
  })
})
