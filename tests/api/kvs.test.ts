// The live-build store's client (scripts/lib/kvs.ts, @aws-sdk/client-cloudfront-keyvaluestore with
// SigV4a) against the local store that speaks the service's protocol (scripts/lib/kvsServer.ts),
// over loopback: conditional writes with ETags, two writers racing, a restart, unsigned requests.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KvsConflictError, liveStore } from '../../scripts/lib/kvs'
import { startKvsServer } from '../../scripts/lib/kvsServer'

type Kvs = Awaited<ReturnType<typeof startKvsServer>>
const dir = mkdtempSync(join(tmpdir(), 'kvs-'))
let kvs: Kvs
beforeAll(async () => {
  process.env.AWS_ACCESS_KEY_ID = 'LOCAL'
  process.env.AWS_SECRET_ACCESS_KEY = 'LOCAL'
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
  kvs = await startKvsServer()
})
afterAll(async () => {
  await kvs.stop()
  rmSync(dir, { recursive: true, force: true })
})
const storeOf = (k: Kvs) => liveStore({ arn: k.arn, endpoint: k.endpoint })

describe('the live-build store', () => {
  it('reads an empty store, switches, and reads the switch back, with a new ETag each write', async () => {
    const store = storeOf(kvs)
    const empty = await store.read()
    expect(empty.live).toBeUndefined()
    const first = await store.switchTo('b1', empty.etag)
    expect(first.etag).not.toBe(empty.etag)
    expect(await store.read()).toEqual({ live: 'b1', etag: first.etag })
    expect(kvs.get('live')).toBe('b1')
    store.close()
  })

  it('refuses a write with a stale ETag, and changes nothing', async () => {
    const store = storeOf(kvs)
    const { etag } = await store.read()
    await store.switchTo('b2', etag)
    await expect(store.switchTo('b3', etag)).rejects.toBeInstanceOf(KvsConflictError)
    expect((await store.read()).live).toBe('b2')
    store.close()
  })

  it('lets exactly one of two writers racing on one ETag win; the other can read who did', async () => {
    const [a, b] = [storeOf(kvs), storeOf(kvs)]
    const { etag } = await a.read()
    const results = await Promise.allSettled([a.switchTo('race-a', etag), b.switchTo('race-b', etag)])
    const won = results.filter((r) => r.status === 'fulfilled')
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    expect([won.length, lost.length]).toEqual([1, 1])
    expect(lost[0]!.reason).toBeInstanceOf(KvsConflictError)
    const now = (await b.read()).live
    expect(['race-a', 'race-b']).toContain(now)
    // The loser tries again on what it now reads, and lands.
    const loser = now === 'race-a' ? b : a
    await loser.switchTo(now === 'race-a' ? 'race-b' : 'race-a', (await loser.read()).etag)
    expect((await a.read()).live).not.toBe(now)
    a.close()
    b.close()
  })

  it('keeps its data across a restart when it has a file', async () => {
    const file = join(dir, 'kvs.json')
    const one = await startKvsServer({ file })
    const store = storeOf(one)
    await store.switchTo('kept', (await store.read()).etag)
    store.close()
    await one.stop()
    const two = await startKvsServer({ file })
    expect(two.arn).toBe(one.arn)
    const again = storeOf(two)
    expect((await again.read()).live).toBe('kept')
    again.close()
    await two.stop()
  })

  it('answers the raw protocol as the service does: unsigned, without If-Match, an unknown key, another store', async () => {
    const url = (path: string) => `${kvs.endpoint}/key-value-stores/${encodeURIComponent(kvs.arn)}${path}`
    const signed = { authorization: 'AWS4-ECDSA-P256-SHA256 Credential=x', 'content-type': 'application/json' }
    const unsigned = await fetch(url(''))
    expect([unsigned.status, unsigned.headers.get('x-amzn-errortype')]).toEqual([403, 'AccessDeniedException'])
    const noMatch = await fetch(url('/keys/live'), { method: 'PUT', headers: signed, body: '{"Value":"x"}' })
    expect([noMatch.status, noMatch.headers.get('x-amzn-errortype')]).toEqual([400, 'ValidationException'])
    const missing = await fetch(url('/keys/nothing'), { headers: signed })
    expect([missing.status, missing.headers.get('x-amzn-errortype')]).toEqual([404, 'ResourceNotFoundException'])
    const described = await fetch(url(''), { headers: signed })
    expect(described.headers.get('etag')).toMatch(/\S/)
    const tooBig = await fetch(url('/keys/live'), {
      method: 'PUT',
      headers: { ...signed, 'if-match': described.headers.get('etag')! },
      body: JSON.stringify({ Value: 'x'.repeat(1025) }),
    })
    expect(tooBig.status).toBe(400)
    const other = await fetch(
      `${kvs.endpoint}/key-value-stores/${encodeURIComponent('arn:aws:cloudfront::1:key-value-store/x')}`,
      {
        headers: signed,
      },
    )
    expect(other.status).toBe(404)
  })

  it('names the store and the operation when the store cannot be reached', async () => {
    const store = liveStore({ arn: kvs.arn, endpoint: 'http://127.0.0.1:9' })
    await expect(store.read()).rejects.toThrow(
      /DescribeKeyValueStore on arn:aws:cloudfront::123456789012:key-value-store\//,
    )
    store.close()
  })

  it('listens on loopback only', async () => {
    await expect(startKvsServer({ host: '0.0.0.0' })).rejects.toThrow(/loopback only/)
  })
})
