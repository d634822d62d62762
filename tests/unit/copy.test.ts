// The copy rules (build/copyRules.ts) over what a buyer reads beyond the prerendered pages: every
// catalog message rendered as the islands and pages render it, with real values (amounts in each
// market's currency, percentages, counts), in both languages; and every state of the sandbox hosted
// payment page. Each rule first shows the bad example it exists for.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { createIntl } from '@formatjs/intl'
import { describe, expect, test } from 'vitest'
import { priceCart } from '../../api/contract/pricing'
import { formatMoney } from '../../renderer/money'
import { testCards } from '../../api/server/checkout/cards'
import {
  bankClosedPage,
  challengePage,
  closedPage,
  codePage,
  type FieldError,
  payPage,
  referencePage,
  stepClosedPage,
} from '../../api/server/checkout/page'
import {
  barePercentages,
  copyProblems,
  currencyFormProblems,
  doubledPunctuation,
  titleCase,
} from '../../build/copyRules'
import { bidiTextOf, elements, parseHtml, shownTextOf } from '../../build/html'
import { loadCatalog } from '../../locales/catalogs'
import { intlLocale } from '../../locales/intlLocale'
import type { MessageId } from '../../locales/messages'
import { type Locale, localeCodes } from '../../locales/locales'
import { catalogue } from '../../api/contract/catalogue'
import { markets, methodsOf } from '../../api/contract/markets'
import { methodFacts } from '../../api/contract/methodFacts'

describe('each rule fails on the example it exists for', () => {
  test('punctuation doubled after an amount', () => {
    // The payment confirmation: the amount's own full stop, then the message's.
    expect(doubledPunctuation('شكرًا لك. استلمنا \u200F2,850.00 ج.م.\u200F. الرقم المرجعي')).toBeDefined()
    expect(doubledPunctuation('استلمنا 2,850.00 ج.م.، والرقم')).toBeDefined()
    expect(doubledPunctuation('استلمنا مبلغ 2,850.00 ج.م. الرقم المرجعي 7')).toBeUndefined()
    expect(doubledPunctuation('Wait…. Then go.')).toBeUndefined()
  })

  test('a bare percentage after Arabic; Intl’s output and an isolate are fine', () => {
    expect(barePercentages('أي دون حد التنبيه البالغ 90%، فأُرسل تنبيه')).toEqual(['ن حد التنبيه البالغ 90%'])
    expect(barePercentages('البالغ \u206890%\u2069، فأُرسل')).toEqual([])
    expect(barePercentages('البالغ 90\u200E%\u200E، فأُرسل')).toEqual([])
    // A number on a line of its own is not after Arabic: a block starts a new paragraph.
    expect(barePercentages('آخر 90 يومًا\n99.99%')).toEqual([])
    expect(barePercentages('Uptime 99.99%')).toEqual([])
  })

  test('Title Case in an English title; sentence case, names and the specification’s titles are fine', () => {
    expect(titleCase('Accept Payments Online')).toBe(true)
    expect(titleCase('Fees In The United Arab Emirates')).toBe(true)
    expect(titleCase('Accept payments online')).toBe(false)
    expect(titleCase('Pay with Apple Pay in Saudi Arabia')).toBe(false)
    expect(titleCase('Webhooks: Verify the signature')).toBe(false)
    expect(titleCase('API keys and VAT')).toBe(false)
    expect(titleCase('Page Not Found')).toBe(false)
  })

  test('a banned word in any form', () => {
    expect(copyProblems('النزاعات والاعتراضات', 'ar')).toHaveLength(1)
    expect(copyProblems('Extra in-store terminal', 'en')).toHaveLength(1)
    expect(copyProblems('Extra POS terminal', 'en')).toEqual([])
  })

  test('one currency in more than one form: the symbol by figures and the name in prose, nothing else', () => {
    // A caption that said "United Arab Emirates Dirham" beside "AED 1.00"; /ar/pricing
    // wrote «SAR» in the calculator and a bare «ريال» in its FAQ beside «ر.س.» in its cells.
    expect(
      currencyFormProblems('Fees in the United Arab Emirates (United Arab Emirates Dirham): AED 1.00', 'en'),
    ).toHaveLength(1)
    expect(currencyFormProblems('a volume of one million riyals; \u20C1 1.00', 'en')).toHaveLength(1)
    expect(currencyFormProblems('مبلغ عملية الدفع (SAR) و1.00 \u20C1', 'ar')).toHaveLength(1)
    expect(currencyFormProblems('مبيعات مليون ريال أو ما يعادلها', 'ar')).toHaveLength(1)
    // Beside a figure the riyal is its own sign, not Intl's symbol.
    expect(currencyFormProblems('a fee of SAR 1.00 per payment', 'en')).toHaveLength(1)
    expect(currencyFormProblems('رسوم قدرها 1.00 ر.س. لكل عملية', 'ar')).toHaveLength(1)
    expect(currencyFormProblems('تصل بالجنيه المصري، و5.00 ج.م. لكل عملية، وبالدراهم', 'ar')).toHaveLength(1)
    // The house forms (docs/content.md, "Money"), with the article, a clitic or a plural.
    expect(
      currencyFormProblems('Fees in the UAE, in UAE dirhams: AED 1.00, and \u20C1 2.00 in Saudi riyals (SAR)', 'en'),
    ).toEqual([])
    expect(
      currencyFormProblems('بالريال السعودي، و1.00 \u20C1، ومليون ريال سعودي، والدرهم الإماراتي، وجنيهات مصرية', 'ar'),
    ).toEqual([])
  })
})

/** The arguments that carry an amount, as the islands and pages name them. */
const moneyArgs = new Set(['price', 'amount', 'fixed', 'fee', 'vat', 'net', 'total'])
/** Arguments that carry a formatted percentage. */
const percentArgs = new Set(['rate', 'average', 'low', 'uptime'])

/** A message's arguments by name, with their ICU type (plural and number take numbers). */
function argumentsOf(elements: MessageFormatElement[], into = new Map<string, TYPE>()): Map<string, TYPE> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue
    if (el.type === TYPE.tag) {
      into.set(el.value, TYPE.tag)
      argumentsOf(el.children, into)
      continue
    }
    if (!into.has(el.value) || el.type !== TYPE.argument) into.set(el.value, el.type)
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) argumentsOf(option.value, into)
  }
  return into
}

/** Each message of `locale` rendered once per market currency, with real values. */
function rendered(locale: Locale) {
  const catalog = loadCatalog(locale)
  const tag = intlLocale(locale)
  const intl = createIntl({
    locale: tag,
    messages: catalog as Record<MessageId, string>,
    onError: (err) => {
      throw err
    },
  })
  const number = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat(tag, options)
  const sample: Record<Locale, Record<string, string>> = {
    en: {
      item: 'Growth plan',
      code: 'SAVE10',
      reference: 'RSD-7KQ2',
      market: 'Saudi Arabia',
      email: 'sales@rasid.example',
    },
    ar: { item: 'باقة النمو', code: 'SAVE10', reference: 'RSD-7KQ2', market: 'السعودية', email: 'sales@rasid.example' },
  }
  const out: { id: string; text: string }[] = []
  for (const [id, source] of Object.entries(catalog)) {
    const args = argumentsOf(parse(source, { ignoreTag: false }))
    for (const market of markets) {
      const values: Record<string, unknown> = {}
      for (const [name, type] of args) {
        if (type === TYPE.plural || type === TYPE.number) values[name] = 3
        else if (type === TYPE.select) values[name] = 'other'
        else if (type === TYPE.date || type === TYPE.time) values[name] = new Date(Date.UTC(2026, 10, 1, 9))
        else if (type === TYPE.tag) values[name] = (chunks: string[]) => chunks.join('')
        else if (moneyArgs.has(name))
          // As the pages show it (renderer/money.ts): the riyal's own sign in Intl's symbol's place.
          values[name] = formatMoney(intl, 285000, market.currency)
        else if (percentArgs.has(name) || /Percent$/.test(name))
          values[name] = number({ style: 'percent', maximumFractionDigits: 2 }).format(0.15)
        else values[name] = sample[locale][name] ?? (locale === 'ar' ? 'قيمة' : 'value')
      }
      const text = intl.formatMessage({ id: id as MessageId }, values as Record<string, string>)
      out.push({ id, text: Array.isArray(text) ? text.join('') : String(text) })
      if (args.size === 0) break
    }
  }
  return out
}

describe.each(localeCodes)('in %s', (locale) => {
  test('every catalog message, rendered with real values in each currency, passes the copy rules', () => {
    const messages = rendered(locale)
    expect(messages.length).toBeGreaterThan(600)
    const problems = messages.flatMap(({ id, text }) =>
      copyProblems(text, locale, { title: /\.title$/.test(id) }).map((p) => `${id}: ${p}`),
    )
    expect([...new Set(problems)]).toEqual([])
  })

  test('every state of the sandbox hosted payment page passes the copy rules', async () => {
    const pages: { state: string; html: string }[] = []
    const fieldErrors: FieldError[] = ['missingNumber', 'invalidExpiry', 'invalidCvc', 'invalidName']
    const declines = new Set(
      Object.values(testCards).flatMap((c) => (c.outcome.kind === 'decline' ? [c.outcome.failureCode] : [])),
    )
    for (const market of markets) {
      const quote = priceCart(
        {
          market: market.code as 'sa',
          billing: 'monthly',
          items: [
            { sku: 'plan.growth', quantity: 1 },
            { sku: 'addon.posTerminal', quantity: 2 },
          ],
        },
        catalogue,
      )
      const common = { lang: locale, quote, action: '/pay', cancelAction: '/cancel', now: 0, closesAt: 30 * 60_000 }
      pages.push({ state: `${market.code} pay`, html: (await payPage(common)).html })
      pages.push({
        state: `${market.code} errors`,
        html: (await payPage({ ...common, errors: fieldErrors, values: { expiry: '13/99', name: '' } })).html,
      })
      for (const code of declines)
        pages.push({ state: `${market.code} ${code}`, html: (await payPage({ ...common, failureCode: code })).html })
      // Each method's own steps (methodFacts' flows), with their errors and declines.
      for (const method of methodsOf(market)) {
        const flow = methodFacts[method].sandbox
        if (flow.kind === 'card') continue
        pages.push({ state: `${market.code} ${method}`, html: (await payPage({ ...common, method })).html })
        pages.push({
          state: `${market.code} ${method} ${flow.failureCode}`,
          html: (await payPage({ ...common, method, failureCode: flow.failureCode })).html,
        })
        const step = { ...common, method, token: 't', backUrl: '/pay' }
        if (flow.kind === 'account') {
          for (const error of ['missingPhone', 'notTestPhone'] as const)
            pages.push({
              state: `${market.code} ${method} ${error}`,
              html: (await payPage({ ...common, method, errors: [error] })).html,
            })
          for (const error of [undefined, 'missingCode', 'wrongCode'] as const)
            pages.push({
              state: `${market.code} ${method} code ${error}`,
              html: (await codePage({ ...step, error })).html,
            })
        }
        if (flow.kind === 'reference')
          pages.push({
            state: `${market.code} ${method} reference`,
            html: (await referencePage({ ...step, reference: '123456789' })).html,
          })
      }
      pages.push({
        state: `${market.code} bank`,
        html: (await challengePage({ ...common, token: 't' })).html,
      })
      for (const status of ['paid', 'cancelled', 'expired', 'processing'] as const)
        pages.push({
          state: `${market.code} ${status}`,
          html: (await closedPage({ lang: locale, quote, status, returnUrl: '/checkout' })).html,
        })
    }
    pages.push({ state: 'bank closed', html: (await bankClosedPage({ lang: locale, payUrl: '/pay' })).html })
    pages.push({ state: 'step closed', html: (await stepClosedPage({ lang: locale, payUrl: '/pay' })).html })
    const problems: string[] = []
    for (const { state, html } of pages) {
      const doc = parseHtml(html).document
      for (const p of copyProblems(bidiTextOf(doc), locale)) problems.push(`${state}: ${p}`)
      for (const el of elements(doc, (e) => /^(title|h1|h2)$/.test(e.tagName)))
        for (const p of copyProblems(shownTextOf(el), locale, { title: true })) problems.push(`${state} title: ${p}`)
    }
    expect([...new Set(problems)]).toEqual([])
  })
})
