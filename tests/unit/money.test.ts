import { createElement, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createIntl, IntlProvider } from 'react-intl'
import { describe, expect, it, test } from 'vitest'
import { formatMoney as hostedMoney, moneyHtml } from '../../api/server/checkout/page'
import { loadCatalog } from '../../locales/catalogs'
import { intlLocale } from '../../locales/intlLocale'
import { type Locale, localeCodes } from '../../locales/locales'
import { CurrencySymbol, Money } from '../../renderer/components/Money'
import { feeOf, formatMoney, moneyParts, vatIncluded } from '../../renderer/money'
import { markets } from '../../api/contract/markets'

const fee = (market: string, scheme: string) => {
  const m = markets.find((x) => x.code === market)!
  return { fee: m.fees.find((f) => f.scheme === scheme)!, vatBp: m.vatBp }
}

// docs/content.md, "Worked cases", computed from the site configuration's own fee table.
describe('fees in minor units', () => {
  it.each([
    ['sa', 'mada', 20000, { fee: 400, vat: 60, net: 19540 }],
    ['sa', 'cards', 20000, { fee: 520, vat: 78, net: 19402 }],
    ['ae', 'cards', 10000, { fee: 390, vat: 20, net: 9590 }],
    ['eg', 'cards', 100000, { fee: 3050, vat: 427, net: 96523 }],
  ])('%s %s on %i', (market, scheme, amount, expected) => {
    const { fee: f, vatBp } = fee(market, scheme)
    expect(feeOf(amount, f, vatBp)).toEqual(expected)
  })

  it('finds the VAT inside a consumer total', () => {
    expect(vatIncluded(24800, 1500)).toBe(3235)
  })

  it('refuses fractional or negative amounts', () => {
    expect(() => feeOf(10.5, { rateBp: 150, fixedMinor: 100 }, 1500)).toThrow(RangeError)
    expect(() => feeOf(-1, { rateBp: 150, fixedMinor: 100 }, 1500)).toThrow(RangeError)
  })
})

// An amount in Saudi riyals shows the riyal's own sign (U+20C1, Unicode 17) where Intl puts
// its symbol ("SAR", «ر.س.»), named for a screen reader; the dirham and the pound are as Intl writes them.
describe('the Saudi riyal sign', () => {
  const sign = '\u20C1'
  const names: Record<Locale, string> = { en: 'Saudi riyals', ar: 'ريال سعودي' }
  const messagesOf = (locale: Locale) => loadCatalog(locale) as Record<string, never>
  const intlOf = (locale: Locale) => createIntl({ locale: intlLocale(locale), messages: messagesOf(locale) })
  /** What Intl itself writes, for comparison. */
  const intlText = (locale: Locale, major: number, currency: string) =>
    new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency, minimumFractionDigits: 2 }).format(major)
  const symbolOf = (locale: Locale, currency: string) =>
    new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency })
      .formatToParts(0)
      .find((p) => p.type === 'currency')!.value
  /** A page's markup of an element, in the locale's provider. */
  const render = (locale: Locale, element: ReactElement) =>
    renderToStaticMarkup(
      createElement(IntlProvider, { locale: intlLocale(locale), messages: messagesOf(locale) }, element),
    )

  test.each(localeCodes)('in %s, the sign takes the place of Intl’s symbol, on the side Intl puts it', (locale) => {
    const intl = intlOf(locale)
    const text = formatMoney(intl, 123450, 'SAR')
    expect(text).toBe(intlText(locale, 1234.5, 'SAR').replace(symbolOf(locale, 'SAR'), sign))
    expect(text).not.toContain(symbolOf(locale, 'SAR'))
    expect(text).not.toMatch(/SAR|ر\.س/)
    // Before the figure in English; after it in Arabic, which right to left shows it on the figure's left.
    const [signAt, figureAt] = [text.indexOf(sign), text.indexOf('1,234.50')]
    expect(figureAt).toBeGreaterThanOrEqual(0)
    expect(locale === 'en' ? signAt < figureAt : signAt > figureAt).toBe(true)
    const parts = moneyParts(intl, 123450, 'SAR')
    expect(parts.sign).toEqual({ text: sign, name: 'common.currencySign.sar' })
    expect(intl.formatMessage({ id: parts.sign!.name })).toBe(names[locale])
  })

  test.each(localeCodes)('in %s, a page shows the sign as an image named by the currency', (locale) => {
    const html = render(locale, createElement(Money, { minor: 123450, currency: 'SAR' }))
    const named = `<span role="img" aria-label="${names[locale]}">${sign}</span>`
    expect(html).toBe(formatMoney(intlOf(locale), 123450, 'SAR').replace(sign, named))
    // A field's label names the currency the same way.
    expect(render(locale, createElement(CurrencySymbol, { currency: 'SAR' }))).toBe(named)
    // The sandbox hosted payment page too, with the same words.
    const t = (id: string) => loadCatalog(locale)[id] ?? id
    expect(moneyHtml(123450, 'SAR', locale, t as never)).toBe(html)
    expect(hostedMoney(123450, 'SAR', locale)).toBe(formatMoney(intlOf(locale), 123450, 'SAR'))
  })

  test.each([
    ['en', 'AED'],
    ['ar', 'AED'],
    ['en', 'EGP'],
    ['ar', 'EGP'],
  ] as const)('in %s, %s is as Intl writes it, with no sign and no image', (locale, currency) => {
    const intl = intlOf(locale)
    expect(formatMoney(intl, 123450, currency)).toBe(intlText(locale, 1234.5, currency))
    expect(moneyParts(intl, 123450, currency).sign).toBeUndefined()
    expect(render(locale, createElement(Money, { minor: 123450, currency }))).toBe(intlText(locale, 1234.5, currency))
    expect(render(locale, createElement(CurrencySymbol, { currency }))).toBe(symbolOf(locale, currency))
    expect(hostedMoney(123450, currency, locale)).toBe(intlText(locale, 1234.5, currency))
  })
})
