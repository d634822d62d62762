// The limits against guessing and spam hold across instances (docs/api.md,
// "Rate limits"): two servers on one store (two Lambda instances on one DynamoDB table, two
// processes on one SQLite file, two apps on one memory store) share one budget of unknown discount
// codes, of leads per address and of leads per email; the counters name no one; and the per-email
// limit counts per address too, so nobody elsewhere can lock a person out; one email named from many
// addresses is watched across them all.
import { ScanCommand } from '@aws-sdk/client-dynamodb'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Cart } from '../../api/contract/cart'
import type { Problem } from '../../api/contract/schemas'
import { checkoutDefaults, type ApiConfig } from '../../api/server/config'
import { dynamoClient } from '../../api/server/store/dynamo'
import { memoryStore } from '../../api/server/store/memory'
import type { Store } from '../../api/server/store/port'
import { sqliteStore } from '../../api/server/store/sqlite'
import { dynaliteEnv, startDynalite, type TestDynamo } from './dynalite'
import { call, goodSales, startApi, type TestApi, tempDbPath } from './helpers'

const quotePath = '/api/v1/cart/quote'
const sales = '/api/v1/contact/sales'
const cart: Cart = { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] }
const window = { windowMs: 600_000 }
/** The servers' clock, stopped: a limit's window is fixed (its key names it), and a test that crossed a boundary would start a new one. */
const started = Date.now()
const clock = () => started

/** Addresses the tests choose: the one entry of X-Forwarded-For that TRUST_PROXY=xff:1 reads. */
const from = (address: string) => ({ 'x-forwarded-for': address })

let dynamo: TestDynamo
beforeAll(async () => {
  dynamo = await startDynalite()
})
afterAll(async () => {
  await dynamo?.close()
})

/** Two stores on one database, as two instances or processes have: one object only for memory. */
async function twoStores(kind: 'sqlite' | 'memory' | 'dynamodb'): Promise<{ stores: [Store, Store]; table?: string }> {
  if (kind === 'memory') {
    const store = memoryStore()
    return { stores: [store, store] }
  }
  if (kind === 'sqlite') {
    const path = tempDbPath()
    return { stores: [sqliteStore(path), sqliteStore(path)] }
  }
  const table = await dynamo.newTable()
  return { stores: [dynamo.store(table), dynamo.store(table)], table }
}

describe.each(['sqlite', 'memory', 'dynamodb'] as const)('limits shared by two servers on the %s store', (kind) => {
  let a: TestApi
  let b: TestApi
  let table: string | undefined
  beforeAll(async () => {
    const made = await twoStores(kind)
    table = made.table
    const config: Partial<ApiConfig> = {
      trustProxy: { kind: 'xff', hops: 1 },
      rate: {
        perAddress: { limit: 5, ...window },
        perEmail: { limit: 3, ...window },
        emailWatch: { limit: 4, ...window },
      },
      // The quotes' own brake out of the way: only the unknown codes' budget (20 per 10 minutes) counts here.
      checkout: {
        ...checkoutDefaults,
        rate: { limit: 10_000, windowMs: 60_000 },
        openSessions: { limit: 3, ...window },
      },
    }
    a = await startApi({ store: made.stores[0], config, now: clock })
    b = await startApi({ store: made.stores[1], config, now: clock })
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
  })

  test('the 21st unknown discount code across both gets 429 with Retry-After', async () => {
    const address = '2001:db8:42:1::1'
    const statuses: number[] = []
    // Half on each server, each from another address of one /64.
    for (let i = 0; i < 20; i++) {
      const api = i % 2 === 0 ? a : b
      const answer = await call(api, quotePath, {
        body: { ...cart, discountCode: `GUESS-${i}` },
        headers: from(`2001:db8:42:1::${i + 1}`),
      })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual(Array(20).fill(200))
    for (const api of [a, b]) {
      const limited = await call(api, quotePath, { body: { ...cart, discountCode: 'GUESS-X' }, headers: from(address) })
      expect(limited.status).toBe(429)
      const retryAfter = Number(limited.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(600)
      expect(limited.body).toMatchObject({ code: 'rate-limited', retryAfter } satisfies Partial<Problem>)
    }
    // A known code, and no code, still price; another /64 has its own budget.
    expect(
      (await call(b, quotePath, { body: { ...cart, discountCode: 'WELCOME10' }, headers: from(address) })).status,
    ).toBe(200)
    expect((await call(b, quotePath, { body: cart, headers: from(address) })).status).toBe(200)
    expect(
      (await call(a, quotePath, { body: { ...cart, discountCode: 'GUESS-Y' }, headers: from('2001:db8:42:2::1') }))
        .status,
    ).toBe(200)
  })

  test('leads per address: the 6th across both is a 429', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const api = i % 2 === 0 ? a : b
      const answer = await call(api, sales, {
        body: { ...goodSales, email: `lead${i}@example.com` },
        headers: from('198.51.100.20'),
      })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
  })

  test('checkout sessions per address: the 4th across both is a 429; a replay is not counted; another address has its own', async () => {
    const address = from('198.51.100.30')
    const statuses: number[] = []
    const key = 'sessions-per-address-0001'
    for (let i = 0; i < 3; i++) {
      const answer = await call(i % 2 === 0 ? a : b, '/api/v1/checkout/sessions', {
        body: { cart, locale: 'en' },
        headers: address,
        ...(i === 0 ? { key } : {}),
      })
      statuses.push(answer.status)
    }
    // The first request again (a retry after a lost answer): the same session, no new count.
    const replay = await call(b, '/api/v1/checkout/sessions', { body: { cart, locale: 'en' }, headers: address, key })
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    const limited = await call(a, '/api/v1/checkout/sessions', { body: { cart, locale: 'ar' }, headers: address })
    expect([...statuses, replay.status, limited.status]).toEqual([201, 201, 201, 201, 429])
    expect(limited.body).toMatchObject({ code: 'rate-limited' } satisfies Partial<Problem>)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    const other = await call(b, '/api/v1/checkout/sessions', {
      body: { cart, locale: 'en' },
      headers: from('198.51.100.31'),
    })
    expect(other.status).toBe(201)
  })

  test('leads per email from one address: the 4th across both is a 429', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      const api = i % 2 === 0 ? a : b
      const email = i === 3 ? 'Same@Example.com' : 'same@example.com'
      const answer = await call(api, sales, { body: { ...goodSales, email }, headers: from('192.0.2.66') })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([201, 201, 201, 429])
  })

  test('someone else sending a person’s email does not lock that person out', async () => {
    const stranger: number[] = []
    for (let i = 0; i < 3; i++) {
      const answer = await call(a, sales, {
        body: { ...goodSales, email: 'owner@example.com' },
        headers: from('203.0.113.30'),
      })
      stranger.push(answer.status)
    }
    expect(stranger).toEqual([201, 201, 201])
    // The stranger's own budget for this email is spent …
    expect(
      (await call(a, sales, { body: { ...goodSales, email: 'owner@example.com' }, headers: from('203.0.113.30') }))
        .status,
    ).toBe(429)
    // … and the owner, from their own address, still gets through.
    const owner = await call(a, sales, {
      body: { ...goodSales, email: 'OWNER@example.com' },
      headers: from('192.0.2.77'),
    })
    expect(owner.status).toBe(201)
  })

  test('one email named from many addresses is still taken, and past the watch each lead is logged for the alarm, naming no one', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const answer = await call(i % 2 === 0 ? a : b, sales, {
        body: { ...goodSales, email: i % 3 === 0 ? 'Watched@Example.com' : 'watched@example.com' },
        headers: from(`198.51.100.${100 + i}`),
      })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201])
    const lines = [...a.logs, ...b.logs]
    const watched = lines.filter((line) => line.msg === 'lead email named often')
    // The 5th and the 6th, whichever server took them: the count is the store's.
    expect(watched).toEqual([
      { level: 'warn', msg: 'lead email named often', kind: 'sales', limit: 4, windowS: 600 },
      { level: 'warn', msg: 'lead email named often', kind: 'sales', limit: 4, windowS: 600 },
    ])
    expect(JSON.stringify(lines).toLowerCase()).not.toContain('watched@example.com')
  })

  test.runIf(kind === 'dynamodb')('a counter names no one and ends by its TTL', async () => {
    const client = dynamoClient({
      endpoint: dynamo.endpoint,
      region: dynaliteEnv.AWS_REGION,
      credentials: { accessKeyId: dynaliteEnv.AWS_ACCESS_KEY_ID, secretAccessKey: dynaliteEnv.AWS_SECRET_ACCESS_KEY },
    })
    try {
      const { Items = [] } = await client.send(
        new ScanCommand({
          TableName: table!,
          FilterExpression: 'begins_with(pk, :rate)',
          ExpressionAttributeValues: { ':rate': { S: 'RATE#' } },
        }),
      )
      expect(Items.length).toBeGreaterThan(0)
      const text = JSON.stringify(Items)
      for (const clear of ['2001:db8', '198.51.100', '203.0.113', '192.0.2', 'example.com', 'same', 'owner'])
        expect(text).not.toContain(clear)
      const nowS = clock() / 1000
      for (const item of Items) {
        expect(item.pk?.S).toMatch(
          /^RATE#(code-guess|lead-address|lead-email|lead-email-watch|checkout-sessions)#[\w-]{43}$/,
        )
        const expiresAt = Number(item.expiresAt?.N)
        // The end of its window: at most 10 minutes on.
        expect(expiresAt).toBeGreaterThan(nowS)
        expect(expiresAt).toBeLessThanOrEqual(nowS + 601)
      }
    } finally {
      client.destroy()
    }
  })
})
