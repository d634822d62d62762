// The checkout endpoints (docs/api.md, "Checkout"): quotes, sessions, and the payment provider's
// signed webhook. JSON only, as every /api/v1 endpoint; the hosted page is sandbox.ts.
import type { Context, Hono, MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import { Cart, type CheckoutSession, CreateSession, sessionIdPattern } from '../../contract/cart'
import { apiBase } from '../../contract/endpoints'
import type { PaymentEventReceived } from '../../contract/payments'
import type { Problem, ProblemCode } from '../../contract/schemas'
import type { ApiConfig, RateRule } from '../config'
import { canonical, idempotencyKey, problemBody, sha256 } from '../http'
import { type RateLimiter, rateLimiter, type SharedRateLimiter } from '../rateLimit'
import type { SessionRecord, Store, StoredResponse } from '../store/port'
import { cartRuleErrors, checkoutFieldErrors, quoteCart } from './quote'
import type { PaymentProvider } from './provider'
import { firstCheck } from './checkSchedule'
import { changeSession, newId, returnPath } from './sessions'
import { sessionView } from './state'

export type RouteContext = {
  config: ApiConfig
  store: Store
  now: () => number
  send: (c: Context, status: number, body: unknown, headers?: Record<string, string>) => Response
  problem: (c: Context, status: number, code: ProblemCode, extra?: Partial<Problem>) => Response
  clientAddress: (c: Context) => string
  /** Makes the hosted payment page and verifies the webhook's deliveries (provider.ts). */
  provider: PaymentProvider
  jsonOnly: MiddlewareHandler
  limit: MiddlewareHandler
  /** A limit counted in the store, shared by every instance (rateLimit.ts `sharedRateLimiter`). */
  sharedLimiter: (name: string, rule: RateRule) => SharedRateLimiter
}

/** The body as JSON, or undefined when it is not (the caller answers malformed-json). */
async function readJson(c: Context): Promise<{ ok: true; json: unknown; text: string } | { ok: false }> {
  const text = await c.req.text()
  try {
    return { ok: true, json: JSON.parse(text), text }
  } catch (error) {
    if (error instanceof SyntaxError) return { ok: false }
    throw error
  }
}

export function checkoutRoutes(app: Hono, ctx: RouteContext): void {
  const { config, store, now, send, problem, provider } = ctx
  const { checkout } = config
  const perAddress = rateLimiter(checkout.rate)
  /** A 429 to store or send when `limiter` has no room left for this client, else undefined. */
  const tooMany = (hit: { ok: true } | { ok: false; retryAfter: number }): StoredResponse | undefined =>
    hit.ok ? undefined : { status: 429, body: problemBody(429, 'rate-limited', { retryAfter: hit.retryAfter }) }
  const over = (limiter: RateLimiter, c: Context) => tooMany(limiter.hit(ctx.clientAddress(c), now()))
  // Unknown codes have a budget of their own, smaller than the quotes': a guesser runs out long
  // before a buyer who mistypes one. Counted in the store, so it holds across every instance;
  // the quotes' brake above stays per instance, with the firewall in front.
  const guesses = ctx.sharedLimiter('code-guess', checkout.codeGuesses)
  const openSessions = ctx.sharedLimiter('checkout-sessions', checkout.openSessions)
  const rateLimited = async (c: Context, code: string | undefined) =>
    over(perAddress, c) ??
    (code === undefined || checkout.discountCodes[code.toUpperCase()] !== undefined
      ? undefined
      : tooMany(await guesses.hit(ctx.clientAddress(c), now())))
  const answer = (c: Context, { status, body }: StoredResponse, headers: Record<string, string> = {}) =>
    send(
      c,
      status,
      body,
      status === 429 ? { ...headers, 'Retry-After': String((body as Problem).retryAfter ?? 1) } : headers,
    )

  // Read-only: no Idempotency-Key; the page asks again whenever the cart changes.
  app.post(`${apiBase}/cart/quote`, ctx.jsonOnly, ctx.limit, async (c) => {
    const body = await readJson(c)
    if (!body.ok) return problem(c, 400, 'malformed-json')
    const parsed = v.safeParse(Cart, body.json)
    if (!parsed.success) return problem(c, 400, 'invalid-request', { fields: checkoutFieldErrors(parsed.issues) })
    const rules = cartRuleErrors(parsed.output)
    if (rules) return problem(c, 400, 'invalid-request', { fields: rules })
    const limited = await rateLimited(c, parsed.output.discountCode)
    if (limited) return answer(c, limited)
    return send(c, 200, quoteCart(parsed.output, checkout.discountCodes))
  })

  app.post(`${apiBase}/checkout/sessions`, ctx.jsonOnly, ctx.limit, async (c) => {
    const key = c.req.header('Idempotency-Key')
    if (key === undefined || key === '') return problem(c, 400, 'idempotency-key-missing')
    if (!idempotencyKey.test(key)) return problem(c, 400, 'idempotency-key-invalid')
    const body = await readJson(c)
    if (!body.ok) return problem(c, 400, 'malformed-json')
    const parsed = v.safeParse(CreateSession, body.json)
    if (!parsed.success) return problem(c, 400, 'invalid-request', { fields: checkoutFieldErrors(parsed.issues) })
    const { cart, locale } = parsed.output
    const rules = cartRuleErrors(cart, 'cart.')
    if (rules) return problem(c, 400, 'invalid-request', { fields: rules })
    const bodyHash = await sha256(canonical(body.json))
    const result = await store.idempotent('checkout/sessions', key, bodyHash, async (): Promise<StoredResponse> => {
      const limited =
        (await rateLimited(c, cart.discountCode)) ?? tooMany(await openSessions.hit(ctx.clientAddress(c), now()))
      if (limited) return limited
      const quote = quoteCart(cart, checkout.discountCodes)
      const at = now()
      const record: SessionRecord = {
        id: newId('cs'),
        status: 'open',
        quote,
        locale,
        createdAt: new Date(at).toISOString(),
        expiresAt: new Date(at + checkout.sessionTtlMs).toISOString(),
        updatedAt: new Date(at).toISOString(),
        ...firstCheck(new Date(at).toISOString()),
      }
      // Nothing to pay (Starter alone): paid now, with a reference, and no page to send the buyer to.
      if (quote.totalMinor === 0) Object.assign(record, { status: 'paid', reference: newId('free') })
      else {
        const page = await provider.createPaymentPage({
          sessionId: record.id,
          amountMinor: quote.totalMinor,
          currency: quote.currency,
          description: `Rasid ${quote.lines.map((line) => line.sku).join(', ')}`,
          locale,
          returnPath: returnPath(record),
          expiresAt: record.expiresAt,
        })
        record.paymentUrl = page.url
        if (page.ref) record.providerRef = page.ref
      }
      await store.saveSession(record)
      return { status: 201, body: sessionView(record, at) }
    })
    if (result.kind === 'conflict') return problem(c, 409, 'idempotency-key-reused')
    return answer(c, result.response, result.kind === 'replay' ? { 'Idempotent-Replayed': 'true' } : {})
  })

  app.get(`${apiBase}/checkout/sessions/:id`, async (c) => {
    const id = c.req.param('id')
    const session = sessionIdPattern.test(id) ? await store.getSession(id) : undefined
    if (!session) return problem(c, 404, 'not-found')
    const view: CheckoutSession = sessionView(session, now())
    return send(c, 200, view)
  })

  // The provider's event. Verified on the raw bytes before anything is parsed: a body re-serialised
  // would not match its signature. No Idempotency-Key: the event id is the key.
  app.post(`${apiBase}/webhooks/payments`, ctx.jsonOnly, ctx.limit, async (c) => {
    // Text that encodes back to the very bytes received, a BOM included (c.req.text() drops one, and
    // a signed body that starts with one would then fail its signature).
    const raw = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await c.req.arrayBuffer())
    const verdict = provider.verifyWebhook(raw, (name) => c.req.header(name), now() / 1000)
    if (verdict.kind === 'invalid') return problem(c, 401, 'signature-invalid')
    if (verdict.kind === 'expired') return problem(c, 400, 'signature-expired')
    if (verdict.kind === 'malformed') return problem(c, 400, 'invalid-request')
    if (verdict.kind === 'ignored') return send(c, 200, { received: true } satisfies PaymentEventReceived)
    const { event } = verdict
    const session = await store.getSession(event.sessionId)
    if (!session) return problem(c, 404, 'not-found')
    // An event for another amount is not this order's payment: refused, and the order stays as it is.
    if (event.amountMinor !== session.quote.totalMinor || event.currency !== session.quote.currency)
      return problem(c, 400, 'payment-mismatch')
    // Paid, failed or cancelled only on the provider's own record of it, where it keeps one
    // (moyasar.ts): a leaked token changes no order.
    if (provider.confirmEvent && !(await provider.confirmEvent(event))) return problem(c, 400, 'payment-mismatch')
    const { result } = await changeSession(store, event.sessionId, event, now(), event.id)
    const received: PaymentEventReceived = { received: true, ...(result === 'duplicate' && { duplicate: true }) }
    return send(c, 200, received)
  })
}
