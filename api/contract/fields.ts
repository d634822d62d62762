// The contact forms' fields, their options and limits, and the message ids of their errors: the
// part of the contract that holds no schema, so that an island can draw its form from it without
// valibot (pages/contact-us/ContactForms.island.tsx loads the schemas only when a visitor starts on
// a form). ./schemas.ts builds the schemas from it and re-exports it.

/** The markets a lead can name (./markets.ts, plus `other`; tests/unit/contract.test.ts checks). */
export const contactMarkets = ['sa', 'ae', 'eg', 'other'] as const
/** An amount as a band's name writes it: 200000 -> `200k`, 1000000 -> `1m`, 2500000 -> `2500k`. */
const short = (n: number) => (n % 1e6 === 0 ? `${n / 1e6}m` : n % 1e3 === 0 ? `${n / 1e3}k` : String(n))

/**
 * The names of the sales form's monthly card volume bands in a currency, from the edges between
 * them (./markets.ts, a market's `volumeBands`): `sar-under-200k`, `sar-200k-1m`, …,
 * `sar-over-20m`. A name says its currency and amounts, so a lead reads the same whatever the
 * bands become later.
 */
export function volumeBandIds(currency: string, edges: readonly number[]): string[] {
  const c = currency.toLowerCase()
  return [
    `${c}-under-${short(edges[0]!)}`,
    ...edges.slice(1).map((edge, i) => `${c}-${short(edges[i]!)}-${short(edge)}`),
    `${c}-over-${short(edges.at(-1)!)}`,
  ]
}

/**
 * Every monthly card volume band the API takes: first the form's bands before they followed the
 * market (US dollars' worth, whatever the market), still taken so that a page or a draft
 * from before is not refused; then each currency's (`volumeBandIds` of ./markets.ts: the
 * markets' and another country's; tests/unit/contract.test.ts checks that each is here). A band
 * the form no longer offers stays in this list. @public
 */
export const volumeBands = [
  'under-50k',
  '50k-250k',
  '250k-1m',
  '1m-5m',
  'over-5m',
  'sar-under-200k',
  'sar-200k-1m',
  'sar-1m-5m',
  'sar-5m-20m',
  'sar-over-20m',
  'aed-under-200k',
  'aed-200k-1m',
  'aed-1m-5m',
  'aed-5m-20m',
  'aed-over-20m',
  'egp-under-2500k',
  'egp-2500k-10m',
  'egp-10m-50m',
  'egp-50m-250m',
  'egp-over-250m',
  'usd-under-50k',
  'usd-50k-250k',
  'usd-250k-1m',
  'usd-1m-5m',
  'usd-over-5m',
] as const
/** The payment methods a lead may ask about (the fee schemes of ./markets.ts). */
export const paymentMethods = [
  'mada',
  'meeza',
  'cards',
  'international',
  'applePay',
  'googlePay',
  'stcPay',
  'wallets',
  'instapay',
  'fawry',
  'tabby',
  'tamara',
] as const
/** @public */
export const supportTopics = ['payments', 'payouts', 'integration', 'account', 'disputes', 'other'] as const

/** The fields of both forms, in form order: each field's errors are `contact.error.<field>.<kind>`. @public */
export const contactFields = [
  'name',
  'email',
  'company',
  'phone',
  'market',
  'volume',
  'methods',
  'merchantId',
  'transactionId',
  'topic',
  'message',
  'consent',
  'consentVersion',
  'website',
] as const
export type ContactField = (typeof contactFields)[number]
/** required: missing or empty; invalid: wrong type or format; tooLong: over the limit. @public */
export const fieldErrorKinds = ['required', 'invalid', 'tooLong'] as const
export type FieldErrorKind = (typeof fieldErrorKinds)[number]

export const contactMessageIds = /* @__PURE__ */ (() =>
  [
    ...contactFields.flatMap((field) => fieldErrorKinds.map((kind) => `contact.error.${field}.${kind}` as const)),
    'contact.error.unknownField',
  ] as const)()
/** Every message id a field error can carry: the island types its messages with it. */
export type ContactMessageId = `contact.error.${ContactField}.${FieldErrorKind}` | 'contact.error.unknownField'

/**
 * The message ids of a cart's field errors (POST /cart/quote, POST /checkout/sessions): the key is
 * the field's path (`items`, `cart.items`, `locale`). `twoPlans`: a cart names at most one plan;
 * `duplicateItem`: a sku is in one line only, its quantity the count (at most `maxQuantity`).
 */
export const checkoutMessageIds = [
  'checkout.error.required',
  'checkout.error.invalid',
  'checkout.error.twoPlans',
  'checkout.error.duplicateItem',
  'checkout.error.unknownField',
] as const
export type CheckoutMessageId = (typeof checkoutMessageIds)[number]

/** The limits the forms and the server share (characters). @public */
export const limits = {
  name: 100,
  email: 254,
  company: 150,
  phone: 16,
  id: 40,
  message: 5000,
  website: 500,
} as const
