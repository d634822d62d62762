// The status part of /monitoring without React (docs/status.md): the compact ICU messages and their
// interpreter (renderer/client/messageFormat.ts) against formatjs on every message the part uses, in
// both languages; and the one view (renderer/client/statusView.ts) the build and the browser render:
// what it shows of a document at a moment (operators' reports whatever their age, measured parts
// marked stale), what it never shows (the sample over a real document, an older document), what it
// escapes, and time running toward the reading direction's end.
import { parse } from '@formatjs/icu-messageformat-parser'
import { createIntl } from '@formatjs/intl'
import { escapeSelector } from 'unocss'
import { describe, expect, test } from 'vitest'
import { componentKeys, parseStatus, type StatusDocument, statusPaths } from '../../api/contract/status'
import { emptyDocument, openIncident, recordProbe, scheduleMaintenance, settle } from '../../api/status/doc'
import { utilityCss } from '../../build/css'
import { attr, type Element, elements, type Node, parseHtml, textOf } from '../../build/html'
import ar from '../../locales/ar.json'
import en from '../../locales/en.json'
import { intlLocale } from '../../locales/intlLocale'
import type { Locale } from '../../locales/locales'
import type { MessageId } from '../../locales/messages'
import { pickMessages } from '../../locales/pickMessages'
import { compactMessage, statusMessagePrefixes, statusMessages } from '../../pages/monitoring/messages'
import { sampleStatus } from '../../pages/monitoring/sample'
import { statusStyle } from '../../pages/monitoring/statusStyle'
import { escapeHtml, formatMessage } from '../../renderer/client/messageFormat'
import {
  ageOf,
  nextShown,
  readStatus,
  renderStatus,
  type Shown,
  type StatusContext,
  staticParts,
} from '../../renderer/client/statusView'
import { localeCodes } from '../../locales/locales'

const catalogs = { en, ar } as Record<Locale, Record<string, string>>

/** The context the page embeds (pages/monitoring/+Page.tsx), at `now`. */
function contextOf(locale: Locale, now: number): StatusContext {
  const base = {
    locale: intlLocale(locale),
    lang: locale,
    text: statusMessages(pickMessages(catalogs[locale], locale, ['monitoring', 'status']) as never),
    style: statusStyle,
  }
  const { noscript: _, ...parts } = staticParts(base, {
    document: statusPaths.document,
    summary: statusPaths.summary,
    feed: statusPaths.feed[locale],
  })
  return { ...base, rtl: locale === 'ar', keys: componentKeys, ...parts, now }
}
const tree = (html: string) => parseHtml(html).document
const view = (shown: Shown, locale: Locale, now: number) => tree(renderStatus(shown, contextOf(locale, now)))
const live = (doc: StatusDocument): Shown => ({ kind: 'live', doc })
const byAttr = (root: Node, name: string, value?: string) =>
  elements(root, (e) => e.attrs.some((a) => a.name === name && (value === undefined || a.value === value)))
const attrOf = (el: Element | undefined, name: string) => (el ? attr(el, name) : undefined)
const textIn = (root: Node, name: string, value?: string) => byAttr(root, name, value).map(textOf).join(' | ')

const t0 = Date.parse('2026-11-25T07:30:00Z')
const minute = 60_000
const both = (en: string, ar: string) => ({ en, ar })

/** A document as the store writes it: the probe's minutes at `probedAt`, an incident opened then. */
function document(options: { probedAt?: number; incident?: boolean; apiFailures?: number } = {}): StatusDocument {
  const at = options.probedAt ?? t0
  let doc = emptyDocument('Asia/Riyadh', at - 5 * minute)
  for (let i = (options.apiFailures ?? 0) > 0 ? -options.apiFailures! + 1 : 0; i <= 0; i++)
    doc = recordProbe(
      doc,
      [
        { component: 'site', ok: true },
        { component: 'api', ok: (options.apiFailures ?? 0) === 0 },
        { component: 'checkout', ok: true },
      ],
      at + i * minute,
    )
  if (options.incident)
    doc = openIncident(doc, {
      id: 'card-errors',
      impact: 'partial',
      components: ['checkout', 'api'],
      title: both('Card payments failing', 'تعذّر الدفع بالبطاقات'),
      text: both('Some card payments fail.', 'يتعذّر بعض الدفع بالبطاقات.'),
      at,
    }).doc
  return settle(doc, at)
}

describe('the message interpreter', () => {
  const compact = (source: string) => compactMessage(parse(source), 'x')

  test('formats every message of the status part as formatjs does, in both languages', () => {
    const values = {
      components: 'API, Webhooks',
      date: '25 November 2026',
      time: '10:30',
      from: '28 Nov, 01:00',
      to: '28 Nov, 03:00',
      component: 'API',
      uptime: '99.95%',
      shown: 'live',
      unit: 'minute',
    }
    let compared = 0
    for (const locale of localeCodes) {
      const catalog = catalogs[locale]
      const intl = createIntl({ locale: intlLocale(locale), messages: catalog })
      const ids = Object.keys(catalog).filter((id) => statusMessagePrefixes.some((p) => id.startsWith(p)))
      const text = statusMessages(catalog)
      for (const id of ids)
        for (const n of [0, 1, 2, 3, 11, 16, 100])
          for (const unit of ['minute', 'hour', 'day'])
            for (const shown of ['live', 'build', 'other']) {
              const args = { ...values, count: n, days: n, unit, shown }
              const expected = escapeHtml(String(intl.formatMessage({ id: id as MessageId }, args)))
              expect(
                formatMessage(text[id.replace(/^monitoring\./, '')]!, intlLocale(locale), args),
                `${locale} ${id}`,
              ).toBe(expected)
              compared++
            }
    }
    expect(compared).toBeGreaterThan(1000)
  })

  test('arguments, plural with =n and the locale’s categories, select, and # of the innermost plural', () => {
    const m = compact(
      '{unit, select, day {{n, plural, =0 {today} one {# day} other {# days}}} other {{n, plural, one {# {unit}} other {# {unit}s}}}}',
    )
    expect(formatMessage(m, 'en', { unit: 'day', n: 0 })).toBe('today')
    expect(formatMessage(m, 'en', { unit: 'day', n: 1 })).toBe('1 day')
    expect(formatMessage(m, 'en', { unit: 'hour', n: 1234 })).toBe('1,234 hours')
    const arabic = compact('{n, plural, zero {لا أيام} one {يوم} two {يومان} few {# أيام} many {# يومًا} other {# يوم}}')
    expect([0, 1, 2, 3, 11, 100].map((n) => formatMessage(arabic, 'ar-u-nu-latn', { n }))).toEqual([
      'لا أيام',
      'يوم',
      'يومان',
      '3 أيام',
      '11 يومًا',
      '100 يوم',
    ])
  })

  test('escapes its literals and string values; markup only as an Html value; a missing value throws', () => {
    const m = compact('"1 < 2" & {name} {rest}')
    expect(formatMessage(m, 'en', { name: '<img src=x onerror=alert(1)>', rest: { html: '<bdi>1</bdi>' } })).toBe(
      '&quot;1 &lt; 2&quot; &amp; &lt;img src=x onerror=alert(1)&gt; <bdi>1</bdi>',
    )
    expect(() => formatMessage(m, 'en', { name: 'x' })).toThrow('rest')
  })

  test('the build refuses what the interpreter does not take', () => {
    for (const source of ['{n, number}', '{d, date, short}', '{n, selectordinal, one {#st} other {#th}}', '<b>x</b>'])
      expect(() => compact(source), source).toThrow(/interpreter/)
    expect(parse('{n, plural, offset:1 one {#} other {#}}')).toBeTruthy()
    expect(() => compact('{n, plural, offset:1 one {#} other {#}}')).toThrow(/offset 1/)
  })
})

describe('the status view', () => {
  test('the build without a document: a neutral state, no figure, no sample, no incident', () => {
    for (const locale of localeCodes) {
      const html = renderStatus({ kind: 'loading' }, contextOf(locale, 0))
      const root = tree(html)
      expect(attrOf(byAttr(root, 'data-status-view')[0], 'data-status-view')).toBe('loading')
      expect(textIn(root, 'data-status-summary')).toBe(catalogs[locale]['monitoring.status.loading'])
      expect(html).not.toMatch(/\d%|data-incident|data-state=|role="img"/)
      expect(byAttr(root, 'data-component')).toHaveLength(componentKeys.length)
      expect(html).not.toContain(catalogs[locale]['monitoring.status.sampleTag']!)
    }
  })

  test('"No status published yet" in both languages; a failed read with nothing to show says so; links for readers without JavaScript', () => {
    for (const locale of localeCodes) {
      const none = view({ kind: 'none' }, locale, t0)
      expect(textIn(none, 'data-status-summary', 'none')).toBe(catalogs[locale]['monitoring.status.none'])
      expect(byAttr(none, 'data-incident')).toHaveLength(0)
      const failed = view({ kind: 'loading', problem: 'unreachable' }, locale, t0)
      expect(textIn(failed, 'data-status-summary')).toBe(catalogs[locale]['monitoring.status.unavailable'])
      expect(textIn(failed, 'data-status-notice', 'unreachable')).toContain(
        catalogs[locale]['monitoring.status.notice.unreachable'],
      )
      const { noscript } = staticParts(contextOf(locale, t0), {
        document: statusPaths.document,
        summary: statusPaths.summary,
        feed: statusPaths.feed[locale],
      })
      expect(noscript).toMatch(/^<noscript>/)
      expect(elements(tree(noscript.slice(10, -11)), (e) => e.tagName === 'a').map((a) => attrOf(a, 'href'))).toEqual([
        statusPaths.document,
        statusPaths.summary,
        statusPaths.feed[locale],
      ])
    }
  })

  test('no document to be had: the components by name, no bars; while one is awaited, the rows keep their place', () => {
    for (const locale of localeCodes) {
      for (const shown of [{ kind: 'none' }, { kind: 'loading', problem: 'unreachable' }] as const) {
        const html = renderStatus(shown, contextOf(locale, t0))
        expect(byAttr(tree(html), 'data-component')).toHaveLength(componentKeys.length)
        expect(html, `${shown.kind}: no bars`).not.toContain('<svg')
        expect(html).toContain(catalogs[locale]['status.component.api']!)
      }
      expect(
        renderStatus({ kind: 'loading' }, contextOf(locale, t0)),
        'awaited: the rows as the document draws them',
      ).toContain('<svg')
    }
  })

  test('operator text is text: markup in a title, an update or a maintenance stays escaped', () => {
    const evil = '<img src=x onerror=alert(1)>'
    let doc = document({ incident: true })
    doc = {
      ...doc,
      incidents: doc.incidents.map((i) => ({
        ...i,
        title: both(evil, `${evil} عطل`),
        updates: i.updates.map((u) => ({ ...u, text: both(`"${evil}"`, `'${evil}'`) })),
      })),
    }
    doc = scheduleMaintenance(doc, {
      components: ['payouts'],
      from: t0 + 60 * minute,
      to: t0 + 120 * minute,
      title: both(`${evil} maintenance`, 'صيانة'),
      text: both('Payouts paused.', 'تتوقف التحويلات.'),
      now: t0,
    }).doc
    for (const locale of localeCodes) {
      const html = renderStatus(live(doc), contextOf(locale, t0))
      expect(html).not.toContain('<img')
      const root = tree(html)
      expect(elements(root, (e) => e.tagName === 'img')).toHaveLength(0)
      expect(textIn(root, 'data-incident')).toContain(evil)
      if (locale === 'en') expect(textIn(root, 'data-maintenance')).toContain(`${evil} maintenance`)
    }
  })

  test('a fresh document: the states at the server’s time, figures, and a probe failing twice is a major outage', () => {
    const doc = document({ apiFailures: 2 })
    const root = view(live(doc), 'en', t0 + minute)
    const api = byAttr(root, 'data-component', 'api')[0]
    expect(attrOf(api, 'data-state')).toBe('major')
    expect(attrOf(api, 'data-measured')).toBe('fresh')
    expect(textIn(root, 'data-status-measured', 'fresh')).toBe('Measured 1 minute ago')
    expect(textIn(root, 'data-status-summary', 'major')).toContain('API')
    // Two minutes measured today, both failed: 0.00%.
    expect(textIn(root, 'data-component', 'api')).toContain('0.00%')
    expect(textIn(root, 'data-component', 'site')).toContain('100.00%')
    // Nothing checks the webhooks: not measured, not "100%".
    const webhooks = byAttr(root, 'data-component', 'webhooks')[0]
    expect(attrOf(webhooks, 'data-measured')).toBe('none')
    expect(textOf(webhooks!)).toContain('Not monitored automatically')
    expect(attrOf(elements(webhooks!, (e) => e.tagName === 'svg')[0], 'aria-label')).toBe(
      'Webhooks: not monitored automatically; we post any incidents as we learn of them',
    )
  })

  test('an incident 16 minutes old stays, with its state; the measured parts are stale, with their age; a stale probe raises nothing', () => {
    const written = t0 - 16 * minute - 20_000
    const doc = document({ incident: true, probedAt: written, apiFailures: 2 })
    for (const locale of localeCodes) {
      const root = view(live(doc), locale, t0)
      expect(byAttr(root, 'data-incident', 'card-errors')).toHaveLength(1)
      expect(attrOf(byAttr(root, 'data-component', 'checkout')[0], 'data-state')).toBe('partial')
      // The API's two failed checks are 16 minutes old: its state is the incident's, not "major".
      expect(attrOf(byAttr(root, 'data-component', 'api')[0], 'data-state')).toBe('partial')
      expect(attrOf(byAttr(root, 'data-status-view')[0], 'data-stale')).toBe('')
      expect(attrOf(byAttr(root, 'data-component', 'site')[0], 'data-measured')).toBe('stale')
      expect(textIn(root, 'data-status-measured', 'stale')).toBe(
        locale === 'en'
          ? `Measured 16 minutes ago ${en['monitoring.status.stale']}`
          : `آخر قياس قبل 16 دقيقة ${ar['monitoring.status.stale']}`,
      )
    }
    // Without the incident, the same stale probe says nothing of the state.
    const quiet = view(live(document({ probedAt: written, apiFailures: 2 })), 'en', t0)
    expect(attrOf(byAttr(quiet, 'data-component', 'api')[0], 'data-state')).toBe('operational')
    expect(textIn(quiet, 'data-status-summary', 'operational')).toBe(en['monitoring.status.summary.operational'])
  })

  test('ages as the messages count them, in both languages', () => {
    expect([0, 59, 60, 2879, 2880].map((m) => ageOf(m * minute + 30_000))).toEqual([
      { unit: 'minute', count: 0 },
      { unit: 'minute', count: 59 },
      { unit: 'hour', count: 1 },
      { unit: 'hour', count: 47 },
      { unit: 'day', count: 2 },
    ])
    const ago = (locale: Locale, minutes: number) =>
      textIn(view(live(document({ probedAt: t0 - minutes * minute })), locale, t0), 'data-status-measured')
    expect(ago('en', 0)).toBe('Measured less than a minute ago')
    expect(ago('ar', 2)).toBe('آخر قياس قبل دقيقتين')
    expect(ago('ar', 3)).toBe('آخر قياس قبل 3 دقائق')
    expect(ago('en', 3 * 60)).toMatch(/^Measured 3 hours ago/)
    expect(ago('ar', 3 * 1440)).toMatch(/^آخر قياس قبل 3 أيام/)
  })

  test('time runs toward the reading direction’s end: today’s bar is the last on the right in English, on the left in Arabic', () => {
    const doc = document({ apiFailures: 2 })
    for (const locale of localeCodes) {
      const api = byAttr(view(live(doc), locale, t0), 'data-component', 'api')[0]!
      const today = elements(api, (e) => attrOf(e, 'data-day') === '89')[0]
      expect(attrOf(today, 'data-state')).toBe('major')
      expect(attrOf(today, 'x')).toBe(locale === 'en' ? '445' : '0')
    }
  })

  test('the sample is shown as one, with the preview’s notice; a document dated ahead says so', () => {
    const sample = sampleStatus({ en, ar })
    for (const locale of localeCodes) {
      const root = view(live(sample), locale, Date.parse(sample.updatedAt))
      expect(textIn(root, 'id', 'status-title')).toContain(catalogs[locale]['monitoring.status.sampleTag'])
      expect(textIn(root, 'data-status-notice', 'sample')).toBe(catalogs[locale]['monitoring.status.notice.sample'])
    }
    const doc = document()
    expect(textIn(view(live(doc), 'en', t0 - 5 * minute), 'data-status-notice', 'future')).toBe(
      en['monitoring.status.notice.future'],
    )
  })

  test('a notice says what met the read and what is shown instead', () => {
    const doc = document()
    const notice = (shown: Shown) => textIn(view(shown, 'en', t0), 'data-status-notice')
    expect(notice({ kind: 'live', doc, problem: 'malformed' })).toBe(
      `${en['monitoring.status.notice.malformed']} This is the last status received; we will try again in a minute.`,
    )
    expect(notice({ kind: 'build', doc, problem: 'unreachable' })).toBe(
      `${en['monitoring.status.notice.unreachable']} This is the status when the page was published; we will try again in a minute.`,
    )
    // The notices are the one live region of the header: the time beside them is not news.
    const root = view({ kind: 'live', doc, problem: 'malformed' }, 'en', t0)
    expect(attrOf(byAttr(root, 'data-status-notices')[0], 'role')).toBe('status')
    expect(attrOf(byAttr(root, 'data-status-updated')[0], 'role')).toBeUndefined()
  })
})

describe('what is shown after a read', () => {
  const real = document()
  const newer = { ...real, revision: real.revision + 1 }
  const sample = sampleStatus({ en, ar })
  test('a real document is never replaced by an older one or by the sample', () => {
    expect(nextShown({ kind: 'live', doc: newer }, { doc: real })).toMatchObject({ kind: 'live', doc: newer })
    expect(nextShown({ kind: 'build', doc: real }, { doc: sample })).toMatchObject({ kind: 'build', doc: real })
    expect(nextShown({ kind: 'build', doc: real }, { doc: newer })).toEqual({ kind: 'live', doc: newer })
    // Before any real one, the sample shows (the preview's).
    expect(nextShown({ kind: 'loading' }, { doc: sample })).toEqual({ kind: 'live', doc: sample })
  })
  test('not published is said only when nothing real is shown; a failed read keeps what is shown', () => {
    expect(nextShown({ kind: 'loading' }, { problem: 'missing' })).toEqual({ kind: 'none' })
    expect(nextShown({ kind: 'live', doc: sample }, { problem: 'missing' })).toEqual({ kind: 'none' })
    expect(nextShown({ kind: 'live', doc: real }, { problem: 'missing' })).toEqual({
      kind: 'live',
      doc: real,
      problem: 'missing',
    })
    expect(nextShown({ kind: 'live', doc: real }, { problem: 'malformed' })).toMatchObject({
      doc: real,
      problem: 'malformed',
    })
    expect(nextShown({ kind: 'loading' }, { problem: 'unreachable' })).toEqual({
      kind: 'loading',
      problem: 'unreachable',
    })
    expect(nextShown({ kind: 'none' }, { problem: 'unreachable' })).toEqual({ kind: 'none', problem: 'unreachable' })
  })
})

describe('a document the view cannot show is malformed', () => {
  const good = document({ incident: true })
  test('the store’s documents and the sample are read', () => {
    expect(readStatus(JSON.parse(JSON.stringify(good)))).toEqual(good)
    expect(readStatus(sampleStatus({ en, ar }))).toBeTruthy()
  })
  const broken: [string, unknown][] = [
    ['not an object', 'status'],
    ['no schema', { ...good, schema: 2 }],
    ['a revision that is no count', { ...good, revision: '7' }],
    ['a time that is none', { ...good, updatedAt: 'yesterday' }],
    ['components that are no list', { ...good, components: {} }],
    [
      'a day whose counts are not numbers',
      { ...good, components: [{ ...good.components[0], days: [{ date: '2026-11-25', checks: '5', failed: 0 }] }] },
    ],
    [
      'a day in an unknown state',
      {
        ...good,
        components: [{ ...good.components[0], days: [{ date: '2026-11-25', checks: 1, failed: 0, state: 'fine' }] }],
      },
    ],
    [
      'an incident without its Arabic',
      { ...good, incidents: good.incidents.map((i) => ({ ...i, title: { en: 'x' } })) },
    ],
    [
      'an unknown stage',
      { ...good, incidents: good.incidents.map((i) => ({ ...i, updates: [{ ...i.updates[0], stage: 'done' }] })) },
    ],
    [
      'an update with no time',
      { ...good, incidents: good.incidents.map((i) => ({ ...i, updates: [{ ...i.updates[0], at: 'soon' }] })) },
    ],
    ['no updates', { ...good, incidents: good.incidents.map((i) => ({ ...i, updates: [] })) }],
    ['a time zone that is none', { ...good, timeZone: 'Riyadh time' }],
  ]
  test.each(broken)('%s', (_, value) => {
    expect('error' in parseStatus(value)).toBe(true)
    const doc = readStatus(value)
    if (doc) {
      // What passes the first check fails as it is shown, in the page's language (./statusPage.ts).
      expect(() => {
        renderStatus(live(doc), contextOf('ar', t0))
        renderStatus(live(doc), contextOf('en', t0))
      }).toThrow()
    }
  })
})

test('UnoCSS generates every class the view writes (its table in pages/, its own in renderer/: both scanned)', async () => {
  const evil = both('Title', 'عنوان')
  let doc = document({ incident: true, probedAt: t0 - 20 * minute, apiFailures: 2 })
  doc = scheduleMaintenance(doc, {
    components: ['payouts'],
    from: t0 - minute,
    to: t0 + 120 * minute,
    title: evil,
    text: evil,
    now: t0 - 20 * minute,
  }).doc
  const shown: Shown[] = [
    { kind: 'loading' },
    { kind: 'loading', problem: 'unreachable' },
    { kind: 'none' },
    { kind: 'live', doc, problem: 'malformed' },
    { kind: 'live', doc: sampleStatus({ en, ar }) },
    { kind: 'live', doc: document() },
  ]
  const classes = new Set<string>()
  for (const locale of localeCodes) {
    const ctx = contextOf(locale, t0)
    const { noscript } = staticParts(ctx, { document: '/d', summary: '/s', feed: '/f' })
    for (const html of [...shown.map((s) => renderStatus(s, ctx)), noscript])
      for (const m of html.matchAll(/class="([^"]*)"/g)) for (const c of m[1]!.split(/\s+/)) if (c) classes.add(c)
  }
  const css = await utilityCss()
  expect([...classes].filter((c) => !css.includes(`.${escapeSelector(c)}`))).toEqual([])
  expect(classes.size).toBeGreaterThan(80)
}, 60_000)
