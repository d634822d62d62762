// The logic of the checkout's cart hooks, without React: the cart a load shows and the address it
// leaves (pages/checkout/cartStore.ts), where focus goes once a row is added or removed
// (cartRows.ts), and the figures the API's quote leaves (quote.ts).
import { describe, expect, test } from 'vitest'
import type { Cart, Quote } from '../../api/contract/cart'
import { priceCart } from '../../api/contract/pricing'
import { writeCart } from '../../pages/checkout/cart'
import { readCart } from '../../pages/checkout/cartCheck'
import { focusAfterAdding, focusAfterRemoving, focusTarget } from '../../pages/checkout/cartRows'
import { addressWithoutAdd, cartOnLoad, touchesCart } from '../../pages/checkout/cartStore'
import { quoteOf } from '../../pages/checkout/quote'
import { storageKeys } from '../../renderer/shared/dom'
import { catalogue } from '../../api/contract/catalogue'
import { memoryStorage } from './storage'

const growth: Cart = { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] }
const withTerminals: Cart = { ...growth, items: [...growth.items, { sku: 'addon.posTerminal', quantity: 2 }] }

describe('the cart a load shows', () => {
  test('no stored cart and no request: the empty cart, nothing stored', () => {
    expect(cartOnLoad(null, null)).toEqual({ cart: undefined, corrupt: false, store: false })
  })
  test('a stored cart is shown as it is, not stored again', () => {
    const storage = memoryStorage()
    writeCart(storage, withTerminals)
    expect(cartOnLoad(readCart(storage), null)).toEqual({ cart: withTerminals, corrupt: false, store: false })
  })
  test('a pricing page’s request goes into the stored cart, which is stored: a plan replaces the plan', () => {
    const storage = memoryStorage()
    writeCart(storage, withTerminals)
    const loaded = cartOnLoad(readCart(storage), { sku: 'plan.starter', market: 'ae', billing: 'yearly' })
    expect(loaded).toEqual({
      cart: {
        market: 'ae',
        billing: 'yearly',
        items: [
          { sku: 'plan.starter', quantity: 1 },
          { sku: 'addon.posTerminal', quantity: 2 },
        ],
      },
      corrupt: false,
      store: true,
    })
  })
  test('a corrupt stored cart is reset: removed by the read, reported, and a request starts a new cart', () => {
    const storage = memoryStorage()
    storage.setItem(storageKeys.cart, '{"v":1,"cart":')
    const read = readCart(storage)
    expect(storage.getItem(storageKeys.cart)).toBeNull()
    expect(cartOnLoad(read, null)).toEqual({ cart: undefined, corrupt: true, store: false })
    expect(cartOnLoad(read, { sku: 'plan.growth', market: 'sa', billing: 'monthly' })).toEqual({
      cart: growth,
      corrupt: true,
      store: true,
    })
  })
})

describe('the address once a request is taken', () => {
  test.each([
    ['?add=plan.growth&market=sa&billing=monthly', '', '/checkout'],
    ['?add=plan.growth&utm_source=mail&market=eg', '#top', '/checkout?utm_source=mail#top'],
    ['?add=addon.posTerminal', '', '/checkout'],
    ['', '#x', '/checkout#x'],
  ])('%s%s -> %s', (search, hash, address) => {
    expect(addressWithoutAdd({ pathname: '/checkout', search, hash })).toBe(address)
  })
})

test('a storage event is the cart’s when it names the cart, or all of storage was cleared', () => {
  expect(touchesCart(storageKeys.cart)).toBe(true)
  expect(touchesCart(null)).toBe(true)
  expect(touchesCart('rasid.draft.sales.v1')).toBe(false)
  expect(touchesCart('rasid.checkout.sessions.v2')).toBe(false)
})

describe('where focus goes once a row changes', () => {
  const items = [
    { sku: 'plan.growth', quantity: 1 },
    { sku: 'addon.posTerminal', quantity: 1 },
  ] as const
  const remove = (sku: string) => `[data-cart-item="${sku}"] [data-remove]`
  test('removing a row: the next row’s Remove, the add button, the previous row’s Remove, the heading', () => {
    expect(focusAfterRemoving(items, 'plan.growth')).toBe(
      [remove('addon.posTerminal'), '[data-add-terminal]', '#cart-title'].join(','),
    )
    expect(focusAfterRemoving(items, 'addon.posTerminal')).toBe(
      ['[data-add-terminal]', remove('plan.growth'), '#cart-title'].join(','),
    )
    expect(focusAfterRemoving([items[0]], 'plan.growth')).toBe('[data-add-terminal],#cart-title')
  })
  test('adding a row with the button that then goes: the new row’s +, else its Remove', () => {
    expect(focusAfterAdding('addon.posTerminal')).toBe(
      '[data-cart-item="addon.posTerminal"] [data-more],[data-cart-item="addon.posTerminal"] [data-remove]',
    )
  })
  test('the first selector found and not disabled takes focus (a + at the most is disabled)', () => {
    const found: Record<string, { name: string; disabled?: boolean }> = {
      '[data-cart-item="addon.posTerminal"] [data-more]': { name: 'more', disabled: true },
      '[data-cart-item="addon.posTerminal"] [data-remove]': { name: 'remove', disabled: false },
      '#cart-title': { name: 'heading' },
    }
    const find = (s: string) => found[s] ?? null
    expect(focusTarget(focusAfterAdding('addon.posTerminal'), find)?.name).toBe('remove')
    expect(focusTarget('[data-add-terminal],#cart-title', find)?.name).toBe('heading')
    expect(focusTarget('[data-add-terminal]', find)).toBeUndefined()
  })
})

describe('the figures the API’s quote leaves', () => {
  const local = priceCart(withTerminals, catalogue)
  const server = (change: Partial<Quote>): Quote => ({ ...local, ...change })
  test('the API unreachable, or refusing: the page’s own figures stand, said to be unconfirmed', () => {
    expect(quoteOf({ ok: false, error: { kind: 'offline' } }, local)).toEqual({ state: 'unreachable' })
    expect(quoteOf({ ok: false, error: { kind: 'bad-response' } }, local)).toEqual({ state: 'unreachable' })
  })
  test('the same total: confirmed', () => {
    expect(quoteOf({ ok: true, value: server({}) }, local)).toEqual({ state: 'server', quote: local, changed: false })
  })
  test('another total for the same discount: the prices changed since the page was built', () => {
    const moved = server({ totalMinor: local.totalMinor + 100 })
    expect(quoteOf({ ok: true, value: moved }, local)).toEqual({ state: 'server', quote: moved, changed: true })
  })
  test('another total because a code took: not a change of prices', () => {
    const discounted = server({ discountMinor: 500, totalMinor: local.totalMinor - 500 })
    expect(quoteOf({ ok: true, value: discounted }, local)).toMatchObject({ changed: false })
  })
})
