// Where the pay step stands (./usePayment.ts), without React: its states, what a return address
// asks for, which sessions are over, and which failures are the network's. Pure:
// tests/unit/payFlow.test.ts.
import type { ApiError } from '../../api/client/http'
import type { CheckoutSession, SessionStatus } from '../../api/contract/cart'

export type PayState =
  | { state: 'idle' }
  | { state: 'creating' }
  | { state: 'refused' }
  | { state: 'error'; error: ApiError }
  | { state: 'returning'; id: string; approved: boolean }
  | { state: 'result'; session: CheckoutSession }
  | { state: 'lost'; id: string }
  /** A return address naming a session this browser did not start: nothing about it is shown or done. */
  | { state: 'foreign' }

/** A failure of the API's to reach (the network, a timeout, a 5xx), which asking again may mend. */
export const unreachable = (error: ApiError) =>
  error.kind === 'offline' || error.kind === 'timeout' || error.kind === 'server'

/** A session over for the buyer: paid, failed, cancelled or expired (open and processing are still under way). */
export const isOver = (status: SessionStatus) => status !== 'open' && status !== 'processing'

/** Whether the pay step has something to say (its status panel shows, and takes focus). */
export const showsStatus = (state: PayState['state']) => state !== 'idle' && state !== 'creating'

/**
 * What a return address (`?session_id=…&status=…`) asks for: to follow a session this browser
 * started (`own` names them; `approved`, the hosted page's word, which only the API's confirms);
 * `foreign`, for anyone else's, of which nothing is shown or done; else nothing.
 */
export function returnOf(search: string, own: () => readonly string[]) {
  const q = new URLSearchParams(search)
  const id = q.get('session_id')
  if (id && own().includes(id)) return { id, approved: q.get('status') === 'paid' }
  return id ? ('foreign' as const) : null
}
