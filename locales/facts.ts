// Facts a merchant acts on (site.config.ts `facts` with the privacy periods, the fee rows' settlement days, the markets and
// their methods) reach the messages as ICU arguments, filled in here when a page's messages are
// picked at build time: the catalogs say `{verificationDays, plural, one {…} other {…}}`, the page
// gets the chosen branch with the number in it. A fact changes in site.config.ts or api/contract/, never in a sentence
// (docs/content.md "Facts"; tests/unit/facts.test.ts finds each fact in one place).
import {
  type MessageFormatElement,
  type PluralElement,
  type SelectElement,
  TYPE,
} from '@formatjs/icu-messageformat-parser'
import { approvalAlert, facts } from '../site.config'
import { markets, methodsOf } from '../api/contract/markets'
import { intlLocale } from './intlLocale'
import type { Locale } from './locales'

/** The soonest a market's payments reach the bank account, in business days (its fastest fee row). */
const fastestSettlement = (code: string) =>
  Math.min(...markets.find((m) => m.code === code)!.fees.map((f) => f.settlementDays))

/**
 * A text fact's branch in a `select`: its value with `_` for `-`, which an ICU key cannot hold
 * (`{siteDataRegion, select, me_south_1 {the Middle East (Bahrain)} other {{siteDataRegion}}}`).
 */
export const selectKey = (value: string) => value.replaceAll('-', '_')

/** Every fact argument a message may hold, by name: a number, or a text fact (above). */
export const factValues: Readonly<Record<string, number | string>> = {
  ...facts,
  approvalAlertPoints: approvalAlert.dropPoints,
  approvalAlertDays: approvalAlert.averageDays,
  marketCount: markets.length,
  methodCount: new Set(markets.flatMap(methodsOf)).size,
  ...Object.fromEntries(markets.map((m) => [`${m.code}SettlementDays`, fastestSettlement(m.code)])),
  ...Object.fromEntries(markets.map((m) => [`${m.code}VatPercent`, m.vatBp / 100])),
  // Whether the UAE's and Egypt's cards settle in the same time, so a sentence names them once
  // ("within 2 business days in the UAE and Egypt"): a select on `same`, anything else `other`.
  aeEgSettlement: fastestSettlement('ae') === fastestSettlement('eg') ? 'same' : 'different',
}

const isFact = (name: string) => Object.hasOwn(factValues, name)

/** The literal a number becomes in `locale` (Latin digits in both languages). */
const literal = (value: string): MessageFormatElement => ({ type: TYPE.literal, value })

/** The branch of a plural or select that a fact's value picks, with `#` (this level's only) as the number. */
function branch(el: PluralElement | SelectElement, value: number | string, locale: Locale): MessageFormatElement[] {
  if (el.type === TYPE.select)
    return el.options[typeof value === 'string' ? selectKey(value) : String(value)]?.value ?? el.options.other!.value
  if (typeof value === 'string') throw new Error(`${el.value} is a name, not a number: a select takes it, not a plural`)
  const n = value - el.offset
  const category = new Intl.PluralRules(intlLocale(locale), { type: el.pluralType }).select(n)
  const chosen = el.options[`=${value}`] ?? el.options[category] ?? el.options.other!
  const number = literal(new Intl.NumberFormat(intlLocale(locale)).format(n))
  // `#` inside a tag of the branch is this plural's too; inside a nested plural it is that one's.
  const pounds = (els: MessageFormatElement[]): MessageFormatElement[] =>
    els.map((child) =>
      child.type === TYPE.pound
        ? number
        : child.type === TYPE.tag
          ? { ...child, children: pounds(child.children) }
          : child,
    )
  return pounds(chosen.value)
}

/** `ast` with every fact argument replaced by its value in `locale`; other arguments stay. */
export function withFacts(ast: MessageFormatElement[], locale: Locale): MessageFormatElement[] {
  const out: MessageFormatElement[] = []
  for (const el of ast) {
    if ((el.type === TYPE.argument || el.type === TYPE.number) && isFact(el.value)) {
      const value = factValues[el.value]!
      out.push(literal(typeof value === 'string' ? value : new Intl.NumberFormat(intlLocale(locale)).format(value)))
    } else if ((el.type === TYPE.plural || el.type === TYPE.select) && isFact(el.value)) {
      out.push(...withFacts(branch(el, factValues[el.value]!, locale), locale))
    } else if (el.type === TYPE.plural || el.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(el.options).map(([key, option]) => [key, { ...option, value: withFacts(option.value, locale) }]),
      )
      out.push({ ...el, options } as MessageFormatElement)
    } else if (el.type === TYPE.tag) {
      out.push({ ...el, children: withFacts(el.children, locale) })
    } else out.push(el)
  }
  // Adjacent literals as one, as the parser gives them.
  return out.reduce<MessageFormatElement[]>((merged, el) => {
    const last = merged.at(-1)
    if (last?.type === TYPE.literal && el.type === TYPE.literal)
      merged[merged.length - 1] = literal(last.value + el.value)
    else merged.push(el)
    return merged
  }, [])
}
