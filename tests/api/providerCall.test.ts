// A payment provider's call (Moyasar's is HTTPS with a 10 s timeout) is made inside a new
// session's `idempotent` run: no store may hold a lock or a transaction across it. A provider that answers only when the test lets it: while it waits, a lead, a
// webhook and another session go through; requests with the waiting session's key wait for its one
// answer. On each store; then what `run` saves is kept only when it returns, on each store too.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { CheckoutSession } from '../../api/contract/cart'
import type { PaymentEvent } from '../../api/contract/payments'
import { type PaymentPageRequest, type PaymentProvider, sandboxProvider } from '../../api/server/checkout/provider'
import { checkoutDefaults } from '../../api/server/config'
import { signature } from '../../api/server/signature'
import { memoryStore } from '../../api/server/store/memory'
import type { Store } from '../../api/server/store/port'
import { sqliteStore } from '../../api/server/store/sqlite'
import { startDynalite, storeOfKind, type TestDynamo } from './dynalite'
import { type Answer, call, goodSales, newKey, startApi, type TestApi, tempDbPath } from './helpers'

const sessionsPath = '/api/v1/checkout/sessions'
const checkout = { ...checkoutDefaults, rate: { limit: 10_000, windowMs: 60_000 } }
const cart = { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] }
/** Far below the 10 s a real provider may take, far above what a request on loopback needs. */
const promptly = 3000

/** The sandbox, except that after `hold()` its payment page waits until `release()`. */
function heldProvider() {
  const sandbox = sandboxProvider(checkout)
  const calls: PaymentPageRequest[] = []
  let gate: { open: Promise<void>; release: () => void } | undefined
  const payment: PaymentProvider = {
    async createPaymentPage(request) {
      calls.push(request)
      if (gate) await gate.open
      return sandbox.createPaymentPage(request)
    },
    verifyWebhook: sandbox.verifyWebhook,
  }
  return {
    calls,
    payment,
    hold() {
      let release = () => {}
      const open = new Promise<void>((done) => (release = done))
      gate = { open, release }
    },
    release() {
      gate?.release()
      gate = undefined
    },
  }
}

/** `answer`, or a failure naming `what` when it has not come within `promptly`. */
async function within(what: string, answer: Promise<Answer>): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what}: no answer in ${promptly} ms while the provider waits`)), promptly)
  })
  try {
    return await Promise.race([answer, late])
  } finally {
    clearTimeout(timer)
  }
}

describe.each(['sqlite', 'memory', 'dynamodb'] as const)('a slow payment provider with the %s store', (kind) => {
  let api: TestApi
  let dynamo: TestDynamo | undefined
  const provider = heldProvider()
  beforeAll(async () => {
    const { store, dynamo: made } = await storeOfKind(kind)
    dynamo = made
    api = await startApi({ store, config: { checkout }, paymentProvider: provider.payment })
  })
  afterAll(async () => {
    provider.release()
    await api?.close()
    await dynamo?.close()
  })

  test('holds up nothing but the requests with its own key', async () => {
    const first = await call(api, sessionsPath, { body: { cart, locale: 'en' } })
    expect(first.status).toBe(201)
    const open = first.body as CheckoutSession

    provider.hold()
    const key = newKey()
    const body = { cart, locale: 'ar' }
    const waiting = call(api, sessionsPath, { body, key })
    await expect.poll(() => provider.calls.length, { timeout: promptly }).toBe(2)
    const settled: Answer[] = []
    // The same key, the same body: a double click while the provider is still answering.
    const again = Array.from({ length: 3 }, () =>
      call(api, sessionsPath, { body, key }).then((answer) => {
        settled.push(answer)
        return answer
      }),
    )
    // Settled (handled) at the end; a failure half-way leaves no rejection unhandled.
    void Promise.allSettled([waiting, ...again])
    try {
      const lead = await within('a lead', call(api, '/api/v1/contact/sales', { body: goodSales }))
      expect(lead.status).toBe(201)
      const event: PaymentEvent = {
        id: `evt_held${Date.now()}`,
        type: 'payment.paid',
        sessionId: open.id,
        amountMinor: open.quote.totalMinor,
        currency: open.quote.currency,
        reference: 'pay_whileheld1',
        created: Math.floor(Date.now() / 1000),
      }
      const raw = JSON.stringify(event)
      const webhook = await within(
        'a webhook',
        call(api, '/api/v1/webhooks/payments', {
          body: raw,
          headers: { 'rasid-signature': signature(checkout.webhookSecret, raw, event.created) },
          key: null,
        }),
      )
      expect(webhook.status, webhook.text).toBe(200)
      expect(((await call(api, `${sessionsPath}/${open.id}`)).body as CheckoutSession).status).toBe('paid')
      // Another key reaches the provider too, and waits there, beside the first.
      const other = call(api, sessionsPath, { body, key: newKey() })
      await expect.poll(() => provider.calls.length, { timeout: promptly }).toBe(3)
      expect((await within('the health check', call(api, '/api/v1/health'))).status).toBe(200)
      expect(settled).toEqual([])
      provider.release()
      expect((await other).status).toBe(201)
    } finally {
      provider.release()
    }
    const answers = [await waiting, ...(await Promise.all(again))]
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201])
    expect(new Set(answers.map((a) => a.text)).size).toBe(1)
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1)
    // Three payment pages: the first session's, the held key's (once for its four requests), the other key's.
    expect(provider.calls).toHaveLength(3)
    const session = answers[0]!.body as CheckoutSession
    expect(((await call(api, `${sessionsPath}/${session.id}`)).body as CheckoutSession).status).toBe('open')
    expect(provider.calls.filter((c) => c.sessionId === session.id)).toHaveLength(1)
  })
})

describe.each(['sqlite', 'memory', 'dynamodb'] as const)('idempotent on the %s store', (kind) => {
  let store: Store
  let dynamo: TestDynamo | undefined
  beforeAll(async () => {
    if (kind === 'sqlite') store = sqliteStore(tempDbPath())
    if (kind === 'memory') store = memoryStore()
    if (kind === 'dynamodb') {
      dynamo = await startDynalite()
      store = dynamo.store(await dynamo.newTable())
    }
  })
  afterAll(async () => {
    await store?.close()
    await dynamo?.close()
  })

  const lead = (id: string) => ({
    id,
    kind: 'sales' as const,
    receivedAt: new Date().toISOString(),
    spam: false,
    data: goodSales,
  })

  test('keeps what `run` saved only when it returns: a throw keeps nothing, and the key runs again', async () => {
    const key = newKey()
    const failing = store.idempotent('contact/sales', key, 'h', async () => {
      await store.saveContact(lead(`thrown-${kind}`))
      throw new TypeError('the provider went away')
    })
    await expect(failing).rejects.toThrow('the provider went away')
    expect((await store.listContacts()).map((c) => c.id)).not.toContain(`thrown-${kind}`)
    const retried = await store.idempotent('contact/sales', key, 'h', async () => {
      await store.saveContact(lead(`kept-${kind}`))
      return { status: 201, body: { id: `kept-${kind}` } }
    })
    expect(retried.kind).toBe('fresh')
    expect((await store.listContacts()).map((c) => c.id)).toContain(`kept-${kind}`)
  })

  test('another key goes on while one key’s `run` waits', async () => {
    let release = () => {}
    const held = store.idempotent('checkout/sessions', newKey(), 'h', async () => {
      await new Promise<void>((done) => (release = done))
      return { status: 201, body: {} }
    })
    const created = await Promise.race([
      store.idempotent('contact/sales', newKey(), 'h', async () => {
        await store.saveContact(lead(`beside-${kind}`))
        return { status: 201, body: { id: `beside-${kind}` } }
      }),
      new Promise((done) => setTimeout(() => done('waited'), promptly)),
    ])
    release()
    expect(created).toEqual({ kind: 'fresh', response: { status: 201, body: { id: `beside-${kind}` } } })
    expect(await held).toEqual({ kind: 'fresh', response: { status: 201, body: {} } })
    expect((await store.listContacts()).map((c) => c.id)).toContain(`beside-${kind}`)
  })
})
