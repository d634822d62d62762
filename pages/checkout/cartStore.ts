// What the stored-cart hook (./useStoredCart.ts) decides, without React: the cart a load shows
// (with a pricing page's `?add=` in it), the address once that request is taken, and which storage
// events are the cart's. Pure: tests/unit/cartStore.test.ts.
import type { Cart } from '../../api/contract/cart'
import { storageKeys } from '../../renderer/shared/dom'
import { type AddRequest, addToCart } from './cart'
import type { CartRead } from './cartCheck'

/**
 * The cart once storage has been read (./cartCheck.ts `readCart`): a corrupt one is gone, which a
 * notice says; a pricing page's `add` request goes into the cart read, and that cart is stored
 * (`store`); without one, the stored cart is shown as it is.
 */
export function cartOnLoad(
  read: CartRead,
  add: AddRequest | null,
): { cart: Cart | undefined; corrupt: boolean; store: boolean } {
  const stored = read && 'cart' in read ? read.cart : undefined
  const corrupt = Boolean(read && 'corrupt' in read)
  return add ? { cart: addToCart(stored, add), corrupt, store: true } : { cart: stored, corrupt, store: false }
}

/** This page's address without the `?add=` request, so that a reload or Back does not add it again. */
export function addressWithoutAdd({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>) {
  const q = new URLSearchParams(search)
  for (const key of ['add', 'market', 'billing']) q.delete(key)
  return `${pathname}${q.size ? `?${q}` : ''}${hash}`
}

/** Whether a storage event (another tab) may have changed the cart: its key, or all of storage cleared. */
export const touchesCart = (key: string | null) => key === null || key === storageKeys.cart
