// Fixed-window counters in memory, per process: enough for one node (`npm run api`). On Lambda each
// instance counts alone, so put AWS WAF's rate-based rule in front (docs/api.md).
import type { RateRule } from './config'

export type RateLimiter = {
  /** Counts one hit for `key`; answers the seconds to wait when it is over the limit. */
  hit(key: string, now: number): { ok: true } | { ok: false; retryAfter: number }
}

export function rateLimiter(rule: RateRule): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>()
  let lastSweep = 0
  return {
    hit(key, now) {
      if (now - lastSweep > rule.windowMs) {
        for (const [k, w] of windows) if (now - w.start >= rule.windowMs) windows.delete(k)
        lastSweep = now
      }
      let window = windows.get(key)
      if (!window || now - window.start >= rule.windowMs) {
        window = { start: now, count: 0 }
        windows.set(key, window)
      }
      if (window.count >= rule.limit)
        return { ok: false, retryAfter: Math.max(1, Math.ceil((window.start + rule.windowMs - now) / 1000)) }
      window.count++
      return { ok: true }
    },
  }
}

/**
 * The key a client's address counts under: an IPv6 address by its /64, the block one subscriber
 * gets (a host picks any address in it), an IPv4 address as it is.
 */
export function rateKey(address: string): string {
  if (!address.includes(':')) return address
  const [head = '', tail = ''] = address.replace(/^\[|\]$/g, '').split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left
  // An IPv4-mapped address (::ffff:192.0.2.1) is the IPv4 one.
  const last = groups.at(-1) ?? ''
  if (last.includes('.') && groups.slice(0, -1).every((g) => /^0*$|^ffff$/i.test(g))) return last
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g || '0', 16) || 0).toString(16))
    .join(':')}::/64`
}
