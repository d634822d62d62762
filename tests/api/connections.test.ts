// What the Node server does with its connections (docs/api.md, "Connections and timeouts"), over raw
// sockets on loopback: an early answer (413, 415, 400, 404, 405) to a body it did not read either
// reads that body to its end (up to 1 MB) and keeps the connection, or says `Connection: close` and
// closes it, never "keep-alive" and then a dropped socket; slow bodies and slow headers are cut by
// the timeouts; the connection cap; `X-Content-Type-Options: nosniff` on every answer.
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Cart } from '../../api/contract/cart'
import type { Problem } from '../../api/contract/schemas'
import { defaultConfig } from '../../api/server/config'
import { type RunningApi, startApiServer } from '../../api/server/serve'
import { memoryStore } from '../../api/server/store/memory'
import { call, goodSales, newKey, startApi, type TestApi } from './helpers'
import { chunk, head, openRaw, type RawAnswer, type RawConnection } from './rawHttp'

const sales = '/api/v1/contact/sales'
const health = '/api/v1/health'
const json = { 'Content-Type': 'application/json' }

/** An early answer: what is asked, and the status and problem code it gets before the body is read. */
type Early = { status: number; code: string; method: string; path: string; headers: Record<string, string> }
const early: Early[] = [
  { status: 413, code: 'payload-too-large', method: 'POST', path: sales, headers: { ...json, 'Idempotency-Key': 'k' } },
  {
    status: 415,
    code: 'unsupported-media-type',
    method: 'POST',
    path: sales,
    headers: { 'Content-Type': 'text/plain', 'Idempotency-Key': 'k' },
  },
  { status: 404, code: 'not-found', method: 'POST', path: '/api/v1/nowhere', headers: json },
  { status: 405, code: 'method-not-allowed', method: 'POST', path: health, headers: json },
  {
    status: 413,
    code: 'payload-too-large',
    method: 'POST',
    path: '/api/v1/sandbox/pay/cs_unknown12345',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  },
]
/** Over the 16 KB limit and under the 1 MB the server reads and drops; and over both. */
const sizes = { small: 100 * 1024, big: 2 * 1024 * 1024 }

/**
 * Sends `request` with a body of `size` bytes, with a length or chunked, at once or in two halves
 * 800 ms apart (longer than @hono/node-server's 500 ms drain), and returns the first answer once
 * the whole body is written (the next request must not be taken for the body's rest).
 */
async function sendEarly(
  connection: RawConnection,
  request: Pick<Early, 'method' | 'path' | 'headers'>,
  size: number,
  framing: 'length' | 'chunked',
  pace: 'at once' | 'slowly',
): Promise<RawAnswer> {
  const chunked = framing === 'chunked'
  const body = Buffer.alloc(size, 'x')
  const answer = connection.answer(10_000)
  answer.catch(() => {})
  await connection.write(head(request.method, request.path, request.headers, chunked ? { chunked } : { length: size }))
  const parts = pace === 'slowly' ? [body.subarray(0, size / 2), body.subarray(size / 2)] : [body]
  for (const [i, part] of parts.entries()) {
    if (i > 0) await sleep(800)
    // Not awaited: a server that stops reading never takes it all.
    void connection.write(chunked ? chunk(part, i === parts.length - 1) : part)
  }
  return answer
}

/**
 * After an early answer: `kept` when the next request on the connection gets its 200, `closed` when
 * the answer said `Connection: close` and the server then ended the connection. Anything else fails.
 */
async function afterwards(connection: RawConnection, first: RawAnswer): Promise<'kept' | 'closed'> {
  if (/\bclose\b/i.test(first.headers.connection ?? '')) {
    await connection.ended(3000)
    return 'closed'
  }
  await connection.write(head('GET', health))
  const next = await connection.answer(3000)
  expect(next.status).toBe(200)
  return 'kept'
}

describe('the connection after an early answer', () => {
  let api: TestApi
  beforeAll(async () => {
    api = await startApi()
  })
  afterAll(async () => {
    await api?.close()
  })

  test.concurrent.each(
    (['length', 'chunked'] as const).flatMap((framing) =>
      (['at once', 'slowly'] as const).flatMap((pace) =>
        early.map((e) => [e.status, e.path, framing, pace, e] as const),
      ),
    ),
  )('%i on %s, 2 MB body (%s, %s): a next request works, or it said close and closed', async (...args) => {
    const [, , framing, pace, e] = args
    const connection = await openRaw(api.port)
    try {
      const first = await sendEarly(connection, e, sizes.big, framing, pace)
      expect(first.status).toBe(e.status)
      expect((JSON.parse(first.body) as Problem).code).toBe(e.code)
      await afterwards(connection, first)
    } finally {
      connection.close()
    }
  })

  test.concurrent.each(
    (['length', 'chunked'] as const).flatMap((framing) =>
      (['at once', 'slowly'] as const).flatMap((pace) => [
        ...early.map((e) => [e.status, e.path, framing, pace, e] as const),
        // Within the limit: the handler's 400 before it reads the body.
        [
          400,
          sales,
          framing,
          pace,
          { ...early[0]!, status: 400, code: 'idempotency-key-missing', headers: json },
        ] as const,
      ]),
    ),
  )(
    '%i on %s, a body under 1 MB (%s, %s) is read and dropped: the connection serves the next request',
    async (...args) => {
      const [status, , framing, pace, e] = args
      const connection = await openRaw(api.port)
      try {
        const first = await sendEarly(connection, e, status === 400 ? 10 * 1024 : sizes.small, framing, pace)
        expect(first.status).toBe(e.status)
        expect((JSON.parse(first.body) as Problem).code).toBe(e.code)
        expect(first.headers.connection).toMatch(/keep-alive/i)
        expect(await afterwards(connection, first)).toBe('kept')
      } finally {
        connection.close()
      }
    },
  )

  test('an oversized POST with Content-Length, then one chunked, then a good one, all on one socket', async () => {
    // Whatever the first answers say, no request on the socket is left unanswered.
    const connection = await openRaw(api.port)
    try {
      for (const framing of ['length', 'chunked'] as const) {
        const first = await sendEarly(connection, early[0]!, sizes.big, framing, 'at once')
        expect(first.status).toBe(413)
        if ((await afterwards(connection, first)) === 'closed') break
      }
    } finally {
      connection.close()
    }
    const fresh = await call(api, sales, { body: goodSales })
    expect(fresh.status).toBe(201)
  })

  test('an answer that says close lets the client finish sending: the connection ends with a FIN, not a reset', async () => {
    // Closed at once with 20 MB unread, the socket is reset, and on a real network the reset can
    // overtake the 413 (RFC 9112, 9.6); here the client's writes would fail with EPIPE.
    const size = 20 * 1024 * 1024
    const connection = await openRaw(api.port)
    try {
      const answer = connection.answer()
      await connection.write(head('POST', sales, { ...json, 'Idempotency-Key': newKey() }, { length: size }))
      const written = connection.write(Buffer.alloc(size, 'x'))
      expect((await answer).status).toBe(413)
      await written
      await connection.ended(3000)
      expect(connection.writeError).toBeUndefined()
    } finally {
      connection.close()
    }
  })

  test('a request pipelined behind an answer that said close is not run', async () => {
    const email = `pipelined-${Date.now()}@example.com`
    const lead = JSON.stringify({ ...goodSales, email })
    const connection = await openRaw(api.port)
    try {
      const answer = connection.answer()
      const headers = { ...json, 'Idempotency-Key': newKey() }
      const written = connection.write(
        Buffer.concat([
          Buffer.from(head('POST', sales, headers, { length: sizes.big })),
          Buffer.alloc(sizes.big, 'x'),
          Buffer.from(head('POST', sales, { ...headers, 'Idempotency-Key': newKey() }, { length: lead.length })),
          Buffer.from(lead),
        ]),
      )
      const first = await answer
      expect(first.status).toBe(413)
      expect(first.headers.connection).toBe('close')
      await connection.ended(3000)
      // The server reads on while it closes: give it the time to have reached the second request.
      await written
      await sleep(500)
    } finally {
      connection.close()
    }
    expect((await api.store.listContacts()).filter((c) => c.data.email === email)).toEqual([])
  })
})

describe('timeouts and the connection cap', () => {
  let api: RunningApi
  beforeAll(async () => {
    // Short limits, so that no test waits the defaults' 15 s (startApiServer's `connections`).
    api = await startApiServer({
      config: defaultConfig,
      store: memoryStore(),
      port: 0,
      log: () => {},
      connections: { requestTimeoutMs: 1500, headersTimeoutMs: 1000, keepAliveTimeoutMs: 1000 },
    })
  })
  afterAll(async () => {
    await api?.close()
  })

  /** Writes `parts` one at a time, `everyMs` apart, until the server ends the connection. */
  async function trickle(connection: RawConnection, parts: string[], everyMs: number) {
    for (const part of parts) {
      if (connection.isEnded) return
      await connection.write(part)
      await sleep(everyMs)
    }
  }

  test('a body that comes a byte at a time is cut off by the request timeout with a 408', async () => {
    const connection = await openRaw(api.port)
    const start = Date.now()
    try {
      await connection.write(head('POST', sales, { ...json, 'Idempotency-Key': newKey() }, { length: 1000 }))
      void trickle(
        connection,
        Array.from({ length: 20 }, () => 'x'),
        500,
      )
      const answer = await connection.answer(6000)
      expect(answer.status).toBe(408)
      await connection.ended(1000)
      // Not before the timeout: the headers were whole and the body was still arriving.
      expect(Date.now() - start).toBeGreaterThanOrEqual(1400)
    } finally {
      connection.close()
    }
  })

  test('headers that never end are cut off by the headers timeout', async () => {
    const connection = await openRaw(api.port)
    const start = Date.now()
    try {
      await connection.write(`GET ${health} HTTP/1.1\r\nHost: 127.0.0.1\r\n`)
      void trickle(
        connection,
        Array.from({ length: 20 }, (_, i) => `X-Slow-${i}: y\r\n`),
        300,
      )
      const answer = await connection.answer(6000)
      expect(answer.status).toBe(408)
      await connection.ended(1000)
      expect(Date.now() - start).toBeGreaterThanOrEqual(900)
    } finally {
      connection.close()
    }
  })

  test('an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    const connection = await openRaw(api.port)
    try {
      await connection.write(head('GET', health))
      const answer = await connection.answer()
      expect(answer.status).toBe(200)
      expect(answer.headers['keep-alive']).toBe('timeout=1')
      // Node waits a second past what it announces, so that a client never races it (docs/api.md).
      await connection.ended(3500)
    } finally {
      connection.close()
    }
  })

  test('connections beyond the cap are closed without an answer', async () => {
    // A server of its own: the other tests' connections, still closing, would count.
    const capped = await startApiServer({
      config: defaultConfig,
      store: memoryStore(),
      port: 0,
      log: () => {},
      connections: { maxConnections: 2 },
    })
    const open = await Promise.all(Array.from({ length: 2 }, () => openRaw(capped.port)))
    try {
      // Each asks once, so that the server has taken both before the third comes.
      for (const connection of open) {
        await connection.write(head('GET', health))
        expect((await connection.answer()).status).toBe(200)
      }
      const extra = await openRaw(capped.port)
      open.push(extra)
      await extra.write(head('GET', health))
      await expect(extra.answer(2000)).rejects.toThrow(/ended the connection/)
    } finally {
      for (const connection of open) connection.close()
      await capped.close()
    }
  })
})

describe('X-Content-Type-Options: nosniff on every answer', () => {
  let api: TestApi
  beforeAll(async () => {
    api = await startApi()
  })
  afterAll(async () => {
    await api?.close()
  })

  test('JSON answers, success and problem, and the sandbox page', async () => {
    const cart: Cart = { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] }
    const key = newKey()
    const session = await call(api, '/api/v1/checkout/sessions', { body: { cart, locale: 'en' } })
    const answers = [
      await call(api, health),
      await call(api, sales, { body: goodSales, key }),
      await call(api, sales, { body: goodSales, key }),
      await call(api, sales, { body: { ...goodSales, email: 'nope' } }),
      await call(api, sales, { body: goodSales, key: null }),
      await call(api, sales, { body: '{', headers: {} }),
      await call(api, sales, { body: JSON.stringify(goodSales), headers: { 'content-type': 'text/plain' } }),
      await call(api, sales, { body: JSON.stringify({ ...goodSales, message: 'x'.repeat(20_000) }) }),
      await call(api, '/api/v1/nowhere'),
      await call(api, sales, { method: 'GET' }),
      await call(api, '/api/v1/cart/quote', { body: cart }),
      session,
      await call(api, `/api/v1/checkout/sessions/${(session.body as { id: string }).id}`),
      await call(api, '/api/v1/checkout/sessions/cs_unknown12345'),
      await call(api, '/api/v1/webhooks/payments', { body: { id: 'evt_1' }, key: null }),
    ]
    expect(answers.map((a) => a.status)).toEqual([
      200, 201, 201, 400, 400, 400, 415, 413, 404, 405, 200, 201, 200, 404, 401,
    ])
    for (const answer of answers) expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    const page = await fetch(`${api.url}/api/v1/sandbox/pay/${(session.body as { id: string }).id}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
  })
})
