// The site's facts inside guide Markdown: `{{name}}` placeholders that the build fills from
// site.config.ts and api/contract/ (the markets, the methods) in the article's language, so a guide cannot state a settlement time, a
// verification time or a market's methods that the pricing page does not (docs/content.md "Facts").
//
//   {{verification}}          inline: how long business verification takes ("2 business days")
//   {{methods-sa}} (-ae, -eg)  inline: the market's payment methods, as a list in words
//   {{vat-sa}} (-ae, -eg)      inline: the market's VAT rate ("15%")
//   {{settlement-table}}      block: market, method and when the money reaches the bank account
//   {{business-week-table}}   block: each market's weekend and business days
//   {{only-sar}} (-aed, -egp)  inline: the methods that take that currency alone ("mada and STC Pay")
//   {{capture-manual}}        inline: the methods that can be captured later (manual capture)
//   {{capture-immediate}}     inline: the methods always captured at once
//   {{refund-table}}          block: each method and when a refund reaches the customer
//   {{sandbox-table}}         block: market, method and how to test it in the sandbox (its test data)
import { createIntl, type IntlShape } from '@formatjs/intl'
import { loadCatalog } from '../locales/catalogs'
import { intlLocale, weekdayName } from '../locales/intlLocale'
import type { Locale } from '../locales/locales'
import type { MessageId } from '../locales/messages'
import { pickMessages } from '../locales/pickMessages'
import { allMethods, type Brand, businessWeek, markets, methodsOf } from '../api/contract/markets'
import { methodFacts } from '../api/contract/methodFacts'

const intls = new Map<Locale, IntlShape>()
/** The formatter of the guides' facts in `locale` (its guide, pricing and sandbox messages), made once. */
export function intlFor(locale: Locale): IntlShape {
  let intl = intls.get(locale)
  if (!intl) {
    const messages = pickMessages(loadCatalog(locale), locale, ['guide', 'pricing', 'sandbox'])
    intl = createIntl({ locale: intlLocale(locale), messages: messages as Record<string, never> })
    intls.set(locale, intl)
  }
  return intl
}

/** A table cell: no pipe or line break can break the row. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
const table = (head: string[], rows: string[][]) =>
  [head, head.map(() => '---'), ...rows].map((r) => `| ${r.map(cell).join(' | ')} |`).join('\n')

const list = (items: string[], locale: Locale) =>
  new Intl.ListFormat(intlLocale(locale), { type: 'conjunction' }).format(items)

const methodName = (intl: IntlShape, brand: Brand) => intl.formatMessage({ id: `method.${brand}` as MessageId })
/** A method's name inside a sentence: a common noun ("mobile wallets") is not capitalized there. */
const nameInProse = (intl: IntlShape, brand: Brand) =>
  brand === 'wallets' ? intl.formatMessage({ id: 'guide.fact.walletsInProse' }) : methodName(intl, brand)
const methodList = (intl: IntlShape, locale: Locale, brands: readonly Brand[]) =>
  list(
    brands.map((b) => nameInProse(intl, b)),
    locale,
  )

/** How to test a method in a market, in words, with the sandbox's test data and the page's own labels. */
function howToTest(intl: IntlShape, brand: Brand, market: string): string {
  const flow = methodFacts[brand].sandbox
  const method = methodName(intl, brand)
  const say = (id: string, values: Record<string, string> = {}) =>
    intl.formatMessage({ id: id as MessageId }, { method, ...values })
  if (flow.kind === 'card') return say('guide.fact.test.card')
  if (flow.kind === 'sheet')
    return say('guide.fact.test.sheet', {
      approve: say('sandbox.sheet.approve'),
      decline: say('sandbox.sheet.decline'),
      failure: flow.failureCode,
    })
  if (flow.kind === 'reference')
    return say('guide.fact.test.reference', {
      get: say('sandbox.reference.get'),
      paid: say('sandbox.reference.paid'),
      expired: say('sandbox.reference.expired'),
      failure: flow.failureCode,
    })
  const account = flow.accounts[market]
  if (!account) throw new Error(`methodFacts.${brand}: no sandbox test numbers for market ${market}`)
  return say('guide.fact.test.account', { ...account, code: flow.code, failure: flow.failureCode })
}

const inline: Record<string, (intl: IntlShape, locale: Locale) => string> = {
  ...Object.fromEntries(
    [...new Set(markets.map((m) => m.currency))].map((currency) => [
      `only-${currency.toLowerCase()}`,
      (intl: IntlShape, locale: Locale) =>
        methodList(
          intl,
          locale,
          allMethods.filter((b) => methodFacts[b].currencies.join() === currency),
        ),
    ]),
  ),
  'capture-manual': (intl, locale) =>
    methodList(
      intl,
      locale,
      allMethods.filter((b) => methodFacts[b].manualCapture),
    ),
  'capture-immediate': (intl, locale) =>
    methodList(
      intl,
      locale,
      allMethods.filter((b) => !methodFacts[b].manualCapture),
    ),
  verification: (intl) => intl.formatMessage({ id: 'guide.fact.verification' }),
  ...Object.fromEntries(
    markets.map((m) => [
      `methods-${m.code}`,
      // Inside a sentence: "mada, … and mobile wallets", not "Mobile wallets".
      (intl: IntlShape, locale: Locale) => methodList(intl, locale, methodsOf(m)),
    ]),
  ),
  ...Object.fromEntries(
    markets.map((m) => [
      `vat-${m.code}`,
      (_: IntlShape, locale: Locale) =>
        new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits: 2 }).format(
          m.vatBp / 10000,
        ),
    ]),
  ),
}

const blocks: Record<string, (intl: IntlShape, locale: Locale) => string> = {
  'refund-table': (intl) =>
    table(
      [intl.formatMessage({ id: 'pricing.fees.method' }), intl.formatMessage({ id: 'guide.fact.refundArrives' })],
      allMethods.map((b) => {
        const { to, days } = methodFacts[b].refund
        return [
          methodName(intl, b),
          intl.formatMessage(
            { id: `guide.fact.refund.${to}` as MessageId },
            { method: methodName(intl, b), min: days?.[0] ?? 0, max: days?.[1] ?? 0 },
          ),
        ]
      }),
    ),
  'sandbox-table': (intl) =>
    table(
      [
        intl.formatMessage({ id: 'guide.fact.market' }),
        intl.formatMessage({ id: 'pricing.fees.method' }),
        intl.formatMessage({ id: 'guide.fact.howToTest' }),
      ],
      markets.flatMap((m) =>
        methodsOf(m).map((b) => [
          intl.formatMessage({ id: `pricing.market.${m.code}` as MessageId }),
          methodName(intl, b),
          howToTest(intl, b, m.code),
        ]),
      ),
    ),
  'settlement-table': (intl) =>
    table(
      [
        intl.formatMessage({ id: 'guide.fact.market' }),
        intl.formatMessage({ id: 'pricing.fees.method' }),
        intl.formatMessage({ id: 'pricing.fees.settlement' }),
      ],
      markets.flatMap((m) =>
        m.fees.map((f) => [
          intl.formatMessage({ id: `pricing.market.${m.code}` as MessageId }),
          intl.formatMessage({ id: `pricing.scheme.${f.scheme}` as MessageId }),
          intl.formatMessage({ id: 'pricing.fees.days' }, { days: f.settlementDays }),
        ]),
      ),
    ),
  'business-week-table': (intl, locale) =>
    table(
      [
        intl.formatMessage({ id: 'guide.fact.market' }),
        intl.formatMessage({ id: 'guide.fact.weekend' }),
        intl.formatMessage({ id: 'guide.fact.businessDays' }),
      ],
      markets.map((m) => {
        const { first, last } = businessWeek(m.weekend)
        return [
          intl.formatMessage({ id: `pricing.market.${m.code}` as MessageId }),
          list(
            m.weekend.map((d) => weekdayName(d, locale)),
            locale,
          ),
          intl.formatMessage(
            { id: 'guide.fact.dayRange' },
            { first: weekdayName(first, locale), last: weekdayName(last, locale) },
          ),
        ]
      }),
    ),
}

/** The placeholders a guide may hold. */
const factPlaceholders = [...Object.keys(inline), ...Object.keys(blocks)]

/**
 * `markdown` with its placeholders filled in `locale`; throws with the reason on an unknown name or a
 * table placeholder that is not on a line of its own. Code (fenced or inline) is left as written.
 */
export function fillFacts(markdown: string, locale: Locale): string {
  const intl = intlFor(locale)
  let fence: string | null = null
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1]
      if (fence || marker) {
        if (!fence) fence = marker!
        else if (marker?.startsWith(fence[0]!) && marker.length >= fence.length) fence = null
        return line
      }
      return line.replace(/(`+)[\s\S]*?\1|\{\{\s*([\w-]+)\s*\}\}/g, (whole, code: string | undefined, name: string) => {
        if (code) return whole
        if (name in blocks) {
          if (line.trim() !== whole) throw new Error(`{{${name}}} is a table: put it on a line of its own`)
          return blocks[name]!(intl, locale)
        }
        if (name in inline) return inline[name]!(intl, locale)
        throw new Error(`unknown placeholder {{${name}}}: the guides know ${factPlaceholders.join(', ')}`)
      })
    })
    .join('\n')
}
