// Payment reconciliation under a trickle of abandoned checkouts (docs/api.md, "Reconciliation"):
// a bot opens 20 checkout sessions a minute and pays none (what one address may open under the
// firewall's rate), while one buyer pays and the webhook of the payment is lost. Runs come every
// 5 minutes with a per-run limit a Lambda run covers; the buyer's order must end paid within two
// runs of the payment, on every store, and sessions nobody paid are asked about a few times each,
// never at every run.
import { afterAll, describe, expect, test } from 'vitest'
import type { Cart } from '../../api/contract/cart'
import { checkOffsetsMs, firstCheck } from '../../api/server/checkout/checkSchedule'
import { sandboxProvider } from '../../api/server/checkout/provider'
import { quoteCart } from '../../api/server/checkout/quote'
import { reconcileDefaults, reconcileOnce } from '../../api/server/checkout/reconcile'
import { checkoutDefaults } from '../../api/server/config'
import type { SessionRecord, Store } from '../../api/server/store/port'
import { sqliteStore } from '../../api/server/store/sqlite'
import { storeOfKind, type TestDynamo } from './dynalite'
import { tempDbPath } from './helpers'

const minute = 60 * 1000
const ttl = checkoutDefaults.sessionTtlMs
const cart: Cart = { market: 'sa', billing: 'yearly', items: [{ sku: 'plan.growth', quantity: 1 }] }
const quote = quoteCart(cart, {})
const iso = (ms: number) => new Date(ms).toISOString()
const session = (id: string, at: number, extra: Partial<SessionRecord> = {}): SessionRecord => ({
  id,
  status: 'open',
  quote,
  locale: 'en',
  paymentUrl: `http://127.0.0.1/pay/${id}`,
  createdAt: iso(at),
  expiresAt: iso(at + ttl),
  updatedAt: iso(at),
  ...firstCheck(iso(at)),
  ...extra,
})

/** The bot's rate, the runs' period and a per-run limit a Lambda run's time covers. */
const perMinute = 20
const every = reconcileDefaults.everyMs / minute
const limit = 120

describe.each(['memory', 'sqlite', 'dynamodb'] as const)('on the %s store', (kind) => {
  let dynamo: TestDynamo | undefined
  afterAll(async () => {
    await dynamo?.close()
  })

  test(`with ${perMinute} abandoned checkouts a minute, a paid order whose webhook was lost is reconciled within two runs`, async () => {
    const made = await storeOfKind(kind)
    dynamo = made.dynamo
    const store: Store = made.store ?? sqliteStore(tempDbPath())
    const provider = sandboxProvider(checkoutDefaults)
    const t0 = Date.parse('2026-12-01T12:00:00Z')
    let n = 0
    const bot = async (from: number, to: number) => {
      for (let t = from; t < to; t += minute / perMinute)
        await store.saveSession(session(`cs_bot${String(n++).padStart(10, '0')}`, t))
    }
    const real = 'cs_REALBUYER0001'
    const lookups = new Map<string, number>()
    const counting = {
      ...provider,
      lookupPayment: (s: SessionRecord) => {
        lookups.set(s.id, (lookups.get(s.id) ?? 0) + 1)
        return provider.lookupPayment!(s)
      },
    }
    let paidAt: number | undefined
    const unreached: number[] = []
    // The bot runs for as long as a session lives before the payment, so the runs are in their
    // steady state; the buyer pays at t0, with the sandbox's record of the attempt and no webhook.
    for (let m = -(ttl + reconcileDefaults.graceMs) / minute; m <= 30 && paidAt === undefined; m += every) {
      await bot(t0 + (m - every) * minute, t0 + m * minute)
      if (m === 0)
        await store.saveSession(
          session(real, t0, {
            sandboxAttempt: {
              id: 'evt_paid_REALBUYER0001',
              type: 'payment.paid',
              sessionId: real,
              amountMinor: quote.totalMinor,
              currency: quote.currency,
              created: t0 / 1000,
              reference: 'pay_REAL',
            },
          }),
        )
      const result = await reconcileOnce(store, counting, { sessionTtlMs: ttl, limit, now: () => t0 + m * minute })
      unreached.push(result.unreached)
      if (m >= 0 && (await store.getSession(real))?.status === 'paid') paidAt = m
    }
    await store.close()
    expect(paidAt, 'minutes from the payment to the run that reconciled it').toBeDefined()
    expect(paidAt!).toBeLessThanOrEqual(2 * every)
    // The bot's later checks are more than a run of this limit covers: left to later runs, and
    // said so in each run's count, which the backlog alarm reads (infra/constructs/alarms.ts).
    expect(Math.max(...unreached)).toBeGreaterThan(0)
    // Each abandoned session was asked about at most once per check of its schedule.
    const most = Math.max(...[...lookups.entries()].filter(([id]) => id !== real).map(([, count]) => count))
    expect(most).toBeLessThanOrEqual(checkOffsetsMs.length + 1)
  }, 600_000)
})
