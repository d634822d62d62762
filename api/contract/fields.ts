// The contact forms' fields, their options and limits, and the message ids of their errors: the
// part of the contract that holds no schema, so that an island can draw its form from it without
// valibot (pages/contact-us/ContactForms.island.tsx loads the schemas only when a visitor starts on
// a form). ./schemas.ts builds the schemas from it and re-exports it.

/** The markets a lead can name (`site.config.ts` markets, plus `other`; tests/unit/contract.test.ts checks). */
export const contactMarkets = ['sa', 'ae', 'eg', 'other'] as const
/** Monthly card volume bands, in US dollars' worth. @public */
export const volumeBands = ['under-50k', '50k-250k', '250k-1m', '1m-5m', 'over-5m'] as const
/** The payment methods a lead may ask about (the fee schemes of `site.config.ts`). */
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
