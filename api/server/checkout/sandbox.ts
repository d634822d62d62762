// The sandbox hosted payment page (docs/api.md, "Sandbox hosted payment page"): what a payment
// provider's page does, played by the reference server so that checkout works end to end with no
// provider. It shows the order in the buyer's language, takes only the test cards of the guide,
// plays their outcomes (3-D Secure on a simulated bank page included), and the market's other
// methods as the guide's test data say (./methods.ts: a wallet sheet, a mobile number and a
// one-time code, a reference to pay at an outlet), then does what a provider
// does: it sends the signed event to /api/v1/webhooks/payments (through the app itself, so the
// signature check runs) and sends the buyer back to the site's /checkout. Its forms post
// application/x-www-form-urlencoded, as a page's form does: the one exception to the JSON-only
// rule of /api/v1, and it is not part of the JSON API (no OpenAPI entry).
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Context, Hono } from 'hono'
import { sessionIdPattern } from '../../contract/cart'
import { apiBase, pages } from '../../contract/endpoints'
import type { PaymentEvent, PaymentEventType } from '../../contract/payments'
import type { ProblemCode } from '../../contract/schemas'
import { latinDigits } from '../../../locales/digits'
import { isLocale, localeCodes } from '../../../locales/locales'
import { localizePath } from '../../../locales/localizePath'
import { pickLocale } from '../../../locales/pickLocale'
import { bodyLimit } from '../bodyLimit'
import type { ApiConfig } from '../config'
import { signature } from '../signature'
import type { SessionRecord, Store } from '../store/port'
import type { Brand } from '../../contract/markets'
import { methodFacts } from '../../contract/methodFacts'
import { type TestCard, testCard } from './cards'
import { fontFile } from './fonts'
import { accountOutcome, isCard, referenceNumber, soldMethod, stepTokens } from './methods'
import {
  bankClosedPage,
  challengePage,
  closedPage,
  codePage,
  type FieldError,
  type Lang,
  type Page,
  payPage,
  referencePage,
  refusedFormPage,
  stepClosedPage,
  unknownLinkPage,
} from './page'
import { newId, returnPath, sandboxPagePath } from './sessions'
import { applyEvent, effectiveStatus, payable } from './state'

/** The sandbox's routes, for the app's log lines and its 405s. */
export const sandboxRoutePatterns = pages.map((p) => ({ method: p.method, path: `${apiBase}${p.path}` }))

export type SandboxContext = {
  config: ApiConfig
  store: Store
  now: () => number
  problem: (c: Context, status: number, code: ProblemCode) => Response
}

/** The code that passes the simulated bank page (the test cards guide). */
const passingCode = '123456'
/** How long the bank page's form stays good. */
const challengeTtlMs = 10 * 60 * 1000
type CardBrand = TestCard['brand']
const cardBrands: readonly CardBrand[] = ['mada', 'meeza', 'visa', 'mastercard']

/** How long a method's step (a one-time code, a reference) stays good. */
const stepTtlMs = 10 * 60 * 1000

/** MM/YY, not before this month. */
function futureExpiry(value: string, nowMs: number): boolean {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(value)
  if (!match) return false
  const month = Number(match[1])
  const year = 2000 + Number(match[2])
  if (month < 1 || month > 12) return false
  const today = new Date(nowMs)
  return year * 12 + month >= today.getUTCFullYear() * 12 + today.getUTCMonth() + 1
}

export function sandboxRoutes(app: Hono, ctx: SandboxContext): void {
  const { config, store, now, problem } = ctx
  const { checkout } = config
  const base = `${apiBase}/sandbox/pay/:id`

  // Every answer of the sandbox is a document or a redirect: a strict policy on all of them.
  app.use(`${apiBase}/sandbox/*`, async (c, next) => {
    await next()
    if (!c.res.headers.has('Content-Security-Policy'))
      c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'")
    c.header('Referrer-Policy', 'no-referrer')
  })
  // The page's forms post to the page's own origin: a post another site's page made (a forged
  // cancel or payment) is refused. Sec-Fetch-Site says so in every current browser; Origin is the
  // fallback, against the page's origins; a client that sends neither is no browser, so no victim.
  const ownOrigins = new Set([checkout.paymentPageOrigin, checkout.siteOrigin].filter(Boolean))
  app.use(`${apiBase}/sandbox/*`, async (c, next) => {
    if (c.req.method !== 'POST') return next()
    const site = c.req.header('Sec-Fetch-Site')
    const origin = c.req.header('Origin')
    const foreign = site
      ? site !== 'same-origin' && site !== 'none'
      : origin !== undefined && origin !== new URL(c.req.url).origin && !ownOrigins.has(origin)
    if (foreign) return refused(c, 403)
    return next()
  })
  const formLimit = bodyLimit(config.bodyLimit, (c) => problem(c, 413, 'payload-too-large'))

  /** The site's /checkout return: on the site's origin when the page is on another (config.ts requires it then). */
  const backTo = (session: SessionRecord) =>
    `${checkout.paymentPageOrigin ? (checkout.siteOrigin ?? '') : ''}${returnPath(session)}`
  const page = async (c: Context, rendered: Promise<Page>, status = 200) => {
    const { html, csp } = await rendered
    return c.html(html, status as 200, { 'Content-Security-Policy': csp })
  }
  const langOf = (c: Context, session: SessionRecord): Lang => {
    const lang = c.req.query('lang')
    return isLocale(lang) ? lang : session.locale
  }
  /** The buyer's language without a session: `?lang`, else Accept-Language, else English. */
  const askedLang = (c: Context): Lang => {
    const asked = c.req.query('lang')
    const accepted = (c.req.header('Accept-Language') ?? '')
      .split(',')
      .map((part) => part.split(';')[0]!.trim())
      .filter(Boolean)
      .slice(0, 20)
    return isLocale(asked) ? asked : ((pickLocale(null, accepted, localeCodes) as Lang | null) ?? 'en')
  }
  const checkoutUrlIn = (lang: Lang) =>
    `${checkout.paymentPageOrigin ? (checkout.siteOrigin ?? '') : ''}${localizePath('/checkout', lang)}`
  /**
   * A payment link that leads nowhere: a page (404) in the buyer's language, from `?lang`, else
   * Accept-Language, else English, with the way to the site's checkout.
   */
  const unknown = (c: Context) => {
    const lang = askedLang(c)
    return page(c, unknownLinkPage({ lang, checkoutUrl: checkoutUrlIn(lang) }), 404)
  }
  /**
   * A form the page does not take (posted from another site, a forged or stale token, a method the
   * market does not sell): a page in the buyer's language with the way back to the payment page,
   * never JSON. The status says why (403, 400 or 422); nothing was charged.
   */
  const refused = (c: Context, status: 400 | 403 | 422, session?: SessionRecord) => {
    const lang = session ? langOf(c, session) : askedLang(c)
    const id = c.req.param('id') ?? /\/sandbox\/pay\/([^/?]+)/.exec(new URL(c.req.url).pathname)?.[1] ?? ''
    const payUrl = sessionIdPattern.test(id) ? `${sandboxPagePath(id)}?lang=${lang}` : checkoutUrlIn(lang)
    return page(c, refusedFormPage({ lang, payUrl }), status)
  }
  const actions = (session: SessionRecord, lang: Lang) => {
    const path = sandboxPagePath(session.id)
    const query = `?lang=${lang}`
    return {
      pay: `${path}${query}`,
      cancel: `${path}/cancel${query}`,
      challenge: `${path}/challenge${query}`,
      method: `${path}/method${query}`,
      confirm: `${path}/confirm${query}`,
      /** The payment page with a method chosen (none: the card form). */
      choose: (method?: Brand) => `${path}${query}${method ? `&method=${method}` : ''}`,
    }
  }
  const load = async (c: Context) => {
    const id = c.req.param('id') ?? ''
    return sessionIdPattern.test(id) ? store.getSession(id) : undefined
  }
  const closed = (c: Context, session: SessionRecord) => {
    const status = effectiveStatus(session, now())
    return page(
      c,
      closedPage({
        lang: langOf(c, session),
        quote: session.quote,
        status: status === 'open' || status === 'failed' ? 'processing' : status,
        returnUrl: backTo(session),
      }),
      409,
    )
  }

  /** The provider's side of a payment's end: the signed event, to the app's own webhook endpoint. */
  async function deliver(attempt: PaymentEvent) {
    // Stamped when sent, as a provider signs each delivery when it makes it.
    const event: PaymentEvent = { ...attempt, created: Math.floor(now() / 1000) }
    const body = JSON.stringify(event)
    const response = await app.request(`${apiBase}/webhooks/payments`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Rasid-Signature': signature(checkout.webhookSecret, body, event.created),
      },
      body,
    })
    // The endpoint's own log line records the answer; a provider would retry a failure later.
    await response.body?.cancel()
  }

  /**
   * The sandbox's own record of the attempt, as a provider keeps its payments: on the session,
   * before the webhook goes (with the move to `processing` when the attempt is a payment), so that a
   * reconciliation finds the event even when its delivery is lost (provider.ts `lookupPayment`).
   */
  async function recordAttempt(sessionId: string, attempt: PaymentEvent) {
    for (let tries = 0; tries < 5; tries++) {
      const current = await store.getSession(sessionId)
      if (!current) return
      const moved =
        attempt.type === 'payment.cancelled' ? undefined : applyEvent(current, { type: 'payment.processing' }, now())
      const next: SessionRecord = { ...(moved ?? current), sandboxAttempt: attempt }
      if ((await store.changeSession({ sessionId, from: current.status, next })) !== 'stale') return
    }
    throw new Error('a session kept changing under a sandbox payment')
  }

  /** Ends the attempt: the event now (or after SANDBOX_WEBHOOK_DELAY_MS, after the buyer is back), then the redirect. */
  async function finish(c: Context, session: SessionRecord, type: PaymentEventType, extra: Partial<PaymentEvent> = {}) {
    const attempt: PaymentEvent = {
      id: newId('evt'),
      type,
      sessionId: session.id,
      amountMinor: session.quote.totalMinor,
      currency: session.quote.currency,
      ...extra,
      created: Math.floor(now() / 1000),
    }
    await recordAttempt(session.id, attempt)
    const send = () => deliver(attempt)
    if (checkout.sandboxWebhookDelayMs > 0)
      setTimeout(() => void send().catch(() => undefined), checkout.sandboxWebhookDelayMs)
    else await send()
    return c.redirect(backTo(session), 303)
  }

  // A key of its own, derived from the secret: a token of the bank page is never a webhook signature.
  const challengeKey = createHmac('sha256', checkout.webhookSecret).update('challenge-key').digest()
  const steps = stepTokens(checkout.webhookSecret)
  const challengeToken = (sessionId: string, mode: 'pass' | 'fail', brand: CardBrand, expires: number) =>
    `${mode}.${brand}.${expires}.${createHmac('sha256', challengeKey).update(`challenge.${sessionId}.${mode}.${brand}.${expires}`).digest('hex')}`
  /** The token's mode and card; `expired` for a genuine token past its time (the buyer gets a page), undefined for a forged one. */
  const readChallenge = (
    sessionId: string,
    token: string,
  ): { mode: 'pass' | 'fail' | 'expired'; brand: CardBrand } | undefined => {
    const [mode, brand, expires, mac] = token.split('.')
    if (
      (mode !== 'pass' && mode !== 'fail') ||
      !cardBrands.includes(brand as CardBrand) ||
      !/^\d{1,15}$/.test(expires ?? '') ||
      !/^[0-9a-f]{64}$/.test(mac ?? '')
    )
      return undefined
    const expected = challengeToken(sessionId, mode, brand as CardBrand, Number(expires)).split('.')[3]!
    if (!timingSafeEqual(Buffer.from(mac!, 'hex'), Buffer.from(expected, 'hex'))) return undefined
    return { mode: Number(expires) < now() ? 'expired' : mode, brand: brand as CardBrand }
  }

  /** The payment page of a session in `lang`, with what a failed attempt adds (a decline, field errors). */
  const payView = (session: SessionRecord, lang: Lang, extra: Partial<Parameters<typeof payPage>[0]> = {}) => {
    const { pay, cancel, method, choose } = actions(session, lang)
    return payPage({
      lang,
      quote: session.quote,
      action: pay,
      cancelAction: cancel,
      methodAction: method,
      methodUrl: choose,
      closesAt: Date.parse(session.expiresAt),
      now: now(),
      ...extra,
    })
  }

  // The page's own faces (./fonts.ts): the site's, for the page's script; any other name is not here.
  app.get(`${apiBase}/sandbox/fonts/:file`, async (c) => {
    const bytes = await fontFile(c.req.param('file'))
    if (!bytes) return problem(c, 404, 'not-found')
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'font/woff2',
      'Cache-Control': 'public, max-age=86400',
    })
  })

  /**
   * A form posted to a session's page: the session, the page's language and the fields; or the
   * answer for a link that leads nowhere, or for a session no longer payable.
   */
  const payableForm = async (c: Context) => {
    const session = await load(c)
    if (!session) return unknown(c)
    if (!payable(session, now())) return closed(c, session)
    return { session, lang: langOf(c, session), form: await c.req.parseBody() }
  }

  app.get(base, async (c) => {
    const session = await load(c)
    if (!session) return unknown(c)
    if (!payable(session, now())) return closed(c, session)
    const lang = langOf(c, session)
    // `?method=`: one of the market's methods, or the link leads nowhere (another market's method
    // is not sold here); a card brand is the card form.
    const asked = c.req.query('method')
    const method = asked === undefined ? undefined : soldMethod(session.quote.market, asked)
    if (asked !== undefined && !method) return unknown(c)
    return page(
      c,
      payView(session, lang, {
        failureCode: session.status === 'failed' ? session.failureCode : undefined,
        method: method && !isCard(method) ? method : undefined,
      }),
    )
  })

  app.post(base, formLimit, async (c) => {
    const open = await payableForm(c)
    if (open instanceof Response) return open
    const { session, lang, form } = open
    const value = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '')
    const card = testCard(value('number'))
    // Every field checked in the same round (3.3.1: a page without script shows all its errors at
    // once, not one per reload), in the page's order.
    const errors: FieldError[] = []
    if (value('number').trim() === '') errors.push('missingNumber')
    else if (card === 'invalid') errors.push('invalidNumber')
    else if (card === 'notTest') errors.push('notTest')
    // The decline cards ignore the expiry and the CVC (the guide): every other number checks them.
    if (typeof card === 'string' || card.outcome.kind !== 'decline') {
      if (!futureExpiry(value('expiry'), now())) errors.push('invalidExpiry')
      if (!/^\d{3,4}$/.test(value('cvc').trim())) errors.push('invalidCvc')
    }
    if (value('name').trim() === '') errors.push('invalidName')
    if (typeof card === 'string' || errors.length > 0) {
      // The number and the CVC are never echoed back, stored or logged.
      return page(
        c,
        payView(session, lang, {
          errors,
          values: { expiry: value('expiry').slice(0, 7), name: value('name').slice(0, 100) },
        }),
        400,
      )
    }
    const { outcome } = card
    if (outcome.kind === 'challenge' || (outcome.kind === 'decline' && outcome.challenge)) {
      const expires = now() + challengeTtlMs
      const token = challengeToken(session.id, outcome.kind === 'challenge' ? 'pass' : 'fail', card.brand, expires)
      const closesAt = Math.min(expires, Date.parse(session.expiresAt))
      return page(
        c,
        challengePage({
          lang,
          quote: session.quote,
          action: actions(session, lang).challenge,
          token,
          closesAt,
          now: now(),
        }),
      )
    }
    if (outcome.kind === 'decline')
      return finish(c, session, 'payment.failed', { failureCode: outcome.failureCode, method: card.brand })
    return finish(c, session, 'payment.paid', { reference: newId('pay'), method: card.brand })
  })

  app.post(`${base}/challenge`, formLimit, async (c) => {
    const session = await load(c)
    if (!session) return unknown(c)
    if (!payable(session, now())) return closed(c, session)
    const form = await c.req.parseBody()
    const read = readChallenge(session.id, typeof form.challenge === 'string' ? form.challenge : '')
    if (!read) return refused(c, 400, session)
    const { mode, brand } = read
    // Too late for the bank page, not for the payment page: nothing was paid; the way on is a new try.
    if (mode === 'expired') {
      const lang = langOf(c, session)
      return page(c, bankClosedPage({ lang, payUrl: actions(session, lang).pay }), 409)
    }
    const passed = mode === 'pass' && form.decision !== 'cancel' && form.code === passingCode
    if (passed) return finish(c, session, 'payment.paid', { reference: newId('pay'), method: brand })
    return finish(c, session, 'payment.failed', { failureCode: 'authentication_failed', method: brand })
  })

  // A method's first step (not a card): the wallet sheet's answer, a mobile number, or a reference asked for.
  app.post(`${base}/method`, formLimit, async (c) => {
    const open = await payableForm(c)
    if (open instanceof Response) return open
    const { session, lang, form } = open
    const method = soldMethod(session.quote.market, form.method)
    // The page offers only the market's own methods: anything else was not a buyer's choice.
    if (!method || isCard(method)) return refused(c, 422, session)
    const flow = methodFacts[method].sandbox
    const links = actions(session, lang)
    const expires = now() + stepTtlMs
    const closesAt = Math.min(expires, Date.parse(session.expiresAt))
    if (flow.kind === 'sheet') {
      if (form.decision === 'approve') return finish(c, session, 'payment.paid', { reference: newId('pay'), method })
      if (form.decision === 'decline')
        return finish(c, session, 'payment.failed', { failureCode: flow.failureCode, method })
      return refused(c, 422, session)
    }
    if (flow.kind === 'reference') {
      const token = steps.make(session.id, method, 'reference', expires)
      return page(
        c,
        referencePage({
          lang,
          quote: session.quote,
          method,
          action: links.confirm,
          token,
          reference: referenceNumber(checkout.webhookSecret, session.id),
          backUrl: links.choose(method),
          closesAt,
          now: now(),
        }),
      )
    }
    const phone = typeof form.phone === 'string' ? form.phone : ''
    const outcome = accountOutcome(method, session.quote.market, phone)
    if (!outcome) {
      // The number is never shown back, stored or logged: the guide's test numbers only.
      const errors: FieldError[] = [phone.trim() === '' ? 'missingPhone' : 'notTestPhone']
      return page(c, payView(session, lang, { method, errors }), 400)
    }
    const token = steps.make(session.id, method, outcome, expires)
    const view = { lang, quote: session.quote, method, action: links.confirm, token, backUrl: links.choose(method) }
    return page(c, codePage({ ...view, closesAt, now: now() }))
  })

  // A method's last step: the one-time code, or what became of the reference.
  app.post(`${base}/confirm`, formLimit, async (c) => {
    const open = await payableForm(c)
    if (open instanceof Response) return open
    const { session, lang, form } = open
    const step = steps.read(session.id, typeof form.step === 'string' ? form.step : '', now())
    if (!step || !soldMethod(session.quote.market, step.method)) return refused(c, 422, session)
    const links = actions(session, lang)
    // Too late for the step, not for the payment page: nothing was paid; the way on is a new try.
    if (step.expired) return page(c, stepClosedPage({ lang, payUrl: links.choose(step.method) }), 409)
    const { method, outcome } = step
    const flow = methodFacts[method].sandbox
    if (flow.kind === 'reference' && outcome === 'reference') {
      if (form.decision === 'paid') return finish(c, session, 'payment.paid', { reference: newId('pay'), method })
      if (form.decision === 'expired')
        return finish(c, session, 'payment.failed', { failureCode: flow.failureCode, method })
      return refused(c, 422, session)
    }
    if (flow.kind !== 'account' || outcome === 'reference') return refused(c, 422, session)
    const code = latinDigits(typeof form.code === 'string' ? form.code : '').trim()
    if (code !== flow.code) {
      const token = typeof form.step === 'string' ? form.step : ''
      const expires = Number(token.split('.')[2])
      return page(
        c,
        codePage({
          lang,
          quote: session.quote,
          method,
          action: links.confirm,
          token,
          backUrl: links.choose(method),
          closesAt: Math.min(expires, Date.parse(session.expiresAt)),
          now: now(),
          error: code === '' ? 'missingCode' : 'wrongCode',
        }),
        400,
      )
    }
    if (outcome === 'approve') return finish(c, session, 'payment.paid', { reference: newId('pay'), method })
    return finish(c, session, 'payment.failed', { failureCode: flow.failureCode, method })
  })

  app.post(`${base}/cancel`, async (c) => {
    const session = await load(c)
    if (!session) return unknown(c)
    if (!payable(session, now())) return c.redirect(backTo(session), 303)
    return finish(c, session, 'payment.cancelled')
  })
}
