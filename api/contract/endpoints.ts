// The endpoint table of the API (issue 12): every path under /api/v1 with its request and response
// schemas. `npm run contract` turns it into api/contract/openapi.json; the server and the tests
// read the same table.
import type * as v from 'valibot'
import { Cart, CheckoutSession, CreateSession, Quote } from './cart'
import { PaymentEvent, PaymentEventReceived } from './payments'
import { ContactCreated, Health, Problem, SalesRequest, SupportRequest } from './schemas'

export const apiBase = '/api/v1'

type Schema = v.GenericSchema

export type Endpoint = {
  method: 'GET' | 'POST'
  /** Under `apiBase`; `{id}` is a path parameter. */
  path: string
  summary: string
  request?: Schema
  responses: Record<number, Schema>
  /** Writes need an `Idempotency-Key` header: the same key and body replay the first answer. */
  idempotent: boolean
}

const writeErrors = { 400: Problem, 409: Problem, 413: Problem, 415: Problem, 429: Problem, 500: Problem }

export const endpoints = [
  {
    method: 'GET',
    path: '/health',
    summary: 'Liveness and the store in use',
    responses: { 200: Health, 503: Health },
    idempotent: false,
  },
  {
    method: 'POST',
    path: '/contact/sales',
    summary: 'A sales enquiry from the contact page',
    request: SalesRequest,
    responses: { 201: ContactCreated, ...writeErrors },
    idempotent: true,
  },
  {
    method: 'POST',
    path: '/contact/support',
    summary: 'A support request from the contact page',
    request: SupportRequest,
    responses: { 201: ContactCreated, ...writeErrors },
    idempotent: true,
  },
  {
    method: 'POST',
    path: '/cart/quote',
    summary: 'The authoritative price of a cart: the server’s catalogue and discount codes',
    request: Cart,
    responses: { 200: Quote, 400: Problem, 413: Problem, 415: Problem, 429: Problem, 500: Problem },
    idempotent: false,
  },
  {
    method: 'POST',
    path: '/checkout/sessions',
    summary: 'Prices the cart again, stores the order and answers where the buyer pays',
    request: CreateSession,
    responses: { 201: CheckoutSession, ...writeErrors },
    idempotent: true,
  },
  {
    method: 'GET',
    path: '/checkout/sessions/{id}',
    summary: 'A checkout session: an open one past its expiry reads as expired',
    responses: { 200: CheckoutSession, 404: Problem, 500: Problem },
    idempotent: false,
  },
  {
    method: 'POST',
    path: '/webhooks/payments',
    summary: 'The payment provider’s signed event (Rasid-Signature); one change per event id',
    request: PaymentEvent,
    responses: {
      200: PaymentEventReceived,
      400: Problem,
      401: Problem,
      404: Problem,
      413: Problem,
      415: Problem,
      500: Problem,
    },
    idempotent: false,
  },
] as const satisfies readonly Endpoint[]
