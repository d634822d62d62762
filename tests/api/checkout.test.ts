// Checkout over HTTP on loopback (docs/api.md, "Checkout"): quotes, sessions, the sandbox hosted
// payment page with the test cards of the guide, and the signed payment webhook, on each store.
// The server's clock is the test's (`clock`), so expiry and stale signatures need no waiting.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Cart, type CheckoutSession, monthsPerYear, priceCart, type Quote } from '../../api/contract/cart'
import type { PaymentEvent } from '../../api/contract/payments'
import type { Problem } from '../../api/contract/schemas'
import { checkoutDefaults, configFromEnv, sandboxWebhookSecret } from '../../api/server/config'
import { signature } from '../../api/server/signature'
import { memoryStore } from '../../api/server/store/memory'
import { catalogue } from '../../site.config'
import { storeOfKind, type TestDynamo } from './dynalite'
import { call, newKey, startApi, type TestApi } from './helpers'
import type { Locale } from '../../locales/locales'

const quotePath = '/api/v1/cart/quote'
const sessionsPath = '/api/v1/checkout/sessions'
const webhookPath = '/api/v1/webhooks/payments'

const growth: Cart = {
  market: 'sa',
  billing: 'monthly',
  items: [
    { sku: 'plan.growth', quantity: 1 },
    { sku: 'addon.posTerminal', quantity: 2 },
  ],
}
const starter: Cart = { market: 'ae', billing: 'yearly', items: [{ sku: 'plan.starter', quantity: 1 }] }

const cards = {
  approved: '4000 5500 1284 7360',
  mada: '4464 0400 9153 1274',
  declined: '4000 5500 0000 5013',
  challenge: '4000 5500 9930 2180',
  alwaysFailsChallenge: '4464 0400 0000 9065',
  // A valid number (Luhn), but not a test card: a real card for all the sandbox knows.
  real: '4111 1111 1111 1111',
}
const goodCard = (number: string) => ({ number, expiry: '12/30', cvc: '123', name: 'Noura' })
const roomyCheckout = { ...checkoutDefaults, rate: { limit: 10_000, windowMs: 60_000 } }

let offset = 0
const clock = () => Date.now() + offset

async function form(api: { url: string }, path: string, fields: Record<string, string>) {
  const response = await fetch(`${api.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

async function page(api: { url: string }, path: string) {
  const response = await fetch(`${api.url}${path}`)
  return { status: response.status, headers: response.headers, text: await response.text() }
}

function signed(event: PaymentEvent, options: { secret?: string; t?: number; body?: string } = {}) {
  const body = options.body ?? JSON.stringify(event)
  const t = options.t ?? Math.floor(clock() / 1000)
  return { body, headers: { 'rasid-signature': signature(options.secret ?? sandboxWebhookSecret, body, t) } }
}

let events = 0
const eventId = () => `evt_test${Date.now()}x${++events}`

describe.each(['sqlite', 'memory', 'dynamodb'] as const)('checkout with the %s store', (kind) => {
  let api: TestApi
  let dynamo: TestDynamo | undefined
  beforeAll(async () => {
    const { store, dynamo: made } = await storeOfKind(kind)
    dynamo = made
    api = await startApi({ store, now: clock, config: { checkout: roomyCheckout } })
  })
  afterAll(async () => {
    await api?.close()
    await dynamo?.close()
  })

  const createSession = async (cart: Cart = growth, locale: Locale = 'en') => {
    const answer = await call(api, sessionsPath, { body: { cart, locale } })
    expect(answer.status, answer.text).toBe(201)
    return answer.body as CheckoutSession
  }
  const getSession = async (id: string) => {
    const answer = await call(api, `${sessionsPath}/${id}`)
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
    return call(api, webhookPath, { body, headers, key: null })
  }

  describe('POST /cart/quote', () => {
    test('prices a cart with the server’s catalogue', async () => {
      const answer = await call(api, quotePath, { body: growth, key: null })
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual(priceCart(growth, catalogue))
      const quote = answer.body as Quote
      // 299 + 2 × 49 SAR, VAT 15 % as its own line.
      expect(quote).toMatchObject({ currency: 'SAR', subtotalMinor: 39700, vatBp: 1500, vatMinor: 5955 })
      expect(quote.totalMinor).toBe(45655)
    })

    test('a year costs monthsPerYear months', async () => {
      const answer = await call(api, quotePath, { body: { ...growth, billing: 'yearly' } })
      expect((answer.body as Quote).subtotalMinor).toBe(39700 * monthsPerYear)
    })

    test('a known discount code applies, whatever its case; an unknown one changes nothing', async () => {
      const applied = await call(api, quotePath, { body: { ...growth, discountCode: 'welcome10' } })
      expect(applied.body).toMatchObject({
        discount: { code: 'welcome10', status: 'applied' },
        discountMinor: 3970,
        totalMinor: 41090,
      })
      const unknown = await call(api, quotePath, { body: { ...growth, discountCode: 'NOPE-123' } })
      expect(unknown.body).toMatchObject({ discount: { code: 'NOPE-123', status: 'unknown' }, discountMinor: 0 })
      expect((unknown.body as Quote).totalMinor).toBe(45655)
    })

    test('two plans are a 400 with a field error', async () => {
      const body = { ...growth, items: [...growth.items, { sku: 'plan.starter', quantity: 1 }] }
      const answer = await call(api, quotePath, { body })
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ code: 'invalid-request', fields: { items: 'checkout.error.twoPlans' } })
    })

    test('one sku in several lines is a 400, never priced past the maximum of 50', async () => {
      const terminals = { sku: 'addon.posTerminal', quantity: 50 }
      const body = { ...growth, items: [terminals, terminals, terminals] }
      const answer = await call(api, quotePath, { body })
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ code: 'invalid-request', fields: { items: 'checkout.error.duplicateItem' } })
      // Two small lines too: one line per sku, its quantity the count.
      const small = {
        ...growth,
        items: [
          { sku: 'plan.growth', quantity: 1 },
          { ...terminals, quantity: 1 },
          { ...terminals, quantity: 2 },
        ],
      }
      expect((await call(api, quotePath, { body: small })).body).toMatchObject({
        fields: { items: 'checkout.error.duplicateItem' },
      })
      const session = await call(api, sessionsPath, { body: { cart: body, locale: 'en' } })
      expect(session.body).toMatchObject({ status: 400, fields: { 'cart.items': 'checkout.error.duplicateItem' } })
    })

    test.each([
      ['an unknown market', { ...growth, market: 'us' }, { market: 'checkout.error.invalid' }],
      ['no items', { ...growth, items: [] }, { items: 'checkout.error.invalid' }],
      [
        'a quantity of 0',
        { ...growth, items: [{ sku: 'plan.growth', quantity: 0 }] },
        { items: 'checkout.error.invalid' },
      ],
      ['a missing field', { market: 'sa', items: growth.items }, { billing: 'checkout.error.required' }],
      ['an unknown field', { ...growth, price: 1 }, { price: 'checkout.error.unknownField' }],
      ['a bad code', { ...growth, discountCode: 'x' }, { discountCode: 'checkout.error.invalid' }],
    ])('%s is a 400 with the field', async (_, body, fields) => {
      const answer = await call(api, quotePath, { body })
      expect(answer.status).toBe(400)
      expect((answer.body as Problem).fields).toEqual(fields)
    })

    test('not JSON is a 415; broken JSON a 400', async () => {
      const text = await call(api, quotePath, {
        body: JSON.stringify(growth),
        headers: { 'content-type': 'text/plain' },
      })
      expect(text.status).toBe(415)
      const broken = await call(api, quotePath, { body: '{"market":' })
      expect((broken.body as Problem).code).toBe('malformed-json')
    })
  })

  describe('checkout sessions', () => {
    test('POST stores the order, open for 30 minutes, with the sandbox page to pay on', async () => {
      const session = await createSession({ ...growth, discountCode: 'WELCOME10' })
      expect(session).toMatchObject({ status: 'open', paymentUrl: `/api/v1/sandbox/pay/${session.id}` })
      expect(session.quote.totalMinor).toBe(41090)
      expect(Date.parse(session.expiresAt) - Date.parse(session.createdAt)).toBe(30 * 60 * 1000)
      expect(await getSession(session.id)).toEqual(session)
    })

    test('the same key and body replay the first answer; another body is a 409', async () => {
      const key = newKey()
      const body = { cart: growth, locale: 'ar' }
      const first = await call(api, sessionsPath, { body, key })
      const again = await call(api, sessionsPath, { body: { locale: 'ar', cart: growth }, key })
      expect(again.status).toBe(201)
      expect(again.text).toBe(first.text)
      expect(again.headers.get('idempotent-replayed')).toBe('true')
      const other = await call(api, sessionsPath, { body: { cart: starter, locale: 'ar' }, key })
      expect(other.status).toBe(409)
      expect((other.body as Problem).code).toBe('idempotency-key-reused')
    })

    test('without an Idempotency-Key, with two plans, or not JSON, it is refused', async () => {
      const missing = await call(api, sessionsPath, { body: { cart: growth, locale: 'en' }, key: null })
      expect((missing.body as Problem).code).toBe('idempotency-key-missing')
      const twoPlans = { ...growth, items: [{ sku: 'plan.starter', quantity: 1 }, ...growth.items] }
      const plans = await call(api, sessionsPath, { body: { cart: twoPlans, locale: 'en' } })
      expect(plans.body).toMatchObject({ status: 400, fields: { 'cart.items': 'checkout.error.twoPlans' } })
      const locale = await call(api, sessionsPath, { body: { cart: growth, locale: 'fr' } })
      expect((locale.body as Problem).fields).toEqual({ locale: 'checkout.error.invalid' })
      const text = await call(api, sessionsPath, { body: 'cart=1', headers: { 'content-type': 'text/plain' } })
      expect(text.status).toBe(415)
    })

    test('a cart with nothing to pay (Starter alone) is paid at once, with a reference and no page', async () => {
      const session = await createSession(starter)
      expect(session.quote.totalMinor).toBe(0)
      expect(session.status).toBe('paid')
      expect(session.reference).toMatch(/^free_/)
      expect(session.paymentUrl).toBeUndefined()
    })

    test('GET of an unknown session is a 404', async () => {
      for (const id of ['cs_doesnotexist00', 'not-an-id']) {
        const answer = await call(api, `${sessionsPath}/${id}`)
        expect(answer.status).toBe(404)
        expect((answer.body as Problem).code).toBe('not-found')
      }
    })

    test('an open session past its expiry reads as expired, and its page no longer takes payment', async () => {
      const session = await createSession()
      offset = 31 * 60 * 1000
      try {
        const expired = await getSession(session.id)
        expect(expired.status).toBe('expired')
        expect(expired.paymentUrl).toBeUndefined()
        const closed = await page(api, session.paymentUrl!)
        expect(closed.status).toBe(409)
        const pay = await form(api, session.paymentUrl!, goodCard(cards.approved))
        expect(pay.status).toBe(409)
        expect((await getSession(session.id)).status).toBe('expired')
      } finally {
        offset = 0
      }
    })

    test('a log line names the route, never the session id', async () => {
      const session = await createSession()
      await getSession(session.id)
      const lines = api.logs.filter((l) => String(l.path).includes('/checkout/sessions/'))
      expect(lines.at(-1)).toMatchObject({ path: '/api/v1/checkout/sessions/{id}', status: 200 })
      expect(JSON.stringify(api.logs)).not.toContain(session.id)
    })
  })

  describe('the sandbox hosted payment page', () => {
    test('shows the order in the buyer’s language, with a CSP and no script', async () => {
      const session = await createSession({ ...growth, discountCode: 'WELCOME10' }, 'ar')
      const ar = await page(api, session.paymentUrl!)
      expect(ar.status).toBe(200)
      expect(ar.headers.get('content-type')).toMatch(/^text\/html/)
      expect(ar.text).toContain('<html lang="ar" dir="rtl">')
      // The riyal's own sign where Intl puts ر.س., named for a screen reader.
      const sign = (name: string) => `<span role="img" aria-label="${name}">\u20C1</span>`
      expect(ar.text).toContain(`410.90\u00A0${sign('ريال سعودي')}`)
      expect(ar.text).not.toContain('ر.س.')
      expect(ar.text).toContain('ضريبة القيمة المضافة')
      // The Saudi market's methods, named as the site names them, mada first.
      const chooser = [...ar.text.matchAll(/<li><a href="[^"]*"(?: aria-current="page")?>([^<]+)<\/a><\/li>/g)].map(
        (m) => m[1],
      )
      expect(chooser).toEqual(['بطاقة: مدى أو Visa أو Mastercard', 'Apple Pay', 'STC Pay', 'تابي', 'تمارا'])
      expect(ar.text).not.toMatch(/[\u0660-\u0669]/)
      const csp = ar.headers.get('content-security-policy') ?? ''
      expect(csp).toMatch(/default-src 'none'/)
      expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/)
      expect(ar.text).not.toContain('<script')
      const en = await page(api, `${session.paymentUrl}?lang=en`)
      expect(en.text).toContain('<html lang="en" dir="ltr">')
      expect(en.text).toContain(`${sign('Saudi riyals')}\u00A0410.90`)
      expect(en.text).not.toMatch(/SAR\s?\d/)
      expect(en.text).toContain('Growth plan')
    })

    test('an approved card pays: 303 to /checkout?session_id, then the session is paid with a reference', async () => {
      const session = await createSession()
      const pay = await form(api, session.paymentUrl!, goodCard(cards.approved))
      expect(pay.status).toBe(303)
      expect(pay.headers.get('location')).toBe(`/checkout?session_id=${session.id}`)
      const paid = await getSession(session.id)
      expect(paid.status).toBe('paid')
      expect(paid.reference).toMatch(/^pay_/)
      expect(paid.paymentUrl).toBeUndefined()
    })

    test('an Arabic buyer returns to /ar/checkout; a mada card pays', async () => {
      const session = await createSession(growth, 'ar')
      const pay = await form(api, session.paymentUrl!, goodCard(cards.mada))
      expect(pay.headers.get('location')).toBe(`/ar/checkout?session_id=${session.id}`)
      expect((await getSession(session.id)).status).toBe('paid')
    })

    test('a declined card fails with its code; a new attempt on the same page can still pay', async () => {
      const session = await createSession()
      const pay = await form(api, session.paymentUrl!, goodCard(cards.declined))
      expect(pay.status).toBe(303)
      const failed = await getSession(session.id)
      expect(failed).toMatchObject({ status: 'failed', failureCode: 'do_not_honor', paymentUrl: session.paymentUrl })
      // The decline in words (tests/api/sandboxPage.test.ts has each code, in each language).
      const again = await page(api, session.paymentUrl!)
      expect(again.text).toContain('your bank declined it')
      expect(again.text).not.toContain('do_not_honor')
      await form(api, session.paymentUrl!, goodCard(cards.approved))
      expect((await getSession(session.id)).status).toBe('paid')
    })

    test('a card that is not a test card is refused, and its number is never stored or logged', async () => {
      const session = await createSession()
      const real = await form(api, session.paymentUrl!, goodCard(cards.real))
      expect(real.status).toBe(400)
      expect(real.text).toContain('only the test cards')
      expect(real.headers.get('content-security-policy')).toMatch(/style-src 'sha256-/)
      const notLuhn = await form(api, session.paymentUrl!, goodCard('4000 5500 1284 7361'))
      expect(notLuhn.text).toContain('not a valid card number')
      const digits = cards.real.replace(/ /g, '')
      expect(real.text).not.toContain(digits)
      // Random ids may hold any four digits, so look for the number itself, whole or in groups of four.
      const card = new RegExp(`${digits}|${cards.real}|4111.?1111`)
      expect(JSON.stringify(api.logs)).not.toMatch(card)
      const stored = await api.store.getSession(session.id)
      expect(JSON.stringify(stored)).not.toMatch(card)
      expect(stored?.status).toBe('open')
    })

    test('an approved card with a past expiry or no CVC is refused on the page', async () => {
      const session = await createSession()
      const answer = await form(api, session.paymentUrl!, { ...goodCard(cards.approved), expiry: '01/20', cvc: '' })
      expect(answer.status).toBe(400)
      expect(answer.text).toContain('future expiry')
      expect(answer.text).toContain('CVC')
      expect((await getSession(session.id)).status).toBe('open')
    })

    const challenge = async (session: CheckoutSession, number: string, fields: Record<string, string>) => {
      const bank = await form(api, session.paymentUrl!, goodCard(number))
      expect(bank.status).toBe(200)
      expect(bank.text).toContain('3-D Secure')
      const token = /name="challenge" value="([^"]+)"/.exec(bank.text)?.[1]
      expect(token).toBeDefined()
      return form(api, `/api/v1/sandbox/pay/${session.id}/challenge`, { challenge: token!, ...fields })
    }

    test('3-D Secure: 123456 passes the simulated bank page', async () => {
      const session = await createSession()
      const answer = await challenge(session, cards.challenge, { code: '123456', decision: 'confirm' })
      expect(answer.status).toBe(303)
      expect((await getSession(session.id)).status).toBe('paid')
    })

    test.each([
      ['another code', cards.challenge, { code: '000000', decision: 'confirm' }],
      ['Cancel', cards.challenge, { decision: 'cancel' }],
      ['the card whose challenge always fails', cards.alwaysFailsChallenge, { code: '123456', decision: 'confirm' }],
    ])('3-D Secure: %s fails with authentication_failed', async (_, number, fields) => {
      const session = await createSession()
      const answer = await challenge(session, number, fields)
      expect(answer.status).toBe(303)
      expect(await getSession(session.id)).toMatchObject({ status: 'failed', failureCode: 'authentication_failed' })
    })

    test('a forged bank page token is refused', async () => {
      const session = await createSession()
      const answer = await form(api, `/api/v1/sandbox/pay/${session.id}/challenge`, {
        challenge: `pass.${clock() + 60_000}.${'0'.repeat(64)}`,
        code: '123456',
      })
      expect(answer.status).toBe(400)
      expect((await getSession(session.id)).status).toBe('open')
    })

    test('Cancel on the payment page cancels and returns to checkout', async () => {
      const session = await createSession(growth, 'ar')
      const answer = await form(api, `/api/v1/sandbox/pay/${session.id}/cancel`, {})
      expect(answer.status).toBe(303)
      expect(answer.headers.get('location')).toBe(`/ar/checkout?session_id=${session.id}`)
      expect((await getSession(session.id)).status).toBe('cancelled')
      expect((await page(api, session.paymentUrl!)).status).toBe(409)
    })
  })

  describe('POST /webhooks/payments', () => {
    test('a signed event pays the order', async () => {
      const session = await createSession()
      const answer = await sendEvent(paidEvent(session))
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ received: true })
      expect(await getSession(session.id)).toMatchObject({ status: 'paid', reference: 'pay_webhooktest1' })
    })

    test('a missing, tampered or wrongly keyed signature is a 401 and changes nothing', async () => {
      const session = await createSession()
      const event = paidEvent(session)
      const none = await call(api, webhookPath, { body: event, key: null })
      expect(none.status).toBe(401)
      const { headers } = signed(event)
      const tampered = await call(api, webhookPath, {
        body: JSON.stringify({ ...event, reference: 'pay_someoneelse' }),
        headers,
        key: null,
      })
      expect(tampered.status).toBe(401)
      expect((tampered.body as Problem).code).toBe('signature-invalid')
      expect((await sendEvent(event, { secret: 'whsec_other' })).status).toBe(401)
      expect((await getSession(session.id)).status).toBe('open')
    })

    test('a signature more than 5 minutes old is refused as a replay', async () => {
      const session = await createSession()
      const answer = await sendEvent(paidEvent(session), { t: Math.floor(clock() / 1000) - 6 * 60 })
      expect(answer.status).toBe(400)
      expect((answer.body as Problem).code).toBe('signature-expired')
      expect((await getSession(session.id)).status).toBe('open')
    })

    test('the same event twice changes the order once: the second is a 200 duplicate', async () => {
      const session = await createSession()
      const event = paidEvent(session)
      expect((await sendEvent(event)).body).toEqual({ received: true })
      const again = await sendEvent(event)
      expect(again.status).toBe(200)
      expect(again.body).toEqual({ received: true, duplicate: true })
      // A repeated failed event would otherwise undo nothing either; the id alone decides.
      const replayedDecline = await sendEvent({ ...event, type: 'payment.failed', failureCode: 'do_not_honor' })
      expect(replayedDecline.body).toEqual({ received: true, duplicate: true })
      expect((await getSession(session.id)).status).toBe('paid')
    })

    test('an amount or currency that is not the order’s is refused, the order unchanged', async () => {
      const session = await createSession()
      const low = await sendEvent(paidEvent(session, { amountMinor: 1 }))
      expect(low.status).toBe(400)
      expect((low.body as Problem).code).toBe('payment-mismatch')
      const currency = await sendEvent(paidEvent(session, { currency: 'USD' }))
      expect((currency.body as Problem).code).toBe('payment-mismatch')
      expect((await getSession(session.id)).status).toBe('open')
    })

    test('out of order: a later decline never overwrites paid; a failed order can still be paid', async () => {
      const session = await createSession()
      await sendEvent(paidEvent(session))
      const late = await sendEvent(paidEvent(session, { type: 'payment.failed', failureCode: 'insufficient_funds' }))
      expect(late.status).toBe(200)
      const cancelled = await sendEvent(paidEvent(session, { type: 'payment.cancelled' }))
      expect(cancelled.status).toBe(200)
      expect(await getSession(session.id)).toMatchObject({ status: 'paid', reference: 'pay_webhooktest1' })

      const retried = await createSession()
      await sendEvent(paidEvent(retried, { type: 'payment.failed', failureCode: 'insufficient_funds' }))
      expect(await getSession(retried.id)).toMatchObject({ status: 'failed', failureCode: 'insufficient_funds' })
      await sendEvent(paidEvent(retried, { reference: 'pay_secondtry1' }))
      const paid = await getSession(retried.id)
      expect(paid).toMatchObject({ status: 'paid', reference: 'pay_secondtry1' })
      expect(paid.failureCode).toBeUndefined()
    })

    test('an event for an unknown session is a 404; a malformed event a 400', async () => {
      const unknown = await sendEvent({
        id: eventId(),
        type: 'payment.paid',
        sessionId: 'cs_doesnotexist00',
        amountMinor: 100,
        currency: 'SAR',
        created: Math.floor(clock() / 1000),
      })
      expect(unknown.status).toBe(404)
      const { headers } = signed({} as PaymentEvent, { body: '{"id":"evt_x"}' })
      const malformed = await call(api, webhookPath, { body: '{"id":"evt_x"}', headers, key: null })
      expect(malformed.status).toBe(400)
      expect((malformed.body as Problem).code).toBe('invalid-request')
    })
  })
})

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
