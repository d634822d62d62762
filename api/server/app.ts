// The API (docs/api.md): a Hono app made from its settings and store, so that `npm run api`
// (node.ts), the Lambda handler (lambda.ts) and the tests run the same code. Every request and
// response follows the contract (api/contract/): JSON only, problems as RFC 9457 documents with
// field errors as message ids, writes idempotent by Idempotency-Key, no caching, one log line per
// request without personal data.
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import * as v from 'valibot'
import { apiBase, endpoints } from '../contract/endpoints'
import {
  fieldErrors,
  type Health,
  type Problem,
  type ProblemCode,
  SalesRequest,
  SupportRequest,
} from '../contract/schemas'
import { apiVersion } from '../contract/version'
import type { ApiConfig } from './config'
import { rateLimiter } from './rateLimit'
import type { ContactKind, ContactRecord, Store, StoredResponse } from './store/port'

/** One structured log line (JSON): never names, emails, phones or message text. */
export type LogLine = Record<string, string | number | boolean>

export type AppOptions = {
  config: ApiConfig
  store: Store
  /** The TCP peer's address, from the runtime (node.ts, lambda.ts). */
  socketAddress?: (c: Context) => string | undefined
  log?: (line: LogLine) => void
  now?: () => number
  /**
   * Called after a new lead queued for forwarding is committed (config.webhook set, not spam, not
   * a replay): serve.ts drains the forwarder then. Lambda leaves it out (forward.ts says why).
   */
  onQueued?: () => void
}

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
  internal: 'Internal error',
}

function problemBody(status: number, code: ProblemCode, extra: Partial<Problem> = {}): Problem {
  return { type: `urn:rasid:problem:${code}`, title: titles[code], status, code, ...extra }
}

const jsonType = /^application\/json\s*(;|$)/i
const idempotencyKey = /^[\x21-\x7E]{8,255}$/
const knownPaths = new Set<string>(endpoints.map((e) => `${apiBase}${e.path}`))

/** JSON with sorted keys: the same body in another key order hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(value)
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

export function createApp(options: AppOptions): Hono {
  const { config, store } = options
  const log = options.log ?? ((line: LogLine) => console.log(JSON.stringify(line)))
  const now = options.now ?? Date.now
  const perAddress = rateLimiter(config.rate.perAddress)
  const perEmail = rateLimiter(config.rate.perEmail)
  const app = new Hono()
  /** The unhandled error of a request, for its log line. */
  const errors = new WeakMap<Request, string>()

  const send = (c: Context, status: number, body: unknown, headers: Record<string, string> = {}) =>
    c.body(JSON.stringify(body), status as 200, {
      'Content-Type': status >= 400 && status !== 503 ? 'application/problem+json' : 'application/json',
      ...headers,
    })
  const problem = (c: Context, status: number, code: ProblemCode, extra: Partial<Problem> = {}) =>
    send(c, status, problemBody(status, code, extra))

  /** The client's address: the CDN's header only when configured to trust it (TRUST_PROXY=cloudfront). */
  function clientAddress(c: Context): string {
    if (config.trustProxy === 'cloudfront') {
      // "203.0.113.7:46532" or "2001:db8::1:46532": the address, then the port.
      const viewer = c.req.header('CloudFront-Viewer-Address')?.trim()
      if (viewer) return viewer.replace(/:\d+$/, '')
      // CloudFront appends the viewer's address last; what comes before it the client wrote.
      const forwarded = c.req
        .header('X-Forwarded-For')
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
      if (forwarded?.length) return forwarded[forwarded.length - 1]!
    }
    return options.socketAddress?.(c) ?? 'unknown'
  }

  app.use('*', async (c, next) => {
    const start = performance.now()
    const requestId = crypto.randomUUID()
    await next()
    c.header('Cache-Control', 'no-store')
    c.header('X-Request-Id', requestId)
    const line: LogLine = {
      time: new Date(now()).toISOString(),
      level: c.res.status >= 500 ? 'error' : 'info',
      requestId,
      method: c.req.method,
      // Only the known paths: an unknown one could carry anything.
      path: knownPaths.has(c.req.path) ? c.req.path : '(other)',
      status: c.res.status,
      ms: Math.round((performance.now() - start) * 10) / 10,
    }
    if (c.res.headers.get('Idempotent-Replayed')) line.replay = true
    const error = errors.get(c.req.raw)
    if (error) line.error = error
    log(line)
  })

  app.get(`${apiBase}/health`, async (c) => {
    const ok = await store.ping().catch(() => false)
    const body: Health = { status: ok ? 'ok' : 'unavailable', version: apiVersion, store: store.kind }
    return send(c, ok ? 200 : 503, body)
  })

  const jsonOnly = createMiddleware(async (c, next) => {
    if (!jsonType.test(c.req.header('Content-Type') ?? '')) return problem(c, 415, 'unsupported-media-type')
    await next()
  })
  const limit = bodyLimit({ maxSize: config.bodyLimit, onError: (c) => problem(c, 413, 'payload-too-large') })
  const contact = (kind: ContactKind, schema: typeof SalesRequest | typeof SupportRequest) => async (c: Context) => {
    const key = c.req.header('Idempotency-Key')
    if (key === undefined || key === '') return problem(c, 400, 'idempotency-key-missing')
    if (!idempotencyKey.test(key)) return problem(c, 400, 'idempotency-key-invalid')
    let json: unknown
    try {
      json = JSON.parse(await c.req.text())
    } catch (error) {
      if (error instanceof SyntaxError) return problem(c, 400, 'malformed-json')
      throw error
    }
    const parsed = v.safeParse(schema, json)
    if (!parsed.success) return problem(c, 400, 'invalid-request', { fields: fieldErrors(parsed.issues) })
    const { website, ...data } = parsed.output
    const bodyHash = await sha256(canonical(json))
    const address = clientAddress(c)
    let queued = false
    const result = await store.idempotent(`contact/${kind}`, key, bodyHash, async (): Promise<StoredResponse> => {
      for (const [limiter, id] of [
        [perAddress, address],
        [perEmail, data.email.toLowerCase()],
      ] as const) {
        const hit = limiter.hit(id, now())
        if (!hit.ok) return { status: 429, body: problemBody(429, 'rate-limited', { retryAfter: hit.retryAfter }) }
      }
      const id = crypto.randomUUID()
      const receivedAt = new Date(now()).toISOString()
      // The honeypot: stored as spam and answered like any other, so a bot learns nothing.
      const spam = (website ?? '').trim() !== ''
      // Queued in the write that stores the lead, so a crash can never keep one without the other.
      // Spam is never forwarded: the CRM is for people.
      queued = config.webhook !== undefined && !spam
      const record: ContactRecord = { id, kind, receivedAt, spam, data }
      if (queued) record.forward = { status: 'pending', attempts: 0, nextAttemptAt: receivedAt }
      await store.saveContact(record)
      return { status: 201, body: { id, receivedAt } }
    })
    // Only once the write is committed: a drain before it would not see the lead.
    if (queued && result.kind === 'fresh') options.onQueued?.()
    if (result.kind === 'conflict') return problem(c, 409, 'idempotency-key-reused')
    const { status, body } = result.response
    const headers: Record<string, string> = {}
    if (result.kind === 'replay') headers['Idempotent-Replayed'] = 'true'
    if (status === 429) headers['Retry-After'] = String((body as Problem).retryAfter ?? 1)
    return send(c, status, body, headers)
  }
  app.post(`${apiBase}/contact/sales`, jsonOnly, limit, contact('sales', SalesRequest))
  app.post(`${apiBase}/contact/support`, jsonOnly, limit, contact('support', SupportRequest))

  app.notFound((c) => {
    if (!knownPaths.has(c.req.path)) return problem(c, 404, 'not-found')
    const allow = endpoints.filter((e) => `${apiBase}${e.path}` === c.req.path).map((e) => e.method)
    return c.body(JSON.stringify(problemBody(405, 'method-not-allowed')), 405, {
      'Content-Type': 'application/problem+json',
      Allow: allow.join(', '),
    })
  })
  app.onError((error, c) => {
    // The request's log line names the error's class only: a message could quote the request.
    errors.set(c.req.raw, error.name)
    return problem(c, 500, 'internal')
  })
  return app
}
