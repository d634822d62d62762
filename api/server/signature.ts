// `Rasid-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`: how the API signs the
// leads it forwards (forward.ts) and how the payment provider (the sandbox) signs its events to
// /api/v1/webhooks/payments, the scheme the webhooks guide verifies.
import { createHmac, timingSafeEqual } from 'node:crypto'

export function signature(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.`).update(body).digest('hex')
  return `t=${unixSeconds},v1=${v1}`
}

/** How far a signature's time may be from now (either way, for clock skew): older is a replay. */
const signatureToleranceSeconds = 5 * 60

/**
 * `ok`; `invalid`: missing, malformed or no `v1` matches (several are allowed, for a key rotation);
 * `expired`: it matches but its time is more than the tolerance from `nowSeconds`.
 */
export function verifySignature(
  secret: string,
  header: string | undefined,
  body: string,
  nowSeconds: number,
): 'ok' | 'invalid' | 'expired' {
  if (!header) return 'invalid'
  let t: string | undefined
  const candidates: string[] = []
  for (const part of header.split(',')) {
    const [name, value] = part.trim().split('=', 2)
    if (name === 't' && value && /^\d{1,12}$/.test(value)) t = value
    else if (name === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) candidates.push(value)
  }
  if (t === undefined || candidates.length === 0) return 'invalid'
  const expected = Buffer.from(signature(secret, body, Number(t)).split('v1=')[1]!, 'hex')
  const matches = candidates.some((hex) => timingSafeEqual(Buffer.from(hex, 'hex'), expected))
  if (!matches) return 'invalid'
  return Math.abs(nowSeconds - Number(t)) > signatureToleranceSeconds ? 'expired' : 'ok'
}
