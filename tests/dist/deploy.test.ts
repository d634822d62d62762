// `npm run deploy` against a real S3-protocol server (s3rver) on 127.0.0.1, through a loopback proxy
// that records the order of uploads and can fail, slow or stall them. The deploy runs as the
// command operators run, in a child process, with credentials from the environment.
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, request, type IncomingMessage, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startLocalS3 } from '../../scripts/local-s3'
import { IMMUTABLE, REVALIDATE } from '../../renderer/shared/host'

type LocalS3 = Awaited<ReturnType<typeof startLocalS3>>
let s3: LocalS3
let client: S3Client
const work = mkdtempSync(join(tmpdir(), 'deploy-'))
const dist = 'dist'
const distId = (JSON.parse(readFileSync('dist/builds/latest.json', 'utf8')) as { id: string }).id
let bucketNumber = 0
const buckets = Array.from({ length: 12 }, (_, i) => `site-${i}`)
// Each deploy is a child process of its own (about 2 s to start tsx and the SDK).
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

beforeAll(async () => {
  s3 = await startLocalS3(0, buckets)
  client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
})
afterAll(async () => {
  client.destroy()
  await s3.stop()
  rmSync(work, { recursive: true, force: true })
})

/** A bucket of its own for each test. */
const freshBucket = () => buckets[bucketNumber++]!

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

function deploy(
  args: string[],
  env: Record<string, string | undefined> = s3.env,
  onSpawn?: (kill: () => void) => void,
): Promise<Run> {
  return new Promise((done) => {
    const child = spawn('npx', ['tsx', 'scripts/deploy.ts', ...args], {
      env: { ...process.env, ...env, AWS_EC2_METADATA_DISABLED: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('close', (code) => done({ code, stdout, stderr }))
    onSpawn?.(() => process.kill(-child.pid!, 'SIGKILL'))
  })
}

/** A proxy to s3rver that logs each upload's start and end and lets a test answer in its place. */
interface Proxy {
  endpoint: string
  log: { event: 'start' | 'end'; key: string }[]
  puts: number
  close: () => Promise<void>
}
type Intercept = (req: IncomingMessage, key: string, puts: number) => 'pass' | 'hang' | { status: number; code: string }

const proxies: Server[] = []
afterEach(async () => {
  for (const p of proxies.splice(0)) {
    p.closeAllConnections()
    await new Promise((ok) => p.close(ok))
  }
})

async function proxy(intercept: Intercept = () => 'pass'): Promise<Proxy> {
  const target = new URL(s3.endpoint)
  const state: Proxy = { endpoint: '', log: [], puts: 0, close: async () => {} }
  const server = createServer((req, res) => {
    const key = decodeURIComponent(new URL(req.url!, 'http://x').pathname.split('/').slice(2).join('/'))
    const isPut = req.method === 'PUT'
    if (isPut) state.puts++
    const verdict = intercept(req, key, state.puts)
    if (verdict === 'hang') return
    if (verdict !== 'pass') {
      req.resume()
      res.writeHead(verdict.status, { 'content-type': 'application/xml' })
      return res.end(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${verdict.code}</Code><Message>${verdict.code} (test proxy)</Message></Error>`,
      )
    }
    if (isPut) state.log.push({ event: 'start', key })
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode!, up.headers)
        up.pipe(res)
        up.on('end', () => isPut && up.statusCode === 200 && state.log.push({ event: 'end', key }))
      },
    )
    req.pipe(upstream)
  })
  proxies.push(server)
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as { port: number }
  state.endpoint = `http://127.0.0.1:${port}`
  return state
}

async function keys(bucket: string, prefix = ''): Promise<string[]> {
  const out: string[] = []
  let token: string | undefined
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }),
    )
    out.push(...(page.Contents ?? []).map((o) => o.Key!))
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token)
  return out.sort()
}
const text = async (bucket: string, key: string) =>
  (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToString()
const head = (bucket: string, key: string) => client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))

const files = (dir: string) =>
  (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.split('\\').join('/'))
    .filter((f) => f.includes('.') && f !== '_headers')
    .sort()

/**
 * Another build of the site, as the next commit gives: a new id everywhere it is written, one
 * asset of its own (`assets/chunks/only-<id>.js`) that its pages load, and one page changed.
 */
function nextBuild(id: string, from = dist): string {
  const dir = join(work, id)
  rmSync(dir, { recursive: true, force: true })
  cpSync(from, dir, { recursive: true })
  const oldId = (JSON.parse(readFileSync(join(dir, 'builds/latest.json'), 'utf8')) as { id: string }).id
  for (const f of files(dir))
    if (/\.(html|json)$/.test(f)) writeFileSync(join(dir, f), readFileSync(join(dir, f), 'utf8').replaceAll(oldId, id))
  renameSync(join(dir, `builds/meta/${oldId}.json`), join(dir, `builds/meta/${id}.json`))
  for (const f of files(join(dir, 'assets/chunks'))) if (f.startsWith('only-')) rmSync(join(dir, 'assets/chunks', f))
  writeFileSync(join(dir, `assets/chunks/only-${id}.js`), `export const build = ${JSON.stringify(id)}\n`)
  for (const f of files(dir).filter((f) => f.endsWith('index.html'))) {
    const html = readFileSync(join(dir, f), 'utf8').replace(
      /<script src="\/assets\/chunks\/only-[^"]+"[^>]*><\/script>/,
      '',
    )
    writeFileSync(
      join(dir, f),
      html.replace('</head>', `<script src="/assets/chunks/only-${id}.js" type="module"></script></head>`),
    )
  }
  return dir
}

const args = (bucket: string, endpoint = s3.endpoint, ...more: string[]) => [
  '--bucket',
  bucket,
  '--endpoint',
  endpoint,
  '--region',
  'us-east-1',
  ...more,
]

describe('npm run deploy: usage', () => {
  it('prints its help, and refuses wrong usage with exit code 2', async () => {
    const help = await deploy(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/--bucket <name>[\s\S]*--prune-keep <N>[\s\S]*--dry-run/)
    const noBucket = await deploy([])
    expect([noBucket.code, noBucket.stderr]).toEqual([2, expect.stringMatching(/--bucket <name> is required/)])
    const unknown = await deploy(['--bucket', 'site', '--force'])
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringMatching(/Unknown option '--force'/)])
    const badKeep = await deploy(['--bucket', 'site', '--prune-keep', '0'])
    expect([badKeep.code, badKeep.stderr]).toEqual([2, expect.stringMatching(/--prune-keep wants a whole number/)])
    const noBuild = await deploy(['--bucket', 'site', '--dir', join(work, 'nothing')])
    expect([noBuild.code, noBuild.stderr]).toEqual([
      2,
      expect.stringMatching(/nothing\/builds\/latest\.json is missing: run npm run build first/),
    ])
  })

  it('takes credentials from the standard AWS chain only, and says so when there are none', async () => {
    const home = mkdtempSync(join(work, 'home-'))
    const none = {
      HOME: home,
      AWS_ACCESS_KEY_ID: undefined,
      AWS_SECRET_ACCESS_KEY: undefined,
      AWS_PROFILE: undefined,
      AWS_SHARED_CREDENTIALS_FILE: join(home, 'none'),
      AWS_CONFIG_FILE: join(home, 'none'),
    }
    const run = await deploy(args(freshBucket()), { ...process.env, ...none })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(
      /Could not load credentials[\s\S]*AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE/,
    )
    // A profile in ~/.aws works as well as the environment.
    writeFileSync(join(home, 'credentials'), '[shop]\naws_access_key_id = S3RVER\naws_secret_access_key = S3RVER\n')
    const bucket = freshBucket()
    const profile = await deploy(args(bucket), {
      ...process.env,
      ...none,
      AWS_PROFILE: 'shop',
      AWS_SHARED_CREDENTIALS_FILE: join(home, 'credentials'),
    })
    expect(profile.code, profile.stderr).toBe(0)
    expect(await keys(bucket)).toContain('builds/latest.json')
  })

  it('refuses credentials or a query in --endpoint, and never prints them', async () => {
    const secret = /s3cr3t-value|AKIAEXAMPLE/
    for (const endpoint of [
      s3.endpoint.replace('//', '//AKIAEXAMPLE:s3cr3t-value@'),
      s3.endpoint.replace('//', '//s3cr3t-value@'),
      'AKIAEXAMPLE:s3cr3t-value@127.0.0.1:4569',
    ]) {
      const run = await deploy(['--bucket', 'site-0', '--endpoint', endpoint])
      expect([run.code, run.stderr], endpoint).toEqual([
        2,
        expect.stringMatching(/--endpoint must not hold credentials/),
      ])
      expect(`${run.stdout}${run.stderr}`).not.toMatch(secret)
    }
    const query = await deploy(['--bucket', 'site-0', '--endpoint', `${s3.endpoint}/?X-Amz-Signature=s3cr3t-value`])
    expect([query.code, query.stderr]).toEqual([2, expect.stringMatching(/--endpoint takes no query/)])
    expect(`${query.stdout}${query.stderr}`).not.toMatch(secret)
  })

  it('names a bucket that does not exist, and writes nothing', async () => {
    const run = await deploy(args('no-such-bucket'))
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/Listing s3:\/\/no-such-bucket\/ failed: NoSuchBucket/)
  })
})

describe('npm run deploy: a first deploy', () => {
  const bucket = freshBucket()
  let run: Run
  let log: Proxy['log']
  beforeAll(async () => {
    const p = await proxy()
    run = await deploy(args(bucket, p.endpoint))
    log = p.log
  })

  it('uploads every file of dist/ but the host configuration, byte for byte', async () => {
    expect(run.code, run.stderr).toBe(0)
    const local = files(dist)
    expect((await keys(bucket)).filter((k) => !k.startsWith('builds/deploys/'))).toEqual(local)
    expect(await keys(bucket, 'builds/deploys/')).toEqual([`builds/deploys/${distId}.json`])
    for (const key of ['index.html', 'ar/pricing/_payload.json', 'sitemap.xml'])
      expect(await text(bucket, key)).toBe(readFileSync(join(dist, key), 'utf8'))
    expect(run.stdout).toMatch(
      new RegExp(
        `Deployed build ${distId} to s3://${bucket}/: ${local.length} uploaded \\([\\d.]+ MiB\\), 0 unchanged, 0 deleted, 0 retried, in [\\d.]+ s`,
      ),
    )
  })

  it('gives each object its Content-Type and Cache-Control', async () => {
    const css = files(dist).find((f) => f.endsWith('.css'))!
    const font = files(dist).find((f) => f.endsWith('.woff2'))!
    const chunk = files(dist).find((f) => f.startsWith('assets/') && f.endsWith('.js'))!
    const expected: [string, string, string][] = [
      ['index.html', 'text/html; charset=utf-8', REVALIDATE],
      ['ar/guide/webhooks/index.html', 'text/html; charset=utf-8', REVALIDATE],
      ['404.html', 'text/html; charset=utf-8', REVALIDATE],
      ['pricing/_payload.json', 'application/json; charset=utf-8', REVALIDATE],
      ['builds/latest.json', 'application/json; charset=utf-8', REVALIDATE],
      ['sitemap.xml', 'application/xml; charset=utf-8', REVALIDATE],
      ['robots.txt', 'text/plain; charset=utf-8', REVALIDATE],
      [`builds/meta/${distId}.json`, 'application/json; charset=utf-8', IMMUTABLE],
      [css, 'text/css; charset=utf-8', IMMUTABLE],
      [chunk, 'text/javascript; charset=utf-8', IMMUTABLE],
      [font, 'font/woff2', IMMUTABLE],
    ]
    for (const [key, type, cache] of expected) {
      const h = await head(bucket, key)
      expect([key, h.ContentType, h.CacheControl]).toEqual([key, type, cache])
    }
  })

  it('uploads in an order that never exposes a half-deployed site: assets, pages, meta, latest.json', () => {
    const stage = (key: string) =>
      key === 'builds/latest.json'
        ? 3
        : key.startsWith('builds/meta/') || key.startsWith('builds/deploys/')
          ? 2
          : /(index|404)\.html$|_payload\.json$|^_shell\/|^sitemap\.xml$|^robots\.txt$/.test(key)
            ? 1
            : 0
    // No upload of a stage starts before every upload of the stage before has ended.
    for (const [i, entry] of log.entries()) {
      if (entry.event !== 'start') continue
      const earlier = log.filter((e) => stage(e.key) < stage(entry.key))
      const ended = log.slice(0, i).filter((e) => e.event === 'end' && stage(e.key) < stage(entry.key))
      expect(ended.length, `${entry.key} started before all of the earlier stage had landed`).toBe(earlier.length / 2)
    }
    expect(log.at(-1)).toEqual({ event: 'end', key: 'builds/latest.json' })
    expect(run.stdout).toMatch(
      /assets: \d+ file\(s\)[\s\S]*pages and payloads: \d+ file\(s\)[\s\S]*build meta: 1 file\(s\)[\s\S]*builds\/latest\.json: 1 file\(s\)/,
    )
  })

  it('skips every unchanged file the second time', async () => {
    const again = await deploy(args(bucket))
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(new RegExp(`: 0 uploaded \\(0 B\\), ${files(dist).length} unchanged`))
  })
})

describe('npm run deploy: later deploys', () => {
  it('--dry-run lists the plan and changes nothing', async () => {
    const bucket = freshBucket()
    const run = await deploy(args(bucket, s3.endpoint, '--dry-run'))
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(
      /would upload index\.html {2}\(text\/html; charset=utf-8; public, max-age=0, must-revalidate\)/,
    )
    expect(run.stdout).toMatch(/Dry run: nothing was changed/)
    expect(await keys(bucket)).toEqual([])
  })

  it('a new build uploads only what changed and keeps the old assets for open tabs', async () => {
    const bucket = freshBucket()
    const a = nextBuild('build-a')
    const b = nextBuild('build-b')
    expect((await deploy(args(bucket, s3.endpoint, '--dir', a))).code).toBe(0)
    const run = await deploy(args(bucket, s3.endpoint, '--dir', b))
    expect(run.code).toBe(0)
    // Every page, payload and manifest names the build; the assets but the new chunk are the same, and
    // so is runtime-config.json, which carries no build id.
    const changed = files(b).filter((f) => /\.(html|json)$/.test(f) && f !== 'runtime-config.json').length + 1
    expect(run.stdout).toMatch(new RegExp(`: ${changed} uploaded .*, ${files(b).length - changed} unchanged`))
    const all = await keys(bucket)
    expect(all).toContain('assets/chunks/only-build-a.js')
    expect(all).toContain('assets/chunks/only-build-b.js')
    expect(JSON.parse(await text(bucket, 'builds/latest.json')).id).toBe('build-b')
  })

  it('retries what fails for a while, with backoff', async () => {
    const bucket = freshBucket()
    const failures = new Map<string, number>()
    const p = await proxy((req, key) => {
      if (req.method !== 'PUT' || !/\.(css|html)$/.test(key)) return 'pass'
      const n = failures.get(key) ?? 0
      failures.set(key, n + 1)
      return n < 2 ? { status: 503, code: 'SlowDown' } : 'pass'
    })
    const run = await deploy(args(bucket, p.endpoint))
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(new RegExp(`, ${[...failures.keys()].length * 2} retried`))
    expect(await keys(bucket)).toContain('index.html')
  })

  it('stops at a refusal, names the file, and leaves latest.json on the old build', async () => {
    const bucket = freshBucket()
    expect((await deploy(args(bucket, s3.endpoint, '--dir', nextBuild('build-a')))).code).toBe(0)
    const p = await proxy((req, key) =>
      req.method === 'PUT' && key === 'ar/pricing/index.html' ? { status: 403, code: 'AccessDenied' } : 'pass',
    )
    const run = await deploy(args(bucket, p.endpoint, '--dir', nextBuild('build-b')))
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/Uploading ar\/pricing\/index\.html failed: AccessDenied: HTTP 403/)
    expect(run.stderr).toMatch(/builds\/latest\.json was not written: the site still announces its previous build/)
    expect(JSON.parse(await text(bucket, 'builds/latest.json')).id).toBe('build-a')
    expect(await keys(bucket, 'builds/meta/')).toEqual(['builds/meta/build-a.json'])
  })

  it('killed half-way, leaves the old site fully served; run again, it completes', async () => {
    const bucket = freshBucket()
    expect((await deploy(args(bucket, s3.endpoint, '--dir', nextBuild('build-a')))).code).toBe(0)
    const b = nextBuild('build-b')
    // Stall the upload once 20 pages or payloads of the new build are up, then kill the deploy.
    let stalled = () => {}
    const stalledNow = new Promise<void>((ok) => (stalled = ok))
    const p = await proxy((req, _key, puts) => {
      if (req.method !== 'PUT' || puts <= 21) return 'pass'
      stalled()
      return 'hang'
    })
    let kill = () => {}
    const killed = deploy(args(bucket, p.endpoint, '--dir', b), s3.env, (k) => (kill = k))
    await stalledNow
    kill()
    expect((await killed).code).not.toBe(0)
    expect(p.log.some((e) => e.key.endsWith('.html'))).toBe(true)
    // The site still announces build-a, and every page in the bucket finds what it loads.
    expect(JSON.parse(await text(bucket, 'builds/latest.json')).id).toBe('build-a')
    const all = new Set(await keys(bucket))
    for (const key of [...all].filter((k) => k.endsWith('.html'))) {
      for (const [, ref] of (await text(bucket, key)).matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g))
        expect(all.has(ref!), `${key} loads /${ref}`).toBe(true)
    }
    const rerun = await deploy(args(bucket, s3.endpoint, '--dir', b))
    expect(rerun.code).toBe(0)
    const uploaded = Number(/: (\d+) uploaded/.exec(rerun.stdout)![1])
    expect(uploaded).toBeGreaterThan(0)
    expect(uploaded).toBeLessThan(files(b).filter((f) => /\.(html|json)$/.test(f)).length)
    expect(JSON.parse(await text(bucket, 'builds/latest.json')).id).toBe('build-b')
  })

  it('--prefix deploys into a folder of the bucket, and --endpoint needs no region', async () => {
    const bucket = freshBucket()
    // No region anywhere: with --endpoint, the deploy signs for us-east-1.
    const run = await deploy(['--bucket', bucket, '--endpoint', s3.endpoint, '--prefix', '/preview/v2/'], {
      ...s3.env,
      AWS_REGION: undefined,
      AWS_DEFAULT_REGION: undefined,
    })
    expect(run.code, run.stderr).toBe(0)
    const all = await keys(bucket)
    expect(all.every((k) => k.startsWith('preview/v2/'))).toBe(true)
    expect(all).toContain('preview/v2/ar/index.html')
  })

  it('--prune-keep N deletes what only older builds use, and nothing else', async () => {
    const bucket = freshBucket()
    for (const id of ['build-a', 'build-b', 'build-c'])
      expect((await deploy(args(bucket, s3.endpoint, '--dir', nextBuild(id)))).code).toBe(0)
    const before = await keys(bucket)
    const plan = await deploy(
      args(bucket, s3.endpoint, '--dir', join(work, 'build-c'), '--prune-keep', '2', '--dry-run'),
    )
    expect(plan.stdout).toMatch(/would delete assets\/chunks\/only-build-a\.js/)
    expect(await keys(bucket)).toEqual(before)
    const run = await deploy(args(bucket, s3.endpoint, '--dir', join(work, 'build-c'), '--prune-keep', '2'))
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(
      /prune: keeping 2 build\(s\) \(build-c, build-b\); 1 older build\(s\); 3 file\(s\) only they use/,
    )
    expect(run.stdout).toMatch(/, 3 deleted/)
    const after = await keys(bucket)
    expect(before.filter((k) => !after.includes(k)).sort()).toEqual([
      'assets/chunks/only-build-a.js',
      'builds/deploys/build-a.json',
      'builds/meta/build-a.json',
    ])
  })
})
