// The contract holds for any input: every operation of api/contract/openapi.json, sent requests made
// from the document itself (its JSON schemas as fast-check arbitraries, schemaArbitrary.ts: valid
// bodies, broken ones, other media types, header and path values, other methods), must answer a
// status the document lists for it, in that status's media type, with a body its schema accepts
// (ajv), `Cache-Control: no-store`, and never a 5xx. A model of what the server acknowledged
// predicts each answer in the order docs/api.md gives its checks, and at the end the store holds
// exactly what was acknowledged. A fixed seed and a bounded number of runs keep it to seconds;
// PROPERTY_SEED and PROPERTY_RUNS explore further.
// The document, its operations and settings: contractDocument.ts; requests planned by fast-check:
// contractPlans.ts; the model of what the server acknowledged, and each plan made a request against
// it: contractRequests.ts; what each answer must be, and a request sent and checked:
// contractAnswers.ts.
import fc from 'fast-check'
import sqlite3 from 'node-sqlite3-wasm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { checkoutDefaults } from '../../api/server/config'
import { speakingTo, verify } from './contractAnswers'
import {
  bodyLimit,
  document,
  inline,
  opById,
  ops,
  resolve,
  sessionsTemplate,
  strict,
  webhook,
  webhookSecret,
} from './contractDocument'
import { planArbitrary } from './contractPlans'
import { createdOf, newModel, resolvePlan, sign } from './contractRequests'
import { storeOfKind, type TestDynamo } from './dynalite'
import { call, goodSales, startApi, type TestApi, tempDbPath } from './helpers'
import { arbitraryOf } from './schemaArbitrary'

const seed = Number(process.env.PROPERTY_SEED ?? 1913)
const numRuns = Number(process.env.PROPERTY_RUNS ?? 300)

// ---- The server ----

const roomy = { limit: 1_000_000, windowMs: 60_000 }
const cart = { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] }
/** The server under test: `send` speaks to it. */
let api: TestApi | undefined
const { send, exchange } = speakingTo(() => api)

// ---- The tests ----

test('the converter makes values each schema of the document accepts', () => {
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    const accepts = strict.compile(inline(schema) as object)
    fc.assert(
      fc.property(arbitraryOf(schema, resolve), (value) => {
        expect(accepts(value), `${name}: ${strict.errorsText(accepts.errors)}`).toBe(true)
      }),
      { seed, numRuns: 100 },
    )
  }
})

// The long run on SQLite, whose file the end counts; shorter ones on the other stores.
describe.each([
  { kind: 'sqlite', runs: numRuns },
  { kind: 'memory', runs: Math.ceil(numRuns / 3) },
  { kind: 'dynamodb', runs: Math.ceil(numRuns / 3) },
] as const)('on the $kind store', ({ kind, runs }) => {
  const dbPath = kind === 'sqlite' ? tempDbPath() : undefined
  let dynamo: TestDynamo | undefined
  beforeAll(async () => {
    const { store, dynamo: made } = await storeOfKind(kind)
    dynamo = made
    api = await startApi({
      store,
      dbPath,
      config: {
        bodyLimit,
        // The secret is the test's own; the limits high enough that no run meets them.
        checkout: { ...checkoutDefaults, webhookSecret, rate: roomy, codeGuesses: roomy },
      },
    })
  })
  afterAll(async () => {
    await api?.close()
    api = undefined
    await dynamo?.close()
  })

  // What the property found, kept as plain cases (none of them stores anything).
  test.each([
    ['a sales lead', '__proto__', '/api/v1/contact/sales', goodSales as object],
    ['a quote', 'toString', '/api/v1/cart/quote', cart],
    ['a quote', 'constructor', '/api/v1/cart/quote', cart],
  ])('%s with a field named %s is a 400 that names it', async (_, field, path, good) => {
    // As text: an object literal's `__proto__` would set a prototype, not a field.
    const body = `${JSON.stringify(good).slice(0, -1)},${JSON.stringify(field)}:1}`
    const answer = await call(api!, path, { body })
    expect(answer.status).toBe(400)
    expect(Object.keys((answer.body as { fields: object }).fields)).toContain(field)
  })

  test('a signed webhook body that starts with a BOM passes its signature, then is no event', async () => {
    const body = Buffer.from('\uFEFF{}')
    const headers = { 'rasid-signature': sign(webhookSecret, body, Math.floor(Date.now() / 1000)) }
    const answer = await call(api!, webhook.template, { body: body.toString(), headers, key: null })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: 'invalid-request' })
  })

  test('every operation answers as the document says, whatever it is sent, and stores what it acknowledged', async () => {
    const model = newModel()
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(...ops.map(planArbitrary)), { minLength: 1, maxLength: 5 }), async (plans) => {
        for (const plan of plans) await exchange(plan, model)
      }),
      { seed, numRuns: runs },
    )

    // The server still answers, and no request ended in a 5xx.
    const getHealth = opById('getHealth')
    const plain = {
      path: {},
      tweak: '',
      query: null,
      contentType: null,
      body: null,
      key: null,
      signature: null,
    } as const
    const health = resolvePlan({ ...plain, op: getHealth.id, method: 'GET', chunked: false, twice: false }, model)
    const answer = await send(health)
    expect(verify(health, answer, model)).toEqual([])
    expect(answer.status).toBe(200)
    expect(api!.logs.filter((line) => line.level === 'error')).toEqual([])

    // Each operation met its success and its errors with this seed: the runs reach every branch.
    for (const op of kind === 'sqlite' ? ops : []) {
      const expected = [op.success, ...(op.body ? [400, 413, 415] : []), ...(op.pathParams.length ? [404] : [])]
      if (op.headers.some((p) => p.name === 'Idempotency-Key')) expected.push(409)
      if (op === webhook) expected.push(401, 404)
      expect([...(model.seen.get(op.id) ?? [])].sort(), op.id).toEqual(expect.arrayContaining(expected))
    }
    if (kind === 'sqlite') expect([...(model.seen.get('elsewhere') ?? [])].sort()).toEqual([404, 405])

    // Stored exactly what it acknowledged: each lead once, as sent (less the honeypot), spam marked;
    // each session with the quote it answered; replays added nothing.
    const leads = ops.filter((op) => op.template.startsWith('/api/v1/contact/'))
    const acknowledged = new Map(
      leads.flatMap((op) =>
        [...createdOf(model, op.template)].map(([id, { request }]) => [id, { op, request }] as const),
      ),
    )
    const contacts = await api!.store.listContacts()
    expect(contacts.map((c) => c.id).sort()).toEqual([...acknowledged.keys()].sort())
    for (const contact of contacts) {
      const { op, request } = acknowledged.get(contact.id)!
      const { website, consentVersion, ...data } = request as Record<string, unknown>
      expect(contact.kind).toBe(op.template.split('/').pop())
      expect(contact.data).toEqual(data)
      // The consent the page said it showed, in the version's language, at the lead's arrival.
      expect(contact.consent).toEqual({
        version: consentVersion,
        locale: String(consentVersion).slice(0, 2),
        at: contact.receivedAt,
      })
      expect(contact.spam).toBe(typeof website === 'string' && website.trim() !== '')
    }
    const sessions = createdOf(model, sessionsTemplate)
    for (const [id, { body }] of sessions) expect((await api!.store.getSession(id))?.quote).toEqual(body.quote)
    await api!.close()
    api = undefined
    if (kind !== 'sqlite') return
    // The tables of docs/api.md ("The database"), counted on the file the server wrote.
    const db = new sqlite3.Database(dbPath!)
    try {
      const count = (table: string) => Number(db.get(`SELECT COUNT(*) AS n FROM ${table}`)?.n)
      expect(count('contacts')).toBe(acknowledged.size)
      expect(count('checkout_sessions')).toBe(sessions.size)
      expect(count('idempotency')).toBe([...model.keys.values()].reduce((n, byKey) => n + byKey.size, 0))
    } finally {
      db.close()
    }
  }, 180_000)
})
