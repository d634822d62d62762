// The endpoint table of the API: every path under /api/v1 with its request and response
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

/** What a page of the sandbox answers: an HTML document, a redirect (303 See Other), a font of the page, or a problem. */
type PageAnswer = 'html' | 'redirect' | 'font' | typeof Problem

export type PageRoute = {
  method: 'GET' | 'POST'
  /** Under `apiBase`; `{id}` is the checkout session's id, `{file}` a font file's name. */
  path: string
  summary: string
  responses: Record<number, { answer: PageAnswer; description: string }>
}

const unknownLink = {
  answer: 'html',
  description:
    'No such payment link (mistyped, or not one we made): a page in the buyer’s language (`?lang`, else Accept-Language) with a way back to the checkout',
} as const
const closed = {
  answer: 'html',
  description: 'The session is no longer payable (paid, cancelled, expired): a page saying so, with the way back',
} as const
const crossSite = { answer: Problem, description: 'A form posted from another site' } as const
const tooLarge = { answer: Problem, description: 'Body over the limit' } as const

/**
 * The sandbox's hosted payment page (docs/checkout.md): HTML for a browser, not JSON. Listed in the
 * OpenAPI document beside the endpoints; the server's routes are these patterns.
 */
export const pages = [
  {
    method: 'GET',
    path: '/sandbox/pay/{id}',
    summary: 'The hosted payment page of a checkout session (sandbox)',
    responses: { 200: { answer: 'html', description: 'The payment form' }, 404: unknownLink, 409: closed },
  },
  {
    method: 'POST',
    path: '/sandbox/pay/{id}',
    summary: 'Pays with a test card: the bank step, or back to the site’s checkout',
    responses: {
      200: { answer: 'html', description: 'The bank’s 3-D Secure step' },
      303: { answer: 'redirect', description: 'Paid or declined: back to the site’s checkout (Location)' },
      400: { answer: 'html', description: 'The form again, with every field error at once' },
      403: crossSite,
      404: unknownLink,
      409: closed,
      413: tooLarge,
    },
  },
  {
    method: 'POST',
    path: '/sandbox/pay/{id}/challenge',
    summary: 'The bank step’s answer (sandbox 3-D Secure)',
    responses: {
      303: { answer: 'redirect', description: 'Authenticated or not: back to the site’s checkout (Location)' },
      400: { answer: Problem, description: 'A token this server did not make' },
      403: crossSite,
      404: unknownLink,
      409: { answer: 'html', description: 'Too late for the bank step, or the session is closed: a page saying so' },
      413: tooLarge,
    },
  },
  {
    method: 'POST',
    path: '/sandbox/pay/{id}/method',
    summary: 'A method’s first step (not a card): the wallet sheet’s answer, a mobile number, or a reference asked for',
    responses: {
      200: { answer: 'html', description: 'The one-time code step, or the reference to pay at an outlet' },
      303: {
        answer: 'redirect',
        description: 'The wallet sheet approved or declined: back to the site’s checkout (Location)',
      },
      400: {
        answer: 'html',
        description: 'The form again: the mobile number refused (not one of the guide’s test numbers)',
      },
      403: crossSite,
      404: unknownLink,
      409: closed,
      413: tooLarge,
      422: {
        answer: Problem,
        description: 'A method the order’s market does not sell, or an answer the page does not offer',
      },
    },
  },
  {
    method: 'POST',
    path: '/sandbox/pay/{id}/confirm',
    summary: 'A method’s last step: the one-time code, or what became of the reference',
    responses: {
      303: { answer: 'redirect', description: 'Paid or declined: back to the site’s checkout (Location)' },
      400: { answer: 'html', description: 'The code step again: the one-time code refused' },
      403: crossSite,
      404: unknownLink,
      409: { answer: 'html', description: 'Too late for the step, or the session is closed: a page saying so' },
      413: tooLarge,
      422: {
        answer: Problem,
        description: 'A step token this server did not make for this session, or an answer the page does not offer',
      },
    },
  },
  {
    method: 'POST',
    path: '/sandbox/pay/{id}/cancel',
    summary: 'The buyer cancels: back to the site’s checkout',
    responses: {
      303: { answer: 'redirect', description: 'Back to the site’s checkout (Location)' },
      403: crossSite,
      404: unknownLink,
    },
  },
  {
    method: 'GET',
    path: '/sandbox/fonts/{file}',
    summary: 'A face of the hosted payment page: the site’s own (IBM Plex Sans Arabic, Inter), for its script',
    responses: {
      200: { answer: 'font', description: 'The WOFF2 file, cached for a day' },
      404: { answer: Problem, description: 'Not one of the page’s faces' },
    },
  },
] as const satisfies readonly PageRoute[]
