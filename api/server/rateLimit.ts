// Rate limits (docs/api.md, "Rate limits"). `rateLimiter`: fixed-window counters in memory, per
// process, for the checkout's flood brake (AWS WAF's rate rule is in front on AWS). `sharedRateLimiter`:
// the limits against guessing and spam (unknown discount codes, leads per address, per email), which
// must hold however many Lambda instances run: the in-memory counter first,
// then a counter in the store that every instance shares (store/port.ts `countHit`).
import { createHmac } from 'node:crypto'
import type { ApiConfig, RateRule } from './config'
import type { Store } from './store/port'

type RateHit = { ok: true } | { ok: false; retryAfter: number }

export type RateLimiter = {
  /** Counts one hit for `key`; answers the seconds to wait when it is over the limit. */
  hit(key: string, now: number): RateHit
}

export type SharedRateLimiter = {
  /** Counts one hit for `id` (an address's key, an email): on this instance, then in the store. */
  hit(id: string, now: number): Promise<RateHit>
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
 * The key of the shared counters' HMACs, the same on every instance: derived from the provider's
 * secret (Moyasar's secret key, the sandbox's PAYMENT_WEBHOOK_SECRET), which every instance of a
 * deployment has, for this use alone. A per-process random key would give each instance counters of
 * its own; a plain hash would be the same everywhere but reversible (2^32 IPv4 addresses, a list of
 * emails are hashed in minutes). Rotating the secret starts every counter again, once.
 */
export function rateKeySecret(config: ApiConfig): Buffer {
  const { provider } = config.checkout
  const secret = provider.kind === 'moyasar' ? provider.secretKey : config.checkout.webhookSecret
  return createHmac('sha256', secret).update('rate-limit-keys').digest()
}

/**
 * A limit that holds across instances: `name` tells the limits apart (`lead-address`, `lead-email`,
 * `code-guess`). The window is fixed on the clock (it starts at a multiple of `windowMs`), so every
 * instance counts into the same counter; the store's key is an HMAC of the limit, the window and
 * `id`, so it names no one and two windows of one client cannot be linked without the secret. The
 * in-memory counter in front (keyed by an HMAC too) keeps an instance's own flood off the store.
 */
export function sharedRateLimiter(
  name: string,
  rule: RateRule,
  store: Pick<Store, 'countHit'>,
  secret: Buffer,
): SharedRateLimiter {
  const local = rateLimiter(rule)
  const mac = (text: string) => createHmac('sha256', secret).update(text).digest('base64url')
  return {
    async hit(id, now) {
      const first = local.hit(mac(`${name}\n${id}`), now)
      if (!first.ok) return first
      const start = Math.floor(now / rule.windowMs) * rule.windowMs
      const end = start + rule.windowMs
      const key = `${name}#${mac(`${name}\n${rule.windowMs}\n${start}\n${id}`)}`
      if (await store.countHit(key, rule.limit, end, now)) return { ok: true }
      return { ok: false, retryAfter: Math.max(1, Math.ceil((end - now) / 1000)) }
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
