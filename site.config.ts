import type { Locale } from './locales/locales'
import type { Catalogue } from './api/contract/pricing'

/**
 * Everything that names the company and its sample prices. Rebrand the site by editing this file
 * and the two catalogs in locales/. Money is in integer minor units (halalas, fils, piastres) and
 * rates in basis points (150 = 1.5%), never in floating point (docs/content.md).
 */
export const site = {
  /** Brand name per locale; also used in `<title>` through the `site.titleTemplate` message. */
  name: { en: 'Rasid', ar: 'رصيد' } satisfies Record<Locale, string>,
  /** The one public origin: canonical and hreflang links, sitemap.xml, robots.txt, JSON-LD. Set SITE_ORIGIN at build time to override. */
  origin: (process.env.SITE_ORIGIN ?? 'https://www.rasid.example').replace(/\/$/, ''),
  email: { sales: 'sales@rasid.example', support: 'support@rasid.example' },
  /** Sales phone line (E.164), shown left to right on both pages. */
  phone: '+966 11 000 0000',
  /** Payment methods in display order: mada first (docs/content.md). */
  paymentMethods: ['mada', 'Visa', 'Mastercard', 'Apple Pay', 'STC Pay', 'Tabby'],
  themeColor: '#16a34a',
} as const

/** A row of a market's fee table; message `pricing.scheme.<scheme>` names it. */
export type Scheme = 'mada' | 'cards' | 'international' | 'applePay' | 'stcPay' | 'tabby'

export interface Fee {
  scheme: Scheme
  /** Percentage part in basis points. */
  rateBp: number
  /** Fixed part in minor units of the market's currency. */
  fixedMinor: number
  /** Business days from capture to the money in the merchant's bank account. */
  settlementDays: number
}

export interface Market {
  /** Lower-case ISO 3166-1 code: the market's radio (`#market-<code>`) and messages `pricing.market.<code>`, `pricing.marketName.<code>`. */
  code: string
  /** ISO 3166-1 alpha-2, for JSON-LD `areaServed`. */
  country: string
  /** ISO 4217. */
  currency: string
  /** VAT rate in basis points, charged on Rasid's fee. */
  vatBp: number
  /** Fees in display order: mada first where it exists. */
  fees: Fee[]
  /** Fee per dispute (chargeback), minor units, refunded when the merchant wins it. */
  disputeFeeMinor: number
  /** Growth plan's monthly fee, minor units; a year costs ten months. */
  growthMonthlyMinor: number
  /** Basis points the Growth plan takes off every rate. */
  growthDiscountBp: number
  /** The payment amount of the pricing page's worked example, minor units. */
  exampleMinor: number
}

/** Sample fees for illustration (docs/content.md "Sample numbers"); the pricing page says so. */
export const markets: readonly Market[] = [
  {
    code: 'sa',
    country: 'SA',
    currency: 'SAR',
    vatBp: 1500,
    fees: [
      { scheme: 'mada', rateBp: 150, fixedMinor: 100, settlementDays: 1 },
      { scheme: 'cards', rateBp: 210, fixedMinor: 100, settlementDays: 1 },
      { scheme: 'international', rateBp: 290, fixedMinor: 100, settlementDays: 2 },
      { scheme: 'applePay', rateBp: 210, fixedMinor: 100, settlementDays: 1 },
      { scheme: 'stcPay', rateBp: 180, fixedMinor: 100, settlementDays: 1 },
      { scheme: 'tabby', rateBp: 550, fixedMinor: 100, settlementDays: 3 },
    ],
    disputeFeeMinor: 7500,
    growthMonthlyMinor: 29900,
    growthDiscountBp: 30,
    exampleMinor: 20000,
  },
  {
    code: 'ae',
    country: 'AE',
    currency: 'AED',
    vatBp: 500,
    fees: [
      { scheme: 'cards', rateBp: 290, fixedMinor: 100, settlementDays: 2 },
      { scheme: 'international', rateBp: 350, fixedMinor: 100, settlementDays: 2 },
      { scheme: 'applePay', rateBp: 290, fixedMinor: 100, settlementDays: 2 },
      { scheme: 'tabby', rateBp: 550, fixedMinor: 100, settlementDays: 3 },
    ],
    disputeFeeMinor: 7500,
    growthMonthlyMinor: 29900,
    growthDiscountBp: 30,
    exampleMinor: 10000,
  },
  {
    code: 'eg',
    country: 'EG',
    currency: 'EGP',
    vatBp: 1400,
    fees: [
      { scheme: 'cards', rateBp: 275, fixedMinor: 300, settlementDays: 2 },
      { scheme: 'international', rateBp: 350, fixedMinor: 300, settlementDays: 2 },
      { scheme: 'applePay', rateBp: 275, fixedMinor: 300, settlementDays: 2 },
    ],
    disputeFeeMinor: 30000,
    growthMonthlyMinor: 250000,
    growthDiscountBp: 30,
    exampleMinor: 100000,
  },
]

/** The monthly rent of an extra in-store (POS) terminal per market, minor units, excl. VAT. */
const posTerminalMonthlyMinor: Record<string, number> = { sa: 4900, ae: 4900, eg: 45000 }

/**
 * What the pricing page sells and the checkout's first prices (api/contract/cart.ts): the plans
 * and add-ons per market, monthly, excl. VAT. The API prices the cart again with its own copy.
 */
export const catalogue = Object.fromEntries(
  markets.map((m) => [
    m.code,
    {
      currency: m.currency,
      vatBp: m.vatBp,
      monthlyMinor: {
        'plan.starter': 0,
        'plan.growth': m.growthMonthlyMinor,
        'addon.posTerminal': posTerminalMonthlyMinor[m.code]!,
      },
    },
  ]),
) as Catalogue
