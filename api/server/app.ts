// The API (docs/api.md): a Hono app made from its settings and store, so that `npm run api`
// (scripts/api.ts), the Lambda handler (lambda.ts) and the tests run the same code. Every request and
// response follows the contract (api/contract/): JSON only, problems as RFC 9457 documents with
// field errors as message ids, writes idempotent by Idempotency-Key, no caching, one log line per
// request without personal data.
import { isIP } from 'node:net'
import { type Context, Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import * as v from 'valibot'
import type { Locale } from '../../locales/locales'
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
import { bodyLimit } from './bodyLimit'
import { moyasarProvider } from './checkout/moyasar'
import { type PaymentProvider, sandboxProvider } from './checkout/provider'
import { checkoutRoutes } from './checkout/routes'
import { sandboxRoutes, sandboxRoutePatterns } from './checkout/sandbox'
import { type ApiConfig, ConfigError, emailWatchDefault, type RateRule, unsafeSettings } from './config'
import { canonical, idempotencyKey, problemBody, sha256 } from './http'
import { rateKey, rateKeySecret, sharedRateLimiter } from './rateLimit'
import type { ContactKind, ContactRecord, Store, StoredResponse } from './store/port'

/** One structured log line (JSON): never names, emails, phones or message text. */
export type LogLine = Record<string, string | number | boolean>

export type AppOptions = {
  config: ApiConfig
  store: Store
  /** The TCP peer's address, from the runtime (scripts/api.ts through ./serve.ts, lambda.ts). */
  socketAddress?: (c: Context) => string | undefined
  log?: (line: LogLine) => void
  now?: () => number
  /**
   * Called after a new lead queued for forwarding is committed (config.webhook set, not spam, not
   * a replay): serve.ts drains the forwarder then. Lambda leaves it out (forward.ts says why).
   */
  onQueued?: () => void
  /** The payment provider of checkout; the sandbox (checkout/provider.ts) when unset. */
  paymentProvider?: PaymentProvider
}

const jsonType = /^application\/json\s*(;|$)/i

/** Every route as a pattern (`{id}`: one path segment) with its methods: the JSON endpoints and the sandbox's pages. */
const routes = (() => {
  const byPattern = new Map<string, string[]>()
  for (const { method, path } of [
    ...endpoints.map((e) => ({ ...e, path: `${apiBase}${e.path}` })),
    ...sandboxRoutePatterns,
  ])
    byPattern.set(path, [...(byPattern.get(path) ?? []), method])
  return [...byPattern].map(([pattern, methods]) => ({
    pattern,
    methods,
    regex: new RegExp(`^${pattern.replace(/\{\w+\}/g, '[^/]+')}$`),
  }))
})()
/** The route a path belongs to, by its pattern: a log line names `/checkout/sessions/{id}`, never an id. */
const routeOf = (path: string) => routes.find((route) => route.regex.test(path))

/**
 * An address as a proxy wrote it, without a port (`198.51.100.4:5678`, `[2001:db8::1]:443`), or
 * undefined when it is no address at all: the socket's then counts, never a key the client chose.
 */
function bareAddress(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value)
  const candidate = bracketed ? bracketed[1]! : /^[\d.]+:\d+$/.test(value) ? value.replace(/:\d+$/, '') : value
  return isIP(candidate) ? candidate : undefined
}

export function createApp(options: AppOptions): Hono {
  const { config, store } = options
  // The same gate as the environment's (config.ts): no code path builds a production app on the sandbox.
  const unsafe = unsafeSettings(config)
  if (unsafe.length > 0) throw new ConfigError(unsafe)
  const log = options.log ?? ((line: LogLine) => console.log(JSON.stringify(line)))
  const now = options.now ?? Date.now
  // The limits against spam and guessing count in the store, shared by every instance (Lambda's
  // included), under HMACs of a key every instance derives alike (rateLimit.ts): no address or email.
  const rateSecret = rateKeySecret(config)
  const sharedLimiter = (name: string, rule: RateRule) => sharedRateLimiter(name, rule, store, rateSecret)
  const perAddress = sharedLimiter('lead-address', config.rate.perAddress)
  const perEmail = sharedLimiter('lead-email', config.rate.perEmail)
  const watchRule = config.rate.emailWatch ?? emailWatchDefault
  const emailWatch = sharedLimiter('lead-email-watch', watchRule)
  /** The watch's line names its rule, never the email. */
  const watched = { limit: watchRule.limit, windowS: watchRule.windowMs / 1000 }
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

  /** The client's address as TRUST_PROXY says to read it (config.ts, `TrustProxy`), as a rate limit's key. */
  function clientAddress(c: Context): string {
    return rateKey(bareAddress(proxiedAddress(c)) ?? options.socketAddress?.(c) ?? 'unknown')
  }
  function proxiedAddress(c: Context): string | undefined {
    const trust = config.trustProxy
    const forwarded = () =>
      (c.req.header('X-Forwarded-For') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    if (trust.kind === 'cloudfront') {
      // "203.0.113.7:46532" or "2001:db8::1:46532": the address, then the port.
      const viewer = c.req.header('CloudFront-Viewer-Address')?.trim()
      if (viewer && isIP(viewer.replace(/:\d+$/, ''))) return viewer.replace(/:\d+$/, '')
      // CloudFront appends the viewer's address last; what comes before it the client wrote.
      return forwarded().at(-1)
    }
    // Each proxy appends the address it saw: the `hops`-th from the right is the one the outermost
    // trusted proxy saw; anything further left the client wrote. Fewer entries: a request that
    // came round the proxies, keyed by its socket.
    if (trust.kind === 'xff') return forwarded().at(-trust.hops)
    return undefined
  }

  app.use('*', async (c, next) => {
    const start = performance.now()
    const requestId = crypto.randomUUID()
    await next()
    // Nothing is cached but what says it may be (the hosted page's fonts).
    if (!c.res.headers.get('Cache-Control')?.startsWith('public')) c.header('Cache-Control', 'no-store')
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('X-Request-Id', requestId)
    const line: LogLine = {
      time: new Date(now()).toISOString(),
      level: c.res.status >= 500 ? 'error' : 'info',
      requestId,
      method: c.req.method,
      // Only the known routes, as patterns: an unknown path or an id could carry anything.
      path: routeOf(c.req.path)?.pattern ?? '(other)',
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
  const limit = bodyLimit(config.bodyLimit, (c) => problem(c, 413, 'payload-too-large'))
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
    const { website, consentVersion, ...data } = parsed.output
    const bodyHash = await sha256(canonical(json))
    const address = clientAddress(c)
    let queued = false
    const result = await store.idempotent(`contact/${kind}`, key, bodyHash, async (): Promise<StoredResponse> => {
      // Per email *from this address*: a stranger elsewhere who sends
      // someone's email 20 times fills only their own counter, never locks that person out.
      for (const [limiter, id] of [
        [perAddress, address],
        [perEmail, `${data.email.toLowerCase()}\n${address}`],
      ] as const) {
        const hit = await limiter.hit(id, now())
        if (!hit.ok) return { status: 429, body: problemBody(429, 'rate-limited', { retryAfter: hit.retryAfter }) }
      }
      const id = crypto.randomUUID()
      // Taken all the same (the per-address limits above are the brake), but an operator hears of
      // one email named from many addresses: someone being signed up for the CRM's replies.
      if (!(await emailWatch.hit(data.email.toLowerCase(), now())).ok)
        log({ level: 'warn', msg: 'lead email named often', kind, ...watched })
      const receivedAt = new Date(now()).toISOString()
      // The honeypot: stored as spam and answered like any other, so a bot learns nothing.
      const spam = (website ?? '').trim() !== ''
      // Queued in the write that stores the lead, so a crash can never keep one without the other.
      // Spam is never forwarded: the CRM is for people.
      queued = config.webhook !== undefined && !spam
      // The version's language is its prefix (locales/consent.ts); the schema took only archived
      // versions, so the archive's texts (which only `subject show` needs) stay out of this bundle.
      const locale = consentVersion.slice(0, consentVersion.indexOf('-')) as Locale
      const consent = { version: consentVersion, locale, at: receivedAt }
      const record: ContactRecord = { id, kind, receivedAt, spam, data, consent }
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

  // The sandbox plays the provider unless another is given (docs/aws.md, "Checkout in production").
  const chosen = config.checkout.provider
  const provider =
    options.paymentProvider ?? (chosen.kind === 'moyasar' ? moyasarProvider(chosen) : sandboxProvider(config.checkout))
  checkoutRoutes(app, { config, store, now, send, problem, clientAddress, provider, jsonOnly, limit, sharedLimiter })
  // With a real provider the sandbox's pages do not exist: a test card must never pay for a plan.
  if (chosen.kind === 'sandbox') sandboxRoutes(app, { config, store, now, problem })

  app.notFound((c) => {
    const route = routeOf(c.req.path)
    // A path of a known route with an id that does not exist: a plain 404 (the route answered it).
    if (!route || route.methods.includes(c.req.method)) return problem(c, 404, 'not-found')
    return c.body(JSON.stringify(problemBody(405, 'method-not-allowed')), 405, {
      'Content-Type': 'application/problem+json',
      Allow: route.methods.join(', '),
    })
  })
  app.onError((error, c) => {
    // The request's log line names the error's class only: a message could quote the request.
    errors.set(c.req.raw, error.name)
    return problem(c, 500, 'internal')
  })
  return app
}
