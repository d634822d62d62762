// The cart in localStorage (pages/checkout/cart.ts), the header's count of it
// (renderer/client/cartLink.ts), and the prices both the page and the API give a cart
// (priceCart in api/contract/cart.ts, with the site configuration's catalogue).
import { describe, expect, test } from 'vitest'
import { type Cart, priceCart } from '../../api/contract/cart'
import { addRequestOf, addToCart, setQuantity, writeCart } from '../../pages/checkout/cart'
import { readCart } from '../../pages/checkout/cartCheck'
import { cartCount } from '../../renderer/client/cartLink'
import { draftMaxAgeMs } from '../../pages/contact-us/form'
import { cartMaxAgeMs, storageKeys } from '../../renderer/shared/dom'
import { catalogue } from '../../api/contract/catalogue'
import { facts } from '../../site.config'
import { memoryStorage } from './storage'

const growth: Cart = { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] }

describe('the stored cart', () => {
  test('round trip under the versioned key; an empty cart is removed', () => {
    const storage = memoryStorage()
    expect(writeCart(storage, growth)).toBe(true)
    expect(readCart(storage)).toEqual({ cart: growth })
    writeCart(storage, undefined)
    expect(storage.getItem(storageKeys.cart)).toBeNull()
    expect(readCart(storage)).toBeNull()
  })
  test.each([
    ['not JSON', '{"v":1,"cart":'],
    ['another version', JSON.stringify({ v: 0, cart: growth, savedAt: 1 })],
    ['an unknown product', JSON.stringify({ v: 1, cart: { ...growth, items: [{ sku: 'plan.gold', quantity: 1 }] } })],
    ['a quantity of 0', JSON.stringify({ v: 1, cart: { ...growth, items: [{ sku: 'plan.growth', quantity: 0 }] } })],
    [
      'two plans',
      JSON.stringify({
        v: 1,
        cart: {
          ...growth,
          items: [
            { sku: 'plan.growth', quantity: 1 },
            { sku: 'plan.starter', quantity: 1 },
          ],
        },
      }),
    ],
  ])('%s is discarded and reported', (_, raw) => {
    const storage = memoryStorage()
    storage.setItem(storageKeys.cart, raw)
    expect(readCart(storage)).toEqual({ corrupt: true })
    expect(storage.getItem(storageKeys.cart)).toBeNull()
  })
  test('a cart untouched longer than the privacy notice says is dropped quietly, and counts as none', () => {
    // The notice's period (api/contract/privacy.ts) is the one the browser applies.
    expect(cartMaxAgeMs).toBe(facts.browserKeepDays * 24 * 60 * 60 * 1000)
    // A form's draft is kept no longer than the notice says either.
    expect(draftMaxAgeMs).toBeLessThanOrEqual(cartMaxAgeMs)
    const storage = memoryStorage()
    const saved = Date.parse('2026-11-01T09:00:00Z')
    writeCart(storage, growth, saved)
    const raw = storage.getItem(storageKeys.cart)
    expect(readCart(storage, saved + cartMaxAgeMs - 1000)).toEqual({ cart: growth })
    expect(cartCount(raw, saved + cartMaxAgeMs - 1000)).toBe(1)
    expect(cartCount(raw, saved + cartMaxAgeMs + 1000)).toBe(0)
    expect(readCart(storage, saved + cartMaxAgeMs + 1000)).toBeNull()
    expect(storage.getItem(storageKeys.cart)).toBeNull()
    // Writing it again (a visitor's change) starts the period anew.
    writeCart(storage, growth, saved + cartMaxAgeMs)
    expect(readCart(storage, saved + cartMaxAgeMs + 1000)).toEqual({ cart: growth })
  })
  test('a browser that refuses to store says so', () => {
    const storage = memoryStorage()
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError')
    }
    expect(writeCart(storage, growth)).toBe(false)
  })
})

describe('changing the cart', () => {
  test('the pricing page’s link', () => {
    expect(addRequestOf('?add=plan.growth&market=ae&billing=yearly')).toEqual({
      sku: 'plan.growth',
      market: 'ae',
      billing: 'yearly',
    })
    expect(addRequestOf('?add=plan.gold')).toBeNull()
    expect(addRequestOf('?add=plan.growth&market=fr')).toBeNull()
    expect(addRequestOf('')).toBeNull()
  })
  test('a plan replaces the plan; an add-on adds one; market and billing follow the last choice', () => {
    let cart = addToCart(undefined, { sku: 'plan.starter', market: 'sa', billing: 'monthly' })
    cart = addToCart(cart, { sku: 'addon.posTerminal', market: 'sa', billing: 'monthly' })
    cart = addToCart(cart, { sku: 'addon.posTerminal', market: 'sa', billing: 'monthly' })
    cart = addToCart(cart, { sku: 'plan.growth', market: 'eg', billing: 'yearly' })
    expect(cart).toEqual({
      market: 'eg',
      billing: 'yearly',
      items: [
        { sku: 'plan.growth', quantity: 1 },
        { sku: 'addon.posTerminal', quantity: 2 },
      ],
    })
  })
  test('quantities stay within 1 to 50, a plan at 1; 0 removes; nothing left is no cart', () => {
    const cart = addToCart(growth, { sku: 'addon.posTerminal', market: 'sa', billing: 'monthly' })
    expect(setQuantity(cart, 'addon.posTerminal', 99)?.items[1]).toEqual({ sku: 'addon.posTerminal', quantity: 50 })
    expect(setQuantity(cart, 'plan.growth', 3)?.items[0]).toEqual({ sku: 'plan.growth', quantity: 1 })
    expect(setQuantity(cart, 'addon.posTerminal', 0)).toEqual(growth)
    expect(setQuantity(growth, 'plan.growth', 0)).toBeUndefined()
  })
})

describe('the header’s count', () => {
  test('the sum of quantities; nothing for anything unreadable', () => {
    const cart = addToCart(growth, { sku: 'addon.posTerminal', market: 'sa', billing: 'monthly' })
    expect(
      cartCount(JSON.stringify({ v: 1, cart: setQuantity(cart, 'addon.posTerminal', 3), savedAt: Date.now() })),
    ).toBe(4)
    for (const raw of [null, '', '{', '[]', '{"cart":{"items":[{"quantity":-1}]}}', '{"cart":{"items":"x"}}'])
      expect(cartCount(raw)).toBe(0)
  })
})

describe('priceCart', () => {
  test('Growth in Saudi Arabia, monthly, with two terminals: VAT 15% as its own line', () => {
    const cart: Cart = { ...growth, items: [...growth.items, { sku: 'addon.posTerminal', quantity: 2 }] }
    expect(priceCart(cart, catalogue)).toEqual({
      market: 'sa',
      currency: 'SAR',
      billing: 'monthly',
      lines: [
        { sku: 'plan.growth', quantity: 1, unitMinor: 29900, amountMinor: 29900 },
        { sku: 'addon.posTerminal', quantity: 2, unitMinor: 4900, amountMinor: 9800 },
      ],
      subtotalMinor: 39700,
      discountMinor: 0,
      vatBp: 1500,
      vatMinor: 5955,
      totalMinor: 45655,
    })
  })
  test('a year costs ten months; a discount comes off before VAT; an unknown code changes nothing', () => {
    const yearly: Cart = { ...growth, billing: 'yearly' }
    const withCode = priceCart(yearly, catalogue, { code: 'WELCOME10', bp: 1000 })
    expect(withCode).toMatchObject({ subtotalMinor: 299000, discountMinor: 29900, vatMinor: 40365, totalMinor: 309465 })
    expect(withCode.discount).toEqual({ code: 'WELCOME10', status: 'applied' })
    const unknown = priceCart(yearly, catalogue, { code: 'NOPE' })
    expect(unknown).toMatchObject({
      discountMinor: 0,
      totalMinor: 343850,
      discount: { code: 'NOPE', status: 'unknown' },
    })
  })
  test('Starter alone costs nothing', () => {
    const starter: Cart = { market: 'eg', billing: 'monthly', items: [{ sku: 'plan.starter', quantity: 1 }] }
    expect(priceCart(starter, catalogue).totalMinor).toBe(0)
  })
})
