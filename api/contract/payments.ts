// The payment provider's event: what the hosted payment page's provider (the reference
// server's sandbox, or a real one through an adapter) POSTs to /api/v1/webhooks/payments once a
// payment ends, signed with `Rasid-Signature` (docs/api.md, "Payment webhook"). Pure: valibot only.
import {
  type InferOutput,
  integer,
  literal,
  minValue,
  number,
  object,
  optional,
  picklist,
  pipe,
  regex,
  string,
} from 'valibot'

const paymentEventTypes = ['payment.paid', 'payment.failed', 'payment.cancelled'] as const
export type PaymentEventType = (typeof paymentEventTypes)[number]

/** The payment methods, as ./markets.ts names them (`Brand`; tests/unit/contract.test.ts keeps the two alike). */
export const paymentMethods = [
  'mada',
  'meeza',
  'visa',
  'mastercard',
  'applePay',
  'googlePay',
  'stcPay',
  'wallets',
  'instapay',
  'fawry',
  'tabby',
  'tamara',
] as const

export const PaymentEvent = /* @__PURE__ */ (() =>
  object({
    /** Unique per event: a delivery repeated with the same id changes nothing. */
    id: pipe(string(), regex(/^evt_[A-Za-z0-9_-]{8,64}$/)),
    type: picklist(paymentEventTypes),
    sessionId: pipe(string(), regex(/^cs_[A-Za-z0-9_-]{8,64}$/)),
    /** Must equal the stored order's total and currency, or the event is refused. */
    amountMinor: pipe(number(), integer(), minValue(0)),
    currency: pipe(string(), regex(/^[A-Z]{3}$/)),
    /** The payment's reference, for `payment.paid`. */
    reference: optional(pipe(string(), regex(/^[A-Za-z0-9_-]{1,64}$/))),
    /** The decline code of the test cards guide (cards and the other methods' test flows), for `payment.failed`. */
    failureCode: optional(pipe(string(), regex(/^[a-z_]{1,64}$/))),
    /** How the buyer paid (or tried to), for `payment.paid` and `payment.failed`. */
    method: optional(picklist(paymentMethods)),
    /** Unix seconds when the provider made the event. */
    created: pipe(number(), integer(), minValue(0)),
  }))()
export type PaymentEvent = InferOutput<typeof PaymentEvent>

/** 200 to an event: `duplicate` when its id was seen before (nothing changed then). */
export const PaymentEventReceived = /* @__PURE__ */ (() =>
  object({ received: literal(true), duplicate: optional(literal(true)) }))()
export type PaymentEventReceived = InferOutput<typeof PaymentEventReceived>
