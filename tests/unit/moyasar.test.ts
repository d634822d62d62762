// The Moyasar adapter (api/server/checkout/moyasar.ts) against Moyasar's documented shapes: the
// invoice request (docs.moyasar.com, "Creating invoices": amount in the smallest unit, currency,
// description, success_url, back_url, expired_at, metadata; Basic auth with the secret key), its
// answer (the "List invoices" example's invoice and its `url`), and a webhook delivery carrying the
// dashboard's `secret_token` around a payment object (the "Update payment" example's fields).
// No network: `fetch` is a fake, and the app is called in-process.
import { describe, expect, test } from 'vitest'
import { createApp } from '../../api/server/app'
import { moyasarInvoice, moyasarProvider } from '../../api/server/checkout/moyasar'
import { defaultConfig } from '../../api/server/config'
import { memoryStore } from '../../api/server/store/memory'
import type { Locale } from '../../locales/locales'

const invoiceAnswer = {
  id: '73bda482-5f95-4f59-87d3-3fe3615c54bc',
  status: 'initiated',
  amount: 6091,
  currency: 'SAR',
  description: 'Order #123126',
  amount_format: '60.91 SAR',
  url: 'https://checkout.moyasar.com/invoices/73bda482-5f95-4f59-87d3-3fe3615c54bc?lang=en',
  callback_url: null,
  expired_at: null,
  created_at: '2023-08-23T11:21:15.690Z',
  updated_at: '2023-08-23T11:21:15.690Z',
  back_url: null,
  success_url: null,
  payment_id: null,
  paid_at: null,
  metadata: null,
}

/**
 * Moyasar's API: a new invoice answers `invoiceAnswer`; a payment's fetch answers what `payments`
 * holds for its id (the "Fetch payment" example's fields), or 404.
 */
function fakeFetch(payments: Record<string, object> = {}) {
  const requests: { url: string; init: RequestInit }[] = []
  const fetch = (async (url: string, init: RequestInit) => {
    requests.push({ url, init })
    const payment = /\/payments\/([^/]+)$/.exec(url)
    if (!payment) return Response.json(invoiceAnswer, { status: 201 })
    const found = payments[payment[1]!]
    return found ? Response.json(found) : Response.json({ type: 'invalid_request_error' }, { status: 404 })
  }) as unknown as typeof globalThis.fetch
  return { fetch, requests }
}

/** A payment as Moyasar's fetch answers it. */
const fetched = (sessionId: string, amount: number, status = 'paid') => ({
  id: '611c028e-855c-425c-a4eb-ce1e06680000',
  status,
  amount,
  fee: 0,
  currency: 'SAR',
  metadata: { session_id: sessionId },
  source: { type: 'creditcard', company: 'visa', message: null },
})

const options = { secretKey: 'sk_test_123', webhookToken: 'tok_dashboard_1', siteOrigin: 'https://www.rasid.example' }

const delivery = (sessionId: string, amount: number, extra: Record<string, unknown> = {}) => ({
  id: 'a2a5f9e4-7c1b-4f3e-9d5a-1c2b3d4e5f60',
  type: 'payment_paid',
  created_at: new Date().toISOString(),
  secret_token: 'tok_dashboard_1',
  account_name: 'Rasid',
  live: false,
  data: {
    id: '611c028e-855c-425c-a4eb-ce1e06680000',
    status: 'paid',
    amount,
    fee: 0,
    currency: 'SAR',
    description: 'Order #1000',
    invoice_id: 'd1ee74c2-a996-445e-8c3e-fa4581d94bee',
    metadata: { session_id: sessionId },
    source: { type: 'creditcard', company: 'visa', message: 'Succeeded! (Test Environment)' },
  },
  ...extra,
})

describe('Moyasar', () => {
  test('a payment page is an invoice: its request, and its url in the buyer’s language', async () => {
    const { fetch, requests } = fakeFetch()
    const provider = moyasarProvider({ ...options, fetch })
    const page = await provider.createPaymentPage({
      sessionId: 'cs_abcdefgh1234',
      amountMinor: 41090,
      currency: 'SAR',
      description: 'Rasid plan.growth',
      locale: 'ar',
      returnPath: '/ar/checkout?session_id=cs_abcdefgh1234',
      expiresAt: '2026-11-23T19:20:10.490Z',
    })
    expect(page.url).toBe('https://checkout.moyasar.com/invoices/73bda482-5f95-4f59-87d3-3fe3615c54bc?lang=ar')
    const [request] = requests
    expect(request?.url).toBe('https://api.moyasar.com/v1/invoices')
    expect(request?.init.method).toBe('POST')
    const headers = request?.init.headers as Record<string, string>
    expect(headers.Authorization).toBe(`Basic ${Buffer.from('sk_test_123:').toString('base64')}`)
    expect(JSON.parse(String(request?.init.body))).toEqual({
      amount: 41090,
      currency: 'SAR',
      description: 'Rasid plan.growth',
      success_url: 'https://www.rasid.example/ar/checkout?session_id=cs_abcdefgh1234',
      back_url: 'https://www.rasid.example/ar/checkout?session_id=cs_abcdefgh1234',
      expired_at: '2026-11-23T19:20:10.490Z',
      metadata: { session_id: 'cs_abcdefgh1234' },
    })
  })

  test('a locale Moyasar has no page in keeps the invoice’s own language, not a lang it lacks', async () => {
    const provider = moyasarProvider({ ...options, fetch: fakeFetch().fetch })
    const page = await provider.createPaymentPage({
      sessionId: 'cs_abcdefgh1234',
      amountMinor: 41090,
      currency: 'SAR',
      description: 'Rasid plan.growth',
      // A third row of locales/locales.ts, as tests/dist/moreLocales.test.ts adds one.
      locale: 'de' as Locale,
      returnPath: '/de/checkout?session_id=cs_abcdefgh1234',
      expiresAt: '2026-11-23T19:20:10.490Z',
    })
    // The invoice's url as Moyasar gave it.
    expect(page.url).toBe('https://checkout.moyasar.com/invoices/73bda482-5f95-4f59-87d3-3fe3615c54bc?lang=en')
  })

  test('the buyer is only ever sent back to the configured site', () => {
    const request = {
      sessionId: 'cs_x1234567',
      amountMinor: 1,
      currency: 'SAR',
      description: 'x',
      locale: 'en' as const,
      returnPath: '/checkout?session_id=cs_x1234567',
      expiresAt: '2026-01-01T00:00:00.000Z',
    }
    expect(moyasarInvoice(request, 'https://www.rasid.example').success_url).toBe(
      'https://www.rasid.example/checkout?session_id=cs_x1234567',
    )
    for (const returnPath of ['//evil.example/checkout', '/\\evil.example', 'https://evil.example/'])
      expect(() => moyasarInvoice({ ...request, returnPath }, 'https://www.rasid.example')).toThrow(/path on the site/)
  })

  test('a delivery with the dashboard’s token is the contract’s event; others are refused or ignored', () => {
    const provider = moyasarProvider(options)
    const verify = (body: unknown) => provider.verifyWebhook(JSON.stringify(body), () => undefined, 0)
    expect(verify(delivery('cs_abcdefgh1234', 4866))).toEqual({
      kind: 'ok',
      event: {
        // Per payment and outcome, as a reconciliation names the same payment (reconcile.ts).
        id: 'evt_paid_611c028e-855c-425c-a4eb-ce1e06680000',
        type: 'payment.paid',
        sessionId: 'cs_abcdefgh1234',
        amountMinor: 4866,
        currency: 'SAR',
        reference: '611c028e-855c-425c-a4eb-ce1e06680000',
        created: expect.any(Number),
      },
    })
    expect(verify({ ...delivery('cs_abcdefgh1234', 4866), secret_token: 'tok_other' })).toEqual({ kind: 'invalid' })
    expect(verify({ ...delivery('cs_abcdefgh1234', 4866), secret_token: undefined })).toEqual({ kind: 'invalid' })
    expect(provider.verifyWebhook('not json', () => undefined, 0)).toEqual({ kind: 'invalid' })
    expect(verify({ ...delivery('cs_abcdefgh1234', 4866), type: 'payment_refunded' })).toEqual({ kind: 'ignored' })
    const failed = verify({ ...delivery('cs_abcdefgh1234', 4866), type: 'payment_faild' })
    expect(failed).toMatchObject({ kind: 'ok', event: { type: 'payment.failed', failureCode: 'do_not_honor' } })
    const noSession = delivery('cs_abcdefgh1234', 4866)
    noSession.data.metadata = {} as { session_id: string }
    expect(verify(noSession)).toEqual({ kind: 'malformed' })
  })

  test('a paid event is confirmed by fetching the payment: its status, amount, currency and session', async () => {
    const id = '611c028e-855c-425c-a4eb-ce1e06680000'
    const event = {
      id: 'evt_1',
      type: 'payment.paid' as const,
      sessionId: 'cs_abcdefgh1234',
      amountMinor: 4866,
      currency: 'SAR',
      reference: id,
      created: 0,
    }
    const confirm = (payment?: object) => {
      const { fetch, requests } = fakeFetch(payment ? { [id]: payment } : {})
      return { result: moyasarProvider({ ...options, fetch }).confirmEvent!(event), requests }
    }
    const ok = confirm(fetched('cs_abcdefgh1234', 4866))
    expect(await ok.result).toBe(true)
    expect(ok.requests[0]!.url).toBe(`https://api.moyasar.com/v1/payments/${id}`)
    expect(new Headers(ok.requests[0]!.init.headers).get('authorization')).toBe(
      `Basic ${Buffer.from('sk_test_123:').toString('base64')}`,
    )
    expect(await confirm(fetched('cs_abcdefgh1234', 4866, 'failed')).result).toBe(false)
    expect(await confirm(fetched('cs_abcdefgh1234', 1)).result).toBe(false)
    expect(await confirm(fetched('cs_other123456', 4866)).result).toBe(false)
    expect(await confirm(undefined).result).toBe(false)
    const down = (async () => new Response('', { status: 502 })) as unknown as typeof fetch
    await expect(moyasarProvider({ ...options, fetch: down }).confirmEvent!(event)).rejects.toThrow(/502/)
  })

  test('behind the app: the session’s paymentUrl is Moyasar’s page, and its webhook pays the order', async () => {
    const payments: Record<string, object> = {}
    const { fetch } = fakeFetch(payments)
    const app = createApp({
      config: defaultConfig,
      store: memoryStore(),
      log: () => {},
      paymentProvider: moyasarProvider({ ...options, fetch }),
    })
    const json = { 'content-type': 'application/json' }
    const cart = { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] }
    const created = await app.request('/api/v1/checkout/sessions', {
      method: 'POST',
      headers: { ...json, 'idempotency-key': 'moyasar-test-1' },
      body: JSON.stringify({ cart, locale: 'en' }),
    })
    const session = (await created.json()) as { id: string; paymentUrl: string; quote: { totalMinor: number } }
    expect(session.paymentUrl).toMatch(/^https:\/\/checkout\.moyasar\.com\/invoices\/.*lang=en$/)
    const wrong = await app.request('/api/v1/webhooks/payments', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ ...delivery(session.id, session.quote.totalMinor), secret_token: 'nope' }),
    })
    expect(wrong.status).toBe(401)
    const mismatch = await app.request('/api/v1/webhooks/payments', {
      method: 'POST',
      headers: json,
      body: JSON.stringify(delivery(session.id, 1)),
    })
    expect(mismatch.status).toBe(400)
    // The token alone (leaked, say) pays nothing: Moyasar has no such payment yet.
    const unconfirmed = await app.request('/api/v1/webhooks/payments', {
      method: 'POST',
      headers: json,
      body: JSON.stringify(delivery(session.id, session.quote.totalMinor)),
    })
    expect(unconfirmed.status).toBe(400)
    expect((await (await app.request(`/api/v1/checkout/sessions/${session.id}`)).json()).status).toBe('open')
    payments['611c028e-855c-425c-a4eb-ce1e06680000'] = fetched(session.id, session.quote.totalMinor)
    const paid = await app.request('/api/v1/webhooks/payments', {
      method: 'POST',
      headers: json,
      body: JSON.stringify(delivery(session.id, session.quote.totalMinor)),
    })
    expect(paid.status).toBe(200)
    const read = await app.request(`/api/v1/checkout/sessions/${session.id}`)
    expect(await read.json()).toMatchObject({ status: 'paid', reference: '611c028e-855c-425c-a4eb-ce1e06680000' })
  })
})

describe('Moyasar: a failed or voided delivery is confirmed too', () => {
  const json = { 'content-type': 'application/json' }
  const failedId = '7e1d2c3b-4a59-4b68-9c7d-8e9f00000001'
  const voidedId = '7e1d2c3b-4a59-4b68-9c7d-8e9f00000002'
  /** A delivery of `type` about payment `id` of the session, with the dashboard's token. */
  const about = (type: string, id: string, sessionId: string, amount: number) => {
    const body = delivery(sessionId, amount, { type })
    return { ...body, data: { ...body.data, id, status: type === 'payment_voided' ? 'voided' : 'failed' } }
  }

  test('a leaked token alone marks no session failed or cancelled; Moyasar’s own record does', async () => {
    const payments: Record<string, object> = {}
    const { fetch, requests } = fakeFetch(payments)
    const app = createApp({
      config: defaultConfig,
      store: memoryStore(),
      log: () => {},
      paymentProvider: moyasarProvider({ ...options, fetch }),
    })
    const cart = { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] }
    const created = await app.request('/api/v1/checkout/sessions', {
      method: 'POST',
      headers: { ...json, 'idempotency-key': 'moyasar-i4-test-1' },
      body: JSON.stringify({ cart, locale: 'en' }),
    })
    const session = (await created.json()) as { id: string; quote: { totalMinor: number } }
    const total = session.quote.totalMinor
    const send = (body: object) =>
      app.request('/api/v1/webhooks/payments', { method: 'POST', headers: json, body: JSON.stringify(body) })
    const status = async () =>
      ((await (await app.request(`/api/v1/checkout/sessions/${session.id}`)).json()) as { status: string }).status

    // Moyasar has no such payment: the token (leaked, say) is not enough.
    expect((await send(about('payment_failed', failedId, session.id, total))).status).toBe(400)
    expect((await send(about('payment_voided', voidedId, session.id, total))).status).toBe(400)
    expect(await status()).toBe('open')
    expect(requests.map((r) => r.url)).toContain(`https://api.moyasar.com/v1/payments/${failedId}`)
    expect(requests.map((r) => r.url)).toContain(`https://api.moyasar.com/v1/payments/${voidedId}`)
    // Moyasar's record says otherwise (another status, another session, another amount): refused too.
    payments[failedId] = { ...fetched(session.id, total, 'paid'), id: failedId }
    expect((await send(about('payment_failed', failedId, session.id, total))).status).toBe(400)
    payments[failedId] = { ...fetched('cs_other123456', total, 'failed'), id: failedId }
    expect((await send(about('payment_failed', failedId, session.id, total))).status).toBe(400)
    payments[voidedId] = { ...fetched(session.id, total + 1, 'voided'), id: voidedId }
    expect((await send(about('payment_voided', voidedId, session.id, total))).status).toBe(400)
    expect(await status()).toBe('open')
    // Moyasar holds the failed attempt: the session is failed; then the voided one: cancelled.
    payments[failedId] = { ...fetched(session.id, total, 'failed'), id: failedId }
    expect((await send(about('payment_failed', failedId, session.id, total))).status).toBe(200)
    expect(await status()).toBe('failed')
    payments[voidedId] = { ...fetched(session.id, total, 'voided'), id: voidedId }
    expect((await send(about('payment_voided', voidedId, session.id, total))).status).toBe(200)
    expect(await status()).toBe('cancelled')
  })
})
