// The status part of /monitoring (docs/status.md) as one HTML string, made by one function at build
// time (pages/monitoring/+Page.tsx prerenders it) and in the browser (./statusPage.ts renders it
// again from the live document). Its words are the catalogs' messages and its classes a table, both
// embedded by the page (data: the browser's code carries none of them), formatted by
// ./messageFormat.ts; every text from the document is escaped: operators write it. What it shows
// follows api/contract/statusRules.ts: what operators report (incidents, maintenance) whatever the
// document's age, the probe's verdict only while fresh, the measured parts (bars, figures) marked
// stale with their age. Pure: no DOM.
import { dayIn, type StatusDocument } from '../../api/contract/status'
import {
  availabilityBp,
  type ComponentState,
  isActive,
  isFromTheFuture,
  isOpen,
  isUpcoming,
  measuredAt,
  measuredStaleAfterMs,
  stateAt,
  statusDays,
  worst,
} from '../../api/contract/statusRules'
import { escapeHtml as esc, formatMessage, type Html, type Message, type Value } from './messageFormat'
import type { Locale } from '../../locales/locales'

/** What the page embeds for the browser (JSON beside the view): no key named `messages` (tests/dist). */
export interface StatusConfig {
  /** The BCP 47 tag of every format (locales/intlLocale.ts). */
  locale: string
  /** The document's language on this page: it speaks English and Arabic. */
  lang: Locale
  rtl: boolean
  /** The components, in order, for the views without a document. */
  keys: readonly string[]
  /** The status part's messages (pages/monitoring/messages.ts), by id without its `monitoring.` prefix. */
  text: Record<string, Message>
  /** Its classes (pages/monitoring/statusStyle.ts). */
  style: StatusStyle
  /** The legend of the bars, which never changes, as HTML (`staticParts`). */
  legend: string
  /** The document the build prerendered, if it was given one (STATUS_SNAPSHOT). */
  built?: StatusDocument
}
export interface StatusContext extends StatusConfig {
  /** The server's clock (statusRules.ts `serverTime`); at build, the document's own time. */
  now: number
}

type Role =
  | 'h2'
  | 'h3'
  | 'head'
  | 'tag'
  | 'updated'
  | 'warn'
  | 'summary'
  | 'alarm'
  | 'ok'
  | 'neutral'
  | 'alarmIcon'
  | 'okIcon'
  | 'neutralIcon'
  | 'icon'
  | 'links'
  | 'link'
  | 'list'
  | 'legend'
  | 'legendItem'
  | 'swatch'
  | 'row'
  | 'rowHead'
  | 'state'
  | 'stateIcon'
  | 'bars'
  | 'svg'
  | 'staleSvg'
  | 'scale'
  | 'section'
  | 'lastSection'
  | 'cards'
  | 'incidents'
  | 'card'
  | 'cardHead'
  | 'pill'
  | 'maintenance'
  | 'open'
  | 'closed'
  | 'meta'
  | 'body'
  | 'empty'
  | 'nameList'
  | 'nameRow'
  | 'updates'
  | 'update'
  | 'dot'
  | 'when'
  | 'stage'
  | 'time'
  | 'text'
/** Class lists by role; each state's `[bar fill, text colour, icon]` (`none`: a day without data). */
export type StatusStyle = Record<Role, string> & {
  states: Record<ComponentState | 'none', readonly [fill: string, text: string, icon: string]>
}

/** Why the live document is not what is shown: not published (404/403), not reached, not readable. */
type Problem = 'missing' | 'unreachable' | 'malformed'

/**
 * What the status part shows: the neutral state the build prerenders without a document
 * (`loading`), "No status published yet" (`none`), the document the build prerendered (`build`) or
 * one read live (`live`); with the problem the last read met, if any.
 */
export interface Shown {
  kind: 'loading' | 'none' | 'build' | 'live'
  doc?: StatusDocument
  problem?: Problem
}

/** What one read of the document gave. */
export type Outcome = { doc: StatusDocument } | { problem: Problem }

/**
 * What to show after a read. A real document is never replaced by an older one or by the sample;
 * one that cannot be read or reached leaves what is shown, with the problem; "not published" is
 * said only when no real document is shown.
 */
export function nextShown(shown: Shown, outcome: Outcome): Shown {
  const real = shown.doc && !shown.doc.sample ? shown.doc : undefined
  if ('doc' in outcome)
    return real && (outcome.doc.sample || outcome.doc.revision < real.revision)
      ? { ...shown, problem: undefined }
      : { kind: 'live', doc: outcome.doc }
  return outcome.problem === 'missing' && !real ? { kind: 'none' } : { ...shown, problem: outcome.problem }
}

const count = (v: unknown) => Number.isInteger(v) && (v as number) >= 0

/**
 * The document, if `value` may be one; else undefined (malformed). Checked by hand (valibot stays
 * out of the browser): here what the view would show wrong rather than fail on (the revision, the
 * time, the counts); the rest as it is shown, renderStatus throwing on a text, a time, a state or
 * a stage it cannot show (which ./statusPage.ts takes as malformed too).
 */
export function readStatus(value: unknown): StatusDocument | undefined {
  const d = value as StatusDocument | undefined
  try {
    if (
      d?.schema === 1 &&
      count(d.revision) &&
      typeof d.sample === 'boolean' &&
      Date.parse(d.updatedAt) > 0 &&
      d.components.every((c) =>
        c.days.every((day) => count(day.checks) && count(day.failed) && count(day.partial ?? 0)),
      )
    )
      return d
  } catch {
    // Not arrays where arrays go.
  }
}

/** An age as the message counts it: minutes under an hour, hours under two days, then days. */
export function ageOf(ms: number): { unit: 'minute' | 'hour' | 'day'; count: number } {
  const minutes = Math.max(0, Math.floor(ms / 60_000))
  return minutes < 60
    ? { unit: 'minute', count: minutes }
    : { unit: minutes < 2880 ? 'hour' : 'day', count: Math.floor(minutes / (minutes < 2880 ? 60 : 1440)) }
}

const html = (markup: string): Html => ({ html: markup })
/** ` name="value"` for each attribute given, ` name` for `true`; nothing for undefined and `false`. */
const attrs = (values: Record<string, string | number | boolean | undefined>) =>
  Object.entries(values)
    .map(([name, v]) => (v === undefined || v === false ? '' : v === true ? ` ${name}` : ` ${name}="${esc(`${v}`)}"`))
    .join('')
const tag = (name: string, className: string, content: string, more = '') =>
  `<${name} class="${className}"${more}>${content}</${name}>`
const hidden = ' aria-hidden="true"'
/** The page's message `id` with `values`, as HTML; an id it lacks throws. */
const translator = (ctx: Pick<StatusConfig, 'text' | 'locale'>) => (id: string, values?: Record<string, Value>) =>
  formatMessage(ctx.text[id]!, ctx.locale, values)

/** The status part, whole: the element `[data-status-view]` and its content. Throws on a document it cannot show. */
export function renderStatus(shown: Shown, ctx: StatusContext): string {
  const { style: c, lang, now } = ctx
  const doc = shown.doc
  const t = translator(ctx)
  const name = (key: string) => (ctx.text[`status.component.${key}`] ? t(`status.component.${key}`) : esc(key))
  const list = (keys: readonly string[]) => keys.map(name).join(t('common.listSeparator'))
  // An instant in the page's language, in the document's zone; an invalid one throws.
  const when = (iso: string, options: Intl.DateTimeFormatOptions) =>
    esc(
      new Intl.DateTimeFormat(ctx.locale, { ...options, timeZone: doc!.timeZone, hourCycle: 'h23' }).format(
        Date.parse(iso),
      ),
    )
  const dateTime = (iso: string) =>
    `<bdi>${when(iso, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })}</bdi>`
  const date = (iso: string) => when(iso, { day: 'numeric', month: 'long', year: 'numeric' })
  const measured = doc && measuredAt(doc)
  const stale = measured !== undefined && now - measured > measuredStaleAfterMs
  const problem = shown.problem

  // Only the notices are a live region: the times change every minute and are not news.
  const notices: [string, string][] = []
  if (problem)
    notices.push([
      problem,
      `${t(`status.notice.${problem}`)} ${t('status.notice.shown', { shown: doc ? shown.kind : 'other' })}`,
    ])
  if (doc?.sample) notices.push(['sample', t('status.notice.sample')])
  if (doc && isFromTheFuture(doc.updatedAt, now)) notices.push(['future', t('status.notice.future')])
  let updated = tag(
    'span',
    c.warn,
    notices.map(([key, text]) => `<span class="block" data-status-notice="${key}">${text}</span>`).join(''),
    ' role="status" data-status-notices',
  )
  if (doc) {
    updated += t('status.asOf', {
      date: date(doc.updatedAt),
      time: html(`<bdi>${when(doc.updatedAt, { hour: '2-digit', minute: '2-digit' })}</bdi>`),
    })
    if (measured !== undefined)
      updated += tag(
        'span',
        stale ? c.warn : 'block',
        t('status.measuredAgo', ageOf(now - measured)) + (stale ? ` ${t('status.stale')}` : ''),
        ` data-status-measured="${stale ? 'stale' : 'fresh'}"`,
      )
  }

  const keys = doc ? doc.components.map((x) => x.key) : ctx.keys
  const states = doc ? keys.map((key) => stateAt(doc, key, now)) : []
  const worstState = states.reduce<ComponentState>(worst, 'operational')
  const tone = !doc ? 'neutral' : worstState === 'operational' ? 'ok' : 'alarm'
  const summary = doc
    ? t(`status.summary.${worstState}`, {
        components: list(keys.filter((_, i) => states[i] !== 'operational')),
      })
    : t(`status.${shown.kind === 'none' ? 'none' : problem ? 'unavailable' : 'loading'}`)

  // The day of each bar: 0 is the oldest, statusDays - 1 today (the document's zone, by the server's clock).
  const today = doc && Date.parse(dayIn(now, doc.timeZone))
  const dayOf = (date: string) => {
    const day = statusDays - 1 - (today! - Date.parse(date)) / 86_400_000
    return day < statusDays ? day : -1
  }
  // With no document to be had there is nothing to draw: the components by name, in a compact list, no bars.
  const nameRows = keys.map((key) => tag('li', c.nameRow, tag('h3', c.h3, name(key)), attrs({ 'data-component': key })))
  const rows = keys.map((key, i) => {
    const label = name(key)
    const component = doc?.components[i]
    const state = states[i]
    let head = tag('h3', c.h3, label)
    const days: (ComponentState | 'none')[] = Array(statusDays).fill('none')
    let uptime: string | undefined
    let aria = ''
    if (component && state) {
      const [, color, icon] = c.states[state]
      head += tag(
        'span',
        `${c.state} ${color}`,
        `<span class="${icon} ${c.stateIcon}"${hidden}></span>${t(`state.${state}`)}`,
      )
      const shownDays = component.days.filter((d) => dayOf(d.date) >= 0)
      for (const d of shownDays)
        days[dayOf(d.date)] = d.state ?? (d.checks ? (d.failed > 0 ? 'degraded' : 'operational') : 'none')
      const bp = availabilityBp(shownDays)
      uptime =
        bp === undefined
          ? undefined
          : new Intl.NumberFormat(ctx.locale, { style: 'percent', minimumFractionDigits: 2 }).format(bp / 10000)
      aria = uptime
        ? t('uptime.label', {
            component: html(label),
            uptime,
            count: days.filter((s) => s !== 'operational' && s !== 'none').length,
          })
        : t('uptime.unmeasured', { component: html(label) })
    }
    // One bar per day, time running toward the reading direction's end. The operational days (with
    // nothing measured, the days without data), nearly all of them, are one rect filled with a
    // pattern (`staticParts`); each other day is a bar of its own over its place. Without a label,
    // decoration.
    const base = uptime ? 'operational' : 'none'
    const staleHere = stale && uptime
    const svg = `<svg viewBox="0 0 449 28" preserveAspectRatio="none" class="${staleHere ? c.staleSvg : c.svg}"${aria ? ` role="img" aria-label="${aria}"` : hidden}><rect width="449" height="28" fill="url(#uptime-${base})"></rect>${days
      .map((s, d) =>
        s === base
          ? ''
          : `<rect x="${(ctx.rtl ? statusDays - 1 - d : d) * 5}" width="4" height="28" rx="1" data-day="${d}" data-state="${s}" class="${c.states[s][0]}"></rect>`,
      )
      .join('')}</svg>`
    return tag(
      'li',
      c.row,
      tag('div', c.rowHead, head) +
        tag(
          'div',
          c.bars,
          svg +
            tag(
              'div',
              c.scale,
              `<span>${t('uptime.start', { days: statusDays })}</span><span data-uptime>${
                !state
                  ? ''
                  : uptime
                    ? t('uptime.uptime', { uptime: html(`<bdi>${esc(uptime)}</bdi>`) })
                    : t('uptime.notMeasured')
              }</span><span>${t('uptime.today')}</span>`,
              hidden,
            ),
        ),
      attrs({
        'data-component': key,
        'data-state': state,
        'data-measured': state && (!uptime ? 'none' : staleHere ? 'stale' : 'fresh'),
      }),
    )
  })

  /** A maintenance window's or an incident's card. */
  const card = (id: string, title: string, pill: string, pillClass: string, meta: string, body: string, more = {}) =>
    tag(
      'li',
      c.card,
      tag('div', c.cardHead, tag('h3', c.h3, esc(title)) + tag('span', `${c.pill} ${pillClass}`, pill)) +
        tag('p', c.meta, meta) +
        body,
      attrs({ id, ...more }),
    )
  const maintenance =
    doc?.maintenance.filter((m) => isActive(m, now) || isUpcoming(m, now) || (m.cancelled && now < Date.parse(m.to))) ??
    []
  return `<div${attrs({
    'data-status-view': shown.kind,
    'data-revision': doc?.revision,
    'data-problem': problem,
    'data-sample': doc?.sample,
    'data-stale': stale,
  })}><section aria-labelledby="status-title" class="${c.section}">${tag(
    'div',
    c.head,
    tag(
      'h2',
      c.h2,
      t('status.title') + (doc?.sample ? tag('span', c.tag, t('status.sampleTag')) : ''),
      ' id="status-title"',
    ) + tag('p', c.updated, updated, ' data-status-updated'),
  )}${
    // A change of the platform's state, while the page is open, is announced once.
    tag(
      'p',
      `${c.summary} ${c[tone]}`,
      `<span class="${c[`${tone}Icon`]} ${c.icon}"${hidden}></span>${summary}`,
      ` role="status" data-status-summary="${doc ? worstState : shown.kind}"`,
    )
  }${
    // While the page waits for the document its rows keep their place (no shift when it comes);
    // once there is none to be had, the names alone.
    doc || (shown.kind === 'loading' && !problem)
      ? tag('ul', c.list, rows.join('')) + ctx.legend
      : tag('ul', c.nameList, nameRows.join(''))
  }</section>${
    maintenance.length
      ? tag(
          'section',
          c.section,
          tag('h2', c.h2, t('maintenance.title'), ' id="maintenance-title"') +
            tag(
              'ul',
              c.cards,
              maintenance
                .map((m) =>
                  card(
                    `maintenance-${m.id}`,
                    m.title[lang],
                    t(`maintenance.${m.cancelled ? 'cancelled' : isActive(m, now) ? 'active' : 'upcoming'}`),
                    c.maintenance,
                    `${t('maintenance.window', { from: html(dateTime(m.from)), to: html(dateTime(m.to)) })} · ${list(m.components)}`,
                    tag('p', c.body, esc((m.cancelled?.text ?? m.text)[lang])),
                    { 'data-maintenance': m.id },
                  ),
                )
                .join(''),
            ),
          ' aria-labelledby="maintenance-title"',
        )
      : ''
  }${
    shown.kind === 'none'
      ? ''
      : tag(
          'section',
          c.lastSection,
          tag('h2', c.h2, t('incidents.title'), ' id="incidents"') +
            (!doc
              ? tag('p', c.empty, t('status.loading'))
              : !doc.incidents.length
                ? tag('p', c.empty, t('incidents.none'))
                : tag(
                    'ol',
                    c.incidents,
                    doc.incidents
                      .map((incident) => {
                        const { stage, at } = incident.updates[0]!
                        return card(
                          `incident-${incident.id}`,
                          incident.title[lang],
                          t(`stage.${stage}`),
                          isOpen(incident) ? c.open : c.closed,
                          `${date(at)} · ${list(incident.components)}`,
                          tag(
                            'ol',
                            c.updates,
                            incident.updates
                              .map((u) =>
                                tag(
                                  'li',
                                  c.update,
                                  `<span class="${c.dot}"${hidden}></span>${tag(
                                    'p',
                                    c.when,
                                    `${tag('strong', c.stage, t(`stage.${u.stage}`))} ${tag('time', c.time, dateTime(u.at), ` datetime="${esc(u.at)}"`)}`,
                                  )}${tag('p', c.text, esc(u.text[lang]))}`,
                                ),
                              )
                              .join(''),
                          ),
                          { 'data-incident': incident.id, 'data-stage': stage },
                        )
                      })
                      .join(''),
                  )),
          ' aria-labelledby="incidents"',
        )
  }</div>`
}

/**
 * The parts that never change, made once at build time (the page embeds them, so the browser's code
 * needs nothing to make them): the legend of the bars, and, for readers without JavaScript, the links
 * to the document, the summary and the language's feed.
 */
export function staticParts(
  config: Pick<StatusConfig, 'text' | 'locale' | 'style' | 'lang'>,
  paths: { document: string; summary: string; feed: string },
) {
  const t = translator(config)
  const c = config.style
  const legend = (['operational', 'degraded', 'partial', 'major', 'maintenance', 'none'] as const)
    .map((s) =>
      tag(
        'li',
        c.legendItem,
        `<svg viewBox="0 0 10 10" class="${c.swatch}"${hidden}><rect width="10" height="10" rx="2" class="${c.states[s][0]}"></rect></svg>${t(s === 'none' ? 'uptime.noData' : `state.${s}`)}`,
      ),
    )
    .join('')
  const links = Object.entries(paths)
    .map(([key, href]) => tag('a', c.link, t(`status.link.${key}`), ` href="${esc(href)}"`))
    .join(t('common.listSeparator'))
  return {
    // Its order: as a reader meets them, best first. Beside it, the patterns of the bars' operational
    // days and of the days without data.
    legend:
      tag('ul', c.legend, legend, ` aria-label="${t('uptime.legend')}"`) +
      `<svg width="0" height="0" class="absolute"${hidden}>${(['operational', 'none'] as const)
        .map(
          (s) =>
            `<pattern id="uptime-${s}" width="5" height="28" patternUnits="userSpaceOnUse"><rect width="4" height="28" rx="1" class="${c.states[s][0]}"></rect></pattern>`,
        )
        .join('')}</svg>`,
    /** For readers without JavaScript: where the live status is. */
    noscript: `<noscript>${tag('p', c.links, `${t('status.noscript')} ${links}`)}</noscript>`,
  }
}
