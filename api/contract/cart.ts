// The cart and checkout part of the contract: what a cart is, how it is priced, and the
// checkout session the hosted payment page pays. The page prices a cart first with `priceCart` and
// the catalogue (./catalogue.ts); `POST /cart/quote` gives the authoritative figures (the
// server's catalogue and discount codes); `POST /checkout/sessions` prices again and stores the
// order. Money in integer minor units, rates in basis points. The products, the catalogue type and
// priceCart are in ./pricing.ts (no valibot: the islands draw a cart from it). Pure: valibot and the
// locale table (its languages are the site's, docs/behaviour.md §1) only.
import {
  array,
  type InferOutput,
  integer,
  isoTimestamp,
  maxLength,
  maxValue,
  minLength,
  minValue,
  number,
  object,
  optional,
  picklist,
  pipe,
  regex,
  strictObject,
  string,
} from 'valibot'

import { localeCodes } from '../../locales/locales'
import { billingPeriods, cartMarkets, maxQuantity, skus } from './pricing'

export {
  monthsPerYear,
  priceCart,
  type Sku,
} from './pricing'

const minor = /* @__PURE__ */ (() => pipe(number(), integer(), minValue(0)))()

/** One line of a cart. @public */
export const CartItem = /* @__PURE__ */ (() =>
  strictObject({
    sku: picklist(skus),
    quantity: pipe(number(), integer(), minValue(1), maxValue(maxQuantity)),
  }))()
export type CartItem = InferOutput<typeof CartItem>

export const Cart = /* @__PURE__ */ (() =>
  strictObject({
    market: picklist(cartMarkets),
    billing: picklist(billingPeriods),
    items: pipe(array(CartItem), minLength(1), maxLength(skus.length)),
    /** Checked by the server only: the page never knows which codes exist. */
    discountCode: optional(pipe(string(), regex(/^[A-Za-z0-9-]{3,32}$/))),
  }))()
export type Cart = InferOutput<typeof Cart>

/** One priced line of a quote. @public */
export const QuoteLine = /* @__PURE__ */ (() =>
  object({
    sku: picklist(skus),
    quantity: pipe(number(), integer(), minValue(1)),
    unitMinor: minor,
    amountMinor: minor,
  }))()

export const Quote = /* @__PURE__ */ (() =>
  object({
    market: picklist(cartMarkets),
    currency: pipe(string(), regex(/^[A-Z]{3}$/)),
    billing: picklist(billingPeriods),
    lines: array(QuoteLine),
    subtotalMinor: minor,
    discountMinor: minor,
    /** The code the cart named, and whether it took: `unknown` codes change nothing. */
    discount: optional(object({ code: string(), status: picklist(['applied', 'unknown']) })),
    vatBp: pipe(number(), integer(), minValue(0)),
    vatMinor: minor,
    totalMinor: minor,
  }))()
export type Quote = InferOutput<typeof Quote>

export const CreateSession = /* @__PURE__ */ (() =>
  strictObject({
    cart: Cart,
    /** The buyer's language (locales/locales.ts): the hosted page speaks it and returns to its `/checkout`. */
    locale: picklist(localeCodes),
  }))()
export type CreateSession = InferOutput<typeof CreateSession>

export const sessionStatuses = ['open', 'processing', 'paid', 'failed', 'cancelled', 'expired'] as const
export type SessionStatus = (typeof sessionStatuses)[number]

/** A checkout session's id (the server's `cs_` and 144 random bits, url-safe): what a path's `{id}` must be. */
export const sessionIdPattern = /^cs_[A-Za-z0-9_-]{8,64}$/

export const CheckoutSession = /* @__PURE__ */ (() =>
  object({
    id: pipe(string(), regex(sessionIdPattern)),
    status: picklist(sessionStatuses),
    quote: Quote,
    /** Where the buyer pays (the hosted payment page); absent once the session is closed. */
    paymentUrl: optional(string()),
    /** The payment's reference once paid. */
    reference: optional(string()),
    /** Why it failed: the decline code of the test cards guide (`insufficient_funds`, ...). */
    failureCode: optional(string()),
    createdAt: pipe(string(), isoTimestamp()),
    expiresAt: pipe(string(), isoTimestamp()),
  }))()
export type CheckoutSession = InferOutput<typeof CheckoutSession>
