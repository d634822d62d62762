// What the pay step writes of this browser's own payments (./ownSessions.ts names the keys): the
// Idempotency-Key of the cart being paid, and the session once started. Imported by ./api.ts only,
// so that the page's first load carries none of it.
import { keyFor } from '../../api/client/idempotency'
import type { Cart } from '../../api/contract/cart'
import { ownSessions, ownSessionsStorage, payKeyStorage } from './ownSessions'

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

export function keepOwnSession(id: string) {
  try {
    const ids = [id, ...ownSessions().filter((o) => o !== id)].slice(0, 5)
    localStorage.setItem(ownSessionsStorage, JSON.stringify({ ids, savedAt: Date.now() }))
    // The first version's list, without a time: not kept beside this one.
    localStorage.removeItem('rasid.checkout.sessions.v1')
  } catch {
    // Not kept: the return shows the neutral view and keeps the cart; the email confirms a payment.
  }
}
