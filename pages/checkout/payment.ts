// The pay step's rules without React (docs/api.md, "Cart and checkout"): which payment page the
// browser may be sent to, and how the return page waits for the true status (the key of a pay
// attempt is api/client/idempotency.ts's, one per cart). Pure: tests/unit/payment.test.ts.

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
