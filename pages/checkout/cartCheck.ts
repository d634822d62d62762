// Reading the stored cart with the contract's schema (docs/api.md, "Cart and checkout"): loaded by
// the checkout island only when localStorage holds a cart, so an empty checkout carries no valibot.
import { safeParse } from 'valibot'
import { Cart } from '../../api/contract/cart'
import { cartExpired, storageKeys } from '../../renderer/shared/dom'
import { planCount } from './cart'

export type CartRead = { cart: Cart } | { corrupt: true } | null

/**
 * The stored cart; one that does not parse or match the schema is removed and reported; one left
 * untouched longer than the privacy notice says (`cartMaxAgeMs`) is removed quietly, as a draft is.
 */
export function readCart(storage: Storage, now = Date.now()): CartRead {
  const raw = storage.getItem(storageKeys.cart)
  if (raw === null) return null
  try {
    const stored = JSON.parse(raw) as { v?: unknown; cart?: unknown; savedAt?: unknown }
    const parsed = safeParse(Cart, stored?.cart)
    if (stored?.v !== 1 || !parsed.success || planCount(parsed.output) > 1) throw new Error('shape')
    if (cartExpired(stored.savedAt, now)) {
      storage.removeItem(storageKeys.cart)
      return null
    }
    return { cart: parsed.output }
  } catch {
    storage.removeItem(storageKeys.cart)
    return { corrupt: true }
  }
}
