// The words and the arguments of `npm run status` (scripts/status.ts), apart so that tests run the
// same parsing: times read in the market's zone and stored in UTC, lists, and every line an operator
// reads in English or Arabic (`--lang ar` or STATUS_LANG=ar), its words from the operators' catalog
// (locales/operator/commands.<lang>.json, `status.*`).
import {
  availabilityBp,
  isActive,
  isOpen,
  isUpcoming,
  measuredAt,
  stateAt,
  type StatusDocument,
} from '../../api/contract/status'
import { isFresh } from '../../api/contract/statusRules'
import ar from '../../locales/ar.json'
import en from '../../locales/en.json'
import { markets } from '../../api/contract/markets'
import { StatusInputError, wallClock } from '../../api/status/doc'
import { listed, words } from './cli/words'
import type { Locale } from '../../locales/locales'

export type Lang = Locale

/** The zone of a market code (`sa`), refused with the list when unknown. */
export function zoneOf(market: string): string {
  const m = markets.find((x) => x.code === market)
  if (!m)
    throw new StatusInputError(
      words('status.market.unknown', (lang) => ({
        market,
        markets: listed(
          markets.map((x) => x.code),
          lang,
        ),
      })),
    )
  return m.timeZone
}

/** Minutes `zone` is ahead of UTC at `ms`. */
function offsetMinutes(ms: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  )
  const local = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!)
  return Math.round((local - Math.floor(ms / 1000) * 1000) / 60_000)
}

/**
 * `2026-11-25 14:30` (or `2026-11-25T14:30`) as the market's wall clock, to an instant; a time with
 * `Z` or an offset is taken as it is. Refused, with the form expected, when it is neither.
 */
export function parseTime(text: string, zone: string): number {
  const t = text.trim()
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(t) && !Number.isNaN(Date.parse(t))) return Date.parse(t)
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/.exec(t)
  const wall = m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!) : Number.NaN
  if (!m || Number.isNaN(wall) || new Date(wall).getUTCDate() !== +m[3]! || +m[4]! > 23 || +m[5]! > 59)
    throw new StatusInputError(words('status.time.invalid', { text, zone }))
  let at = wall - offsetMinutes(wall, zone) * 60_000
  // Across a change of offset, the offset at the instant itself.
  at = wall - offsetMinutes(at, zone) * 60_000
  return at
}

const catalog: Record<Lang, Record<string, string>> = { en, ar }
const word = (lang: Lang, id: string) => catalog[lang][id] ?? id

/** `show`: what the page says now, in one language. */
export function showText(doc: StatusDocument | undefined, lang: Lang, now: number): string {
  const say = (id: Parameters<typeof words>[0], values: Record<string, string | number> = {}) => words(id, values)[lang]
  if (!doc) return say('status.show.none')
  const at = (iso: string) => wallClock(Date.parse(iso), doc.timeZone, lang)
  const lines: string[] = []
  lines.push(
    say(doc.sample ? 'status.show.revisionSample' : 'status.show.revision', {
      revision: doc.revision,
      at: at(doc.updatedAt),
      zone: doc.timeZone,
    }),
  )
  const measured = measuredAt(doc)
  if (measured === undefined) lines.push(say('status.show.notMeasured'))
  else if (!isFresh(new Date(measured).toISOString(), now)) {
    const ago = new Intl.RelativeTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : 'en').format(
      -Math.round((now - measured) / 60_000),
      'minute',
    )
    lines.push(say('status.show.stale', { ago, at: at(new Date(measured).toISOString()) }))
  }
  for (const c of doc.components) {
    const bp = availabilityBp(c.days)
    const avail = bp === undefined ? say('status.show.componentNotMeasured') : `${(bp / 100).toFixed(2)}%`
    const state = stateAt(doc, c.key, now)
    lines.push(
      `  ${word(lang, `status.component.${c.key}`)} (${c.key}): ${word(lang, `monitoring.state.${state}`)} · ${avail}`,
    )
  }
  const open = doc.incidents.filter(isOpen)
  lines.push(say('status.show.openIncidents', { count: open.length }))
  for (const i of open) {
    const u = i.updates[0]!
    lines.push(`  ${i.id}: ${i.title[lang]} [${listed([word(lang, `monitoring.stage.${u.stage}`), at(u.at)], lang)}]`)
  }
  const planned = doc.maintenance.filter((m) => isActive(m, now) || isUpcoming(m, now))
  lines.push(say('status.show.planned', { count: planned.length }))
  for (const m of planned) lines.push(`  ${m.id}: ${m.title[lang]} (${at(m.from)} – ${at(m.to)})`)
  return lines.join('\n')
}
