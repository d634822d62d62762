// The reference API server (api/server/, docs/api.md) over HTTP on loopback: each endpoint, each
// bad input, idempotency, rate limits, the honeypot, the logs, and restarts with the SQLite file
// and on DynamoDB (dynalite on loopback). The same suite runs on each store.
// Every answer is parsed with the contract's schemas (helpers.ts `call`).
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { ContactCreated, Problem } from '../../api/contract/schemas'
import { sqliteStore } from '../../api/server/store/sqlite'
import { startDynalite, storeOfKind, type TestDynamo } from './dynalite'
import { call, goodSales, goodSupport, newKey, startApi, storedData, type TestApi, tempDbPath } from './helpers'

const sales = '/api/v1/contact/sales'
const support = '/api/v1/contact/support'

describe.each(['sqlite', 'memory', 'dynamodb'] as const)('with the %s store', (kind) => {
  let api: TestApi
  let dynamo: TestDynamo | undefined
  beforeAll(async () => {
    const { store, dynamo: made } = await storeOfKind(kind)
    dynamo = made
    api = await startApi({ store })
  })
  afterAll(async () => {
    await api?.close()
    await dynamo?.close()
  })

  test('GET /health names the store', async () => {
    const answer = await call(api, '/api/v1/health')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ status: 'ok', version: expect.any(String), store: kind })
  })

  test.each([
    ['sales', sales, goodSales],
    ['support', support, goodSupport],
  ])('POST %s stores the lead and answers 201 {id, receivedAt}', async (_, path, body) => {
    const answer = await call(api, path, { body })
    expect(answer.status).toBe(201)
    const created = answer.body as ContactCreated
    expect(answer.headers.get('idempotent-replayed')).toBeNull()
    const stored = (await api.store.listContacts()).find((c) => c.id === created.id)
    expect(stored).toEqual({
      id: created.id,
      kind: path.endsWith('sales') ? 'sales' : 'support',
      receivedAt: created.receivedAt,
      spam: false,
      data: storedData(body),
      // The consent the page showed, in its language, kept with the lead.
      consent: { version: body.consentVersion, locale: body.consentVersion.slice(0, 2), at: created.receivedAt },
    })
  })

  test.each([
    ['a missing field', sales, { ...goodSales, email: undefined }, { email: 'contact.error.email.required' }],
    ['a blank field', sales, { ...goodSales, name: '   ' }, { name: 'contact.error.name.required' }],
    [
      'an oversize field',
      sales,
      { ...goodSales, message: 'x'.repeat(5001) },
      { message: 'contact.error.message.tooLong' },
    ],
    ['a wrong type', sales, { ...goodSales, consent: 'yes' }, { consent: 'contact.error.consent.required' }],
    ['a wrong type (number)', support, { ...goodSupport, name: 42 }, { name: 'contact.error.name.invalid' }],
    ['a bad email', support, { ...goodSupport, email: 'omar@' }, { email: 'contact.error.email.invalid' }],
    ['a bad phone', sales, { ...goodSales, phone: '0501234567' }, { phone: 'contact.error.phone.invalid' }],
    ['an unknown enum', support, { ...goodSupport, topic: 'refund' }, { topic: 'contact.error.topic.required' }],
    ['an unknown field', sales, { ...goodSales, isAdmin: true }, { isAdmin: 'contact.error.unknownField' }],
    ['another form’s field', support, { ...goodSupport, company: 'X' }, { company: 'contact.error.unknownField' }],
    [
      'no consent version (a page older than the notice)',
      sales,
      { ...goodSales, consentVersion: undefined },
      { consentVersion: 'contact.error.consentVersion.required' },
    ],
    [
      'a consent version the archive lacks (a page the API does not know)',
      support,
      { ...goodSupport, consentVersion: 'ar-000000000000' },
      { consentVersion: 'contact.error.consentVersion.invalid' },
    ],
  ])('%s is a 400 with the field’s message id', async (_, path, body, fields) => {
    const before = (await api.store.listContacts()).length
    const answer = await call(api, path, { body })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: 'invalid-request', fields })
    expect(Object.keys((answer.body as Problem).fields ?? {})).toEqual(Object.keys(fields))
    expect((await api.store.listContacts()).length).toBe(before)
  })

  test('a body that is not an object is a 400', async () => {
    for (const body of ['[]', 'null', '"hello"']) {
      const answer = await call(api, sales, { body })
      expect(answer.status).toBe(400)
      expect((answer.body as Problem).code).toBe('invalid-request')
    }
  })

  test('not JSON is a 415; broken JSON a 400', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const answer = await call(api, sales, { body: JSON.stringify(goodSales), headers: { 'content-type': type } })
      expect(answer.status).toBe(415)
      expect((answer.body as Problem).code).toBe('unsupported-media-type')
    }
    const broken = await call(api, sales, { body: '{"name": "x",' })
    expect(broken.status).toBe(400)
    expect((broken.body as Problem).code).toBe('malformed-json')
  })

  test('a 20 MB body is a 413, with a length or streamed', async () => {
    const big = JSON.stringify({ ...goodSales, message: 'x'.repeat(20 * 1024 * 1024) })
    const answer = await call(api, sales, { body: big })
    expect(answer.status).toBe(413)
    expect((answer.body as Problem).code).toBe('payload-too-large')
    // Chunked, without Content-Length: the limit counts what arrives.
    const chunk = new TextEncoder().encode('x'.repeat(1024 * 1024))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 20) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const response = await fetch(`${api.url}${sales}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  test('a write without Idempotency-Key, or with a malformed one, is a 400', async () => {
    const missing = await call(api, sales, { body: goodSales, key: null })
    expect(missing.status).toBe(400)
    expect((missing.body as Problem).code).toBe('idempotency-key-missing')
    const short = await call(api, sales, { body: goodSales, key: 'abc' })
    expect(short.status).toBe(400)
    expect((short.body as Problem).code).toBe('idempotency-key-invalid')
  })

  test('the same key and body replay the first answer and store one lead', async () => {
    const key = newKey()
    const body = { ...goodSales, email: `replay-${kind}@example.com` }
    const first = await call(api, sales, { body, key })
    // The same body with its keys in another order is the same body.
    const reordered = Object.fromEntries(Object.entries(body).reverse())
    const second = await call(api, sales, { body: reordered, key })
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.text).toBe(first.text)
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    const stored = (await api.store.listContacts()).filter((c) => 'email' in c.data && c.data.email === body.email)
    expect(stored).toHaveLength(1)
    // The key belongs to its endpoint: the support form may use it too.
    expect((await call(api, support, { body: goodSupport, key })).status).toBe(201)
  })

  test('the same key with another body is a 409 and stores nothing', async () => {
    const key = newKey()
    expect((await call(api, sales, { body: goodSales, key })).status).toBe(201)
    const before = (await api.store.listContacts()).length
    const other = await call(api, sales, { body: { ...goodSales, message: 'Another message' }, key })
    expect(other.status).toBe(409)
    expect((other.body as Problem).code).toBe('idempotency-key-reused')
    expect((await api.store.listContacts()).length).toBe(before)
  })

  test('concurrent requests with one key store one lead', async () => {
    const key = newKey()
    const body = { ...goodSales, email: `concurrent-${kind}@example.com` }
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(api, sales, { body, key })))
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201))
    expect(new Set(answers.map((a) => a.text)).size).toBe(1)
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === null)).toHaveLength(1)
    const stored = (await api.store.listContacts()).filter((c) => 'email' in c.data && c.data.email === body.email)
    expect(stored).toHaveLength(1)
  })

  test('the honeypot stores the lead as spam and answers like any other', async () => {
    const body = { ...goodSales, email: `bot-${kind}@example.com`, website: 'http://spam.example' }
    const answer = await call(api, sales, { body })
    expect(answer.status).toBe(201)
    expect(Object.keys(answer.body as object).sort()).toEqual(['id', 'receivedAt'])
    expect(answer.headers.get('idempotent-replayed')).toBeNull()
    const stored = (await api.store.listContacts()).find((c) => c.id === (answer.body as ContactCreated).id)
    expect(stored?.spam).toBe(true)
    expect(stored?.data).not.toHaveProperty('website')
    // An empty honeypot is a person.
    const person = await call(api, support, { body: { ...goodSupport, website: '' } })
    const personStored = (await api.store.listContacts()).find((c) => c.id === (person.body as ContactCreated).id)
    expect(personStored?.spam).toBe(false)
  })

  test('unknown paths are a 404 and wrong methods a 405, as problems', async () => {
    const missing = await call(api, '/api/v1/nothing/here')
    expect(missing.status).toBe(404)
    const wrong = await call(api, sales, { method: 'GET' })
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('POST')
  })

  test('one log line per request, with no personal data', async () => {
    const from = api.logs.length
    await call(api, sales, { body: goodSales })
    await call(api, '/api/v1/health')
    await call(api, '/api/v1/contact/noura@example.com')
    const lines = api.logs.slice(from)
    expect(lines).toHaveLength(3)
    for (const line of lines) {
      expect(Object.keys(line).sort()).toEqual(['level', 'method', 'ms', 'path', 'requestId', 'status', 'time'])
    }
    expect(lines.map((l) => l.path)).toEqual([sales, '/api/v1/health', '(other)'])
    const text = JSON.stringify(api.logs)
    for (const secret of [goodSales.name, goodSales.email, goodSales.phone!, goodSales.message, goodSales.company])
      expect(text).not.toContain(secret)
  })
})

describe('rate limits', () => {
  const window = { windowMs: 60_000 }

  test('per client address: the third write is a 429 with Retry-After; X-Forwarded-For is not trusted', async () => {
    const api = await startApi({
      config: { rate: { perAddress: { limit: 2, ...window }, perEmail: { limit: 100, ...window } } },
    })
    try {
      const statuses = []
      for (let i = 0; i < 3; i++) {
        const answer = await call(api, sales, {
          body: { ...goodSales, email: `a${i}@example.com` },
          headers: { 'x-forwarded-for': `198.51.100.${i}`, 'cloudfront-viewer-address': `198.51.100.${i}:443` },
        })
        statuses.push(answer.status)
        if (answer.status === 429) {
          const retryAfter = Number(answer.headers.get('retry-after'))
          expect(retryAfter).toBeGreaterThan(0)
          expect(retryAfter).toBeLessThanOrEqual(60)
          expect(answer.body).toMatchObject({ code: 'rate-limited', retryAfter })
        }
      }
      expect(statuses).toEqual([201, 201, 429])
      // A refused write keeps nothing: the same key later runs again (here: still limited).
      expect((await api.store.listContacts()).length).toBe(2)
    } finally {
      await api.close()
    }
  })

  test('behind CloudFront (TRUST_PROXY=cloudfront) the viewer address counts, not the socket', async () => {
    const api = await startApi({
      config: {
        trustProxy: { kind: 'cloudfront' },
        rate: { perAddress: { limit: 2, ...window }, perEmail: { limit: 100, ...window } },
      },
    })
    try {
      const post = (i: number, headers: Record<string, string>) =>
        call(api, sales, { body: { ...goodSales, email: `v${i}@example.com` }, headers })
      const viewers = []
      for (let i = 0; i < 4; i++)
        viewers.push((await post(i, { 'cloudfront-viewer-address': `203.0.113.${i}:5${i}` })).status)
      expect(viewers).toEqual([201, 201, 201, 201])
      // IPv6 viewer address: the port is dropped, the address kept.
      const v6 = []
      for (let i = 0; i < 3; i++)
        v6.push((await post(10 + i, { 'cloudfront-viewer-address': `2001:db8::7:${4000 + i}` })).status)
      expect(v6).toEqual([201, 201, 429])
      // Without the viewer header, the last X-Forwarded-For entry (what CloudFront appended).
      const forwarded = []
      for (let i = 0; i < 3; i++)
        forwarded.push((await post(20 + i, { 'x-forwarded-for': `10.0.0.${i}, 192.0.2.9` })).status)
      expect(forwarded).toEqual([201, 201, 429])
    } finally {
      await api.close()
    }
  })

  test('behind another proxy (TRUST_PROXY=xff:1) the address it appended counts; IPv6 by its /64', async () => {
    const api = await startApi({
      config: {
        trustProxy: { kind: 'xff', hops: 1 },
        rate: { perAddress: { limit: 2, ...window }, perEmail: { limit: 100, ...window } },
      },
    })
    try {
      const post = (i: number, headers: Record<string, string>) =>
        call(api, sales, { body: { ...goodSales, email: `x${i}@example.com` }, headers })
      // What the client wrote before the proxy's entry changes nothing: the last entry is the key.
      const spoofed = []
      for (let i = 0; i < 3; i++)
        spoofed.push((await post(i, { 'x-forwarded-for': `10.9.9.${i}, 198.51.100.4` })).status)
      expect(spoofed).toEqual([201, 201, 429])
      // CloudFront's header is the client's own words here.
      const viewer = []
      for (let i = 0; i < 3; i++)
        viewer.push(
          (await post(10 + i, { 'cloudfront-viewer-address': `203.0.113.${i}:1`, 'x-forwarded-for': '198.51.100.5' }))
            .status,
        )
      expect(viewer).toEqual([201, 201, 429])
      // Every address of one /64 is one subscriber.
      const block = []
      for (let i = 0; i < 3; i++)
        block.push((await post(20 + i, { 'x-forwarded-for': `2001:db8:1:2::${i + 1}` })).status)
      expect(block).toEqual([201, 201, 429])
      expect((await post(30, { 'x-forwarded-for': '2001:db8:1:3::1' })).status).toBe(201)
      // A proxy that writes the port: one client whatever its port.
      const ports = []
      for (let i = 0; i < 3; i++)
        ports.push((await post(40 + i, { 'x-forwarded-for': `192.0.2.77:${1001 + i}` })).status)
      expect(ports).toEqual([201, 201, 429])
      // What is no address at all counts as the socket's (loopback here), not as a key of its own.
      const garbage = []
      for (let i = 0; i < 3; i++) garbage.push((await post(50 + i, { 'x-forwarded-for': `client-${i}` })).status)
      expect(garbage).toEqual([201, 201, 429])
    } finally {
      await api.close()
    }
  })

  test('per email from one address; another address is not locked out', async () => {
    const api = await startApi({
      config: {
        trustProxy: { kind: 'cloudfront' },
        rate: { perAddress: { limit: 100, ...window }, perEmail: { limit: 2, ...window } },
      },
    })
    try {
      const statuses = []
      for (let i = 0; i < 3; i++) {
        const email = i === 2 ? 'Same@Example.com' : 'same@example.com'
        const answer = await call(api, support, {
          body: { ...goodSupport, email, message: `Message ${i}` },
          headers: { 'cloudfront-viewer-address': `203.0.113.7:${443 + i}` },
        })
        statuses.push(answer.status)
        if (answer.status === 429) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
      }
      expect(statuses).toEqual([201, 201, 429])
      // The same email from elsewhere: its owner is not locked out by what one address sent.
      const elsewhere = await call(api, support, {
        body: { ...goodSupport, email: 'same@example.com' },
        headers: { 'cloudfront-viewer-address': '198.51.100.8:443' },
      })
      expect(elsewhere.status).toBe(201)
      // Another email from the same address is fine.
      const other = await call(api, support, {
        body: { ...goodSupport, email: 'other@example.com' },
        headers: { 'cloudfront-viewer-address': '203.0.113.7:443' },
      })
      expect(other.status).toBe(201)
    } finally {
      await api.close()
    }
  })
})

describe('the SQLite file', () => {
  test('is created and migrated once; a restart keeps the leads and the idempotency records', async () => {
    const dbPath = tempDbPath()
    expect(existsSync(dbPath)).toBe(false)
    const first = sqliteStore(dbPath)
    expect(first.applied).toEqual([1, 2, 3, 4, 5, 6, 7])
    const api1 = await startApi({ store: first })
    const key = newKey()
    const created = await call(api1, sales, { body: goodSales, key })
    expect(created.status).toBe(201)
    await api1.close()
    expect(existsSync(dbPath)).toBe(true)

    const second = sqliteStore(dbPath)
    expect(second.applied).toEqual([])
    const api2 = await startApi({ store: second })
    try {
      const leads = await second.listContacts()
      expect(leads.map((l) => l.id)).toEqual([(created.body as ContactCreated).id])
      const replay = await call(api2, sales, { body: goodSales, key })
      expect(replay.text).toBe(created.text)
      expect(replay.headers.get('idempotent-replayed')).toBe('true')
      expect(await second.listContacts()).toHaveLength(1)
    } finally {
      await api2.close()
    }
  })

  test('`npm run api` (scripts/api.ts) creates it under DB_PATH, serves, and stops on SIGTERM', async () => {
    const dbPath = tempDbPath()
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/api.ts'], {
      env: { ...process.env, PORT: '0', DB_PATH: dbPath, PAYMENT_PROVIDER: 'sandbox', RASID_ENV: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    try {
      const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]()
      const next = async () => JSON.parse((await lines.next()).value as string) as Record<string, string>
      // The sandbox's public key in use: said before anything is served, in both languages.
      const warning = await next()
      expect(warning).toMatchObject({ level: 'warn', setting: 'PAYMENT_WEBHOOK_SECRET' })
      expect(warning.msg_ar).toMatch(/[\u0600-\u06FF]/)
      const { url = '', store } = await next()
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(store).toBe('sqlite')
      expect((await call({ url }, '/api/v1/health')).status).toBe(200)
      expect((await call({ url }, sales, { body: goodSales })).status).toBe(201)
      expect(existsSync(dbPath)).toBe(true)
      child.kill('SIGTERM')
      const [code] = await once(child, 'exit')
      expect(code).toBe(0)
      const reopened = sqliteStore(dbPath)
      expect(reopened.applied).toEqual([])
      expect(await reopened.listContacts()).toHaveLength(1)
      await reopened.close()
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  }, 30_000)
})

describe('the DynamoDB table (dynalite on loopback)', () => {
  let dynamo: TestDynamo
  beforeAll(async () => {
    dynamo = await startDynalite()
  })
  afterAll(() => dynamo?.close())

  test('a restart (a new store on the same table) keeps the leads and the idempotency records', async () => {
    const table = await dynamo.newTable()
    const api1 = await startApi({ store: dynamo.store(table) })
    const key = newKey()
    const created = await call(api1, sales, { body: goodSales, key })
    expect(created.status).toBe(201)
    await api1.close()

    const second = dynamo.store(table)
    const api2 = await startApi({ store: second })
    try {
      expect((await call(api2, '/api/v1/health')).body).toMatchObject({ status: 'ok', store: 'dynamodb' })
      const leads = await second.listContacts()
      expect(leads.map((l) => l.id)).toEqual([(created.body as ContactCreated).id])
      const replay = await call(api2, sales, { body: goodSales, key })
      expect(replay.text).toBe(created.text)
      expect(replay.headers.get('idempotent-replayed')).toBe('true')
      const other = await call(api2, sales, { body: { ...goodSales, message: 'Another' }, key })
      expect(other.status).toBe(409)
      expect(await second.listContacts()).toHaveLength(1)
    } finally {
      await api2.close()
    }
  })

  test('two servers (two Lambda instances) racing one key store one lead and give one answer', async () => {
    const table = await dynamo.newTable()
    const apis = await Promise.all([startApi({ store: dynamo.store(table) }), startApi({ store: dynamo.store(table) })])
    try {
      const key = newKey()
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => call(apis[i % 2]!, sales, { body: goodSales, key })),
      )
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201))
      expect(new Set(answers.map((a) => a.text)).size).toBe(1)
      expect(await apis[0]!.store.listContacts()).toHaveLength(1)
    } finally {
      await Promise.all(apis.map((api) => api.close()))
    }
  })

  test('two stores that both miss the record and both run: one commits, the other replays its answer', async () => {
    const table = await dynamo.newTable()
    const stores = [dynamo.store(table), dynamo.store(table)]
    try {
      let ran = 0
      const results = await Promise.all(
        stores.map((store, i) =>
          store.idempotent('contact/sales', 'race-key-1', 'h', async () => {
            ran++
            // Both have read "no record" before either writes.
            await new Promise((done) => setTimeout(done, 100))
            const id = `lead-${i}`
            await store.saveContact({
              id,
              kind: 'sales',
              receivedAt: new Date().toISOString(),
              spam: false,
              data: goodSales,
            })
            return { status: 201, body: { id } }
          }),
        ),
      )
      expect(ran).toBe(2)
      expect(results.map((r) => r.kind).sort()).toEqual(['fresh', 'replay'])
      const bodies = results.map((r) => (r.kind === 'conflict' ? undefined : r.response.body))
      expect(bodies[0]).toEqual(bodies[1])
      const leads = await stores[0]!.listContacts()
      expect(leads.map((l) => l.id)).toEqual([(bodies[0] as { id: string }).id])
      // With another body the loser is a conflict, and still nothing of it is stored.
      const other = await stores[1]!.idempotent('contact/sales', 'race-key-1', 'other', async () => ({
        status: 201,
        body: {},
      }))
      expect(other).toEqual({ kind: 'conflict' })
    } finally {
      await Promise.all(stores.map((store) => store.close()))
    }
  })

  test('a record past its TTL (expiresAt) is gone: the key runs again', async () => {
    const table = await dynamo.newTable()
    let clock = Math.floor(Date.now() / 1000)
    const store = dynamo.store(table, () => clock)
    try {
      let runs = 0
      const run = async () => ({ status: 201, body: { run: ++runs } })
      expect(await store.idempotent('s', 'key-12345', 'h', run)).toEqual({
        kind: 'fresh',
        response: { status: 201, body: { run: 1 } },
      })
      clock += 24 * 60 * 60 - 1
      expect(await store.idempotent('s', 'key-12345', 'h', run)).toEqual({
        kind: 'replay',
        response: { status: 201, body: { run: 1 } },
      })
      clock += 1
      expect(await store.idempotent('s', 'key-12345', 'other', run)).toEqual({
        kind: 'fresh',
        response: { status: 201, body: { run: 2 } },
      })
    } finally {
      await store.close()
    }
  })

  test('an answer that is not a 2xx keeps no record; a store whose table is missing is unhealthy', async () => {
    const table = await dynamo.newTable()
    const store = dynamo.store(table)
    const missing = dynamo.store('no-such-table')
    try {
      expect((await store.idempotent('s', 'key-12345', 'h', async () => ({ status: 429, body: {} }))).kind).toBe(
        'fresh',
      )
      expect((await store.idempotent('s', 'key-12345', 'h', async () => ({ status: 201, body: {} }))).kind).toBe(
        'fresh',
      )
      expect(await store.ping()).toBe(true)
      expect(await missing.ping()).toBe(false)
    } finally {
      await store.close()
      await missing.close()
    }
  })
})
