// The cart in localStorage (docs/api.md, "Cart and checkout"): one versioned key
// (`storageKeys.cart`), checked with the contract's `Cart` schema whenever it is read, so that it
// survives reloads, tabs and language switches, and data that is corrupt or of an older shape is
// discarded with a notice instead of breaking the page (./cartCheck.ts reads it: loaded only when
// there is a stored cart, so that an empty checkout carries no valibot). Pure but for the Storage
// it is handed: tests/unit/cart.test.ts.
import {
  type Billing,
  billingPeriods,
  type CartMarket,
  cartMarkets,
  maxQuantity,
  type Sku,
  skus,
} from '../../api/contract/pricing'
import type { Cart } from '../../api/contract/cart'
import { storageKeys } from '../../renderer/shared/dom'

interface Stored {
  v: 1
  cart: Cart
  savedAt: number
}

/** Stores the cart (or removes it when empty); false when the browser refuses (storage full or blocked). */
export function writeCart(storage: Storage, cart: Cart | undefined, now = Date.now()): boolean {
  try {
    if (!cart?.items.length) storage.removeItem(storageKeys.cart)
    else storage.setItem(storageKeys.cart, JSON.stringify({ v: 1, cart, savedAt: now } satisfies Stored))
    return true
  } catch {
    return false
  }
}

const isPlan = (sku: Sku) => sku.startsWith('plan.')
/** How many plans a cart holds: one at most (./cartCheck.ts refuses more). */
export const planCount = (cart: Cart) => cart.items.filter((i) => isPlan(i.sku)).length

export interface AddRequest {
  sku: Sku
  market: CartMarket
  billing: Billing
}

/** `?add=plan.growth&market=sa&billing=yearly` (the pricing page's links), or null. */
export function addRequestOf(search: string): AddRequest | null {
  const q = new URLSearchParams(search)
  const sku = q.get('add') as Sku
  const market = (q.get('market') ?? 'sa') as CartMarket
  const billing = (q.get('billing') ?? 'monthly') as Billing
  if (!skus.includes(sku) || !cartMarkets.includes(market) || !billingPeriods.includes(billing)) return null
  return { sku, market, billing }
}

/**
 * The cart with `add` in it: a plan replaces the plan (one per cart); an add-on already there gets
 * one more. The market and billing period of the request become the cart's: prices follow them.
 */
export function addToCart(cart: Cart | undefined, add: AddRequest): Cart {
  const items = [...(cart?.items ?? [])]
  if (isPlan(add.sku)) {
    const at = items.findIndex((i) => isPlan(i.sku))
    if (at >= 0) items.splice(at, 1)
    items.unshift({ sku: add.sku, quantity: 1 })
  } else {
    const at = items.findIndex((i) => i.sku === add.sku)
    if (at >= 0) items[at] = { sku: add.sku, quantity: Math.min(maxQuantity, items[at]!.quantity + 1) }
    else items.push({ sku: add.sku, quantity: 1 })
  }
  return { ...cart, market: add.market, billing: add.billing, items }
}

/** The cart with `sku` at `quantity` (0 removes it); undefined once nothing is left. */
export function setQuantity(cart: Cart, sku: Sku, quantity: number): Cart | undefined {
  const q = Math.max(0, Math.min(maxQuantity, Math.floor(quantity)))
  const items = cart.items.flatMap((i) => (i.sku !== sku ? [i] : q > 0 ? [{ sku, quantity: isPlan(sku) ? 1 : q }] : []))
  return items.length ? { ...cart, items } : undefined
}
