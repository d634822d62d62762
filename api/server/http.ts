// What the API's handlers share: problem documents (RFC 9457), the Idempotency-Key's form and the
// hash of a body that tells a replay from another request under the same key.
import type { Problem, ProblemCode } from '../contract/schemas'

const titles: Record<ProblemCode, string> = {
  'invalid-request': 'The request has invalid fields',
  'malformed-json': 'The body is not valid JSON',
  'unsupported-media-type': 'The body must be application/json',
  'payload-too-large': 'The body is too large',
  'idempotency-key-missing': 'The Idempotency-Key header is missing',
  'idempotency-key-invalid': 'The Idempotency-Key header must be 8 to 255 visible ASCII characters',
  'idempotency-key-reused': 'The Idempotency-Key was already used with another body',
  'rate-limited': 'Too many requests',
  'not-found': 'Not found',
  'method-not-allowed': 'Method not allowed',
  'signature-invalid': 'The Rasid-Signature header is missing or does not match the body',
  'signature-expired': 'The Rasid-Signature is more than 5 minutes old: a replay, or a clock far off',
  'payment-mismatch': 'The event’s amount or currency is not the order’s',
  'cross-site-request': 'The form was posted from another site',
  internal: 'Internal error',
}

export function problemBody(status: number, code: ProblemCode, extra: Partial<Problem> = {}): Problem {
  return { type: `urn:rasid:problem:${code}`, title: titles[code], status, code, ...extra }
}

export const idempotencyKey = /^[\x21-\x7E]{8,255}$/

/** JSON with sorted keys: the same body in another key order hashes the same. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(value)
}

export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}
