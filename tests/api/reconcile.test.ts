// Payment reconciliation (api/server/checkout/reconcile.ts; docs/api.md, "Reconciliation"): a paid order whose webhook never arrives still ends paid after one run, and a
// webhook and a run that race record one payment. On each store, with the sandbox as the provider:
// its webhook is lost by a store that refuses the delivery's write while `losing` is set (what a
// flood that starves the real deliveries does, seen from the order), a test-only wrapper that no
// setting can make. Then Moyasar's lookup against a stand-in of its API on 127.0.0.1.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Cart, CheckoutSession } from '../../api/contract/cart'
import type { PaymentEvent } from '../../api/contract/payments'
import { moyasarProvider } from '../../api/server/checkout/moyasar'
import { checkOffsetsMs } from '../../api/server/checkout/checkSchedule'
import { type ReconcileResult, reconcileDefaults } from '../../api/server/checkout/reconcile'
import { checkoutDefaults, sandboxWebhookSecret } from '../../api/server/config'
import { signature } from '../../api/server/signature'
import { memoryStore } from '../../api/server/store/memory'
import type { Store } from '../../api/server/store/port'
import { sqliteStore } from '../../api/server/store/sqlite'
import { storeOfKind, type TestDynamo } from './dynalite'
import { call, startApi, type TestApi, tempDbPath } from './helpers'

const sessionsPath = '/api/v1/checkout/sessions'
const webhookPath = '/api/v1/webhooks/payments'
const growth: Cart = { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] }
const cards = { approved: '4000 5500 1284 7360', declined: '4000 5500 0000 5013' }
const goodCard = (number: string) => ({ number, expiry: '12/30', cvc: '123', name: 'Noura' })
const roomyCheckout = { ...checkoutDefaults, rate: { limit: 10_000, windowMs: 60_000 } }
const minute = 60 * 1000

let offset = 0
const clock = () => Date.now() + offset
/**
 * Past the last check of every session made before, whose last run takes them out of the schedule:
 * each test counts its own sessions only.
 */
const freshWindow = async (api: TestApi) => {
  offset += 6 * 60 * minute
  await api.reconcilePayments()
}
/** The clock a second past the session's next check. */
const toNextCheck = async (api: TestApi, id: string) => {
  const { nextCheckAt } = (await api.store.getSession(id))!
  offset += Date.parse(nextCheckAt!) + 1000 - clock()
}
const firstCheckMs = checkOffsetsMs[0]!

/** A run that found nothing to do, plus `counts`. */
const run = (counts: Partial<ReconcileResult>): ReconcileResult => ({
  checked: 0,
  paid: 0,
  failed: 0,
  cancelled: 0,
  unchanged: 0,
  waiting: 0,
  expired: 0,
  errors: 0,
  unreached: 0,
  ...counts,
})

let losing = false
/** The store, except that a payment event's write fails while `losing` is set: the webhook's delivery is lost. */
const losingWebhooks = (store: Store): Store => ({
  ...store,
  changeSession: (change) =>
    losing && change.eventId !== undefined
      ? Promise.reject(new Error('the delivery was lost'))
      : store.changeSession(change),
})

async function form(api: { url: string }, path: string, fields: Record<string, string>) {
  const response = await fetch(`${api.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
  await response.body?.cancel()
  return response.status
}

describe.each(['sqlite', 'memory', 'dynamodb'] as const)('reconciliation with the sandbox, on the %s store', (kind) => {
  let api: TestApi
  let store: Store
  let dynamo: TestDynamo | undefined
  beforeAll(async () => {
    const made = await storeOfKind(kind)
    dynamo = made.dynamo
    api = await startApi({
      store: losingWebhooks(made.store ?? sqliteStore(tempDbPath())),
      now: clock,
      config: { checkout: roomyCheckout },
    })
    store = api.store
  })
  afterAll(async () => {
    await api?.close()
    await dynamo?.close()
  })

  const createSession = async () => {
    const answer = await call(api, sessionsPath, { body: { cart: growth, locale: 'en' } })
    expect(answer.status, answer.text).toBe(201)
    return answer.body as CheckoutSession
  }
  const statusOf = async (id: string) => ((await call(api, `${sessionsPath}/${id}`)).body as CheckoutSession).status
  /** Pays on the sandbox's page (or declines, or cancels) with the webhook's delivery lost. */
  const payLosingTheWebhook = async (session: CheckoutSession, action: 'pay' | 'decline' | 'cancel') => {
    losing = true
    try {
      const status =
        action === 'cancel'
          ? await form(api, `${session.paymentUrl}/cancel`, {})
          : await form(api, session.paymentUrl!, goodCard(action === 'pay' ? cards.approved : cards.declined))
      expect(status).toBe(303)
    } finally {
      losing = false
    }
  }
  /** The event the sandbox's webhook carried (its own record of the attempt): what its retry would send. */
  const attemptOf = async (id: string) => (await store.getSession(id))!.sandboxAttempt!
  const deliver = (event: PaymentEvent) => {
    const body = JSON.stringify({ ...event, created: Math.floor(clock() / 1000) })
    const headers = { 'rasid-signature': signature(sandboxWebhookSecret, body, Math.floor(clock() / 1000)) }
    return call(api, webhookPath, { body, headers, key: null })
  }

  test('an order paid on the sandbox’s page whose webhook is lost ends paid after one run; the late webhook then records nothing more', async () => {
    await freshWindow(api)
    const session = await createSession()
    await payLosingTheWebhook(session, 'pay')
    // The buyer paid; without the webhook the order would stay here, then expire.
    expect(await statusOf(session.id)).toBe('processing')
    // A session younger than the run's minimum age is left to its webhook.
    expect(await api.reconcilePayments()).toEqual(run({}))
    offset += firstCheckMs + minute
    expect(await api.reconcilePayments()).toEqual(run({ checked: 1, paid: 1 }))
    const paid = (await call(api, `${sessionsPath}/${session.id}`)).body as CheckoutSession
    const attempt = await attemptOf(session.id)
    expect(paid).toMatchObject({ status: 'paid', reference: attempt.reference })
    expect(attempt.reference).toMatch(/^pay_/)
    // Paid: no later run asks about it again.
    offset += 2 * checkoutDefaults.sessionTtlMs
    expect(await api.reconcilePayments()).toEqual(run({}))
    // The provider's retry of the lost delivery: the same event id, already recorded.
    const late = await deliver(attempt)
    expect(late.status).toBe(200)
    expect(late.body).toEqual({ received: true, duplicate: true })
    expect(await statusOf(session.id)).toBe('paid')
    // The run's log line: counts only.
    const line = api.logs.filter((l) => l.msg === 'payment reconciliation').at(-1)!
    expect(Object.keys(line).sort()).toEqual(['time', 'level', 'msg', ...Object.keys(run({}))].sort())
  })

  test('the webhook first, then the run: the run finds the payment recorded and changes nothing', async () => {
    await freshWindow(api)
    const session = await createSession()
    await payLosingTheWebhook(session, 'decline')
    const attempt = await attemptOf(session.id)
    expect((await deliver(attempt)).body).toEqual({ received: true })
    expect(await statusOf(session.id)).toBe('failed')
    offset += firstCheckMs + minute
    // Still a session a payment may end (a declined buyer may try again): asked about, already known.
    expect(await api.reconcilePayments()).toEqual(run({ checked: 1, unchanged: 1 }))
    expect(await statusOf(session.id)).toBe('failed')
  })

  test('a webhook and a run racing record one payment', async () => {
    await freshWindow(api)
    const session = await createSession()
    await payLosingTheWebhook(session, 'pay')
    offset += firstCheckMs + minute
    const attempt = await attemptOf(session.id)
    const [result, webhook] = await Promise.all([api.reconcilePayments(), deliver(attempt)])
    expect(webhook.status).toBe(200)
    const webhookApplied = !(webhook.body as { duplicate?: true }).duplicate
    // Exactly one of the two recorded the payment; the other found it recorded.
    expect(result.paid + (webhookApplied ? 1 : 0)).toBe(1)
    expect(result).toEqual(run({ checked: 1, ...(webhookApplied ? { unchanged: 1 } : { paid: 1 }) }))
    expect(await statusOf(session.id)).toBe('paid')
    // And again, whichever came first: the event is known.
    expect((await deliver(attempt)).body).toEqual({ received: true, duplicate: true })
  })

  test('a declined payment, a cancelled one and an expired session are reconciled as such', async () => {
    await freshWindow(api)
    const declined = await createSession()
    const cancelled = await createSession()
    const expired = await createSession()
    await payLosingTheWebhook(declined, 'decline')
    await payLosingTheWebhook(cancelled, 'cancel')
    expect(await statusOf(declined.id)).toBe('processing')
    expect(await statusOf(cancelled.id)).toBe('open')
    offset += firstCheckMs + minute
    expect(await api.reconcilePayments()).toEqual(run({ checked: 3, failed: 1, cancelled: 1, waiting: 1 }))
    expect(await statusOf(declined.id)).toBe('failed')
    expect(((await call(api, `${sessionsPath}/${declined.id}`)).body as CheckoutSession).failureCode).toBe(
      'do_not_honor',
    )
    expect(await statusOf(cancelled.id)).toBe('cancelled')
    // Nothing ever paid, and the page closed: it reads expired, and the run says so. The declined
    // and the cancelled ones are asked about too (a payment may still follow either), and known.
    offset += checkoutDefaults.sessionTtlMs
    expect(await api.reconcilePayments()).toEqual(run({ checked: 3, expired: 1, unchanged: 2 }))
    expect(await statusOf(expired.id)).toBe('expired')
    // Their last check, when the grace after the page's expiry is over; then none.
    offset += reconcileDefaults.graceMs
    expect(await api.reconcilePayments()).toEqual(run({ checked: 3, expired: 1, unchanged: 2 }))
    for (const { id } of [declined, cancelled, expired])
      expect((await store.getSession(id))?.nextCheckAt, id).toBeUndefined()
    offset += reconcileDefaults.graceMs
    expect(await api.reconcilePayments()).toEqual(run({}))
  })
})

/** Moyasar's API on 127.0.0.1: invoices as "Fetch invoice" answers them, payments as "Fetch payment". */
type StandIn = {
  base: string
  invoices: Map<string, { sessionId: string; amount: number; payments: object[] }>
  requests: { method: string; url: string; authorization?: string }[]
  down: boolean
  close(): Promise<void>
}

async function moyasarStandIn(): Promise<StandIn> {
  const invoices: StandIn['invoices'] = new Map()
  const requests: StandIn['requests'] = []
  let created = 0
  const standIn = { invoices, requests, down: false } as StandIn
  const server: Server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const url = request.url ?? ''
    requests.push({ method: request.method ?? '', url, authorization: request.headers.authorization })
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (standIn.down) return json(503, { type: 'api_error' })
    if (request.method === 'POST' && url === '/v1/invoices') {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      const id = `0b6bd0c5-0000-4000-8000-${String(++created).padStart(12, '0')}`
      invoices.set(id, { sessionId: body.metadata.session_id, amount: body.amount, payments: [] })
      return json(201, { id, status: 'initiated', url: `https://checkout.moyasar.com/invoices/${id}?lang=en` })
    }
    const invoice = /^\/v1\/invoices\/([\w-]+)$/.exec(url)
    if (request.method === 'GET' && invoice) {
      const found = invoices.get(invoice[1]!)
      if (!found) return json(404, { type: 'invalid_request_error' })
      return json(200, {
        id: invoice[1],
        status: found.payments.some((p) => (p as { status: string }).status === 'paid') ? 'paid' : 'initiated',
        amount: found.amount,
        currency: 'SAR',
        metadata: { session_id: found.sessionId },
        payments: found.payments,
      })
    }
    const payment = /^\/v1\/payments\/([\w-]+)$/.exec(url)
    if (request.method === 'GET' && payment) {
      for (const [, found] of invoices)
        for (const p of found.payments as { id: string }[])
          if (p.id === payment[1]) return json(200, { ...p, metadata: { session_id: found.sessionId } })
      return json(404, { type: 'invalid_request_error' })
    }
    json(404, { type: 'invalid_request_error' })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  standIn.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
  standIn.close = () =>
    new Promise<void>((done) => {
      server.closeAllConnections()
      server.close(() => done())
    })
  return standIn
}

describe('reconciliation with Moyasar (its API a stand-in on 127.0.0.1)', () => {
  let moyasar: StandIn
  let api: TestApi
  const token = 'moyasar-webhook-token-of-at-least-32-bytes'
  beforeAll(async () => {
    moyasar = await moyasarStandIn()
    api = await startApi({
      store: memoryStore(),
      now: clock,
      config: { checkout: roomyCheckout },
      paymentProvider: moyasarProvider({
        secretKey: 'sk_test_reconcile',
        webhookToken: token,
        siteOrigin: 'https://www.rasid.example',
        apiBase: moyasar.base,
      }),
    })
  })
  afterAll(async () => {
    await api?.close()
    await moyasar?.close()
  })

  const payment = (id: string, status: string, amount: number, at: string) => ({
    id,
    status,
    amount,
    currency: 'SAR',
    created_at: at,
    source: { type: 'creditcard', company: 'mada', message: status === 'paid' ? 'Succeeded!' : 'Declined' },
  })

  test('asks for the session’s invoice: a paid attempt pays the order, once, whether the webhook comes after or not', async () => {
    await freshWindow(api)
    const created = await call(api, sessionsPath, { body: { cart: growth, locale: 'ar' } })
    const session = created.body as CheckoutSession
    const invoiceId = [...moyasar.invoices.keys()].at(-1)!
    expect((await api.store.getSession(session.id))?.providerRef).toBe(invoiceId)
    offset += firstCheckMs + minute

    // Nothing tried yet: waiting. The request is Moyasar's "Fetch invoice", with the secret key.
    expect(await api.reconcilePayments()).toEqual(run({ checked: 1, waiting: 1 }))
    const asked = moyasar.requests.at(-1)!
    expect(asked).toMatchObject({ method: 'GET', url: `/v1/invoices/${invoiceId}` })
    expect(asked.authorization).toBe(`Basic ${Buffer.from('sk_test_reconcile:').toString('base64')}`)

    // A declined attempt, then one in flight (3-D Secure): no answer yet.
    const total = session.quote.totalMinor
    const invoice = moyasar.invoices.get(invoiceId)!
    invoice.payments.push(payment('11111111-0000-4000-8000-000000000001', 'failed', total, '2026-11-01T10:00:00Z'))
    invoice.payments.push(payment('11111111-0000-4000-8000-000000000002', 'initiated', total, '2026-11-01T10:01:00Z'))
    // Asked about once a check: not again before its next.
    expect(await api.reconcilePayments()).toEqual(run({}))
    await toNextCheck(api, session.id)
    expect(await api.reconcilePayments()).toEqual(run({ checked: 1, waiting: 1 }))
    // Moyasar cannot answer: counted, never thrown; asked again by the next run.
    moyasar.down = true
    await toNextCheck(api, session.id)
    expect(await api.reconcilePayments()).toEqual(run({ checked: 1, errors: 1 }))
    moyasar.down = false
    expect(Date.parse((await api.store.getSession(session.id))!.nextCheckAt!) - clock()).toBeLessThanOrEqual(
      reconcileDefaults.everyMs,
    )
    await toNextCheck(api, session.id)

    const paidId = '11111111-0000-4000-8000-000000000002'
    invoice.payments[1] = payment(paidId, 'paid', total, '2026-11-01T10:01:00Z')
    expect(await api.reconcilePayments()).toEqual(run({ checked: 1, paid: 1 }))
    expect((await call(api, `${sessionsPath}/${session.id}`)).body).toMatchObject({ status: 'paid', reference: paidId })

    // Moyasar's webhook for the same payment, late: the same event id, so nothing is recorded twice.
    const delivery = {
      id: 'a2a5f9e4-7c1b-4f3e-9d5a-1c2b3d4e5f61',
      type: 'payment_paid',
      created_at: new Date(clock()).toISOString(),
      secret_token: token,
      data: { ...payment(paidId, 'paid', total, '2026-11-01T10:01:00Z'), metadata: { session_id: session.id } },
    }
    const late = await call(api, webhookPath, { body: delivery, key: null })
    expect(late.status).toBe(200)
    expect(late.body).toEqual({ received: true, duplicate: true })
  })

  test('a declined attempt is reconciled as failed; the webhook first leaves the run nothing to record', async () => {
    await freshWindow(api)
    const first = (await call(api, sessionsPath, { body: { cart: growth, locale: 'en' } })).body as CheckoutSession
    const firstInvoice = [...moyasar.invoices.keys()].at(-1)!
    const second = (await call(api, sessionsPath, { body: { cart: growth, locale: 'en' } })).body as CheckoutSession
    const secondInvoice = [...moyasar.invoices.keys()].at(-1)!
    const total = first.quote.totalMinor
    const declinedId = '22222222-0000-4000-8000-000000000001'
    moyasar.invoices.get(firstInvoice)!.payments.push(payment(declinedId, 'failed', total, '2026-11-01T10:00:00Z'))
    const otherDecline = '22222222-0000-4000-8000-000000000002'
    moyasar.invoices.get(secondInvoice)!.payments.push(payment(otherDecline, 'failed', total, '2026-11-01T10:00:00Z'))
    // The second one's webhook arrives; the first one's is lost.
    const delivery = {
      id: 'b2a5f9e4-7c1b-4f3e-9d5a-1c2b3d4e5f62',
      type: 'payment_failed',
      created_at: new Date(clock()).toISOString(),
      secret_token: token,
      data: { ...payment(otherDecline, 'failed', total, '2026-11-01T10:00:00Z'), metadata: { session_id: second.id } },
    }
    expect((await call(api, webhookPath, { body: delivery, key: null })).body).toEqual({ received: true })
    offset += firstCheckMs + minute
    expect(await api.reconcilePayments()).toEqual(run({ checked: 2, failed: 1, unchanged: 1 }))
    expect((await call(api, `${sessionsPath}/${first.id}`)).body).toMatchObject({
      status: 'failed',
      failureCode: 'do_not_honor',
    })
  })
})
