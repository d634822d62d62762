// What the checkout routes and the sandbox share: ids, the hosted page's address, and a session
// change that reads, decides (state.ts) and compares-and-sets until it holds.
import { randomBytes } from 'node:crypto'
import { localizePath } from '../../../locales/localizePath'
import { apiBase } from '../../contract/endpoints'
import type { CheckoutConfig } from '../config'
import type { SessionChangeResult, SessionRecord, Store } from '../store/port'
import { applyEvent, type SessionEvent } from './state'

/** `cs_…`, `pay_…`, `evt_…`: a prefix that says what it is and 144 random bits, URL-safe. */
export const newId = (prefix: 'cs' | 'pay' | 'evt' | 'free') => `${prefix}_${randomBytes(18).toString('base64url')}`

/** The sandbox hosted page of a session (api/server/checkout/sandbox.ts). */
export const sandboxPagePath = (id: string) => `${apiBase}/sandbox/pay/${id}`

/** Where the buyer pays: a same-origin path, or on PAYMENT_PAGE_ORIGIN when set. */
export const paymentUrl = (config: CheckoutConfig, id: string) =>
  `${config.paymentPageOrigin ?? ''}${sandboxPagePath(id)}`

/** Where the buyer lands after paying: `/checkout?session_id=…` under the locale's prefix (`/ar/checkout…`). */
export const returnPath = (session: Pick<SessionRecord, 'id' | 'locale'>) =>
  localizePath(`/checkout?session_id=${encodeURIComponent(session.id)}`, session.locale)

/**
 * Applies `event` to the session, recording `eventId` with the change. Another change may land
 * between the read and the write (the store then answers `stale`): read again and decide again.
 * `unchanged`: the event changes nothing now (recorded all the same when it has an id).
 */
export async function changeSession(
  store: Store,
  sessionId: string,
  event: SessionEvent,
  nowMs: number,
  eventId?: string,
): Promise<{ result: SessionChangeResult | 'unchanged' | 'unknown'; session?: SessionRecord }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const session = await store.getSession(sessionId)
    if (!session) return { result: 'unknown' }
    const next = applyEvent(session, event, nowMs)
    const result = await store.changeSession({ sessionId, from: session.status, next, eventId })
    if (result === 'stale') continue
    if (result === 'applied' && !next) return { result: 'unchanged', session }
    return { result, session: next ?? session }
  }
  throw new Error('a session kept changing under a payment event')
}
