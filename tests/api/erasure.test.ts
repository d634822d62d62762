import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { ScanCommand } from '@aws-sdk/client-dynamodb'
import sqlite3 from 'node-sqlite3-wasm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { WebhookConfig } from '../../api/server/config'
import { webhookDefaults } from '../../api/server/config'
import { defaultRetention, sweepOnce } from '../../api/server/retention'
import { dynamoClient } from '../../api/server/store/dynamo'
import { migrations } from '../../api/server/store/migrations'
import type { ContactRecord } from '../../api/server/store/port'
import { sqliteStore } from '../../api/server/store/sqlite'
import { dynaliteEnv, startDynalite, type TestDynamo } from './dynalite'
import { call, goodSales, goodSupport, newKey, startApi, storedData, tempDbPath, apiCommand } from './helpers'
import { startReceiver } from './receiver'

const day = 24 * 60 * 60 * 1000

/** A person no other test data resembles: every value is searched for in the raw bytes. */
const person = {
  name: 'Zubaida Qarnawi-Eltahan',
  arabicName: 'زبيدة القرنوي',
  email: 'zubaida.qarnawi+erase@example.org',
  company: 'Qarnawi Spice Importers',
  phone: '+966598877665',
  message: 'Please call about our marzipan-kiosk rollout in Tabuk, reference QX-7781-ZQ.',
}

/** What must be gone: each value as typed, the address in any case, the DynamoDB index key (a hash of it). */
function traces(): Buffer[] {
  const values = [person.name, person.arabicName, person.company, person.phone, person.message, person.email]
  const emailHash = createHash('sha256').update(person.email.toLowerCase()).digest('hex')
  return [...values, emailHash].map((v) => Buffer.from(v, 'utf8'))
}

/** Which of the person's values `bytes` still holds (the address compared without case). */
function found(bytes: Buffer): string[] {
  const lower = Buffer.from(bytes.toString('latin1').toLowerCase(), 'latin1')
  return traces()
    .filter((t) => bytes.includes(t) || lower.includes(Buffer.from(t.toString('latin1').toLowerCase(), 'latin1')))
    .map((t) => t.toString('utf8'))
}

/** Every file in the database's folder (the file, its -journal or -wal if any), as raw bytes. */
function filesBeside(dbPath: string): { name: string; bytes: Buffer }[] {
  const dir = dirname(dbPath)
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isFile())
    .map((name) => ({ name, bytes: readFileSync(join(dir, name)) }))
}

function expectNoTrace(dbPath: string, control: string) {
  const files = filesBeside(dbPath)
  expect(files.map((f) => f.name)).toContain('rasid.sqlite')
  for (const { name, bytes } of files) expect(found(bytes), name).toEqual([])
  // The scan itself works: the other person's lead is still there, readable in the file.
  expect(files.some((f) => f.bytes.includes(Buffer.from(control)))).toBe(true)
}

const sales = { ...goodSales, name: person.name, email: person.email, company: person.company, phone: person.phone }
const salesWithMessage = { ...sales, message: person.message }
const support = { ...goodSupport, name: person.arabicName, email: person.email.toUpperCase(), message: person.message }
const other = { ...goodSupport, name: 'Omar Control', email: 'omar.control@example.com' }

let dynamo: TestDynamo
beforeAll(async () => {
  dynamo = await startDynalite()
})
afterAll(() => dynamo.close())

describe.each(['sqlite', 'dynamodb'] as const)('erasure on %s leaves no byte of the person', (kind) => {
  test('subject erase, while the server runs: the store, the queue and the logs hold nothing of them', {
    timeout: 90_000,
  }, async () => {
    const dbPath = tempDbPath()
    const table = kind === 'dynamodb' ? await dynamo.newTable() : ''
    const env: Record<string, string> =
      kind === 'sqlite'
        ? { API_STORE: 'sqlite', DB_PATH: dbPath }
        : { API_STORE: 'dynamodb', DDB_TABLE: table, DDB_ENDPOINT: dynamo.endpoint, ...dynaliteEnv }
    // The CRM refuses every delivery: both leads stay queued when the erasure comes.
    const crm = await startReceiver({ script: [500, 500, 500, 500, 500, 500] })
    let clock = Date.now()
    const webhook: WebhookConfig = { url: crm.url, ...webhookDefaults, backoffBaseMs: 60_000, pollMs: 3_600_000 }
    const store = kind === 'sqlite' ? sqliteStore(dbPath) : dynamo.store(table)
    const server = await startApi({ store, config: { webhook }, now: () => clock })
    const commandOutput: string[] = []
    try {
      for (const body of [salesWithMessage, support, other])
        expect(
          (
            await call(
              server,
              body === support || body === other ? '/api/v1/contact/support' : '/api/v1/contact/sales',
              { body, key: newKey() },
            )
          ).status,
        ).toBe(201)
      await server.drainForwards!()
      expect(crm.deliveries).toHaveLength(3)
      crm.deliveries.length = 0
      if (kind === 'sqlite') expect(found(readFileSync(dbPath)).length).toBeGreaterThan(0)

      const erased = await apiCommand(env, 'subject', 'erase', '--email', person.email)
      expect(erased.code, erased.stderr).toBe(0)
      expect(JSON.parse(erased.stdout).erased).toMatchObject({ leadCount: 2, idempotencyRecords: 2 })
      commandOutput.push(erased.stdout, erased.stderr)

      // The queue: when every lead is due again, only the other person's goes.
      clock += 10 * 60_000
      await server.drainForwards!()
      expect(crm.deliveries.map((d) => found(Buffer.from(d.body)))).toEqual([[]])
      expect(crm.deliveries[0]!.body).toContain(other.name)

      if (kind === 'sqlite') expectNoTrace(dbPath, other.name)
      else {
        // Every item of the table, read raw: the person's leads are deleted, not flagged, and
        // nothing else (an index key, an idempotency record) carries them.
        const client = dynamoClient({
          endpoint: dynamo.endpoint,
          region: dynaliteEnv.AWS_REGION,
          credentials: {
            accessKeyId: dynaliteEnv.AWS_ACCESS_KEY_ID,
            secretAccessKey: dynaliteEnv.AWS_SECRET_ACCESS_KEY,
          },
        })
        try {
          const { Items = [] } = await client.send(new ScanCommand({ TableName: table, ConsistentRead: true }))
          const contacts = Items.filter((i) => i.pk?.S?.startsWith('CONTACT#'))
          expect(contacts.map((i) => JSON.parse(i.data!.S!).name)).toEqual([other.name])
          expect(found(Buffer.from(JSON.stringify(Items)))).toEqual([])
        } finally {
          client.destroy()
        }
      }
    } finally {
      await server.close()
      await crm.close()
    }
    // The logs: the server's lines and the command's output name ids and counts, never the person.
    expect(found(Buffer.from(JSON.stringify(server.logs) + commandOutput.join('\n')))).toEqual([])
    if (kind === 'sqlite') expectNoTrace(dbPath, other.name)
  })

  test('the retention sweep: what it deleted is gone from the file too', async () => {
    const dbPath = tempDbPath()
    const table = kind === 'dynamodb' ? await dynamo.newTable() : ''
    const open = () => (kind === 'sqlite' ? sqliteStore(dbPath) : dynamo.store(table))
    const store = open()
    const now = Date.now()
    const ago = (days: number) => new Date(now - days * day).toISOString()
    const lead = (id: string, receivedAt: string, data: ContactRecord['data']): ContactRecord => ({
      id,
      kind: 'sales',
      receivedAt,
      spam: false,
      data,
      forward: { status: 'pending', attempts: 2, nextAttemptAt: receivedAt },
    })
    try {
      // Enough leads that the old ones share pages with the young ones and fill others.
      for (let i = 0; i < 40; i++)
        await store.saveContact(lead(`old-${i}`, ago(defaultRetention.leadDays + 2), storedData(salesWithMessage)))
      await store.saveContact(lead('young', ago(1), storedData({ ...goodSales, name: other.name })))
      const logs: unknown[] = []
      expect(await sweepOnce(store, defaultRetention, { log: (l) => logs.push(l), now: () => now })).toMatchObject({
        contacts: 40,
      })
      expect(found(Buffer.from(JSON.stringify(logs)))).toEqual([])
      expect((await store.listContacts()).map((c) => c.id)).toEqual(['young'])
    } finally {
      await store.close()
    }
    if (kind === 'sqlite') expectNoTrace(dbPath, other.name)
    else {
      const client = dynamoClient({
        endpoint: dynamo.endpoint,
        region: dynaliteEnv.AWS_REGION,
        credentials: { accessKeyId: dynaliteEnv.AWS_ACCESS_KEY_ID, secretAccessKey: dynaliteEnv.AWS_SECRET_ACCESS_KEY },
      })
      try {
        const { Items = [] } = await client.send(new ScanCommand({ TableName: table, ConsistentRead: true }))
        expect(Items.filter((i) => i.pk?.S?.startsWith('CONTACT#')).map((i) => i.id!.S)).toEqual(['young'])
        expect(found(Buffer.from(JSON.stringify(Items)))).toEqual([])
      } finally {
        client.destroy()
      }
    }
  })
})

test('a SQLite file from before (deleted rows left in its free pages) is rewritten clean when opened', async () => {
  const dbPath = tempDbPath()
  // The file as this store left it before: at version 4, leads written and deleted with a plain DELETE.
  mkdirSync(dirname(dbPath), { recursive: true })
  const db = new sqlite3.Database(dbPath)
  try {
    for (const migration of migrations.filter((m) => m.version <= 4)) db.exec(migration.sql)
    db.exec('PRAGMA user_version = 4')
    for (let i = 0; i < 30; i++)
      db.run('INSERT INTO contacts (id, kind, received_at, spam, data) VALUES (?, ?, ?, 0, ?)', [
        `gone-${i}`,
        'sales',
        new Date().toISOString(),
        JSON.stringify(storedData(salesWithMessage)),
      ])
    db.run('INSERT INTO contacts (id, kind, received_at, spam, data) VALUES (?, ?, ?, 0, ?)', [
      'kept',
      'sales',
      new Date().toISOString(),
      JSON.stringify(storedData({ ...goodSales, name: other.name })),
    ])
    db.exec("DELETE FROM contacts WHERE id LIKE 'gone-%'")
  } finally {
    db.close()
  }
  expect(found(readFileSync(dbPath)).length).toBeGreaterThan(0)
  const store = sqliteStore(dbPath)
  expect(store.applied).toEqual(migrations.filter((m) => m.version > 4).map((m) => m.version))
  await store.close()
  expectNoTrace(dbPath, other.name)
})
