import { useEffect, useState } from 'react'
import type { Cart } from '../../api/contract/cart'
import type { MessageId } from '../../locales/messages'
import { events, storageKeys } from '../../renderer/shared/dom'
import { addRequestOf, writeCart } from './cart'
import type { CartRead } from './cartCheck'
import { addressWithoutAdd, cartOnLoad, touchesCart } from './cartStore'

/**
 * The cart in localStorage (./cart.ts), as the checkout shows it: undefined in the first render,
 * the prerendered one (an empty cart), and read once hydrated; with a pricing page's `?add=` in it
 * (taken out of the address); read again when another tab changes it. `update` stores a cart (the
 * header's count follows) and shows it; `notice`, a message about the stored cart (corrupt, or
 * storage refused).
 */
export function useStoredCart() {
  const [cart, setCart] = useState<Cart | undefined>(undefined)
  const [notice, setNotice] = useState<MessageId | undefined>(undefined)

  const update = (next: Cart | undefined) => {
    if (!writeCart(localStorage, next)) setNotice('checkout.cart.storageFailed')
    document.dispatchEvent(new Event(events.cartChange))
    setCart(next)
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration: the cart and the address are read then.
  useEffect(() => {
    const load = async () => {
      // The schema check (and valibot) loads only when there is a stored cart to check.
      let read: CartRead = null
      if (localStorage.getItem(storageKeys.cart) !== null) {
        try {
          read = (await import('./cartCheck')).readCart(localStorage)
        } catch {
          // Its code could not be fetched (offline): the page stays as it is, nothing is lost.
          return
        }
      }
      const loaded = cartOnLoad(read, addRequestOf(location.search))
      if (loaded.corrupt) setNotice('checkout.cart.corrupt')
      if (!loaded.store) return setCart(loaded.cart)
      history.replaceState(history.state, '', addressWithoutAdd(location))
      update(loaded.cart)
    }
    void load()
    // Another tab changed the cart: show what it holds now.
    const onStorage = (e: StorageEvent) => {
      if (touchesCart(e.key)) void load()
    }
    addEventListener('storage', onStorage)
    return () => removeEventListener('storage', onStorage)
  }, [])

  return { cart, notice, update }
}
