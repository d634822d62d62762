// Checkout sessions over HTTP on loopback (docs/api.md, "Checkout"), on each store: created,
// replayed, refused, paid at once when free, not found, expired. The server's clock is the test's
// (`clock`), so expiry needs no waiting.
import { describe, expect, test } from 'vitest'
import type { Problem } from '../../api/contract/schemas'
import {
  cards,
  form,
  goodCard,
  growth,
  page,
  sessionSteps,
  sessionsPath,
  starter,
  serveOn,
  storeKinds,
} from './checkoutFixtures'
import { call, newKey, type TestApi } from './helpers'

/** The server's clock: the test's, moved on by `offset` to see a session expire. */
let offset = 0
const clock = () => Date.now() + offset

describe.each(storeKinds)('checkout with the %s store', (kind) => {
  let api: TestApi
  serveOn(kind, clock, (started) => {
    api = started
  })

  const { createSession, getSession } = sessionSteps(() => api, clock)

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
})
