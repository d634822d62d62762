// The islands' API client (api/client/) with a fake fetch: no server, no browser. What it sends, the
// one retry with the same key, the error kinds, the contract check of answers, and the runtime
// configuration's fallback to the build's defaults.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { post } from '../../api/client/http'
import { forgetRuntimeConfig, runtimeConfig } from '../../api/client/runtimeConfig'
import { ContactCreated } from '../../api/contract/schemas'

type Call = { url: string; init: RequestInit | undefined }
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } })
const config = { apiBase: '/api/v1', paymentHosts: [], features: {} }
const created = { id: '0b3c1c4e-9f3a-4c55-8f0e-6f4d5b8a1c2d', receivedAt: '2026-11-23T10:00:00.000Z' }

/** A fetch that answers runtime-config.json with `configAnswer` and the API with `answers` in turn. */
function fakeFetch(
  answers: (() => Response | Promise<Response>)[],
  configAnswer: () => Response = () => json(200, config),
) {
  const calls: Call[] = []
  const impl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input)
    if (url === '/runtime-config.json') return configAnswer()
    calls.push({ url, init })
    const next = answers.shift()
    if (!next) throw new Error('no more answers')
    return next()
  }) as unknown as typeof fetch
  return { impl, calls }
}

beforeEach(() => forgetRuntimeConfig())
afterEach(() => vi.restoreAllMocks())

describe('post()', () => {
  test('sends JSON with the Idempotency-Key to the configured base, and checks the answer with the contract', async () => {
    const { impl, calls } = fakeFetch([() => json(201, created)])
    const result = await post(
      '/contact/sales',
      { a: 1 },
      { schema: ContactCreated, key: 'key-12345678', fetchImpl: impl },
    )
    expect(result).toEqual({ ok: true, value: created })
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe('/api/v1/contact/sales')
    expect(calls[0]!.init!.method).toBe('POST')
    expect(calls[0]!.init!.headers).toMatchObject({
      'content-type': 'application/json',
      'idempotency-key': 'key-12345678',
    })
    expect(calls[0]!.init!.body).toBe('{"a":1}')
  })

  test('a success that does not match the contract is an error, never a silent success', async () => {
    const { impl } = fakeFetch([() => json(201, { id: 42 })])
    expect(await post('/contact/sales', {}, { schema: ContactCreated, key: 'key-12345678', fetchImpl: impl })).toEqual({
      ok: false,
      error: { kind: 'bad-response', status: 201 },
    })
  })

  test('a network error, then success: retried once with the same key', async () => {
    const { impl, calls } = fakeFetch([
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json(201, created),
    ])
    const result = await post('/contact/sales', {}, { schema: ContactCreated, key: 'key-abcdefgh', fetchImpl: impl })
    expect(result.ok).toBe(true)
    expect(calls.map((c) => (c.init!.headers as Record<string, string>)['idempotency-key'])).toEqual([
      'key-abcdefgh',
      'key-abcdefgh',
    ])
  })

  test('offline twice is `offline`; 503 twice is `server`; 500 is not retried', async () => {
    const offline = fakeFetch([() => Promise.reject(new TypeError('x')), () => Promise.reject(new TypeError('x'))])
    expect(await post('/x', {}, { schema: ContactCreated, key: 'key-12345678', fetchImpl: offline.impl })).toEqual({
      ok: false,
      error: { kind: 'offline' },
    })
    const busy = fakeFetch([() => json(503, {}), () => json(503, {})])
    expect(await post('/x', {}, { schema: ContactCreated, key: 'key-12345678', fetchImpl: busy.impl })).toEqual({
      ok: false,
      error: { kind: 'server', status: 503 },
    })
    expect(busy.calls).toHaveLength(2)
    const broken = fakeFetch([() => json(500, {})])
    await post('/x', {}, { schema: ContactCreated, key: 'key-12345678', fetchImpl: broken.impl })
    expect(broken.calls).toHaveLength(1)
  })

  test('400 with field errors, 409, 429 with Retry-After', async () => {
    const fields = { email: 'contact.error.email.invalid' }
    const invalid = fakeFetch([() => json(400, { status: 400, code: 'invalid-request', fields })])
    expect(await post('/x', {}, { schema: ContactCreated, key: 'key-12345678', fetchImpl: invalid.impl })).toEqual({
      ok: false,
      error: { kind: 'invalid', status: 400, fields },
    })
    const conflict = fakeFetch([() => json(409, { status: 409 })])
    expect((await post('/x', {}, { schema: ContactCreated, key: 'key-12345678', fetchImpl: conflict.impl })).ok).toBe(
      false,
    )
    const rate = fakeFetch([() => json(429, { status: 429, retryAfter: 30 }, { 'retry-after': '30' })])
    expect(await post('/x', {}, { schema: ContactCreated, key: 'key-12345678', fetchImpl: rate.impl })).toEqual({
      ok: false,
      error: { kind: 'rate', status: 429, retryAfter: 30 },
    })
  })

  test('an API that hangs past the timeout is `timeout`, not retried', async () => {
    const { impl, calls } = fakeFetch([
      () =>
        new Promise<Response>((_, reject) => {
          const init = calls.at(-1)!.init!
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
        }),
    ])
    const result = await post('/x', {}, { schema: ContactCreated, key: 'key-12345678', fetchImpl: impl, timeoutMs: 50 })
    expect(result).toEqual({ ok: false, error: { kind: 'timeout' } })
    expect(calls).toHaveLength(1)
  })
})

describe('runtimeConfig()', () => {
  test('reads runtime-config.json once', async () => {
    const { impl } = fakeFetch([], () => json(200, { ...config, apiBase: 'https://api.rasid.example/v1' }))
    expect((await runtimeConfig(impl)).apiBase).toBe('https://api.rasid.example/v1')
    await runtimeConfig(impl)
    expect(impl).toHaveBeenCalledTimes(1)
  })

  test.each([
    ['missing (404)', () => new Response('Not found', { status: 404 })],
    ['not JSON', () => new Response('<html>', { status: 200 })],
    ['the wrong shape', () => json(200, { apiBase: 'javascript:alert(1)', paymentHosts: [], features: {} })],
    ['unreachable', () => Promise.reject(new TypeError('Failed to fetch')) as unknown as Response],
  ])('%s: the build defaults, with a console warning', async (_, answer) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { impl } = fakeFetch([], answer)
    expect(await runtimeConfig(impl)).toEqual(config)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('runtime-config.json is unusable'))
  })
})
