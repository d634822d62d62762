// Attacks on the sandbox and the checkout (docs/api.md, "Checkout"),
// each over HTTP on loopback against the real server: a forged payment event and a test card in
// production, forged form posts from another site, a bank-page token made with the webhook's key,
// the return address of a page on another origin, and discount codes guessed by the thousand.
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Cart, CheckoutSession, Quote } from '../../api/contract/cart'
import type { PaymentEvent } from '../../api/contract/payments'
import { type MoyasarOptions, moyasarProvider } from '../../api/server/checkout/moyasar'
import type { PaymentProvider } from '../../api/server/checkout/provider'
import { checkoutDefaults, configFromEnv, sandboxWebhookSecret } from '../../api/server/config'
import { signature } from '../../api/server/signature'
import { memoryStore } from '../../api/server/store/memory'
import { call, startApi, type TestApi } from './helpers'

const sessionsPath = '/api/v1/checkout/sessions'
const growth: Cart = { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] }
const approved = { number: '4000 5500 1284 7360', expiry: '12/30', cvc: '123', name: 'Noura' }
const roomy = { limit: 10_000, windowMs: 60_000 }

async function post(api: { url: string }, path: string, fields: Record<string, string>, headers = {}) {
  const response = await fetch(`${api.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers,
    redirect: 'manual',
  })
  return { status: response.status, headers: response.headers, text: await response.text() }
}
const newSession = async (api: TestApi) =>
  (await call(api, sessionsPath, { body: { cart: growth, locale: 'en' } })).body as CheckoutSession
const statusOf = async (api: TestApi, id: string) =>
  ((await call(api, `${sessionsPath}/${id}`)).body as CheckoutSession).status

describe('production: no sandbox to abuse (review H1)', () => {
  let api: TestApi
  beforeAll(async () => {
    const config = configFromEnv({
      RASID_ENV: 'production',
      PAYMENT_PROVIDER: 'moyasar',
      MOYASAR_SECRET_KEY: 'sk_live_0123456789',
      MOYASAR_WEBHOOK_TOKEN: 'a-random-secret-of-at-least-32-bytes',
      SITE_ORIGIN: 'https://www.rasid.example',
    })
    // Moyasar's own webhook check; its invoice played here, so that nothing leaves loopback.
    const moyasar = moyasarProvider(config.checkout.provider as MoyasarOptions)
    const provider: PaymentProvider = {
      createPaymentPage: async () => ({ url: 'https://checkout.moyasar.com/invoices/inv_1' }),
      verifyWebhook: moyasar.verifyWebhook,
    }
    api = await startApi({
      store: memoryStore(),
      config: { ...config, rate: { perAddress: roomy, perEmail: roomy } },
      paymentProvider: provider,
    })
  })
  afterAll(() => api?.close())

  test('an event signed with the sandbox’s public key marks nothing paid', async () => {
    const session = await newSession(api)
    const event: PaymentEvent = {
      id: 'evt_forged0000001',
      type: 'payment.paid',
      sessionId: session.id,
      amountMinor: session.quote.totalMinor,
      currency: session.quote.currency,
      reference: 'pay_forged',
      created: Math.floor(Date.now() / 1000),
    }
    const body = JSON.stringify(event)
    const headers = { 'rasid-signature': signature(sandboxWebhookSecret, body, event.created) }
    const answer = await call(api, '/api/v1/webhooks/payments', { body, headers, key: null })
    expect(answer.status).toBe(401)
    expect(await statusOf(api, session.id)).toBe('open')
  })

  test('a test card has no page to pay on, and the sandbox’s code gives nothing off', async () => {
    const session = await newSession(api)
    expect((await post(api, `/api/v1/sandbox/pay/${session.id}`, approved)).status).toBe(404)
    expect(await statusOf(api, session.id)).toBe('open')
    const quote = await call(api, '/api/v1/cart/quote', { body: { ...growth, discountCode: 'WELCOME10' } })
    expect((quote.body as Quote).discount).toEqual({ code: 'WELCOME10', status: 'unknown' })
  })
})

describe('the sandbox page', () => {
  let api: TestApi
  beforeAll(async () => {
    api = await startApi({
      store: memoryStore(),
      config: {
        checkout: {
          ...checkoutDefaults,
          rate: roomy,
          codeGuesses: { limit: 3, windowMs: 60_000 },
          paymentPageOrigin: 'https://pay.rasid.example',
          siteOrigin: 'https://www.rasid.example',
        },
      },
    })
  })
  afterAll(() => api?.close())
  const payPath = (session: CheckoutSession) => `/api/v1/sandbox/pay/${session.id}`

  test('refuses a form another site posted, takes its own', async () => {
    const session = await newSession(api)
    const forged = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'https://pay.rasid.example' },
      { origin: 'https://evil.example' },
    ]
    for (const headers of forged) {
      for (const path of [payPath(session), `${payPath(session)}/cancel`]) {
        const answer = await post(api, path, approved, headers)
        expect(answer.status, JSON.stringify(headers)).toBe(403)
        // A page in the buyer's language with the way back, not JSON.
        expect(answer.headers.get('content-type')).toMatch(/^text\/html/)
        expect(answer.text).toContain('<html lang="en"')
        expect(answer.text).toContain(`href="${payPath(session)}?lang=en"`)
      }
    }
    expect(await statusOf(api, session.id)).toBe('open')
    const own = await post(api, payPath(session), approved, {
      'sec-fetch-site': 'same-origin',
      origin: 'https://pay.rasid.example',
    })
    expect(own.status).toBe(303)
    expect(await statusOf(api, session.id)).toBe('paid')
  })

  test('on its own origin it sends the buyer back to the site’s, not its own', async () => {
    const session = await newSession(api)
    const answer = await post(api, payPath(session), approved, { origin: 'https://pay.rasid.example' })
    expect(answer.headers.get('location')).toBe(`https://www.rasid.example/checkout?session_id=${session.id}`)
  })

  test('a bank-page token made with the webhook’s key is refused: the page has a key of its own', async () => {
    const session = await newSession(api)
    const expires = Date.now() + 60_000
    const mac = createHmac('sha256', sandboxWebhookSecret)
      .update(`challenge.${session.id}.pass.${expires}`)
      .digest('hex')
    const answer = await post(api, `${payPath(session)}/challenge`, {
      challenge: `pass.${expires}.${mac}`,
      code: '123456',
    })
    expect(answer.status).toBe(400)
    expect(await statusOf(api, session.id)).toBe('open')
  })

  test('unknown discount codes run out long before quotes do; known ones never count', async () => {
    const quote = (discountCode?: string) => call(api, '/api/v1/cart/quote', { body: { ...growth, discountCode } })
    for (const code of ['GUESS1', 'GUESS2', 'GUESS3']) expect((await quote(code)).status).toBe(200)
    const limited = await quote('GUESS4')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // A session can't be a way round it.
    expect(
      (await call(api, sessionsPath, { body: { cart: { ...growth, discountCode: 'GUESS5' }, locale: 'en' } })).status,
    ).toBe(429)
    expect(((await quote('welcome10')).body as Quote).discount?.status).toBe('applied')
    expect((await quote()).status).toBe(200)
  })
})
