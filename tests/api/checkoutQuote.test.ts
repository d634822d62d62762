// Checkout's quotes over HTTP on loopback (docs/api.md, "Checkout"), on each store: a cart priced
// with the server's catalogue, discount codes, and the carts and bodies it refuses.
import { describe, expect, test } from 'vitest'
import { monthsPerYear, priceCart, type Quote } from '../../api/contract/cart'
import type { Problem } from '../../api/contract/schemas'
import { catalogue } from '../../api/contract/catalogue'
import { growth, quotePath, sessionsPath, storeKinds, serveOn } from './checkoutFixtures'
import { call, type TestApi } from './helpers'

/** The server's clock: the test's. */
const clock = () => Date.now()

describe.each(storeKinds)('checkout with the %s store', (kind) => {
  let api: TestApi
  serveOn(kind, clock, (started) => {
    api = started
  })

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
})
