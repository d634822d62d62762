// The words and the arguments of `npm run status` (scripts/status.ts), apart so that tests run the
// same parsing: times read in the market's zone and stored in UTC, lists, and every line an operator
// reads in English or Arabic (`--lang ar` or STATUS_LANG=ar).
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
import { markets } from '../../site.config'
import { StatusInputError, wallClock } from '../../api/status/doc'

export type Lang = 'en' | 'ar'

/** The zone of a market code (`sa`), refused with the list when unknown. */
export function zoneOf(market: string): string {
  const m = markets.find((x) => x.code === market)
  if (!m)
    throw new StatusInputError({
      en: `Unknown market "${market}": ${markets.map((x) => x.code).join(', ')}.`,
      ar: `السوق «${market}» غير معروف: ${markets.map((x) => x.code).join('، ')}.`,
    })
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
    throw new StatusInputError({
      en: `"${text}" is not a time: write YYYY-MM-DD HH:MM in the market's time (${zone}).`,
      ar: `«${text}» ليس وقتًا: اكتبه بالشكل YYYY-MM-DD HH:MM بتوقيت السوق (${zone}).`,
    })
  let at = wall - offsetMinutes(wall, zone) * 60_000
  // Across a change of offset, the offset at the instant itself.
  at = wall - offsetMinutes(at, zone) * 60_000
  return at
}

const catalog = { en, ar } as Record<Lang, Record<string, string>>
const word = (lang: Lang, id: string) => catalog[lang][id] ?? id

/** `show`: what the page says now, in one language. */
export function showText(doc: StatusDocument | undefined, lang: Lang, now: number): string {
  if (!doc)
    return lang === 'ar'
      ? 'لم تُنشر أي حالة بعد: يكتب أول أمر (incident أو maintenance أو probe) المستند، وحتى ذلك تقول الصفحة «لم تُنشر أي حالة بعد».'
      : 'No status published yet: the first command (incident, maintenance or probe) writes the document; until then the page says "No status published yet".'
  const at = (iso: string) => wallClock(Date.parse(iso), doc.timeZone, lang)
  const lines: string[] = []
  lines.push(
    lang === 'ar'
      ? `المراجعة ${doc.revision}، حُدّثت ${at(doc.updatedAt)} (${doc.timeZone})${doc.sample ? '، بيانات توضيحية' : ''}`
      : `Revision ${doc.revision}, updated ${at(doc.updatedAt)} (${doc.timeZone})${doc.sample ? ', sample data' : ''}`,
  )
  const measured = measuredAt(doc)
  if (measured === undefined)
    lines.push(lang === 'ar' ? 'لم يُقَس شيء بعد (لا فحص).' : 'Nothing measured yet (no probe run).')
  else if (!isFresh(new Date(measured).toISOString(), now)) {
    const ago = new Intl.RelativeTimeFormat(lang === 'ar' ? 'ar-u-nu-latn' : 'en').format(
      -Math.round((now - measured) / 60_000),
      'minute',
    )
    lines.push(
      lang === 'ar'
        ? `آخر قياس ${ago} (${at(new Date(measured).toISOString())}): الأجزاء المقيسة قديمة؛ هل توقّف الفحص؟`
        : `Last measured ${ago} (${at(new Date(measured).toISOString())}): the measured parts are stale; has the probe stopped?`,
    )
  }
  for (const c of doc.components) {
    const bp = availabilityBp(c.days)
    const avail = bp === undefined ? (lang === 'ar' ? 'لم يُقَس' : 'not measured') : `${(bp / 100).toFixed(2)}%`
    const state = stateAt(doc, c.key, now)
    lines.push(
      `  ${word(lang, `status.component.${c.key}`)} (${c.key}): ${word(lang, `monitoring.state.${state}`)} · ${avail}`,
    )
  }
  const open = doc.incidents.filter(isOpen)
  lines.push(lang === 'ar' ? `حوادث مفتوحة: ${open.length}` : `Open incidents: ${open.length}`)
  for (const i of open) {
    const u = i.updates[0]!
    lines.push(
      `  ${i.id}: ${i.title[lang]} [${word(lang, `monitoring.stage.${u.stage}`)}${lang === 'ar' ? '، ' : ', '}${at(u.at)}]`,
    )
  }
  const planned = doc.maintenance.filter((m) => isActive(m, now) || isUpcoming(m, now))
  lines.push(
    lang === 'ar' ? `صيانة جارية أو مقبلة: ${planned.length}` : `Maintenance under way or ahead: ${planned.length}`,
  )
  for (const m of planned) lines.push(`  ${m.id}: ${m.title[lang]} (${at(m.from)} – ${at(m.to)})`)
  return lines.join('\n')
}
