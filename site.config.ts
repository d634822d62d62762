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
  /** The brand's green (renderer/brand/tokens.ts `brand[700]`): the browser's toolbar and the phone's icons. */
  themeColor: '#0B6B3A',
  /** Where a merchant signs in to their dashboard (the header's "Sign in"): `<dashboard>/<locale>/sign-in`. */
  dashboard: 'https://dashboard.rasid.example',
  /**
   * The footer's registration lines: sample values, which the footer says are samples (Rasid is a
   * fictional brand; docs/content.md "Sample numbers").
   */
  registration: { licence: 'PSP-2026-0000', cr: '1010000000', vat: '300000000000003' },
} as const

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
    urgentPhone: site.phone,
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

/** A phone number's WhatsApp link: `https://wa.me/` and its digits, without `+` or spaces. */
export const whatsAppUrl = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`

/** A market's payment methods in display order (its fee rows' brands, mada or Meeza first), for the payment-method rows. */
export function methodsOf(market: Market): Brand[] {
  return [...new Set(market.fees.flatMap((f) => schemeBrands[f.scheme]))]
}

/** Where a refund goes and how long until the customer sees it: message `guide.fact.refund.<to>`. */
export type RefundRoute =
  /** Back on the card paid with. */
  | 'card'
  /** On the card behind the wallet (Apple Pay, Google Pay), the card's time. */
  | 'cardBehind'
  /** Back in the wallet paid from, within minutes. */
  | 'wallet'
  /** The remaining instalments reduced or cancelled at once; instalments paid go back to the card. */
  | 'instalments'
  /** Back in the bank account paid from. */
  | 'bankAccount'
  /** Paid in cash at an outlet: to a mobile wallet or bank account the customer gives, never in cash. */
  | 'walletOrBank'

/**
 * How the sandbox hosted payment page plays a method (docs/api.md, "Sandbox hosted payment page"),
 * and what the test cards guide tells a developer to enter (`{{sandbox-table}}`):
 * - `card`: the card form and the guide's test cards (api/server/checkout/cards.ts);
 * - `sheet`: a simulated wallet sheet (Apple Pay, Google Pay cannot run on the page): Approve pays,
 *   Decline fails with `failureCode`;
 * - `account`: a mobile number, then a one-time code: `approve` pays, `decline` fails with
 *   `failureCode` (both with `code`), per market the method is sold in; any other number or code is refused.
 *   The numbers are in one format, E.164 (`+966500000001`), as the guide prints them; the page also takes
 *   them in the national form (`0500000001`, `00966…`: api/server/checkout/methods.ts `sameNumber`);
 * - `reference`: pay by reference (Fawry): the page shows a reference number; "Simulate payment at an outlet"
 *   pays, "Simulate expiry" fails with `failureCode`.
 */
export type SandboxFlow =
  | { kind: 'card' }
  | { kind: 'sheet'; failureCode: string }
  | {
      kind: 'account'
      accounts: Readonly<Record<string, { approve: string; decline: string }>>
      code: string
      failureCode: string
    }
  | { kind: 'reference'; failureCode: string }

export interface MethodFacts {
  /** ISO 4217 codes of the currencies it takes. */
  currencies: readonly string[]
  /** Whether a payment can be authorized now and captured later (`capture_method: manual`). */
  manualCapture: boolean
  /** Where a refund goes; `days`: business days, fewest to most, until the customer sees it (none: within minutes). */
  refund: { to: RefundRoute; days?: readonly [number, number] }
  sandbox: SandboxFlow
}

/**
 * Each method's facts (sample values, like the fees): the guides' currency rule, capture rule,
 * refund times and sandbox test flows are rendered from here (build/guideFacts.ts), and the sandbox
 * plays `sandbox` (api/server/checkout/methods.ts), so the guide and the page cannot disagree.
 */
export const methodFacts: Readonly<Record<Brand, MethodFacts>> = {
  mada: { currencies: ['SAR'], manualCapture: true, refund: { to: 'card', days: [2, 5] }, sandbox: { kind: 'card' } },
  meeza: { currencies: ['EGP'], manualCapture: true, refund: { to: 'card', days: [3, 7] }, sandbox: { kind: 'card' } },
  visa: {
    currencies: ['SAR', 'AED', 'EGP'],
    manualCapture: true,
    refund: { to: 'card', days: [5, 10] },
    sandbox: { kind: 'card' },
  },
  mastercard: {
    currencies: ['SAR', 'AED', 'EGP'],
    manualCapture: true,
    refund: { to: 'card', days: [5, 10] },
    sandbox: { kind: 'card' },
  },
  applePay: {
    currencies: ['SAR', 'AED', 'EGP'],
    manualCapture: true,
    refund: { to: 'cardBehind' },
    sandbox: { kind: 'sheet', failureCode: 'do_not_honor' },
  },
  googlePay: {
    currencies: ['SAR', 'AED', 'EGP'],
    manualCapture: true,
    refund: { to: 'cardBehind' },
    sandbox: { kind: 'sheet', failureCode: 'do_not_honor' },
  },
  stcPay: {
    currencies: ['SAR'],
    manualCapture: false,
    refund: { to: 'wallet' },
    sandbox: {
      kind: 'account',
      accounts: { sa: { approve: '+966500000001', decline: '+966500000002' } },
      code: '1234',
      failureCode: 'insufficient_funds',
    },
  },
  wallets: {
    currencies: ['EGP'],
    manualCapture: false,
    refund: { to: 'wallet' },
    sandbox: {
      kind: 'account',
      accounts: { eg: { approve: '+201000000001', decline: '+201000000002' } },
      code: '1234',
      failureCode: 'insufficient_funds',
    },
  },
  instapay: {
    currencies: ['EGP'],
    manualCapture: false,
    refund: { to: 'bankAccount', days: [1, 3] },
    sandbox: {
      kind: 'account',
      accounts: { eg: { approve: '+201000000011', decline: '+201000000012' } },
      code: '5678',
      failureCode: 'do_not_honor',
    },
  },
  fawry: {
    currencies: ['EGP'],
    manualCapture: false,
    refund: { to: 'walletOrBank', days: [3, 7] },
    sandbox: { kind: 'reference', failureCode: 'reference_expired' },
  },
  tabby: {
    currencies: ['SAR', 'AED'],
    manualCapture: false,
    refund: { to: 'instalments', days: [5, 10] },
    sandbox: {
      kind: 'account',
      accounts: {
        sa: { approve: '+966500000001', decline: '+966500000002' },
        ae: { approve: '+971500000001', decline: '+971500000002' },
      },
      code: '8888',
      failureCode: 'instalments_declined',
    },
  },
  tamara: {
    currencies: ['SAR', 'AED'],
    manualCapture: false,
    refund: { to: 'instalments', days: [5, 10] },
    sandbox: {
      kind: 'account',
      accounts: {
        sa: { approve: '+966500000011', decline: '+966500000012' },
        ae: { approve: '+971500000011', decline: '+971500000012' },
      },
      code: '5555',
      failureCode: 'instalments_declined',
    },
  },
}

/** Every method, in the order the markets first show them (mada, Visa, Mastercard, …). */
export const allMethods: readonly Brand[] = [...new Set(markets.flatMap(methodsOf))]

/** A market's business days, first to last ("Sunday to Thursday"): the five days after its weekend. */
export function businessWeek(weekend: readonly Weekday[]): { first: Weekday; last: Weekday } {
  return { first: ((weekend.at(-1)! + 1) % 7) as Weekday, last: ((weekend[0]! + 6) % 7) as Weekday }
}

/**
 * Facts a merchant acts on, said in one place. Messages take them as ICU arguments (locales/facts.ts
 * fills them in when a page's messages are picked; docs/content.md "Facts"), and guides as `{{name}}`
 * placeholders (build/guideFacts.ts), so the home page, services, pricing, the FAQ and the guides
 * cannot disagree. The settlement times are the fee rows' `settlementDays`.
 */
export const facts = {
  /** Business days from complete documents to a decision on business verification. */
  verificationDays: 2,
  /** Business days within which sales answers a lead. */
  salesReplyDays: 1,
  /** Business hours within which support answers. */
  supportReplyHours: 4,
  /** Minutes within which the urgent line answers, every day. */
  urgentReplyMinutes: 30,
  /** Business days of notice before planned maintenance. */
  maintenanceNoticeDays: 5,
  /**
   * Personal data (the privacy notice, /privacy; docs/privacy.md). Days a lead (what a contact form
   * sent) is kept after it arrives: the API deletes it then (a sweep on SQLite, DynamoDB's TTL), and
   * LEAD_RETENTION_DAYS may shorten it, never lengthen it (api/server/config.ts).
   */
  leadRetentionDays: 365,
  /** Days a checkout session (the order and its payment's status and reference) is kept: SESSION_RETENTION_DAYS may shorten it. */
  sessionRetentionDays: 90,
  /** Days a form's draft and the cart stay in the visitor's browser untouched before they are dropped. */
  browserKeepDays: 7,
  /** Days within which the privacy team answers a request about personal data (access, correction, erasure, objection). */
  privacyReplyDays: 30,
  /** Days the API's database keeps its point-in-time backups (infra/constructs/table.ts sets the table's recovery period from it). */
  backupDays: 35,
  /**
   * Where this website's own data lives (what its forms and checkout send, docs/privacy.md): the
   * AWS region of the API and its table (infra/settings.ts's default). Not where merchants' payment
   * data is processed: that stays in data centres in the markets. The home page and the privacy
   * notice name it through `{siteDataRegion, select, me_south_1 {…}}` (locales/facts.ts), so a
   * move is a change here and a branch per message (tests/unit/facts.test.ts).
   */
  siteDataRegion: 'me-south-1',
} as const

/**
 * The approval-rate alert's rule, said once: an alert when the approval rate
 * of the last hour falls more than `dropPoints` percentage points below its average over the last
 * `averageDays` days. The status page's alert card and its chart's summary take them as the
 * arguments `approvalAlertPoints` and `approvalAlertDays` (locales/facts.ts), and the sample chart's
 * alert day is the one day that breaks it (tests/unit/facts.test.ts). Not in `facts`: those are
 * what the privacy notice may state, and each change of them is a new consent version.
 */
export const approvalAlert = { dropPoints: 3, averageDays: 7 } as const

/** The privacy notice's settings that are not facts (the numbers and the data's region are in `facts`). */
export const privacy = {
  /** Where the privacy team answers requests (access, correction, erasure, objection). */
  email: 'privacy@rasid.example',
  /** The AWS region the API and its data live in, as the notice shows its code: `facts.siteDataRegion`. */
  region: facts.siteDataRegion,
  /** The date the notice was last changed (ISO 8601): its `<time>`; message `privacy.updated` says it in words. */
  updated: '2026-11-28',
} as const

/** What each plan includes, in its card's order: message `pricing.feature.<id>` says each. */
export const planFeatures = {
  starter: ['standardRates', 'everyProduct', 'standardRisk', 'emailSupport'],
  growth: ['growthDiscount', 'everyProduct', 'customRisk', 'prioritySupport'],
  enterprise: ['volumeRates', 'entities', 'schedule', 'accountManager'],
} as const

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
