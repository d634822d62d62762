// What the checkout tests share (checkoutQuote, checkoutSessions, checkoutPaymentPage,
// checkoutWebhook and checkoutSettings .test.ts): the endpoints, two carts, the sandbox's test cards
// of the guide (docs/api.md, "Checkout"), forms posted and pages read as a browser does, payment
// events signed as the provider signs them, and the steps of a session on a running server.
import { afterAll, beforeAll, expect } from 'vitest'
import type { Cart, CheckoutSession } from '../../api/contract/cart'
import type { PaymentEvent } from '../../api/contract/payments'
import { checkoutDefaults, sandboxWebhookSecret } from '../../api/server/config'
import { signature } from '../../api/server/signature'
import type { Locale } from '../../locales/locales'
import { storeOfKind, type TestDynamo } from './dynalite'
import { call, startApi, type TestApi } from './helpers'

/** The stores checkout runs on, each in a describe block of its own. */
export const storeKinds = ['sqlite', 'memory', 'dynamodb'] as const

export const quotePath = '/api/v1/cart/quote'
export const sessionsPath = '/api/v1/checkout/sessions'
export const webhookPath = '/api/v1/webhooks/payments'

export const growth: Cart = {
  market: 'sa',
  billing: 'monthly',
  items: [
    { sku: 'plan.growth', quantity: 1 },
    { sku: 'addon.posTerminal', quantity: 2 },
  ],
}
export const starter: Cart = { market: 'ae', billing: 'yearly', items: [{ sku: 'plan.starter', quantity: 1 }] }

export const cards = {
  approved: '4000 5500 1284 7360',
  mada: '4464 0400 9153 1274',
  declined: '4000 5500 0000 5013',
  challenge: '4000 5500 9930 2180',
  alwaysFailsChallenge: '4464 0400 0000 9065',
  // A valid number (Luhn), but not a test card: a real card for all the sandbox knows.
  real: '4111 1111 1111 1111',
}
export const goodCard = (number: string) => ({ number, expiry: '12/30', cvc: '123', name: 'Noura' })
export const roomyCheckout = { ...checkoutDefaults, rate: { limit: 10_000, windowMs: 60_000 } }

/**
 * A server on the `kind` store for the describe block it is called in, on the test's `clock`, with
 * room in checkout's rate limit: started before its tests (handed to `started`), stopped after,
 * with its DynamoDB stand-in.
 */
export function serveOn(kind: (typeof storeKinds)[number], clock: () => number, started: (api: TestApi) => void) {
  let api: TestApi | undefined
  let dynamo: TestDynamo | undefined
  beforeAll(async () => {
    const made = await storeOfKind(kind)
    dynamo = made.dynamo
    api = await startApi({ store: made.store, now: clock, config: { checkout: roomyCheckout } })
    started(api)
  })
  afterAll(async () => {
    await api?.close()
    await dynamo?.close()
  })
}

export async function form(api: { url: string }, path: string, fields: Record<string, string>) {
  const response = await fetch(`${api.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

export async function page(api: { url: string }, path: string) {
  const response = await fetch(`${api.url}${path}`)
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** Signs a payment event as the provider does, at the time of `clock` unless given `t`. */
export function signer(clock: () => number) {
  return function signed(event: PaymentEvent, options: { secret?: string; t?: number; body?: string } = {}) {
    const body = options.body ?? JSON.stringify(event)
    const t = options.t ?? Math.floor(clock() / 1000)
    return { body, headers: { 'rasid-signature': signature(options.secret ?? sandboxWebhookSecret, body, t) } }
  }
}

let events = 0
export const eventId = () => `evt_test${Date.now()}x${++events}`

/** A session's steps on the server `api()` gives (started by the describe block), whose clock is `clock`. */
export function sessionSteps(api: () => TestApi, clock: () => number) {
  const signed = signer(clock)
  const createSession = async (cart: Cart = growth, locale: Locale = 'en') => {
    const answer = await call(api(), sessionsPath, { body: { cart, locale } })
    expect(answer.status, answer.text).toBe(201)
    return answer.body as CheckoutSession
  }
  const getSession = async (id: string) => {
    const answer = await call(api(), `${sessionsPath}/${id}`)
    expect(answer.status).toBe(200)
    return answer.body as CheckoutSession
  }
  const paidEvent = (session: CheckoutSession, extra: Partial<PaymentEvent> = {}): PaymentEvent => ({
    id: eventId(),
    type: 'payment.paid',
    sessionId: session.id,
    amountMinor: session.quote.totalMinor,
    currency: session.quote.currency,
    reference: 'pay_webhooktest1',
    created: Math.floor(clock() / 1000),
    ...extra,
  })
  const sendEvent = (event: PaymentEvent, options: Parameters<typeof signed>[1] = {}) => {
    const { body, headers } = signed(event, options)
    return call(api(), webhookPath, { body, headers, key: null })
  }
  return { createSession, getSession, paidEvent, sendEvent }
}
