// Forwarding each new lead to a CRM webhook (api/server/forward.ts, docs/api.md "Forwarding to a
// CRM"), through the real server on loopback and a receiver the test runs (receiver.ts): retries
// after a 500 and a hang past the timeout, a signed body that arrives once, spam and replays never
// forwarded (again), a receiver down at first and up after a restart, the final failure and its
// requeue, on each store; then the settings, the SQLite migration and `npm run api -- forward`.
import { execFile } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { promisify } from 'node:util'
import sqlite3 from 'node-sqlite3-wasm'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { ContactCreated } from '../../api/contract/schemas'
import { type WebhookConfig, webhookDefaults, webhookFromEnv } from '../../api/server/config'
import { exportContacts } from '../../api/server/exportContacts'
import { backoffMs } from '../../api/server/forward'
import { memoryStore } from '../../api/server/store/memory'
import { migrations } from '../../api/server/store/migrations'
import type { ContactRecord, Store } from '../../api/server/store/port'
import { sqliteStore } from '../../api/server/store/sqlite'
import { startDynalite, type TestDynamo } from './dynalite'
import {
  call,
  consentVersions,
  goodSales,
  goodSupport,
  newKey,
  startApi,
  storedData,
  type TestApi,
  tempDbPath,
} from './helpers'
import { freePort, type Receiver, startReceiver, until, validSignature } from './receiver'
import { setTimeout as sleep } from 'node:timers/promises'

const sales = '/api/v1/contact/sales'
const support = '/api/v1/contact/support'
const secret = 'whsec_test_0123456789abcdef0123456789abcdef'

/**
 * Short waits, so that a test of five attempts takes a second: the backoff base is an option. The
 * timeout is what a hang costs, and long enough that a loaded machine's loopback never meets it.
 */
const quick = (url: string, extra: Partial<WebhookConfig> = {}): WebhookConfig => ({
  url,
  secret,
  timeoutMs: 1000,
  maxAttempts: 5,
  backoffBaseMs: 40,
  backoffMaxMs: 200,
  pollMs: 100,
  ...extra,
})

const leadOf = async (store: Store, id: string): Promise<ContactRecord | undefined> =>
  (await store.listContacts()).find((c) => c.id === id)
const forwardLines = (api: TestApi) => api.logs.filter((line) => line.msg === 'forward')

describe.each(['sqlite', 'memory', 'dynamodb'] as const)('forwarding with the %s store', (kind) => {
  let dynamo: TestDynamo | undefined
  const cleanup: (() => Promise<void>)[] = []
  beforeAll(async () => {
    if (kind === 'dynamodb') dynamo = await startDynalite()
  })
  afterEach(async () => {
    for (const done of cleanup.splice(0).reverse()) await done()
  })
  afterAll(() => dynamo?.close())

  /**
   * A new database, and a way to open it again as a restarted process would: the same SQLite file,
   * the same table. The memory store is kept (its close does nothing), standing in for a durable one.
   */
  async function database(): Promise<() => Store> {
    if (kind === 'sqlite') {
      const path = tempDbPath()
      return () => sqliteStore(path)
    }
    if (kind === 'dynamodb') {
      const table = await dynamo!.newTable()
      return () => dynamo!.store(table)
    }
    const store = memoryStore()
    return () => store
  }
  async function receiver(options: Parameters<typeof startReceiver>[0] = {}): Promise<Receiver> {
    const started = await startReceiver(options)
    cleanup.push(() => started.close())
    return started
  }
  async function api(open: () => Store, webhook: WebhookConfig): Promise<TestApi> {
    const started = await startApi({ store: open(), config: { webhook } })
    let closed = false
    const close = async () => {
      if (closed) return
      closed = true
      await started.close()
    }
    cleanup.push(close)
    return { ...started, close }
  }

  // A second's hang, the backoffs and the polls: more than the default 5 s on a loaded machine.
  test('a 500, then a hang past the timeout, then a 200: the lead arrives once, signed, as stored', async () => {
    const crm = await receiver({ script: [500, 'hang', 200] })
    const server = await api(await database(), quick(crm.url))
    const created = await call(server, sales, { body: goodSales })
    expect(created.status).toBe(201)
    const { id, receivedAt } = created.body as ContactCreated
    await until(async () => (await leadOf(server.store, id))?.forward?.status === 'forwarded', 15_000)

    expect(crm.deliveries.map((d) => d.answer)).toEqual([500, 'hang', 200])
    for (const [index, delivery] of crm.deliveries.entries()) {
      expect(delivery.headers['content-type']).toBe('application/json')
      // The lead id on every attempt: the CRM drops a second delivery of one lead.
      expect(delivery.headers['rasid-delivery-id']).toBe(id)
      expect(delivery.headers['rasid-delivery-attempt']).toBe(String(index + 1))
      expect(validSignature(delivery.headers['rasid-signature'], delivery.body, secret)).toBe(true)
      expect(validSignature(delivery.headers['rasid-signature'], delivery.body, 'whsec_another')).toBe(false)
      expect(JSON.parse(delivery.body)).toEqual({
        id,
        kind: 'sales',
        receivedAt,
        data: storedData(goodSales),
        consent: { version: consentVersions.en, locale: 'en', at: receivedAt },
      })
    }
    const stored = await leadOf(server.store, id)
    expect(stored?.forward).toEqual({ status: 'forwarded', attempts: 3, forwardedAt: expect.any(String) })
    expect(stored!.forward!.forwardedAt! >= receivedAt).toBe(true)

    // One log line per attempt: the lead id, the attempt, the status or why it failed.
    expect(forwardLines(server)).toEqual([
      expect.objectContaining({ level: 'warn', leadId: id, attempt: 1, status: 500, error: 'status 500' }),
      expect.objectContaining({ level: 'warn', leadId: id, attempt: 2, error: 'timeout' }),
      expect.objectContaining({ level: 'info', leadId: id, attempt: 3, status: 200 }),
    ])
    const logs = JSON.stringify(server.logs)
    for (const personal of [goodSales.name, goodSales.email, goodSales.phone!, goodSales.message, goodSales.company])
      expect(logs).not.toContain(personal)

    // Nothing is left to deliver: a drain and the timer send nothing more.
    expect(await server.drainForwards!()).toEqual({ forwarded: 0, retrying: 0, failed: 0 })
    await sleep(150)
    expect(crm.deliveries).toHaveLength(3)
  }, 20_000)

  test('spam is stored but never forwarded', async () => {
    const crm = await receiver()
    const server = await api(await database(), quick(crm.url))
    const bot = await call(server, sales, { body: { ...goodSales, website: 'http://spam.example' } })
    const person = await call(server, support, { body: goodSupport })
    const personId = (person.body as ContactCreated).id
    await until(async () => (await leadOf(server.store, personId))?.forward?.status === 'forwarded')
    await server.drainForwards!()
    await sleep(150)
    expect(crm.ids()).toEqual([personId])
    const spam = await leadOf(server.store, (bot.body as ContactCreated).id)
    expect(spam?.spam).toBe(true)
    expect(spam?.forward).toBeUndefined()
  })

  test('a replay (the same Idempotency-Key) and concurrent requests with one key forward one lead', async () => {
    const crm = await receiver()
    const server = await api(await database(), quick(crm.url))
    const key = newKey()
    const first = await call(server, sales, { body: goodSales, key })
    const id = (first.body as ContactCreated).id
    await until(async () => (await leadOf(server.store, id))?.forward?.status === 'forwarded')
    const replay = await call(server, sales, { body: goodSales, key })
    expect(replay.headers.get('idempotent-replayed')).toBe('true')

    const racing = newKey()
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(server, support, { body: goodSupport, key: racing })),
    )
    const racingId = (answers[0]!.body as ContactCreated).id
    await until(async () => (await leadOf(server.store, racingId))?.forward?.status === 'forwarded')
    await server.drainForwards!()
    await sleep(150)
    expect(crm.ids()).toEqual([id, racingId])
  })

  test('a receiver that is down at first still gets the lead after a restart on the same database', async () => {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}/hooks/leads`
    const open = await database()
    const first = await api(open, quick(url, { maxAttempts: 100 }))
    const created = await call(first, sales, { body: goodSales })
    const id = (created.body as ContactCreated).id
    await until(() => forwardLines(first).length >= 2)
    expect(forwardLines(first)[0]).toMatchObject({ level: 'warn', leadId: id, error: 'network ECONNREFUSED' })
    await first.close()

    const crm = await receiver({ port })
    const second = await api(open, quick(url))
    await until(async () => (await leadOf(second.store, id))?.forward?.status === 'forwarded')
    expect(crm.ids()).toEqual([id])
    expect(validSignature(crm.deliveries[0]!.headers['rasid-signature'], crm.deliveries[0]!.body, secret)).toBe(true)
    expect((await leadOf(second.store, id))?.forward?.attempts).toBeGreaterThanOrEqual(3)
  })

  test('after the last attempt the lead is failed, logged as an error, exported; a requeue delivers it', async () => {
    // A redirect is a failure too: following it would hand the lead to another host.
    const crm = await receiver({ script: [500, 302] })
    const server = await api(await database(), quick(crm.url, { maxAttempts: 2 }))
    const created = await call(server, sales, { body: goodSales })
    const id = (created.body as ContactCreated).id
    // The store says failed first, then the forwarder logs it: wait for both.
    await until(
      async () =>
        (await leadOf(server.store, id))?.forward?.status === 'failed' &&
        forwardLines(server).some((line) => line.failed === true),
    )
    expect(forwardLines(server).at(-1)).toMatchObject({
      level: 'error',
      leadId: id,
      attempt: 2,
      status: 302,
      failed: true,
    })
    expect((await leadOf(server.store, id))?.forward).toEqual({
      status: 'failed',
      attempts: 2,
      lastError: 'status 302',
    })
    await sleep(150)
    expect(crm.deliveries).toHaveLength(2)
    const csv = await exportContacts(server.store, { format: 'csv', spam: false })
    expect(csv.split('\r\n')[0]).toMatch(/,forwarded$/)
    expect(csv.split('\r\n')[1]).toMatch(new RegExp(`^${id},.*,failed$`))

    // The runbook: requeue, and the next drain delivers.
    expect(await server.store.retryFailedForwards(new Date().toISOString())).toBe(1)
    await server.drainForwards!()
    await until(async () => (await leadOf(server.store, id))?.forward?.status === 'forwarded')
    expect(crm.ids()).toEqual([id, id, id])
    const forwarded = (await leadOf(server.store, id))!.forward!.forwardedAt!
    expect((await exportContacts(server.store, { format: 'csv', spam: false })).split('\r\n')[1]).toMatch(
      new RegExp(`,${forwarded.replaceAll('.', '\\.')}$`),
    )
  })

  test('without a webhook nothing is queued', async () => {
    const server = await startApi({ store: (await database())() })
    cleanup.push(() => server.close())
    const created = await call(server, sales, { body: goodSales })
    expect((await leadOf(server.store, (created.body as ContactCreated).id))?.forward).toBeUndefined()
    expect(server.drainForwards).toBeUndefined()
    expect(await server.store.pendingForwards(new Date(Date.now() + 60_000).toISOString(), 10)).toEqual([])
  })
})

describe('the store’s forwarding queue', () => {
  let dynamo: TestDynamo
  beforeAll(async () => {
    dynamo = await startDynalite()
  })
  afterAll(() => dynamo?.close())

  test('a claim is taken once; a late failure never undoes a success', async () => {
    for (const store of [memoryStore(), sqliteStore(tempDbPath()), dynamo.store(await dynamo.newTable())]) {
      const at = '2026-11-23T10:00:00.000Z'
      await store.saveContact({
        id: 'lead-1',
        kind: 'sales',
        receivedAt: at,
        spam: false,
        data: goodSales,
        forward: { status: 'pending', attempts: 0, nextAttemptAt: at },
      })
      expect((await store.pendingForwards('2026-11-23T09:59:59.999Z', 10)).map((c) => c.id)).toEqual([])
      expect((await store.pendingForwards(at, 10)).map((c) => c.id)).toEqual(['lead-1'])
      const lease = '2026-11-23T10:00:15.000Z'
      expect(await store.claimForward('lead-1', 0, lease)).toBe(true)
      // A second drainer that read the lead before the claim.
      expect(await store.claimForward('lead-1', 0, lease)).toBe(false)
      expect(await store.pendingForwards('2026-11-23T10:00:10.000Z', 10)).toEqual([])
      expect((await store.pendingForwards(lease, 10)).map((c) => c.forward)).toEqual([
        { status: 'pending', attempts: 1, nextAttemptAt: lease },
      ])
      await store.markForwarded('lead-1', '2026-11-23T10:00:01.000Z')
      await store.markForwardFailed('lead-1', 1, undefined, 'timeout')
      expect((await store.listContacts())[0]?.forward).toEqual({
        status: 'forwarded',
        attempts: 1,
        forwardedAt: '2026-11-23T10:00:01.000Z',
      })
      expect(await store.retryFailedForwards(lease)).toBe(0)
      await store.close()
    }
  })
})

describe('the settings (LEAD_WEBHOOK_*)', () => {
  test('unset is off; a URL turns forwarding on with the defaults', () => {
    expect(webhookFromEnv({})).toBeUndefined()
    expect(webhookFromEnv({ LEAD_WEBHOOK_URL: '' })).toBeUndefined()
    // Unsigned only on this machine, said (production is the default).
    expect(webhookFromEnv({ RASID_ENV: 'local', LEAD_WEBHOOK_URL: 'https://crm.example/hooks/rasid' })).toEqual({
      ...webhookDefaults,
      url: 'https://crm.example/hooks/rasid',
      secret: undefined,
    })
    // To a receiver on loopback, plain http is fine even in production.
    expect(
      webhookFromEnv({
        RASID_ENV: 'production',
        LEAD_WEBHOOK_URL: 'http://127.0.0.1:9000/in',
        LEAD_WEBHOOK_SECRET: secret,
        LEAD_WEBHOOK_TIMEOUT_S: '5',
        LEAD_WEBHOOK_MAX_ATTEMPTS: '3',
      }),
    ).toMatchObject({ url: 'http://127.0.0.1:9000/in', secret, timeoutMs: 5000, maxAttempts: 3 })
  })

  test.each([
    [{ LEAD_WEBHOOK_URL: 'crm.example/hook' }, /LEAD_WEBHOOK_URL: must be an https: URL/],
    [{ LEAD_WEBHOOK_URL: 'ftp://crm.example/hook' }, /LEAD_WEBHOOK_URL: must be an https: URL .*, not ftp:/],
    [{ LEAD_WEBHOOK_URL: 'https://user:pass@crm.example/hook' }, /must not carry a user or password/],
    [{ LEAD_WEBHOOK_SECRET: secret }, /LEAD_WEBHOOK_URL: is not set but LEAD_WEBHOOK_SECRET is/],
    [{ LEAD_WEBHOOK_URL: 'https://crm.example', LEAD_WEBHOOK_SECRET: ' x ' }, /leading or trailing spaces/],
    [{ LEAD_WEBHOOK_URL: 'https://crm.example', LEAD_WEBHOOK_TIMEOUT_S: '0' }, /LEAD_WEBHOOK_TIMEOUT_S: must be a/],
    [{ LEAD_WEBHOOK_URL: 'https://crm.example', LEAD_WEBHOOK_MAX_ATTEMPTS: 'x' }, /LEAD_WEBHOOK_MAX_ATTEMPTS: must/],
    // Outside this machine a lead goes encrypted and signed (staging has no other rule).
    [{ RASID_ENV: 'staging', LEAD_WEBHOOK_URL: 'http://crm.example', LEAD_WEBHOOK_SECRET: secret }, /https: URL/],
    [{ RASID_ENV: 'staging', LEAD_WEBHOOK_URL: 'https://crm.example' }, /LEAD_WEBHOOK_SECRET: is required/],
  ])('%o is refused with a clear error', (env, message) => {
    expect(() => webhookFromEnv(env)).toThrow(message)
  })

  test('the backoff doubles from the base, up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(quick('http://x'), n))).toEqual([40, 80, 160, 200, 200])
    const spans = Array.from({ length: webhookDefaults.maxAttempts - 1 }, (_, i) => backoffMs(webhookDefaults, i + 1))
    expect(spans.slice(0, 4)).toEqual([1000, 2000, 4000, 8000])
    // The attempts span hours, not minutes: a CRM's outage of an afternoon loses nothing.
    expect(spans.reduce((a, b) => a + b) / 3_600_000).toBeGreaterThan(4)
  })
})

describe('the SQLite migration', () => {
  test('a file of version 1 gains the forwarding columns; its leads stay, not queued', async () => {
    // A file as version 1 left it, with a lead.
    const path = tempDbPath()
    mkdirSync(dirname(path), { recursive: true })
    const db = new sqlite3.Database(path)
    db.exec(migrations[0]!.sql)
    db.exec('PRAGMA user_version = 1')
    db.run("INSERT INTO contacts (id, kind, received_at, spam, data) VALUES ('old', 'sales', ?, 0, ?)", [
      '2026-10-01T00:00:00.000Z',
      JSON.stringify(goodSales),
    ])
    db.close()
    const store = sqliteStore(path)
    try {
      expect(store.applied).toEqual([2, 3, 4, 5, 6, 7])
      expect(await store.listContacts()).toEqual([
        { id: 'old', kind: 'sales', receivedAt: '2026-10-01T00:00:00.000Z', spam: false, data: goodSales },
      ])
      expect(await store.pendingForwards('2100-01-01T00:00:00.000Z', 10)).toEqual([])
    } finally {
      await store.close()
    }
  })
})

describe('npm run api -- forward', () => {
  const run = promisify(execFile)
  const tsx = resolve('node_modules/tsx/dist/cli.mjs')
  const command = async (env: Record<string, string>, ...args: string[]) => {
    try {
      const { stdout, stderr } = await run(process.execPath, [tsx, 'scripts/api.ts', 'forward', ...args], {
        env: { ...process.env, API_STORE: 'sqlite', ...env },
      })
      return { code: 0, stdout, stderr }
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string }
      return { code: e.code, stdout: e.stdout, stderr: e.stderr }
    }
  }

  test('--retry-failed requeues the failed leads and delivers them with the due ones', {
    timeout: 30_000,
  }, async () => {
    const crm = await startReceiver()
    const dbPath = tempDbPath()
    try {
      const store = sqliteStore(dbPath)
      const at = new Date().toISOString()
      const lead = (id: string, forward: ContactRecord['forward']): ContactRecord => ({
        id,
        kind: 'support',
        receivedAt: at,
        spam: false,
        data: goodSupport,
        forward,
      })
      await store.saveContact(lead('failed-1', { status: 'failed', attempts: 20, lastError: 'status 500' }))
      await store.saveContact(lead('due-1', { status: 'pending', attempts: 0, nextAttemptAt: at }))
      await store.close()

      const env = { DB_PATH: dbPath, LEAD_WEBHOOK_URL: crm.url, LEAD_WEBHOOK_SECRET: secret }
      const { code, stdout } = await command(env, '--retry-failed')
      expect(code).toBe(0)
      const lines = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
      expect(lines.at(-1)).toMatchObject({ msg: 'forwarded', requeued: 1, forwarded: 2, retrying: 0, failed: 0 })
      expect(crm.ids().sort()).toEqual(['due-1', 'failed-1'])
      for (const d of crm.deliveries) expect(validSignature(d.headers['rasid-signature'], d.body, secret)).toBe(true)
      const reopened = sqliteStore(dbPath)
      expect((await reopened.listContacts()).map((c) => c.forward?.status)).toEqual(['forwarded', 'forwarded'])
      await reopened.close()

      const off = await command({ DB_PATH: dbPath, LEAD_WEBHOOK_URL: '' })
      expect(off.code).toBe(2)
      expect(off.stderr).toContain('LEAD_WEBHOOK_URL is not set')
      expect(off.stderr).toContain('Usage: npm run api -- forward')
    } finally {
      await crm.close()
    }
  })
})
