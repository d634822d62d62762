// Subscribers' signing secrets are sealed (docs/status-api.md, "Signing secrets"): on the local S3
// with a KMS stand-in on 127.0.0.1, the bucket holds only KMS ciphertext bound to its subscription,
// a caller the key's policy does not name (the deploy role) cannot open it and so sends nothing, a
// bucket without the key refuses to subscribe in both languages, a rotation signs with both secrets
// for its overlap and then with the new alone, a list from before sealing is sealed at its next
// write, and an unsubscribed endpoint's secret leaves the list.
import { createHmac } from 'node:crypto'
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { GetObjectCommand } from '@aws-sdk/client-s3'
import { describe, expect, test } from 'vitest'
import type { StatusDocument } from '../../api/contract/status'
import { openIncident, StatusInputError, updateIncident } from '../../api/status/doc'
import { kmsSealer } from '../../api/status/sealing'
import { folderStore, mutate, s3Store, type StatusStore } from '../../api/status/store'
import {
  notifyIncidentChange,
  rotateSecret,
  subscribe,
  subscriptionsKey,
  unsubscribe,
} from '../../api/status/subscriptions'
import { validSignature } from './receiver'
import { statusStandIns } from './statusFixtures'

const standIns = statusStandIns()
const { receiver } = standIns

const destinations = { allowLoopback: true }
const both = (en: string, ar: string) => ({ en, ar })
const options = { timeZone: 'Asia/Riyadh', siteUrl: 'https://www.rasid.example' }
const prefix = () => `status-${Math.random().toString(36).slice(2)}/`
/** A bucket store sealing with the stand-in's key, as `accessKeyId` signs. */
const bucketStore = (at: string, accessKeyId?: string) =>
  s3Store(standIns.s3(), 'site', at, { sealer: kmsSealer(standIns.kms().client(accessKeyId), standIns.kms().keyArn) })
const stored = async (at: string) => {
  const object = await standIns
    .s3()
    .send(new GetObjectCommand({ Bucket: 'site', Key: `${at.replace(/\/$/, '')}-${subscriptionsKey}` }))
  return object.Body!.transformToString()
}

let incidents = 0
/** An incident opened (or, given its id, updated) through the store, and what was delivered. */
async function tell(store: StatusStore, now: number, id?: string) {
  const apply = (doc: StatusDocument, at: number) =>
    id
      ? updateIncident(doc, id, { stage: 'monitoring', text: both('Watching.', 'نراقب.'), at })
      : openIncident(doc, {
          id: `api-slow-${++incidents}`,
          impact: 'degraded',
          components: ['api'],
          title: both('API slow', 'بطء الواجهة البرمجية'),
          text: both('Some requests are slow.', 'بعض الطلبات بطيئة.'),
          at,
        }).doc
  const written = await mutate(store, { action: 'incident', by: 'test', apply }, options)
  return notifyIncidentChange(store, written.before, written.doc, {
    siteUrl: options.siteUrl,
    destinations,
    now: () => now,
    retryDelayMs: 10,
  })
}
const v1s = (header: unknown) =>
  String(header)
    .split(',')
    .filter((part) => part.startsWith('v1='))

describe('on the local S3, sealed with KMS', () => {
  test('the bucket holds only ciphertext bound to the subscription, and a delivery is signed with the secret', async () => {
    const at = prefix()
    const store = bucketStore(at)
    const endpoint = await receiver()
    const { subscription, secret } = await subscribe(store, { url: endpoint.url, by: 'ops', destinations })
    const body = await stored(at)
    expect(body).not.toContain(secret)
    expect(body).not.toContain(secret.slice(6))
    expect(JSON.parse(body).subscriptions[0].secrets).toEqual([
      { sealed: expect.stringMatching(/^kms:[A-Za-z0-9+/=]+$/), since: subscription.createdAt },
    ])
    const results = await tell(store, Date.now())
    expect(results).toMatchObject([{ id: subscription.id, ok: true }])
    const [delivery] = endpoint.deliveries
    expect(validSignature(delivery!.headers['rasid-signature'], delivery!.body, secret)).toBe(true)
    expect(standIns.kms().calls.map((c) => c.operation)).toEqual(expect.arrayContaining(['Encrypt', 'Decrypt']))
  })

  test('a caller the key does not allow (the deploy role) cannot open a secret, and nothing is sent unsigned', async () => {
    const at = prefix()
    const endpoint = await receiver()
    const { subscription } = await subscribe(bucketStore(at), { url: endpoint.url, by: 'ops', destinations })
    const results = await tell(bucketStore(at, 'AKIADEPLOYROLE'), Date.now())
    expect(results).toEqual([
      expect.objectContaining({ id: subscription.id, ok: false, error: 'secret-sealed', attempts: 0 }),
    ])
    expect(endpoint.deliveries).toEqual([])
    expect(standIns.kms().calls.at(-1)).toEqual({ operation: 'Decrypt', accessKeyId: 'AKIADEPLOYROLE', ok: false })
  })

  test('a ciphertext copied to another subscription does not open', async () => {
    const store = bucketStore(prefix())
    const sealer = store.sealer!
    const sealed = await sealer.seal('whsec_x', 'sub_0000000000000001')
    await expect(sealer.open(sealed, 'sub_0000000000000002')).rejects.toThrow()
    expect(await sealer.open(sealed, 'sub_0000000000000001')).toBe('whsec_x')
  })

  test('a bucket without the status key refuses to subscribe, naming STATUS_KMS_KEY in both languages, and writes nothing', async () => {
    const at = prefix()
    const error = await subscribe(s3Store(standIns.s3(), 'site', at), {
      url: 'https://oncall.example.com/hooks',
      by: 'ops',
      destinations: { resolve: async () => ['93.184.215.14'] },
    }).catch((err: unknown) => err)
    expect(error).toBeInstanceOf(StatusInputError)
    expect((error as StatusInputError).text.en).toMatch(/set STATUS_KMS_KEY/)
    expect((error as StatusInputError).text.ar).toMatch(/اضبط STATUS_KMS_KEY/)
    await expect(stored(at)).rejects.toThrow()
  })
})

describe('a rotation', () => {
  test('signs with both secrets until the overlap ends, then with the new alone, and the old leaves the list', async () => {
    const at = prefix()
    const store = bucketStore(at)
    const endpoint = await receiver()
    const start = Date.now()
    const first = await subscribe(store, { url: endpoint.url, by: 'ops', destinations }, start - 60_000)
    const rotated = await rotateSecret(store, first.subscription.id, { overlapMs: 60 * 60 * 1000 }, start)
    expect(rotated.secret).not.toBe(first.secret)
    expect(rotated.until).toBe(new Date(start + 60 * 60 * 1000).toISOString())

    // In the overlap: two v1, one per secret, the new first; each verifies alone.
    await tell(store, start)
    const during = endpoint.deliveries.at(-1)!
    expect(v1s(during.headers['rasid-signature'])).toHaveLength(2)
    for (const secret of [first.secret, rotated.secret])
      expect(validSignature(during.headers['rasid-signature'], during.body, secret)).toBe(true)

    // After it: the new secret alone (deliveries carry the delivery's own time).
    const after = start + 2 * 60 * 60 * 1000
    await tell(store, after, `api-slow-${incidents}`)
    const later = String(endpoint.deliveries.at(-1)!.headers['rasid-signature'])
    expect(v1s(later)).toHaveLength(1)
    // That one is the new secret's (the HMAC of the delivery's own time and body).
    const t = /t=(\d+)/.exec(later)![1]
    const mac = createHmac('sha256', rotated.secret).update(`${t}.`).update(endpoint.deliveries.at(-1)!.body)
    expect(v1s(later)).toEqual([`v1=${mac.digest('hex')}`])
    // The next write of the list drops the ended secret: the new one is left (since the rotation).
    await unsubscribe(
      store,
      (await subscribe(store, { url: `${endpoint.url}/2`, by: 'ops', destinations }, after)).subscription.id,
      after,
    )
    expect(JSON.parse(await stored(at)).subscriptions[0].secrets).toEqual([
      { sealed: expect.stringMatching(/^kms:/), since: new Date(start).toISOString() },
    ])
  })

  test('of an unknown subscription, or with an overlap out of range, is refused in both languages', async () => {
    const store = bucketStore(prefix())
    const unknown = (await rotateSecret(store, 'sub_0123456789abcdef').catch((e: unknown) => e)) as StatusInputError
    expect(unknown.text.en).toMatch(/sub_0123456789abcdef/)
    expect(unknown.text.ar).toMatch(/sub_0123456789abcdef/)
    const long = (await rotateSecret(store, 'sub_0123456789abcdef', { overlapMs: -1 }).catch(
      (e: unknown) => e,
    )) as StatusInputError
    expect(long.text.en).toMatch(/--overlap-hours/)
    expect(long.text.ar).toMatch(/--overlap-hours/)
  })
})

test('a list from before sealing is read, signs as before, and is sealed at its next write', async () => {
  const dir = standIns.tempDir('rasid-seal-')
  const endpoint = await receiver()
  const secret = `whsec_${'ab'.repeat(32)}`
  const legacy = {
    schema: 1,
    subscriptions: [
      {
        id: 'sub_00000000000000aa',
        url: endpoint.url,
        components: 'all',
        lang: 'both',
        createdAt: '2026-11-01T00:00:00.000Z',
        createdBy: 'ops',
        secret,
      },
    ],
  }
  mkdirSync(join(dir, 'history'), { recursive: true })
  writeFileSync(join(dir, subscriptionsKey), JSON.stringify(legacy))
  const store = folderStore(dir)
  await tell(store, Date.now())
  const [delivery] = endpoint.deliveries
  expect(validSignature(delivery!.headers['rasid-signature'], delivery!.body, secret)).toBe(true)

  await rotateSecret(store, 'sub_00000000000000aa', { overlapMs: 60_000 })
  const kept = readFileSync(join(dir, subscriptionsKey), 'utf8')
  expect(kept).not.toContain(secret)
  expect(JSON.parse(kept)).toMatchObject({ schema: 2 })
  expect(JSON.parse(kept).subscriptions[0].secrets).toEqual([
    { sealed: expect.stringMatching(/^local:/), since: expect.any(String) },
    { sealed: expect.stringMatching(/^local:/), since: '2026-11-01T00:00:00.000Z', until: expect.any(String) },
  ])
})
