// The live-build store's client (host/local/kvs.ts: @aws-sdk/client-cloudfront-keyvaluestore,
// signing with SigV4a) against the local store that speaks the service's protocol
// (host/local/kvsServer.ts), over loopback: conditional writes with ETags, two writers racing, a
// restart, unsigned requests, the raw protocol, and, through a proxy that fails on purpose, which
// failures are retried. Dummy credentials; nothing leaves 127.0.0.1.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, request, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { KvsConflictError, liveStore } from '../../host/local/kvs'
import { startKvsServer } from '../../host/local/kvsServer'

type Kvs = Awaited<ReturnType<typeof startKvsServer>>
const dir = mkdtempSync(join(tmpdir(), 'kvs-'))
const proxies: Server[] = []
let kvs: Kvs
beforeAll(async () => {
  // The SDK's default chain takes these first: no profile, no instance role is ever asked.
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'LOCAL')
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'LOCAL')
  vi.stubEnv('AWS_SESSION_TOKEN', undefined)
  vi.stubEnv('AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED', 'true')
  kvs = await startKvsServer()
})
afterAll(async () => {
  for (const p of proxies) {
    p.closeAllConnections()
    p.close()
  }
  await kvs.stop()
  vi.unstubAllEnvs()
  rmSync(dir, { recursive: true, force: true })
})
const storeOf = (k: Kvs, endpoint = k.endpoint) => liveStore({ arn: k.arn, endpoint })

/**
 * A proxy in front of the store that records each request and, per request, passes it on, answers
 * in the service's error format itself, or passes it on and then drops the connection before the
 * answer (the write landed; the client never hears so).
 */
type Verdict = 'pass' | 'lose-answer' | { status: number; type: string }
async function proxy(decide: (req: IncomingMessage, n: number) => Verdict) {
  const seen: { method: string; path: string; authorization: string; regionSet: string }[] = []
  const to = new URL(kvs.endpoint)
  let count = 0
  const server = createServer((req, res) => {
    seen.push({
      method: req.method!,
      path: decodeURIComponent(new URL(req.url!, 'http://x').pathname),
      authorization: req.headers.authorization ?? '',
      regionSet: String(req.headers['x-amz-region-set'] ?? ''),
    })
    const verdict = decide(req, ++count)
    if (typeof verdict === 'object') {
      req.resume()
      res.writeHead(verdict.status, { 'content-type': 'application/json', 'x-amzn-ErrorType': verdict.type })
      return res.end('{"Message":"from the test proxy"}')
    }
    const upstream = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        if (verdict === 'lose-answer') {
          up.resume()
          up.on('end', () => res.socket?.destroy())
          return
        }
        res.writeHead(up.statusCode!, up.headers)
        up.pipe(res)
      },
    )
    req.pipe(upstream)
  })
  proxies.push(server)
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return { endpoint: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen }
}

describe('the live-build store', () => {
  it('reads an empty store, switches, and reads the switch back, with a new ETag each write', async () => {
    const store = storeOf(kvs)
    const empty = await store.read()
    expect(empty.live).toBeUndefined()
    expect(empty.etag).toMatch(/\S/)
    const first = await store.switchTo('b1', empty.etag)
    expect(first.etag).not.toBe(empty.etag)
    expect(await store.read()).toEqual({ live: 'b1', etag: first.etag })
    expect(kvs.get('live')).toBe('b1')
    store.close()
  })

  it('refuses a write with a stale ETag, and changes nothing', async () => {
    const store = storeOf(kvs)
    const { etag } = await store.read()
    const { etag: after } = await store.switchTo('b2', etag)
    const stale = store.switchTo('b3', etag)
    await expect(stale).rejects.toBeInstanceOf(KvsConflictError)
    await expect(stale).rejects.toThrow(/^PutKey on arn:aws:cloudfront::123456789012:key-value-store\/.+ changed/)
    expect(await store.read()).toEqual({ live: 'b2', etag: after })
    store.close()
  })

  it('lets exactly one of two writers racing on one ETag win; the loser reads the winner and can go again', async () => {
    const [a, b] = [storeOf(kvs), storeOf(kvs)]
    const { etag } = await a.read()
    const results = await Promise.allSettled([a.switchTo('race-a', etag), b.switchTo('race-b', etag)])
    const won = results.filter((r) => r.status === 'fulfilled')
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect([won.length, lost.length]).toEqual([1, 1])
    expect(lost[0]!.reason).toBeInstanceOf(KvsConflictError)
    const winner = results[0]!.status === 'fulfilled' ? 'race-a' : 'race-b'
    const [loser, wanted] = winner === 'race-a' ? [b, 'race-b'] : [a, 'race-a']
    // Neither action is lost: the loser sees who won, and its own switch lands on a fresh read.
    const seen = await loser.read()
    expect(seen.live).toBe(winner)
    await loser.switchTo(wanted, seen.etag)
    expect((await a.read()).live).toBe(wanted)
    a.close()
    b.close()
  })

  it('signs every request with SigV4a, as the service requires', async () => {
    const { endpoint, seen } = await proxy(() => 'pass')
    const store = storeOf(kvs, endpoint)
    await store.switchTo('signed', (await store.read()).etag)
    store.close()
    expect(seen.map((r) => r.method)).toEqual(['GET', 'GET', 'PUT'])
    for (const r of seen) {
      expect(r.authorization).toMatch(
        /^AWS4-ECDSA-P256-SHA256 Credential=LOCAL\/\d{8}\/cloudfront-keyvaluestore\/aws4_request, SignedHeaders=\S+, Signature=[0-9a-f]+$/,
      )
      expect(r.regionSet).toBe('*')
    }
  })

  it('retries 5xx and throttling; never a conflict', async () => {
    const failing = await proxy((_req, n) =>
      n === 1
        ? { status: 503, type: 'InternalServerException' }
        : n === 2
          ? { status: 429, type: 'ThrottlingException' }
          : 'pass',
    )
    const store = storeOf(kvs, failing.endpoint)
    const { etag } = await store.read()
    // Describe failed twice then answered; GetKey once.
    expect(failing.seen.map((r) => r.method)).toEqual(['GET', 'GET', 'GET', 'GET'])
    await store.switchTo('retried', etag)
    expect(kvs.get('live')).toBe('retried')
    failing.seen.length = 0
    await expect(store.switchTo('never', etag)).rejects.toBeInstanceOf(KvsConflictError)
    expect(failing.seen.filter((r) => r.method === 'PUT')).toHaveLength(1)
    store.close()
  })

  it('a switch whose answer was lost is retried, meets its own write, and succeeds', async () => {
    let puts = 0
    const lossy = await proxy((req) => (req.method === 'PUT' && ++puts === 1 ? 'lose-answer' : 'pass'))
    const store = storeOf(kvs, lossy.endpoint)
    const { etag } = await store.read()
    const { etag: after } = await store.switchTo('landed', etag)
    expect(lossy.seen.filter((r) => r.method === 'PUT')).toHaveLength(2)
    expect(await store.read()).toEqual({ live: 'landed', etag: after })
    store.close()
  })

  it('keeps its ARN and data across a restart when it has a file', async () => {
    const file = join(dir, 'kvs.json')
    const one = await startKvsServer({ file })
    await one.stop()
    // Restarted before any write: the same store.
    const two = await startKvsServer({ file })
    expect(two.arn).toBe(one.arn)
    const store = storeOf(two)
    const { etag } = await store.switchTo('kept', (await store.read()).etag)
    store.close()
    await two.stop()
    const three = await startKvsServer({ file })
    const again = storeOf(three)
    // The same value and ETag: a deploy that read before the restart can still switch after it.
    expect(await again.read()).toEqual({ live: 'kept', etag })
    expect(three.get('live')).toBe('kept')
    await again.switchTo('after-restart', etag)
    again.close()
    await three.stop()
    expect(readdirSync(dir)).toEqual(['kvs.json'])
  })

  it('answers the raw protocol as the service does', async () => {
    const url = (path: string, arn = kvs.arn) => `${kvs.endpoint}/key-value-stores/${encodeURIComponent(arn)}${path}`
    const signed = { authorization: 'AWS4-ECDSA-P256-SHA256 Credential=x', 'content-type': 'application/json' }
    const call = async (path: string, init: RequestInit = {}) => {
      const r = await fetch(url(path), { ...init, headers: { ...signed, ...(init.headers as object) } })
      return {
        status: r.status,
        type: r.headers.get('x-amzn-errortype'),
        etag: r.headers.get('etag'),
        body: await r.json(),
      }
    }
    // Unsigned: refused before anything else.
    const unsigned = await fetch(url(''))
    expect([unsigned.status, unsigned.headers.get('x-amzn-errortype')]).toEqual([403, 'AccessDeniedException'])

    const described = await call('')
    expect(described).toMatchObject({ status: 200, type: null, body: { KvsARN: kvs.arn, Status: 'READY' } })
    expect(described.body).toMatchObject({ ItemCount: expect.any(Number), TotalSizeInBytes: expect.any(Number) })
    const etag = described.etag!
    expect(etag).toMatch(/^KV[0-9A-Z]{13}$/)

    const put = (key: string, body: unknown, ifMatch?: string) =>
      call(`/keys/${encodeURIComponent(key)}`, {
        method: 'PUT',
        body: JSON.stringify(body),
        headers: ifMatch ? { 'if-match': ifMatch } : {},
      })
    expect(await put('live', { Value: 'x' })).toMatchObject({ status: 400, type: 'ValidationException' })
    expect(await put('live', { Value: 'x' }, 'KV0000000000000')).toMatchObject({
      status: 409,
      type: 'ConflictException',
    })
    expect(await put('live', { Value: 'x'.repeat(1025) }, etag)).toMatchObject({
      status: 400,
      type: 'ValidationException',
    })
    expect(await put('k'.repeat(513), { Value: 'x' }, etag)).toMatchObject({ status: 400, type: 'ValidationException' })
    // None of the refusals wrote anything.
    expect((await call('')).etag).toBe(etag)

    // A key with a slash and a space, then listed a page at a time.
    const wrote = await put('a b/c', { Value: 'v' }, etag)
    expect(wrote).toMatchObject({ status: 200, body: { ItemCount: 2 } })
    expect(wrote.etag).not.toBe(etag)
    expect(await call(`/keys/${encodeURIComponent('a b/c')}`)).toMatchObject({ status: 200, body: { Value: 'v' } })
    const first = await call('/keys?MaxResults=1')
    expect(first.body.Items).toEqual([{ Key: 'a b/c', Value: 'v' }])
    const second = await call(`/keys?MaxResults=1&NextToken=${first.body.NextToken}`)
    expect(second.body).toEqual({ Items: [{ Key: 'live', Value: kvs.get('live') }] })
    expect(await call('/keys?MaxResults=51')).toMatchObject({ status: 400, type: 'ValidationException' })

    expect(await call('/keys/nothing')).toMatchObject({ status: 404, type: 'ResourceNotFoundException' })
    expect(await call('/keys/nothing', { method: 'DELETE', headers: { 'if-match': wrote.etag! } })).toMatchObject({
      status: 404,
      type: 'ResourceNotFoundException',
    })
    expect(
      await call(`/keys/${encodeURIComponent('a b/c')}`, { method: 'DELETE', headers: { 'if-match': wrote.etag! } }),
    ).toMatchObject({
      status: 200,
      body: { ItemCount: 1 },
    })
    // Malformed requests are refused, and the store lives on.
    expect(await put('live', null, wrote.etag!)).toMatchObject({ status: 400, type: 'ValidationException' })
    const badPath = await fetch(`${kvs.endpoint}/key-value-stores/%E0%A4%A`, { headers: signed })
    expect(badPath.status).toBe(400)
    const other = await fetch(url('', 'arn:aws:cloudfront::123456789012:key-value-store/other'), { headers: signed })
    expect([other.status, other.headers.get('x-amzn-errortype')]).toEqual([404, 'ResourceNotFoundException'])
  })

  it('keeps the store under 5 MB: a batch that would exceed it is refused whole', async () => {
    const { etag } = await storeOf(kvs).read()
    const puts = Array.from({ length: 5300 }, (_, i) => ({ Key: `big-${i}`, Value: 'x'.repeat(1000) }))
    const r = await fetch(`${kvs.endpoint}/key-value-stores/${encodeURIComponent(kvs.arn)}/keys`, {
      method: 'POST',
      headers: { authorization: 'AWS4-ECDSA-P256-SHA256 Credential=x', 'if-match': etag },
      body: JSON.stringify({ Puts: puts }),
    })
    expect([r.status, r.headers.get('x-amzn-errortype')]).toEqual([402, 'ServiceQuotaExceededException'])
    expect(kvs.get('big-0')).toBeUndefined()
  })

  it('names the store and the operation when the store cannot be reached, after retrying', async () => {
    const store = liveStore({ arn: kvs.arn, endpoint: 'http://127.0.0.1:9' })
    await expect(store.read()).rejects.toThrow(
      /^DescribeKeyValueStore on arn:aws:cloudfront::123456789012:key-value-store\/\S+: ECONNREFUSED: .* \(tried 3 times\)$/,
    )
    store.close()
  })

  it('listens on loopback only', async () => {
    await expect(startKvsServer({ host: '0.0.0.0' })).rejects.toThrow(/loopback only/)
  })
})
