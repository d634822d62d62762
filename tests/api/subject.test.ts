import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb'
import sqlite3 from 'node-sqlite3-wasm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ConfigError, configFromEnv, type WebhookConfig, webhookDefaults } from '../../api/server/config'
import { defaultRetention, sweepCutoffs, sweepOnce } from '../../api/server/retention'
import { backfillPersonalDataKeys, dynamoClient } from '../../api/server/store/dynamo'
import { memoryStore } from '../../api/server/store/memory'
import type { ContactRecord, SessionRecord, Store } from '../../api/server/store/port'
import { sqliteStore } from '../../api/server/store/sqlite'
import { loadCatalog } from '../../locales/catalogs'
import { facts } from '../../site.config'
import { dynaliteEnv, startDynalite, type TestDynamo } from './dynalite'
import {
  call,
  consentVersions,
  goodSales,
  goodSupport,
  newKey,
  startApi,
  storedData,
  tempDbPath,
  apiCommand,
} from './helpers'
import { startReceiver } from './receiver'

const sales = '/api/v1/contact/sales'
const support = '/api/v1/contact/support'
const day = 24 * 60 * 60 * 1000

type Kind = 'sqlite' | 'dynamodb'

/** A checkout session created at `createdAt`, with an empty order (what the sweep reads is its time). */
const session = (id: string, createdAt: string): SessionRecord => ({
  id,
  status: 'paid',
  quote: {
    market: 'sa',
    currency: 'SAR',
    billing: 'monthly',
    lines: [],
    subtotalMinor: 0,
    discountMinor: 0,
    vatBp: 1500,
    vatMinor: 0,
    totalMinor: 0,
  },
  locale: 'en',
  createdAt,
  expiresAt: createdAt,
  updatedAt: createdAt,
})

let dynamo: TestDynamo
beforeAll(async () => {
  dynamo = await startDynalite()
})
afterAll(() => dynamo.close())

/** A new database of `kind`: a store on it, and the environment a command needs to open it too. */
async function database(kind: Kind): Promise<{ open: () => Store; env: Record<string, string> }> {
  if (kind === 'sqlite') {
    const path = tempDbPath()
    return { open: () => sqliteStore(path), env: { API_STORE: 'sqlite', DB_PATH: path } }
  }
  const table = await dynamo.newTable()
  return {
    open: () => dynamo.store(table),
    env: { API_STORE: 'dynamodb', DDB_TABLE: table, DDB_ENDPOINT: dynamo.endpoint, ...dynaliteEnv },
  }
}

/** Whether the idempotency record of `key` (a contact form's) is still there. */
async function idempotencyRecordExists(kind: Kind, env: Record<string, string>, scope: string, key: string) {
  if (kind === 'sqlite') {
    const db = new sqlite3.Database(env.DB_PATH!)
    try {
      return db.get('SELECT 1 AS one FROM idempotency WHERE scope = ? AND key = ?', [scope, key]) !== null
    } finally {
      db.close()
    }
  }
  const client = dynamoClient({
    endpoint: dynamo.endpoint,
    region: dynaliteEnv.AWS_REGION,
    credentials: { accessKeyId: dynaliteEnv.AWS_ACCESS_KEY_ID, secretAccessKey: dynaliteEnv.AWS_SECRET_ACCESS_KEY },
  })
  try {
    const { Item } = await client.send(
      new GetItemCommand({
        TableName: env.DDB_TABLE,
        Key: { pk: { S: `IDEM#${scope}#${key}` }, sk: { S: 'IDEM' } },
        ConsistentRead: true,
      }),
    )
    return Item !== undefined
  } finally {
    client.destroy()
  }
}

describe.each(['sqlite', 'dynamodb'] as const)('a data subject’s request on the %s store', (kind) => {
  test('show prints every lead of the address with its consent and forwarding; erase removes them, their queue place and idempotency records, and nothing is forwarded afterwards', {
    timeout: 90_000,
  }, async () => {
    const { open, env } = await database(kind)
    // The CRM takes the first lead, refuses the next two (each waits a minute to be tried again).
    const crm = await startReceiver({ script: [200, 500, 500] })
    let clock = Date.now()
    const webhook: WebhookConfig = { url: crm.url, ...webhookDefaults, backoffBaseMs: 60_000, pollMs: 3_600_000 }
    const server = await startApi({ store: open(), config: { webhook }, now: () => clock })
    try {
      const keys = { forwarded: newKey(), pending: newKey(), other: newKey() }
      const forwarded = await call(server, sales, { body: goodSales, key: keys.forwarded })
      expect(forwarded.status).toBe(201)
      await server.drainForwards!()
      clock += 1000
      // The same person writes in Arabic, with their address in other letters' case.
      const arabic = { ...goodSupport, email: 'NOURA@Example.com', name: 'نورة الحربي' }
      const pending = await call(server, support, { body: arabic, key: keys.pending })
      expect(pending.status).toBe(201)
      await server.drainForwards!()
      expect(crm.deliveries.map((d) => d.answer)).toEqual([200, 500])
      // Someone else's lead, refused by the CRM like the second: the control for "never forwarded".
      const other = await call(server, support, {
        body: { ...goodSupport, email: 'omar@example.com' },
        key: keys.other,
      })
      expect(other.status).toBe(201)
      await server.drainForwards!()
      expect(crm.deliveries.map((d) => d.answer)).toEqual([200, 500, 500])
      crm.deliveries.length = 0

      const ids = {
        forwarded: (forwarded.body as { id: string }).id,
        pending: (pending.body as { id: string }).id,
        other: (other.body as { id: string }).id,
      }
      // show: both of Noura's leads, not Omar's, as stored, with the consent's words in its language.
      const shown = await apiCommand(env, 'subject', 'show', '--email', 'noura@EXAMPLE.com')
      expect(shown.code, shown.stderr).toBe(0)
      const report = JSON.parse(shown.stdout)
      expect(report.leads.map((l: { id: string }) => l.id)).toEqual([ids.forwarded, ids.pending])
      const [first, second] = report.leads
      expect(first.data).toEqual(storedData(goodSales))
      expect(second.data).toEqual(storedData(arabic))
      expect(first.consent).toMatchObject({
        version: consentVersions.en,
        locale: 'en',
        at: first.receivedAt,
        text: loadCatalog('en')['contact.field.consent'],
      })
      expect(second.consent).toMatchObject({
        version: consentVersions.ar,
        locale: 'ar',
        text: loadCatalog('ar')['contact.field.consent'],
      })
      expect(first.forward).toMatchObject({ status: 'forwarded' })
      expect(second.forward).toMatchObject({ status: 'pending', attempts: 1, lastError: 'status 500' })
      expect(Date.parse(first.deletedAfter) - Date.parse(first.receivedAt)).toBe(facts.leadRetentionDays * day)
      expect(report.checkoutSessions).toEqual([])
      // The notes name the CRM's copy, in both languages.
      const crmNote = report.notes.find((n: { en: string }) => n.en.includes(ids.forwarded))
      expect(crmNote.ar).toContain(ids.forwarded)
      expect(crmNote.ar).toMatch(/[\u0600-\u06ff]/)
      // The log line on stderr says how many, never who.
      expect(shown.stderr).not.toMatch(/noura/i)

      // erase
      const erased = await apiCommand(env, 'subject', 'erase', '--email', 'Noura@example.com')
      expect(erased.code, erased.stderr).toBe(0)
      const removal = JSON.parse(erased.stdout)
      expect(removal.erased.leads.map((l: { id: string }) => l.id)).toEqual([ids.forwarded, ids.pending])
      expect(removal.erased).toMatchObject({ leadCount: 2, idempotencyRecords: 2 })
      // The CRM confirmed the first; the second's refused attempt may have left a copy there too.
      expect(removal.crm).toEqual({ forwarded: [ids.forwarded], attempted: [ids.pending] })
      expect(removal.notes.map((n: { en: string }) => n.en).join(' ')).toContain(ids.pending)
      // It prints ids, not the data it removed.
      expect(erased.stdout).not.toContain(goodSales.name)
      expect(erased.stdout).not.toContain(goodSales.message)
      expect(erased.stderr).not.toMatch(/noura/i)

      // Gone from the export, from show, from the idempotency records; Omar's lead stays.
      const exported = await apiCommand(env, 'export', 'contacts', '--format', 'json', '--spam')
      expect((JSON.parse(exported.stdout) as ContactRecord[]).map((c) => c.id)).toEqual([ids.other])
      const again = JSON.parse((await apiCommand(env, 'subject', 'show', '--email', 'noura@example.com')).stdout)
      expect(again.leads).toEqual([])
      expect(again.notes[0].en).toBe('The API holds no lead from this address.')
      expect(await idempotencyRecordExists(kind, env, 'contact/sales', keys.forwarded)).toBe(false)
      expect(await idempotencyRecordExists(kind, env, 'contact/support', keys.pending)).toBe(false)
      expect(await idempotencyRecordExists(kind, env, 'contact/support', keys.other)).toBe(true)

      // The erased pending lead is never forwarded: when both are due again, only Omar's goes.
      clock += 10 * 60_000
      await server.drainForwards!()
      expect(crm.ids()).toEqual([ids.other])
    } finally {
      await server.close()
      await crm.close()
    }
  })

  test('a delivery under way when its lead is erased cannot bring the lead back', async () => {
    const { open } = await database(kind)
    const store = open()
    try {
      const at = new Date().toISOString()
      const lead: ContactRecord = {
        id: 'lead-in-flight',
        kind: 'sales',
        receivedAt: at,
        spam: false,
        data: storedData(goodSales),
        consent: { version: consentVersions.en, locale: 'en', at },
        forward: { status: 'pending', attempts: 0, nextAttemptAt: at },
      }
      await store.saveContact(lead)
      expect(await store.claimForward(lead.id, 0, new Date(Date.now() + 60_000).toISOString())).toBe(true)
      // The erasure reports the lead as it was deleted: claimed, one attempt counted.
      expect(await store.eraseContacts([lead.id])).toEqual({
        removed: [{ id: lead.id, forward: expect.objectContaining({ status: 'pending', attempts: 1 }) }],
        idempotency: 0,
      })
      // The drainer's answer arrives after the erasure: success or failure, it writes nothing.
      await store.markForwarded(lead.id, new Date().toISOString())
      await store.markForwardFailed(lead.id, 1, new Date().toISOString(), 'status 500')
      await store.markForwardFailed(lead.id, 1, undefined, 'status 500')
      expect(await store.contactsOf(goodSales.email)).toEqual([])
      expect(await store.listContacts()).toEqual([])
      expect(await store.pendingForwards('2100-01-01T00:00:00.000Z', 10)).toEqual([])
      expect(await store.retryFailedForwards(new Date().toISOString())).toBe(0)
    } finally {
      await store.close()
    }
  })

  test('the retention sweep deletes leads and sessions past their periods, and keeps the rest', async () => {
    const { open } = await database(kind)
    const store = open()
    try {
      const now = Date.parse('2027-06-01T00:00:00.000Z')
      const ago = (days: number) => new Date(now - days * day).toISOString()
      const lead = (id: string, receivedAt: string, forward?: ContactRecord['forward']): ContactRecord => ({
        id,
        kind: 'support',
        receivedAt,
        spam: false,
        data: { ...storedData(goodSupport), email: `${id}@example.com` },
        ...(forward ? { forward } : {}),
      })
      const { leadDays, sessionDays } = defaultRetention
      await store.saveContact(lead('old', ago(leadDays + 1)))
      // Even a lead still queued for the CRM goes when its time is up.
      await store.saveContact(
        lead('old-pending', ago(leadDays + 2), { status: 'pending', attempts: 3, nextAttemptAt: ago(1) }),
      )
      await store.saveContact(lead('young', ago(leadDays - 1)))
      await store.saveSession(session('cs_old_session_1', ago(sessionDays + 1)))
      await store.saveSession(session('cs_young_session', ago(sessionDays - 1)))

      const swept = await store.sweep(sweepCutoffs(defaultRetention, now))
      expect(swept).toMatchObject({ contacts: 2, sessions: 1 })
      expect((await store.listContacts()).map((c) => c.id)).toEqual(['young'])
      expect(await store.contactsOf('old@example.com')).toEqual([])
      expect(await store.getSession('cs_old_session_1')).toBeUndefined()
      expect(await store.getSession('cs_young_session')).toBeDefined()
      // A second sweep finds nothing more.
      expect(await store.sweep(sweepCutoffs(defaultRetention, now))).toMatchObject({ contacts: 0, sessions: 0 })
    } finally {
      await store.close()
    }
  })
})

describe('retention, beyond the sweep', () => {
  test('on SQLite, idempotency records go after a day and payment events’ ids after 30 days', async () => {
    const store = sqliteStore(tempDbPath())
    try {
      const answer = await store.idempotent('contact/sales', 'k1', 'h', async () => ({
        status: 201,
        body: { id: 'x' },
      }))
      expect(answer.kind).toBe('fresh')
      await store.saveSession({ ...session('cs_events_session', new Date().toISOString()), status: 'open' })
      expect(await store.changeSession({ sessionId: 'cs_events_session', from: 'open', eventId: 'evt_1' })).toBe(
        'applied',
      )
      // Tomorrow: the record is gone, the event's id is kept; in 31 days, the event's id too.
      const tomorrow = await store.sweep(sweepCutoffs(defaultRetention, Date.now() + 1.01 * day))
      expect(tomorrow).toMatchObject({ idempotency: 1, events: 0, sessions: 0 })
      expect(
        (await store.idempotent('contact/sales', 'k1', 'h', async () => ({ status: 201, body: { id: 'y' } }))).kind,
      ).toBe('fresh')
      expect((await store.sweep(sweepCutoffs(defaultRetention, Date.now() + 31 * day))).events).toBe(1)
    } finally {
      await store.close()
    }
  })

  test('on DynamoDB, items from before these keys get them once (npm run api -- migrate): found, erased, swept', async () => {
    const table = await dynamo.newTable()
    const config = {
      endpoint: dynamo.endpoint,
      region: dynaliteEnv.AWS_REGION,
      credentials: { accessKeyId: dynaliteEnv.AWS_ACCESS_KEY_ID, secretAccessKey: dynaliteEnv.AWS_SECRET_ACCESS_KEY },
    }
    const client = dynamoClient(config)
    const at = '2026-11-01T09:00:00.000Z'
    // A lead and a session as the store wrote them before: no bySubject keys, no TTL, no byReceived for the session.
    await client.send(
      new PutItemCommand({
        TableName: table,
        Item: {
          pk: { S: 'CONTACT#old-lead' },
          sk: { S: 'CONTACT' },
          gsi1pk: { S: 'CONTACT' },
          gsi1sk: { S: `${at}#old-lead` },
          id: { S: 'old-lead' },
          kind: { S: 'sales' },
          receivedAt: { S: at },
          spam: { BOOL: false },
          data: { S: JSON.stringify(storedData(goodSales)) },
        },
      }),
    )
    const session = { id: 'cs_from_before_1', status: 'paid', createdAt: at, expiresAt: at, updatedAt: at }
    await client.send(
      new PutItemCommand({
        TableName: table,
        Item: {
          pk: { S: `SESSION#${session.id}` },
          sk: { S: 'SESSION' },
          status: { S: 'paid' },
          data: { S: JSON.stringify(session) },
        },
      }),
    )
    client.destroy()
    const store = dynamo.store(table)
    try {
      expect(await store.contactsOf(goodSales.email)).toEqual([])
      expect(await backfillPersonalDataKeys({ table, config })).toEqual({ contacts: 1, sessions: 1 })
      expect(await backfillPersonalDataKeys({ table, config })).toEqual({ contacts: 0, sessions: 0 })
      expect((await store.contactsOf(goodSales.email)).map((c) => c.id)).toEqual(['old-lead'])
      // The session is now within the sweep's reach.
      const later = Date.parse(at) + (facts.sessionRetentionDays + 1) * day
      expect(await store.sweep(sweepCutoffs(defaultRetention, later))).toMatchObject({ sessions: 1, contacts: 0 })
      expect(await store.eraseContacts(['old-lead'])).toMatchObject({ removed: [{ id: 'old-lead' }] })
      expect(await store.contactsOf(goodSales.email)).toEqual([])
    } finally {
      await store.close()
    }
  })

  test('on DynamoDB, an item past its TTL is gone from listings before DynamoDB deletes it, but a person’s request still finds it', async () => {
    const table = await dynamo.newTable()
    const writer = dynamo.store(table)
    const at = new Date().toISOString()
    await writer.saveContact({
      id: 'ttl-lead',
      kind: 'sales',
      receivedAt: at,
      spam: false,
      data: storedData(goodSales),
    })
    const later = dynamo.store(table, () => Math.floor(Date.now() / 1000) + (facts.leadRetentionDays + 1) * 86_400)
    try {
      expect((await writer.listContacts()).map((c) => c.id)).toEqual(['ttl-lead'])
      expect(await later.listContacts()).toEqual([])
      // Still held until DynamoDB deletes it: a person's request shows it and erases it.
      expect((await later.contactsOf(goodSales.email)).map((c) => c.id)).toEqual(['ttl-lead'])
      expect(await later.eraseContacts(['ttl-lead'])).toMatchObject({ removed: [{ id: 'ttl-lead' }] })
      expect(await writer.listContacts()).toEqual([])
    } finally {
      await writer.close()
      await later.close()
    }
  })

  test('the server sweeps at start, and logs counts only', async () => {
    const path = tempDbPath()
    const seed = sqliteStore(path)
    const old = new Date(Date.now() - (facts.leadRetentionDays + 5) * day).toISOString()
    await seed.saveContact({ id: 'ancient', kind: 'sales', receivedAt: old, spam: false, data: storedData(goodSales) })
    await seed.close()
    const server = await startApi({ dbPath: path })
    try {
      await expect
        .poll(() => server.logs.find((l) => l.msg === 'retention sweep'))
        .toMatchObject({
          contacts: 1,
          sessions: 0,
        })
      expect(await server.store.listContacts()).toEqual([])
      expect(JSON.stringify(server.logs)).not.toContain(goodSales.email)
    } finally {
      await server.close()
    }
  })

  test('LEAD_RETENTION_DAYS may shorten the notice’s period, never lengthen it (refused in both languages)', () => {
    const base = { PAYMENT_PROVIDER: 'sandbox' }
    expect(configFromEnv({ ...base, LEAD_RETENTION_DAYS: '30' }).retention).toEqual({
      leadDays: 30,
      sessionDays: facts.sessionRetentionDays,
    })
    expect(configFromEnv(base).retention).toEqual(defaultRetention)
    let refused: ConfigError | undefined
    try {
      configFromEnv({ ...base, LEAD_RETENTION_DAYS: String(facts.leadRetentionDays + 1), SESSION_RETENTION_DAYS: '0' })
    } catch (error) {
      refused = error as ConfigError
    }
    expect(refused).toBeInstanceOf(ConfigError)
    expect(refused!.refusals.map((r) => r.setting)).toEqual(['LEAD_RETENTION_DAYS', 'SESSION_RETENTION_DAYS'])
    expect(refused!.refusals[0]!.en).toContain('longer than')
    expect(refused!.refusals[0]!.ar).toContain('سياسة الخصوصية')
  })

  test('sweepOnce on the memory store, as the Lambda’s daily event runs it', async () => {
    const store = memoryStore()
    const lines: unknown[] = []
    await store.saveContact({
      id: 'm1',
      kind: 'sales',
      receivedAt: '2020-01-01T00:00:00.000Z',
      spam: false,
      data: storedData(goodSales),
    })
    expect(await sweepOnce(store, defaultRetention, { log: (l) => lines.push(l) })).toMatchObject({ contacts: 1 })
    expect(lines).toEqual([expect.objectContaining({ msg: 'retention sweep', contacts: 1 })])
  })
})

describe('npm run api -- subject, wrong usage', () => {
  test('exits 2 with the usage', { timeout: 60_000 }, async () => {
    const env = { API_STORE: 'sqlite', DB_PATH: tempDbPath() }
    const cases = [
      ['subject', 'delete', '--email', 'a@b.c'],
      ['subject', 'show'],
      ['subject', 'erase', '--email', 'not-an-address'],
    ]
    for (const [index, { code, stderr }] of (
      await Promise.all(cases.map((args) => apiCommand(env, ...args)))
    ).entries()) {
      expect(code, cases[index]!.join(' ')).toBe(2)
      expect(stderr).toContain('Usage: npm run api -- subject show --email <address>')
    }
  })
})
