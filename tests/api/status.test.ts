// Two operators at the same moment lose neither update (docs/status.md): the status document's
// conditional writes on a folder and on S3 (the local S3 with S3's conditional writes, on
// 127.0.0.1), raced in one process where the race is certain, and between two `npm run status`
// processes started together; and what the command says when it refuses, in both languages.
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openIncident } from '../../api/status/doc'
import { folderStore, keys, mutate, readDocument, s3Store, type StatusStore } from '../../api/status/store'
import { startLocalS3 } from '../../scripts/lib/localSite'

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
  client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.AWS_ACCESS_KEY_ID, secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY },
  })
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

/** A store whose first reads wait for each other: both writers surely read the same version. */
function racing(store: StatusStore, readers: number): StatusStore {
  let waiting: (() => void)[] = []
  let left = readers
  return {
    name: store.name,
    write: (key, body, o) => store.write(key, body, o),
    async read(key) {
      const value = await store.read(key)
      if (key === keys.document && left > 0) {
        left--
        await new Promise<void>((ok) => {
          waiting.push(ok)
          if (waiting.length === readers) {
            for (const go of waiting) go()
            waiting = []
          }
        })
      }
      return value
    },
  }
}

const stores: [string, () => StatusStore][] = [
  ['a folder', () => folderStore(tempDir())],
  ['S3', () => s3Store(client, 'site', `status-${Math.random().toString(36).slice(2)}/`)],
]

describe.each(stores)('on %s', (_, make) => {
  test('two writers that read the same version both land: the second writes again over the first', async () => {
    const store = make()
    await mutate(store, incident('first'), options)
    const race = racing(store, 2)
    const [a, b] = await Promise.all([mutate(race, incident('a'), options), mutate(race, incident('b'), options)])
    expect(a.retries + b.retries).toBe(1)
    const doc = (await readDocument(store))!
    expect(doc.incidents.map((i) => i.id).sort()).toEqual(['a', 'b', 'first'])
    expect(doc.revision).toBe(3)
    // Each change whole in the history, and the feeds from the last document.
    for (const revision of [1, 2, 3]) expect(await store.read(keys.history(revision))).toBeDefined()
    for (const id of ['a', 'b']) expect((await store.read(keys.feed.en))!.body).toContain(`Incident ${id}`)
  })

  test('a stored document that cannot be read is kept aside and started again, with a notice in both languages', async () => {
    const store = make()
    await store.write(keys.document, '{"schema":1,')
    const written = await mutate(store, incident('after'), options)
    expect(written.reset?.en).toMatch(/unreadable .* kept as history\/corrupt-/)
    expect(written.reset?.ar).toMatch(/تعذّرت قراءة مستند الحالة/)
    expect((await readDocument(store))!.incidents.map((i) => i.id)).toEqual(['after'])
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
  const child = spawn('npx', ['tsx', 'scripts/status.ts', ...args], { env: { ...process.env, ...env } })
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
  expect(english.out).toContain('The text is required in English and Arabic; the Arabic is missing')
  const arabic = await status({ ...env, STATUS_LANG: 'ar' }, ...args)
  expect(arabic.out).toContain('النص مطلوب بالإنجليزية والعربية، والصيغة العربية ناقصة')
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
  expect(unknown.out).toContain('لا يوجد حادث «nope»')
}, 30_000)
