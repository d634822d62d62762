// The markets Rasid sells in and what a merchant pays there: currencies, VAT, the fee rows per
// payment scheme, settlement days, support hours and numbers, the sales form's volume bands. Sample
// values (docs/content.md "Sample numbers and money"): money in integer minor units (halalas, fils,
// piastres), rates in basis points (150 = 1.5%), never in floating point. Read by the pages, the
// guides (build/guideFacts.ts), the API's checkout and the commands; the site's own settings are
// site.config.ts. Pure: imports nothing.

/** A row of a market's fee table; message `pricing.scheme.<scheme>` names it. */
export type Scheme =
  | 'mada'
  | 'meeza'
  | 'cards'
  | 'international'
  | 'applePay'
  | 'googlePay'
  | 'stcPay'
  | 'wallets'
  | 'instapay'
  | 'fawry'
  | 'tabby'
  | 'tamara'

/**
 * A payment method as a payment-method row shows it: message `method.<brand>`. The schemes name
 * themselves, but for the card rows: Visa and Mastercard.
 */
export type Brand = Exclude<Scheme, 'cards' | 'international'> | 'visa' | 'mastercard'

/** The brands a fee row stands for in its market's payment-method row (international cards are Visa and Mastercard too). */
export const schemeBrands: Record<Scheme, readonly Brand[]> = {
  mada: ['mada'],
  meeza: ['meeza'],
  cards: ['visa', 'mastercard'],
  international: [],
  applePay: ['applePay'],
  googlePay: ['googlePay'],
  stcPay: ['stcPay'],
  wallets: ['wallets'],
  instapay: ['instapay'],
  fawry: ['fawry'],
  tabby: ['tabby'],
  tamara: ['tamara'],
}

/** A day of the week, as `Intl` numbers them from Sunday (0) to Saturday (6). */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6

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
  /** IANA time zone: an operator's times for this market (`npm run status -- --market`) are read in it. */
  timeZone: string
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
  /** The method of that example (docs/content.md's worked cases). */
  exampleScheme: Scheme
  /** The banks' weekend: business days (payouts, support hours, reply times) are the other five. */
  weekend: readonly [Weekday, Weekday]
  /** Support's business hours on business days, the market's local time (24-hour `HH:MM`). */
  supportHours: { open: string; close: string }
  /**
   * The urgent line (payments failing on a live account), every day at any time: E.164, spaced as
   * the contact page shows it (`tel:` drops the spaces).
   */
  urgentPhone: string
  /**
   * Sales' and support's WhatsApp numbers in the market, answered in business hours, where the
   * market has them: E.164, spaced as shown; the link is `https://wa.me/<digits>` (`whatsAppUrl`).
   */
  whatsApp?: { sales: string; support: string }
  /**
   * The sales form's monthly card volume bands, in the market's currency (major units): the four
   * edges between its five bands, lowest first, round figures of about the same worth in each
   * market. api/contract/fields.ts `volumeBandIds` names the bands, which the API must take.
   */
  volumeBands: readonly [number, number, number, number]
}

/** Sample fees for illustration (docs/content.md "Sample numbers"); the pricing page says so. */
export const markets: readonly Market[] = [
  {
    code: 'sa',
    country: 'SA',
    currency: 'SAR',
    timeZone: 'Asia/Riyadh',
    vatBp: 1500,
    fees: [
      { scheme: 'mada', rateBp: 150, fixedMinor: 100, settlementDays: 1 },
      { scheme: 'cards', rateBp: 210, fixedMinor: 100, settlementDays: 1 },
      { scheme: 'international', rateBp: 290, fixedMinor: 100, settlementDays: 2 },
      { scheme: 'applePay', rateBp: 210, fixedMinor: 100, settlementDays: 1 },
      { scheme: 'stcPay', rateBp: 180, fixedMinor: 100, settlementDays: 1 },
      { scheme: 'tabby', rateBp: 550, fixedMinor: 100, settlementDays: 3 },
      { scheme: 'tamara', rateBp: 550, fixedMinor: 100, settlementDays: 3 },
    ],
    disputeFeeMinor: 7500,
    growthMonthlyMinor: 29900,
    growthDiscountBp: 30,
    exampleMinor: 20000,
    exampleScheme: 'mada',
    weekend: [5, 6],
    supportHours: { open: '09:00', close: '18:00' },
    // Also the sales line the site shows (site.config.ts `site.phone`).
    urgentPhone: '+966 11 000 0000',
    whatsApp: { sales: '+966 50 000 0000', support: '+966 50 000 1111' },
    volumeBands: [200_000, 1_000_000, 5_000_000, 20_000_000],
  },
  {
    code: 'ae',
    country: 'AE',
    currency: 'AED',
    timeZone: 'Asia/Dubai',
    vatBp: 500,
    fees: [
      { scheme: 'cards', rateBp: 290, fixedMinor: 100, settlementDays: 2 },
      { scheme: 'international', rateBp: 350, fixedMinor: 100, settlementDays: 2 },
      { scheme: 'applePay', rateBp: 290, fixedMinor: 100, settlementDays: 2 },
      { scheme: 'googlePay', rateBp: 290, fixedMinor: 100, settlementDays: 2 },
      { scheme: 'tabby', rateBp: 550, fixedMinor: 100, settlementDays: 3 },
      { scheme: 'tamara', rateBp: 550, fixedMinor: 100, settlementDays: 3 },
    ],
    disputeFeeMinor: 7500,
    growthMonthlyMinor: 29900,
    growthDiscountBp: 30,
    exampleMinor: 10000,
    exampleScheme: 'cards',
    weekend: [6, 0],
    supportHours: { open: '09:00', close: '18:00' },
    urgentPhone: '+971 4 000 0000',
    whatsApp: { sales: '+971 50 000 0000', support: '+971 50 000 1111' },
    volumeBands: [200_000, 1_000_000, 5_000_000, 20_000_000],
  },
  {
    code: 'eg',
    country: 'EG',
    currency: 'EGP',
    timeZone: 'Africa/Cairo',
    vatBp: 1400,
    fees: [
      { scheme: 'meeza', rateBp: 200, fixedMinor: 300, settlementDays: 2 },
      { scheme: 'cards', rateBp: 275, fixedMinor: 300, settlementDays: 2 },
      { scheme: 'international', rateBp: 350, fixedMinor: 300, settlementDays: 2 },
      { scheme: 'applePay', rateBp: 275, fixedMinor: 300, settlementDays: 2 },
      { scheme: 'wallets', rateBp: 250, fixedMinor: 300, settlementDays: 2 },
      { scheme: 'instapay', rateBp: 150, fixedMinor: 300, settlementDays: 2 },
      { scheme: 'fawry', rateBp: 250, fixedMinor: 500, settlementDays: 3 },
    ],
    disputeFeeMinor: 30000,
    growthMonthlyMinor: 250000,
    growthDiscountBp: 30,
    exampleMinor: 100000,
    exampleScheme: 'cards',
    weekend: [5, 6],
    supportHours: { open: '09:00', close: '18:00' },
    urgentPhone: '+20 2 0000 0000',
    whatsApp: { sales: '+20 10 0000 0000', support: '+20 10 0000 1111' },
    volumeBands: [2_500_000, 10_000_000, 50_000_000, 250_000_000],
  },
]

/**
 * A lead from another country (the sales form's "Another country"): its monthly card volume bands
 * in US dollars, the edges as a market's `volumeBands`.
 */
export const otherCountry = { currency: 'USD', volumeBands: [50_000, 250_000, 1_000_000, 5_000_000] } as const

/** A market's payment methods in display order (its fee rows' brands, mada or Meeza first), for the payment-method rows. */
export function methodsOf(market: Market): Brand[] {
  return [...new Set(market.fees.flatMap((f) => schemeBrands[f.scheme]))]
}

/** Every method, in the order the markets first show them (mada, Visa, Mastercard, …). */
export const allMethods: readonly Brand[] = [...new Set(markets.flatMap(methodsOf))]

/** A market's business days, first to last ("Sunday to Thursday"): the five days after its weekend. */
export function businessWeek(weekend: readonly Weekday[]): { first: Weekday; last: Weekday } {
  return { first: ((weekend.at(-1)! + 1) % 7) as Weekday, last: ((weekend[0]! + 6) % 7) as Weekday }
}
