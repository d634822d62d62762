// Two operators at the same moment lose neither update (docs/status.md): the status document's
// conditional writes on a folder and on S3 (the local S3 with S3's conditional writes, on
// 127.0.0.1), raced in one process where the race is certain, and between two `npm run status`
// processes started together; a document that cannot be read, which costs neither an incident nor
// a history entry (the command continues from the newest readable one, `restore` brings one back,
// the probe writes nothing); and what the command says when it refuses, in both languages.
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openIncident, scheduleMaintenance } from '../../api/status/doc'
import { probeAndRecord } from '../../api/status/probe'
import {
  folderStore,
  inspect,
  keys,
  mutate,
  readDocument,
  restore,
  s3Store,
  type StatusStore,
  StatusUnreadableError,
} from '../../api/status/store'
import { startLocalS3 } from '../../host/local/localSite'
import { racingStore } from './helpers'

type LocalS3 = Awaited<ReturnType<typeof startLocalS3>>
let s3: LocalS3
let client: S3Client
const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'rasid-status-'))
  dirs.push(dir)
  return dir
}

beforeAll(async () => {
  s3 = await startLocalS3(0, ['site'])
  client = s3.client()
})
afterAll(async () => {
  client.destroy()
  await s3.stop()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const options = { timeZone: 'Asia/Riyadh', siteUrl: 'https://www.rasid.example' }
const incident = (id: string) => ({
  action: `incident open ${id}`,
  by: 'test',
  apply: (doc: Parameters<typeof openIncident>[0], now: number) =>
    openIncident(doc, {
      id,
      impact: 'degraded',
      components: ['api'],
      title: { en: `Incident ${id}`, ar: `الحادث ${id}` },
      text: { en: 'Investigating.', ar: 'نتحقق.' },
      at: now,
    }).doc,
})

const stores: [string, () => StatusStore][] = [
  ['a folder', () => folderStore(tempDir())],
  ['S3', () => s3Store(client, 'site', `status-${Math.random().toString(36).slice(2)}/`)],
]

describe.each(stores)('on %s', (_, make) => {
  test('two writers that read the same version both land: the second writes again over the first', async () => {
    const store = make()
    await mutate(store, incident('first'), options)
    const { race } = racingStore(store, 2, keys.document)
    const [a, b] = await Promise.all([mutate(race, incident('a'), options), mutate(race, incident('b'), options)])
    expect(a.retries + b.retries).toBe(1)
    const doc = (await readDocument(store))!
    expect(doc.incidents.map((i) => i.id).sort()).toEqual(['a', 'b', 'first'])
    expect(doc.revision).toBe(3)
    // Each change whole in the history, and the feeds from the last document.
    for (const revision of [1, 2, 3]) expect(await store.read(keys.history(revision))).toBeDefined()
    for (const id of ['a', 'b']) expect((await store.read(keys.feed.en))!.body).toContain(`Incident ${id}`)
  })

  test('a document that cannot be read costs nothing: the next change continues from the newest readable history entry and its revisions, and no entry is rewritten', async () => {
    const store = make()
    await mutate(store, incident('first'), options)
    await mutate(
      store,
      {
        action: 'maintenance schedule',
        by: 'test',
        apply: (doc, now) =>
          scheduleMaintenance(doc, {
            id: 'payouts-window',
            components: ['payouts'],
            from: now + 3_600_000,
            to: now + 7_200_000,
            title: { en: 'Payouts maintenance', ar: 'صيانة التحويلات' },
            text: { en: 'Payouts pause for an hour.', ar: 'تتوقف التحويلات ساعة.' },
            now,
          }).doc,
      },
      options,
    )
    // A probe run in between: a revision with no history entry.
    await mutate(store, { action: 'probe', history: false, apply: (d) => d }, options)
    const entries = async () =>
      Object.fromEntries(
        await Promise.all((await store.list('history/')).map(async (k) => [k, (await store.read(k))!.body] as const)),
      )
    const before = await entries()
    expect(Object.keys(before).sort()).toEqual([keys.history(1), keys.history(2)])
    await store.write(keys.document, '{"schema":1,"revision":3,"incidents":[')

    // What `show` says: what is wrong, the last good revision, how to restore.
    const seen = await inspect(store)
    expect(seen).toMatchObject({ state: 'unreadable', lastGood: { revision: 2, action: 'maintenance schedule' } })
    // The probe cannot read the history: it writes nothing, and says how to restore.
    const probe = await probeAndRecord(store, {}, options).catch((e: unknown) => e)
    expect(probe).toBeInstanceOf(StatusUnreadableError)
    expect((probe as StatusUnreadableError).text.en).toMatch(/nothing was written.*restore 2/)
    expect((probe as StatusUnreadableError).text.ar).toMatch(/لم يُكتب شيء.*restore 2/)

    const written = await mutate(store, incident('after'), options)
    expect(written.reset?.en).toMatch(
      /unreadable .* kept as .*status-history\/corrupt-|unreadable .* kept as .*history\/corrupt-/,
    )
    expect(written.reset?.en).toContain('continues from history revision 2')
    expect(written.reset?.ar).toMatch(/تعذّرت قراءة مستند الحالة.*المراجعة 2/)
    const doc = (await readDocument(store))!
    expect(doc.incidents.map((i) => i.id)).toEqual(['after', 'first'])
    expect(doc.maintenance.map((m) => m.id)).toEqual(['payouts-window'])
    expect(doc.revision).toBe(3)
    // Every entry as it was, the new one beside them, the unreadable copy kept.
    const after = await entries()
    for (const [key, body] of Object.entries(before)) expect(after[key]).toBe(body)
    expect(JSON.parse(after[keys.history(3)]!).action).toBe('incident open after')
    expect(Object.keys(after).filter((k) => k.startsWith('history/corrupt-'))).toHaveLength(1)

    // Restore: revision 2 again, as revision 4, over whatever is there; the history keeps all.
    await store.write(keys.document, 'not json')
    const restored = await restore(store, 2, { ...options, by: 'test' })
    expect(restored.doc.revision).toBe(4)
    expect(restored.doc.incidents.map((i) => i.id)).toEqual(['first'])
    expect(JSON.parse((await store.read(keys.history(4)))!.body).action).toBe('restore 2')
    await expect(restore(store, 99, options)).rejects.toMatchObject({
      text: { en: expect.stringMatching(/no readable history entry for revision 99/) },
    })
  })

  test('a history entry is written only where none is: a hand-edited document with an old revision keeps the old entry', async () => {
    const store = make()
    await mutate(store, incident('one'), options)
    const first = (await store.read(keys.history(1)))!.body
    const doc = (await readDocument(store))!
    await store.write(keys.document, JSON.stringify({ ...doc, revision: 0 }))
    await mutate(store, incident('two'), options)
    expect((await store.read(keys.history(1)))!.body).toBe(first)
    const beside = (await store.list('history/')).filter((k) => k.startsWith('history/0000000001-'))
    expect(beside).toHaveLength(1)
    expect(JSON.parse((await store.read(beside[0]!))!.body).action).toBe('incident open two')
  })
})

describe('the probe measures only what it checks', () => {
  let server: Server
  let origin: string
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/health') {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}')
        return
      }
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>x</title>')
    })
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  })
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())))

  test('a run with the site and the API counts a minute for them only; a degraded incident is no downtime, a partial one a fraction', async () => {
    const store = folderStore(tempDir())
    await mutate(
      store,
      {
        action: 'incident open',
        apply: (doc, now) =>
          openIncident(
            openIncident(doc, {
              id: 'slow',
              impact: 'degraded',
              components: ['api', 'webhooks'],
              title: { en: 'Slow answers', ar: 'إجابات بطيئة' },
              text: { en: 'Slow.', ar: 'بطء.' },
              at: now,
            }).doc,
            {
              id: 'some-pages',
              impact: 'partial',
              components: ['site'],
              title: { en: 'Some pages fail', ar: 'تتعذّر بعض الصفحات' },
              text: { en: 'Some fail.', ar: 'يتعذّر بعضها.' },
              at: now,
            },
          ).doc,
      },
      options,
    )
    const { doc } = await probeAndRecord(store, { site: origin, api: `${origin}` }, options)
    const day = (key: string) => doc.components.find((c) => c.key === key)!.days.at(-1)
    expect(day('api')).toMatchObject({ checks: 1, failed: 0 })
    expect(day('api')?.partial).toBeUndefined()
    expect(day('site')).toMatchObject({ checks: 1, failed: 0, partial: 1 })
    // Nothing checks the webhooks: its day has the incident's state, and no measured minute.
    expect(day('webhooks')).toMatchObject({ checks: 0, failed: 0, state: 'degraded' })
    for (const key of ['checkout', 'mada', 'applePay', 'stcPay', 'payouts'])
      expect(doc.components.find((c) => c.key === key)!.days).toEqual([])
  })
})

test('the local S3 refuses a write over another version, as S3 does (412), and one where a key exists with If-None-Match', async () => {
  const store = s3Store(client, 'site', 'raw/')
  await store.write('x.json', '1', { ifMatch: null })
  const first = (await store.read('x.json'))!
  await expect(store.write('x.json', '2', { ifMatch: null })).rejects.toThrow()
  await store.write('x.json', '2', { ifMatch: first.etag })
  await expect(store.write('x.json', '3', { ifMatch: first.etag })).rejects.toThrow()
  const refused = await client
    .send(new PutObjectCommand({ Bucket: 'site', Key: 'raw/x.json', Body: '4', IfMatch: '"nope"' }))
    .catch((e: { $metadata: { httpStatusCode: number }; name: string }) => e)
  expect(refused).toMatchObject({ name: 'PreconditionFailed', $metadata: { httpStatusCode: 412 } })
  expect((await store.read('x.json'))!.body).toBe('2')
})

/** `npm run status` as an operator runs it. */
function status(env: Record<string, string>, ...args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/status.ts', ...args], {
    env: { ...process.env, ...env },
  })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (out += d))
  return new Promise<{ code: number; out: string }>((done) =>
    child.on('close', (code) => done({ code: code ?? 1, out })),
  )
}
const openArgs = (id: string) => [
  'incident',
  'open',
  '--id',
  id,
  '--component',
  'checkout',
  '--impact',
  'major',
  '--title-en',
  `Outage ${id}`,
  '--title-ar',
  `انقطاع ${id}`,
  '--text-en',
  'Investigating.',
  '--text-ar',
  'نتحقق.',
]

test('two operators run the command at the same moment against the bucket: both incidents are there', async () => {
  const env = { ...s3.env, SITE_BUCKET: 'site', S3_ENDPOINT: s3.endpoint, AWS_EC2_METADATA_DISABLED: 'true' }
  const runs = await Promise.all([status(env, ...openArgs('one')), status(env, ...openArgs('two'))])
  for (const run of runs) expect(run.code, run.out).toBe(0)
  const doc = (await readDocument(s3Store(client, 'site')))!
  expect(doc.incidents.map((i) => i.id).sort()).toEqual(['one', 'two'])
  expect(doc.components.find((c) => c.key === 'checkout')!.state).toBe('major')
  // The history beside, never under status/ (which the edge serves).
  const listed = await client.send(new ListObjectsV2Command({ Bucket: 'site', Prefix: 'status' }))
  const keysNow = (listed.Contents ?? []).map((o) => o.Key!)
  expect(keysNow).toEqual(
    expect.arrayContaining(['status-history/0000000001.json', 'status-history/0000000002.json', 'status/status.json']),
  )
  expect(keysNow.filter((k) => k.startsWith('status/history'))).toEqual([])
}, 30_000)

test('two operators at once on a folder, and a refusal said in the language asked for', async () => {
  const dir = tempDir()
  const env = { STATUS_DIR: dir }
  const runs = await Promise.all([status(env, ...openArgs('one')), status(env, ...openArgs('two'))])
  for (const run of runs) expect(run.code, run.out).toBe(0)
  expect((await readDocument(folderStore(dir)))!.incidents).toHaveLength(2)
  expect(readdirSync(join(dir, 'history')).sort()).toEqual(['0000000001.json', '0000000002.json'])
  const args = openArgs('three').slice(0, -2)
  const english = await status(env, ...args)
  expect(english).toMatchObject({ code: 1 })
  expect(english.out).toContain('Every text is required in English and Arabic; missing: --text-ar.')
  const arabic = await status({ ...env, STATUS_LANG: 'ar' }, ...args)
  expect(arabic.out).toContain('كل نص مطلوب بالإنجليزية والعربية؛ الناقص: \u200E--text-ar.')
  // Every missing text at once.
  const bare = await status(
    env,
    ...openArgs('four').filter((a, i, all) => !/-ar$/.test(a) && !/-ar$/.test(all[i - 1] ?? '')),
  )
  expect(bare.out).toContain('missing: --title-ar, --text-ar.')
  const unknown = await status(
    env,
    'incident',
    'update',
    'nope',
    '--stage',
    'identified',
    '--text-en',
    'a',
    '--text-ar',
    'ب',
    '--lang',
    'ar',
  )
  expect(unknown).toMatchObject({ code: 1 })
  expect(unknown.out).toContain('لا يوجد عطل «nope»')
}, 30_000)

test('on a corrupted folder, show says what is wrong and how to restore, restore brings the revision back, and the command says where it wrote', async () => {
  const dir = tempDir()
  const env = { STATUS_DIR: dir }
  expect((await status(env, ...openArgs('kept'))).code).toBe(0)
  const { writeFileSync } = await import('node:fs')
  writeFileSync(join(dir, 'status.json'), '{"schema":1,"rev')
  const shown = await status(env, 'show')
  expect(shown.code).toBe(1)
  expect(shown.out).toContain('is unreadable')
  expect(shown.out).toContain('npm run status -- restore 1')
  const shownAr = await status({ ...env, STATUS_LANG: 'ar' }, 'show')
  expect(shownAr.out).toContain('أحدث مدخل مقروء في السجل هو المراجعة 1')
  const restored = await status(env, 'restore', '1')
  expect(restored, restored.out).toMatchObject({ code: 0 })
  expect(restored.out).toMatch(/Restored revision 1 .* as revision 2, written to the folder/)
  expect(JSON.parse(readFileSync(join(dir, 'status.json'), 'utf8')).incidents[0].id).toBe('kept')
  expect((await status(env, 'restore')).out).toContain('Name the revision to restore')
  const every = await status(env, 'probe', '--site', 'http://127.0.0.1:9', '--every', '20')
  expect(every).toMatchObject({ code: 1 })
  expect(every.out).toContain('--every must be at least 60 seconds')
  const resolvedByUpdate = await status(
    env,
    'incident',
    'update',
    'kept',
    '--stage',
    'resolved',
    '--text-en',
    'Fixed.',
    '--text-ar',
    'أُصلح.',
  )
  expect(resolvedByUpdate).toMatchObject({ code: 1 })
  expect(resolvedByUpdate.out).toContain('--stage must be one of investigating, identified, monitoring')
}, 60_000)

test('an operator subscribes an endpoint; the incident command then sends it a signed event in its language and says so', async () => {
  const { createHmac } = await import('node:crypto')
  const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = []
  const receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (d) => (body += d))
    req.on('end', () => {
      received.push({ headers: req.headers, body })
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok))
  try {
    const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`
    // This machine is refused but when asked for by name.
    const refused = await status({ STATUS_DIR: tempDir() }, 'subscribe', '--url', url)
    expect(refused.code).not.toBe(0)
    expect(refused.out).toMatch(/must use https:\/\/.*STATUS_SUBSCRIPTIONS_ALLOW_LOOPBACK=1/)
    const env = { STATUS_DIR: tempDir(), STATUS_SUBSCRIPTIONS_ALLOW_LOOPBACK: '1' }
    const subscribed = await status(env, 'subscribe', '--url', url, '--component', 'checkout', '--language', 'ar')
    expect(subscribed, subscribed.out).toMatchObject({ code: 0 })
    expect(subscribed.out).toMatch(/Subscribed sub_[0-9a-f]{16}: .*checkout, ar; written to the folder/)
    const secret = /whsec_[0-9a-f]{64}/.exec(subscribed.out)![0]
    const listed = await status(env, 'subscriptions')
    expect(listed.out).toContain(url)
    expect(listed.out).not.toContain(secret)

    const opened = await status(env, ...openArgs('down'))
    expect(opened, opened.out).toMatchObject({ code: 0 })
    expect(opened.out).toMatch(/Sent incident\.opened to sub_/)
    expect(received).toHaveLength(1)
    const [{ headers, body }] = received as [(typeof received)[number]]
    const event = JSON.parse(body)
    expect(event).toMatchObject({ type: 'incident.opened', lang: 'ar', incident: { id: 'down' } })
    expect(body).toContain('انقطاع down')
    expect(body).not.toContain('Outage down')
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers['rasid-signature']))!
    expect(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')).toBe(v1)

    // Another component's incident is not this endpoint's; an unsubscribed endpoint hears nothing.
    await status(env, ...openArgs('other').map((a) => (a === 'checkout' ? 'api' : a)))
    expect(received).toHaveLength(1)
    const id = /sub_[0-9a-f]{16}/.exec(subscribed.out)![0]

    // A rotation, said in Arabic: the next event is signed with the new secret and the old.
    const rotated = await status(env, 'subscribe', '--rotate', id, '--overlap-hours', '1', '--lang', 'ar')
    expect(rotated, rotated.out).toMatchObject({ code: 0 })
    expect(rotated.out).toContain(`غُيّر سر توقيع ${id}`)
    const fresh = /whsec_[0-9a-f]{64}/.exec(rotated.out)![0]
    expect(fresh).not.toBe(secret)
    const update = [
      'incident',
      'update',
      'down',
      '--stage',
      'monitoring',
      '--text-en',
      'Watching.',
      '--text-ar',
      'نراقب.',
    ]
    expect((await status(env, ...update)).code).toBe(0)
    expect(received).toHaveLength(2)
    const last = received[1]!
    const [, t2, newMac, oldMac] = /^t=(\d+),v1=([0-9a-f]{64}),v1=([0-9a-f]{64})$/.exec(
      String(last.headers['rasid-signature']),
    )!
    expect(createHmac('sha256', fresh).update(`${t2}.${last.body}`).digest('hex')).toBe(newMac)
    expect(createHmac('sha256', secret).update(`${t2}.${last.body}`).digest('hex')).toBe(oldMac)

    expect((await status(env, 'unsubscribe', id, '--lang', 'ar')).out).toContain(`أُلغي الاشتراك ${id}`)
    await status(env, 'incident', 'resolve', 'down', '--text-en', 'Fixed.', '--text-ar', 'أُصلح.')
    expect(received).toHaveLength(2)
  } finally {
    await new Promise<void>((ok) => receiver.close(() => ok()))
  }
}, 60_000)
