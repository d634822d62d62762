// What this browser keeps of its own payments (docs/api.md, "Cart and checkout"): the
// Idempotency-Key of the cart being paid, and the ids of the sessions it started (a session is
// added to them by ./keepSession.ts, once the API's module is there).
import { keyFor } from '../../api/client/idempotency'
import type { Cart } from '../../api/contract/cart'
import { cartExpired } from '../../renderer/shared/dom'

/** sessionStorage: the Idempotency-Key of the cart being paid, so that a second click pays once. */
const payKeyStorage = 'rasid.checkout.key.v1'

/** The key for paying `cart`: the last attempt's while the cart is the same, else a new one. */
export function payKeyFor(cart: Cart): string {
  let last: { key?: string; sent?: string } | undefined
  try {
    last = JSON.parse(sessionStorage.getItem(payKeyStorage) ?? 'null') ?? undefined
  } catch {
    // Unreadable: a new key.
  }
  const next = keyFor(cart, last, () => crypto.randomUUID())
  try {
    sessionStorage.setItem(payKeyStorage, JSON.stringify(next))
  } catch {
    // Not kept: a second click in this page still reuses it through the in-flight guard.
  }
  return next.key
}

/**
 * localStorage: the ids of the last sessions this browser started. A return address is anyone's
 * link: only a session named here is looked up, shown, or allowed to empty the cart (a stranger's
 * paid session would otherwise pass for the visitor's own). localStorage rather than the tab's
 * sessionStorage: the cart is the browser's, and a bank may send the buyer back in another tab.
 */
export const ownSessionsStorage = 'rasid.checkout.sessions.v2'

/** `{ ids, savedAt }`: dropped, like the cart, once untouched for the privacy notice's period (`cartExpired`). */
export function ownSessions(now = Date.now()): string[] {
  try {
    const stored = JSON.parse(localStorage.getItem(ownSessionsStorage) ?? 'null') as {
      ids?: unknown
      savedAt?: unknown
    }
    if (!stored || !Array.isArray(stored.ids)) return []
    if (cartExpired(stored.savedAt, now)) {
      localStorage.removeItem(ownSessionsStorage)
      return []
    }
    return stored.ids.filter((id): id is string => typeof id === 'string')
  } catch {
    return []
  }
}

export const forgetPayKey = () => {
  try {
    sessionStorage.removeItem(payKeyStorage)
  } catch {
    // Nothing to forget.
  }
}
