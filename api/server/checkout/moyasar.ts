// Moyasar (Saudi Arabia) behind the provider interface (provider.ts): the hosted page is a Moyasar
// invoice (POST https://api.moyasar.com/v1/invoices: amount in minor units, currency, description,
// success_url and back_url, expired_at, metadata; the answer's `url` is the page), and its webhook
// is a JSON delivery carrying the `secret_token` set in Moyasar's dashboard, compared in constant
// time (Moyasar signs nothing, so the token is the only proof, and the endpoint must be HTTPS).
// The payment in the event must name the session in `metadata.session_id`, which the invoice
// carries. Since the token is the only proof a delivery has, every outcome is confirmed by fetching
// the payment from Moyasar's API with the secret key before the order changes: `payment_paid` must
// be `paid` there, `payment_failed` `failed` and `payment_voided` `voided` (so
// a leaked token can then neither pay an order nor mark one failed or cancelled).
// A reconciliation (reconcile.ts) asks for the session's invoice (GET /v1/invoices/<id>, its
// `payments` the attempts made on it) and answers the event a webhook would carry, with the same
// id: `evt_<paid|failed|cancelled>_<Moyasar's payment id>`, so that the store records one of them.
// PAYMENT_PROVIDER=moyasar selects it (docs/aws.md, "Checkout in production"); no test touches the
// network: `fetch` is given.
import { createHash, timingSafeEqual } from 'node:crypto'
import * as v from 'valibot'
import { PaymentEvent } from '../../contract/payments'
import type { PaymentPageRequest, PaymentProvider, WebhookVerdict } from './provider'

export type MoyasarOptions = {
  /** `sk_test_…` or `sk_live_…`: HTTP Basic's user name, with an empty password. */
  secretKey: string
  /** The webhook's Secret Token from Moyasar's dashboard. */
  webhookToken: string
  /** The site's origin (`https://www.rasid.example`): Moyasar sends the buyer back there, never to an address a request chose. */
  siteOrigin: string
  fetch?: typeof fetch
  apiBase?: string
}

type MoyasarPayment = {
  id?: unknown
  status?: unknown
  amount?: unknown
  currency?: unknown
  created_at?: unknown
  metadata?: { session_id?: unknown } | null
  source?: { message?: unknown } | null
}

/** An invoice as "Fetch invoice" answers it: the page's order, and the payment attempts made on it. */
type MoyasarInvoice = {
  id?: unknown
  amount?: unknown
  currency?: unknown
  metadata?: { session_id?: unknown } | null
  payments?: unknown
}

/** The event id of a payment's end, the same from a webhook and from a reconciliation. */
const eventIdOf = (type: PaymentEvent['type'], paymentId: string) => `evt_${type.slice('payment.'.length)}_${paymentId}`

/** Moyasar's ids (UUIDs) as a URL path segment takes them. */
const moyasarId = /^[\w-]{1,64}$/

/** The status Moyasar's own record of a payment has when an event of this type is true. */
const confirmedStatus: Record<PaymentEvent['type'], string> = {
  'payment.paid': 'paid',
  'payment.failed': 'failed',
  'payment.cancelled': 'voided',
}

/** The Moyasar payment an event is about: a paid event's reference, else the id its own id carries (`eventIdOf`). */
function paymentIdOf(event: PaymentEvent): string | undefined {
  if (event.type === 'payment.paid') return event.reference
  const prefix = eventIdOf(event.type, '')
  return event.id.startsWith(prefix) ? event.id.slice(prefix.length) : undefined
}

/** The invoice id in its page's URL (`https://checkout.moyasar.com/invoices/<id>?lang=en`): sessions from before `providerRef`. */
function invoiceIdOf(url: string | undefined): string | undefined {
  try {
    return url ? /^\/invoices\/([\w-]{1,64})$/.exec(new URL(url).pathname)?.[1] : undefined
  } catch {
    return undefined
  }
}

/** The languages of Moyasar's hosted pages: a property of Moyasar, not of the site's locale table. */
const moyasarLanguages: readonly string[] = ['en', 'ar']

/** Moyasar's event type -> the contract's; the others (refunds, captures …) change no session. */
const types: Record<string, PaymentEvent['type']> = {
  payment_paid: 'payment.paid',
  payment_failed: 'payment.failed',
  // The webhook reference spells it so in its table; accept both.
  payment_faild: 'payment.failed',
  payment_voided: 'payment.cancelled',
}

/** Equal texts, compared in constant time: their digests have one length, so not even a length leaks. */
const sha256 = (text: string) => createHash('sha256').update(text).digest()
const sameText = (a: string, b: string) => timingSafeEqual(sha256(a), sha256(b))

export function moyasarProvider(options: MoyasarOptions): PaymentProvider {
  const doFetch = options.fetch ?? fetch
  const apiBase = options.apiBase ?? 'https://api.moyasar.com/v1'
  // HTTP Basic: the secret key as the user name, no password.
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`
  return {
    async createPaymentPage(request: PaymentPageRequest) {
      const response = await doFetch(`${apiBase}/invoices`, {
        method: 'POST',
        headers: {
          Authorization: authorization,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(moyasarInvoice(request, options.siteOrigin)),
        signal: AbortSignal.timeout(10_000),
      })
      if (!response.ok) throw new Error(`Moyasar answered ${response.status} to a new invoice`)
      const invoice = (await response.json()) as { url?: unknown; id?: unknown }
      if (typeof invoice.url !== 'string' || !invoice.url.startsWith('https://'))
        throw new Error('Moyasar’s invoice has no https url')
      // The page speaks the buyer's language when Moyasar has it (the invoice URL takes `lang`);
      // in any other, Moyasar's own default.
      const url = new URL(invoice.url)
      if (moyasarLanguages.includes(request.locale)) url.searchParams.set('lang', request.locale)
      return { url: url.href, ...(typeof invoice.id === 'string' && moyasarId.test(invoice.id) && { ref: invoice.id }) }
    },
    async confirmEvent(event) {
      // GET /payments/{id} (docs.moyasar.com, "Fetch payment"): the payment as Moyasar holds it.
      const paymentId = paymentIdOf(event)
      if (!paymentId || !moyasarId.test(paymentId)) return false
      const response = await doFetch(`${apiBase}/payments/${paymentId}`, {
        headers: { Authorization: authorization },
        signal: AbortSignal.timeout(10_000),
      })
      if (response.status === 404) return false
      if (!response.ok) throw new Error(`Moyasar answered ${response.status} to a payment's fetch`)
      const payment = (await response.json()) as MoyasarPayment
      return (
        payment.id === paymentId &&
        payment.status === confirmedStatus[event.type] &&
        payment.amount === event.amountMinor &&
        typeof payment.currency === 'string' &&
        payment.currency.toUpperCase() === event.currency &&
        payment.metadata?.session_id === event.sessionId
      )
    },
    async lookupPayment(session) {
      // GET /invoices/{id} (docs.moyasar.com, "Fetch invoice"): the invoice and its payment attempts.
      const invoiceId = session.providerRef ?? invoiceIdOf(session.paymentUrl)
      if (!invoiceId || !moyasarId.test(invoiceId)) return undefined
      const response = await doFetch(`${apiBase}/invoices/${invoiceId}`, {
        headers: { Authorization: authorization },
        signal: AbortSignal.timeout(10_000),
      })
      if (!response.ok) throw new Error(`Moyasar answered ${response.status} to an invoice's fetch`)
      const invoice = (await response.json()) as MoyasarInvoice
      const { totalMinor, currency } = session.quote
      const sameMoney = (x: { amount?: unknown; currency?: unknown }) =>
        x.amount === totalMinor && typeof x.currency === 'string' && x.currency.toUpperCase() === currency
      // Another order's invoice is no answer about this one.
      if (invoice.id !== invoiceId || invoice.metadata?.session_id !== session.id || !sameMoney(invoice))
        throw new Error('Moyasar’s invoice is not this session’s order')
      const payments = (Array.isArray(invoice.payments) ? (invoice.payments as MoyasarPayment[]) : []).filter(
        (payment): payment is MoyasarPayment & { id: string } =>
          typeof payment?.id === 'string' && moyasarId.test(payment.id),
      )
      const eventOf = (type: PaymentEvent['type'], payment: MoyasarPayment & { id: string }) => {
        const created = Date.parse(String(payment.created_at))
        const event: PaymentEvent = {
          id: eventIdOf(type, payment.id),
          type,
          sessionId: session.id,
          amountMinor: totalMinor,
          currency,
          created: Number.isNaN(created) ? Math.floor(Date.now() / 1000) : Math.floor(created / 1000),
        }
        if (type === 'payment.paid') event.reference = payment.id
        if (type === 'payment.failed') event.failureCode = 'do_not_honor'
        if (!v.is(PaymentEvent, event)) throw new Error('Moyasar’s payment is not one checkout can act on')
        return event
      }
      // Money moved: that is the answer, whatever else was tried.
      const paid = payments.find((payment) => payment.status === 'paid' && sameMoney(payment))
      if (paid) return eventOf('payment.paid', paid)
      // Else the latest attempt, when it ended without paying; one still in flight (3-D Secure) is no answer yet.
      const latest = payments.toSorted((a, b) => String(a.created_at).localeCompare(String(b.created_at))).at(-1)
      if (latest?.status === 'failed') return eventOf('payment.failed', latest)
      if (latest?.status === 'voided') return eventOf('payment.cancelled', latest)
      return undefined
    },
    verifyWebhook(raw, _header, _nowSeconds): WebhookVerdict {
      let body: { id?: unknown; type?: unknown; created_at?: unknown; secret_token?: unknown; data?: MoyasarPayment }
      try {
        body = JSON.parse(raw)
      } catch {
        return { kind: 'invalid' }
      }
      if (typeof body?.secret_token !== 'string' || !sameText(body.secret_token, options.webhookToken))
        return { kind: 'invalid' }
      const type = typeof body.type === 'string' ? types[body.type] : undefined
      if (!type) return { kind: 'ignored' }
      const payment = body.data ?? {}
      const sessionId = payment.metadata?.session_id
      const created = Date.parse(String(body.created_at))
      if (
        typeof body.id !== 'string' ||
        typeof sessionId !== 'string' ||
        typeof payment.id !== 'string' ||
        typeof payment.amount !== 'number' ||
        typeof payment.currency !== 'string' ||
        Number.isNaN(created)
      )
        return { kind: 'malformed' }
      const event: PaymentEvent = {
        // Per payment and outcome, not per delivery: a reconciliation that found it first made the same id.
        id: eventIdOf(type, payment.id),
        type,
        sessionId,
        amountMinor: payment.amount,
        currency: payment.currency.toUpperCase(),
        created: Math.floor(created / 1000),
      }
      if (type === 'payment.paid') event.reference = payment.id
      // Moyasar words a decline in `source.message`, not as a code: one code for them all.
      if (type === 'payment.failed') event.failureCode = 'do_not_honor'
      // Ids and currency in the contract's form, or the event is not one checkout can act on.
      return v.is(PaymentEvent, event) ? { kind: 'ok', event } : { kind: 'malformed' }
    },
  }
}

/** The invoice Moyasar is asked for (exported for its test: the request's shape is the contract with Moyasar). */
export function moyasarInvoice(request: PaymentPageRequest, siteOrigin: string) {
  // A path on the site only: `//host/…` would resolve to another site.
  if (!/^\/(?![/\\])/.test(request.returnPath)) throw new Error('returnPath must be a path on the site')
  const back = new URL(request.returnPath, siteOrigin).href
  return {
    amount: request.amountMinor,
    currency: request.currency,
    description: request.description,
    success_url: back,
    back_url: back,
    expired_at: request.expiresAt,
    metadata: { session_id: request.sessionId },
  }
}
