// Checkout's settings over HTTP on loopback (docs/api.md, "Checkout"): the sandbox's webhook
// delay, PAYMENT_PAGE_ORIGIN with discount codes and a webhook secret of its own, the rate limit
// per address, and PAYMENT_PROVIDER=moyasar, which needs its settings and has no sandbox pages.
import { describe, expect, test } from 'vitest'
import type { CheckoutSession, Quote } from '../../api/contract/cart'
import type { PaymentEvent } from '../../api/contract/payments'
import { checkoutDefaults, configFromEnv, sandboxWebhookSecret } from '../../api/server/config'
import { signature } from '../../api/server/signature'
import { memoryStore } from '../../api/server/store/memory'
import {
  cards,
  eventId,
  form,
  goodCard,
  growth,
  quotePath,
  roomyCheckout,
  sessionsPath,
  webhookPath,
} from './checkoutFixtures'
import { call, startApi } from './helpers'

describe('checkout settings', () => {
  test('with SANDBOX_WEBHOOK_DELAY_MS the buyer is back before the event: processing, then paid', async () => {
    const api = await startApi({
      store: memoryStore(),
      config: { checkout: { ...roomyCheckout, sandboxWebhookDelayMs: 150 } },
    })
    try {
      const created = await call(api, sessionsPath, { body: { cart: growth, locale: 'en' } })
      const session = created.body as CheckoutSession
      const pay = await form(api, session.paymentUrl!, goodCard(cards.approved))
      expect(pay.status).toBe(303)
      expect(((await call(api, `${sessionsPath}/${session.id}`)).body as CheckoutSession).status).toBe('processing')
      await expect
        .poll(async () => ((await call(api, `${sessionsPath}/${session.id}`)).body as CheckoutSession).status, {
          timeout: 5000,
        })
        .toBe('paid')
    } finally {
      await api.close()
    }
  })

  test('PAYMENT_PAGE_ORIGIN makes paymentUrl absolute; other codes and a secret come from the settings', async () => {
    const secret = 'whsec_test_configured'
    const api = await startApi({
      store: memoryStore(),
      config: {
        checkout: {
          ...roomyCheckout,
          paymentPageOrigin: 'https://pay.example.com',
          discountCodes: { SPRING: 2500 },
          webhookSecret: secret,
        },
      },
    })
    try {
      const quote = await call(api, quotePath, { body: { ...growth, discountCode: 'spring' } })
      expect((quote.body as Quote).discountMinor).toBe(9925)
      const welcome = await call(api, quotePath, { body: { ...growth, discountCode: 'WELCOME10' } })
      expect((welcome.body as Quote).discount?.status).toBe('unknown')
      const session = (await call(api, sessionsPath, { body: { cart: growth, locale: 'en' } })).body as CheckoutSession
      expect(session.paymentUrl).toBe(`https://pay.example.com/api/v1/sandbox/pay/${session.id}`)
      const event: PaymentEvent = {
        id: eventId(),
        type: 'payment.paid',
        sessionId: session.id,
        amountMinor: session.quote.totalMinor,
        currency: session.quote.currency,
        created: Math.floor(Date.now() / 1000),
      }
      const body = JSON.stringify(event)
      const sandboxKey = { 'rasid-signature': signature(sandboxWebhookSecret, body, event.created) }
      expect((await call(api, webhookPath, { body, headers: sandboxKey, key: null })).status).toBe(401)
      const ownKey = { 'rasid-signature': signature(secret, body, event.created) }
      expect((await call(api, webhookPath, { body, headers: ownKey, key: null })).status).toBe(200)
      // The sandbox signs with the configured secret too, so its flow still works.
      const next = (await call(api, sessionsPath, { body: { cart: growth, locale: 'en' } })).body as CheckoutSession
      await form(api, `/api/v1/sandbox/pay/${next.id}`, goodCard(cards.approved))
      expect(((await call(api, `${sessionsPath}/${next.id}`)).body as CheckoutSession).status).toBe('paid')
    } finally {
      await api.close()
    }
  })

  test('quotes and new sessions are rate limited per address', async () => {
    const api = await startApi({
      store: memoryStore(),
      config: { checkout: { ...checkoutDefaults, rate: { limit: 2, windowMs: 60_000 } } },
    })
    try {
      expect((await call(api, quotePath, { body: growth })).status).toBe(200)
      expect((await call(api, sessionsPath, { body: { cart: growth, locale: 'en' } })).status).toBe(201)
      const limited = await call(api, quotePath, { body: growth })
      expect(limited.status).toBe(429)
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
      const session = await call(api, sessionsPath, { body: { cart: growth, locale: 'en' } })
      expect(session.status).toBe(429)
    } finally {
      await api.close()
    }
  })

  test('PAYMENT_PROVIDER=moyasar: its settings are required, and the sandbox pages do not exist', async () => {
    expect(configFromEnv({ PAYMENT_PROVIDER: 'sandbox' }).checkout.provider).toEqual({ kind: 'sandbox' })
    expect(() => configFromEnv({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/moyasar or sandbox/)
    expect(() => configFromEnv({ PAYMENT_PROVIDER: 'moyasar' })).toThrow(/MOYASAR_SECRET_KEY/)
    // A test key and a short token: on this machine only, said.
    const env = {
      RASID_ENV: 'local',
      PAYMENT_PROVIDER: 'moyasar',
      MOYASAR_SECRET_KEY: 'sk_test_123',
      MOYASAR_WEBHOOK_TOKEN: 'token',
      SITE_ORIGIN: 'https://www.rasid.example',
    }
    const provider = configFromEnv(env).checkout.provider
    expect(provider).toEqual({
      kind: 'moyasar',
      secretKey: 'sk_test_123',
      webhookToken: 'token',
      siteOrigin: 'https://www.rasid.example',
    })
    const api = await startApi({ store: memoryStore(), config: { checkout: { ...checkoutDefaults, provider } } })
    try {
      const page = await fetch(`${api.url}/api/v1/sandbox/pay/cs_abcdefgh12`)
      expect(page.status).toBe(404)
    } finally {
      await api.close()
    }
  })
})
