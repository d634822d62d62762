// A session this browser started, kept among its own (./ownSessions.ts reads them): written only
// once the API has created it, so imported by ./api.ts alone, and the page's first load carries none
// of it.
import { ownSessions, ownSessionsStorage } from './ownSessions'

/** Names `id` among this browser's own sessions (the last five), so that its return is followed. */
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
