// The pay step's rules without React (docs/api.md, "Cart and checkout"): which payment page the
// browser may be sent to, and how the return page waits for the true status (the key of a pay
// attempt is api/client/idempotency.ts's, one per cart). Needed only once the API's module is
// there, which imports this (./api.ts): the first load of the page carries none of it. Pure:
// tests/unit/payment.test.ts, tests/unit/payFlow.test.ts.
import type { ApiError, ApiResult } from '../../api/client/http'
import type { CheckoutSession } from '../../api/contract/cart'
import { isOver, unreachable } from './payState'

const loopback = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * The payment page a session names, if the browser may go there: a host of the runtime
 * configuration's `paymentHosts` over https (or over http on a loopback address, in development),
 * or the site's own origin (the reference server's sandbox page behind /api/*). Anything else
 * (another host, a look-alike, credentials in the address, javascript:) is null: refused.
 */
export function allowedPaymentUrl(raw: string | undefined, here: URL, paymentHosts: readonly string[]): URL | null {
  if (!raw) return null
  let url: URL
  try {
    url = new URL(raw, here)
  } catch {
    return null
  }
  if (url.username || url.password) return null
  if (url.origin === here.origin && (url.protocol === 'https:' || url.protocol === 'http:')) return url
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && loopback.has(url.hostname))
  return secure && paymentHosts.includes(url.hostname) ? url : null
}

/** Waits between status checks after the return: 1 s, doubling, at most 8 s, for about a minute. */
export function pollDelays(totalMs = 60_000): number[] {
  const delays: number[] = []
  let sum = 0
  for (let d = 1000; sum + d <= totalMs; d = Math.min(d * 2, 8000)) {
    delays.push(d)
    sum += d
  }
  return delays
}

/**
 * A session's true status after the return: asked at once, then after each of `delays` while it
 * is open or processing. `lost` when the API cannot be reached, `error` for any other failure,
 * else the session as it last stood.
 */
export async function pollSession(
  get: () => Promise<ApiResult<CheckoutSession>>,
  delays: readonly number[],
  wait: (ms: number) => Promise<unknown>,
): Promise<{ state: 'lost' } | { state: 'error'; error: ApiError } | { state: 'settled'; session: CheckoutSession }> {
  let session: CheckoutSession | undefined
  for (const delay of [0, ...delays]) {
    if (delay) await wait(delay)
    const result = await get()
    if (!result.ok) return unreachable(result.error) ? { state: 'lost' } : { state: 'error', error: result.error }
    session = result.value
    if (isOver(session.status)) break
  }
  return session ? { state: 'settled', session } : { state: 'lost' }
}
