// Where a checkout session stands, as pure functions: what a payment event does to it, how it
// reads at a given time, and what the API answers for it. The store only compares and sets
// (store/port.ts `changeSession`); the rules are here, so they can be tested without a server.
import type { CheckoutSession, SessionStatus } from '../../contract/cart'
import type { PaymentEventType } from '../../contract/payments'
import type { SessionRecord } from '../store/port'

/** How the session reads at `nowMs`: an `open` one past `expiresAt` is `expired` (nothing writes that). */
export function effectiveStatus(session: SessionRecord, nowMs: number): SessionStatus {
  return session.status === 'open' && Date.parse(session.expiresAt) <= nowMs ? 'expired' : session.status
}

/** What moves a session: a provider's event, or the sandbox taking a payment in hand (`processing`). */
export type SessionEvent =
  | { type: PaymentEventType; reference?: string; failureCode?: string }
  | { type: 'payment.processing' }

/** The statuses each event may leave. */
const from: Record<SessionEvent['type'], readonly SessionStatus[]> = {
  // Money moved: record it whatever the buyer saw before, even past expiry or after a cancel (a
  // late success must never be lost; a refund is the merchant's call, not this table's).
  'payment.paid': ['open', 'processing', 'failed', 'cancelled', 'expired'],
  // A decline ends an attempt in flight; `failed` to `failed` keeps the latest code. Never after
  // `paid`: events arrive out of order, and a late decline of an earlier attempt is not news.
  'payment.failed': ['open', 'processing', 'failed'],
  'payment.cancelled': ['open', 'processing', 'failed'],
  // A buyer may try again after a decline, as the hosted page allows.
  'payment.processing': ['open', 'failed'],
}

const to: Record<SessionEvent['type'], SessionStatus> = {
  'payment.paid': 'paid',
  'payment.failed': 'failed',
  'payment.cancelled': 'cancelled',
  'payment.processing': 'processing',
}

/** The session after `event` at `nowMs`, or undefined when the event changes nothing. */
export function applyEvent(session: SessionRecord, event: SessionEvent, nowMs: number): SessionRecord | undefined {
  const current = effectiveStatus(session, nowMs)
  if (!from[event.type].includes(current)) return undefined
  const { reference: _r, failureCode: _f, ...rest } = session
  const next: SessionRecord = { ...rest, status: to[event.type], updatedAt: new Date(nowMs).toISOString() }
  if (event.type === 'payment.paid') next.reference = event.reference ?? session.reference
  if (event.type === 'payment.failed' && event.failureCode) next.failureCode = event.failureCode
  if (event.type === 'payment.failed' && current === 'failed' && next.failureCode === session.failureCode)
    return undefined
  return next
}

/** Whether the hosted page still takes a payment for the session. */
export function payable(session: SessionRecord, nowMs: number): boolean {
  const status = effectiveStatus(session, nowMs)
  return status === 'open' || status === 'failed'
}

/** The API's answer for a session: `paymentUrl` only while it can be paid. */
export function sessionView(session: SessionRecord, nowMs: number): CheckoutSession {
  const status = effectiveStatus(session, nowMs)
  return {
    id: session.id,
    status,
    quote: session.quote,
    ...(payable(session, nowMs) && session.paymentUrl && { paymentUrl: session.paymentUrl }),
    ...(status === 'paid' && session.reference && { reference: session.reference }),
    ...(status === 'failed' && session.failureCode && { failureCode: session.failureCode }),
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
  }
}
