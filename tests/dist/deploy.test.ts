// `npm run deploy` on the production path, on 127.0.0.1 (docs/deploy.md): a real S3-protocol
// server (s3rver), the local key value store, and the edge running the CloudFront Functions over
// them (scripts/local-s3.ts), with loopback proxies that fail, stall or race the deploy. The deploy
// runs as operators run it, in a child process, with credentials from the environment.
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, request, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { bucketKey, IMMUTABLE, REVALIDATE, STATUS_HOST_FILES } from '../../host/rules'
import { buildCsp } from '../../host/local/cdn'
import { copyBuildAs, startLocalSite } from '../../host/local/localSite'

type Site = Awaited<ReturnType<typeof startLocalSite>>
const work = mkdtempSync(join(tmpdir(), 'deploy-'))
const dist = 'dist'
const distId = (JSON.parse(readFileSync('dist/builds/latest.json', 'utf8')) as { id: string }).id
// Each deploy is a child process of its own (about 2 s to start tsx and the SDK).
vi.setConfig({ testTimeout: 90_000, hookTimeout: 60_000 })

const sites: Site[] = []
/** A bucket, a key value store and an edge of their own for each test. */
async function freshSite(): Promise<Site & { client: S3Client }> {
  const site = await startLocalSite()
  sites.push(site)
  const client = new S3Client({
    endpoint: site.s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  })
  return Object.assign(site, { client })
}
afterAll(async () => {
  await Promise.all(sites.map((s) => s.stop()))
  rmSync(work, { recursive: true, force: true })
})

interface Run {
  code: number | null
  stdout: string
  stderr: string
  ms: number
}

/**
 * The deploy in a process group of its own; `onSpawn` gets what kills it (SIGKILL) or signals the
 * whole group, as Ctrl-C does a terminal's. `tsx` runs it as `npm run deploy` does, without npx in
 * between, where the exit code of an interrupted deploy matters (npx dies of the signal itself).
 */
function deploy(
  args: string[],
  env: Record<string, string | undefined>,
  onSpawn?: (kill: (signal?: NodeJS.Signals) => void) => void,
  via: 'npx' | 'tsx' = 'npx',
): Promise<Run> {
  const started = Date.now()
  return new Promise((done) => {
    const [command, first] = via === 'npx' ? ['npx', ['tsx']] : ['node_modules/.bin/tsx', []]
    const child = spawn(command, [...first, 'scripts/deploy.ts', ...args], {
      env: { ...process.env, ...env, AWS_EC2_METADATA_DISABLED: 'true', DEPLOY_BY: env.DEPLOY_BY ?? 'ops-test' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('close', (code) => done({ code, stdout, stderr, ms: Date.now() - started }))
    onSpawn?.((signal = 'SIGKILL') => process.kill(-child.pid!, signal))
  })
}
const run = (site: Site, ...more: string[]) => deploy([...site.deployArgs, ...more], site.env)

/** A proxy in front of `target` that lets a test answer, stall or act before passing a request on. */
type Intercept = (
  req: IncomingMessage,
  path: string,
  count: number,
) => Promise<'pass' | 'hang' | { status: number; body: string }>
const proxies: Server[] = []
afterEach(async () => {
  for (const p of proxies.splice(0)) {
    p.closeAllConnections()
    await new Promise((ok) => p.close(ok))
  }
})
async function proxy(target: string, intercept: Intercept): Promise<string> {
  const to = new URL(target)
  let count = 0
  const server = createServer(async (req, res) => {
    const verdict = await intercept(req, decodeURIComponent(new URL(req.url!, 'http://x').pathname), ++count)
    if (verdict === 'hang') return
    if (verdict !== 'pass') {
      req.resume()
      res.writeHead(verdict.status, { 'content-type': 'application/xml' })
      return res.end(verdict.body)
    }
    const upstream = request(
      { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode!, up.headers)
        up.pipe(res)
      },
    )
    req.pipe(upstream)
  })
  proxies.push(server)
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`
}
const withFlag = (args: string[], flag: string, value: string) => {
  const out = [...args]
  out[out.indexOf(flag) + 1] = value
  return out
}

async function keys(site: Site & { client: S3Client }, prefix = '', bucket = site.bucket): Promise<string[]> {
  const out: string[] = []
  let token: string | undefined
  do {
    const page = await site.client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix || undefined, ContinuationToken: token }),
    )
    out.push(...(page.Contents ?? []).map((o) => o.Key!))
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token)
  return out.sort()
}
const object = (site: Site & { client: S3Client }, key: string) =>
  site.client.send(new GetObjectCommand({ Bucket: site.bucket, Key: key }))
const head = (site: Site & { client: S3Client }, key: string) =>
  site.client.send(new HeadObjectCommand({ Bucket: site.bucket, Key: key }))

/** The files a deploy uploads as the build's: not `_headers`, nor a status document (a deploy never writes one). */
const files = (dir: string) =>
  (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.split('\\').join('/'))
    .filter((f) => f.includes('.') && f !== '_headers' && !f.startsWith('status/'))
    .sort()

/**
 * Another build of the site, as the next commit gives: a new id everywhere it is written, one
 * asset of its own (`assets/chunks/only-<id>.js`) that its pages load, and one page changed.
 */
function nextBuild(id: string): string {
  const dir = copyBuildAs(work, id, dist)
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

/** The build an answer of the edge comes from, by the ids written in it. */
async function buildOf(site: Site, path: string, ids: string[]): Promise<string> {
  const res = await fetch(`${site.edge}${path}`)
  const body = await res.text()
  const seen = ids.filter((id) => body.includes(id))
  if (res.status !== 200 || seen.length !== 1) return `mixed or failed: ${res.status} ${seen.join('+')}`
  return seen[0]!
}
const live = async (site: Site) =>
  ((await (await fetch(`${site.edge}/builds/latest.json`)).json()) as { id: string }).id
/** What a visitor gets of several pages, payloads and the 404 page: one build's id, or what went wrong. */
async function visitorSees(site: Site, ids: string[]): Promise<string> {
  const seen = new Set<string>()
  for (const path of ['/', '/ar/pricing', '/pricing/_payload.json', '/builds/latest.json', '/ar/guide/webhooks'])
    seen.add(await buildOf(site, path, ids))
  const missing = await fetch(`${site.edge}/no-such-page`)
  const page = await missing.text()
  seen.add(missing.status === 404 ? (ids.find((id) => page.includes(id)) ?? 'no id') : `404 page: ${missing.status}`)
  return [...seen].join(' + ')
}
const lastLine = (out: string) => out.trim().split('\n').at(-1)
/** Deploys each build in turn, each of them complete and live. */
async function deployEach(site: Site, ids: string[]) {
  for (const id of ids) {
    const r = await deploy([...site.deployArgs, '--dir', nextBuild(id)], site.env)
    expect(r.code, r.stderr).toBe(0)
  }
}
/** An S3 endpoint in front of `site`'s that passes the first `passing` uploads and holds every one after. */
async function stallingUploads(site: Site, passing = 30) {
  let stalled = () => {}
  const stalledNow = new Promise<void>((ok) => (stalled = ok))
  let puts = 0
  const endpoint = await proxy(site.s3.endpoint, async (req) => {
    if (req.method !== 'PUT' || ++puts <= passing) return 'pass'
    stalled()
    return 'hang'
  })
  return { args: withFlag(site.deployArgs, '--endpoint', endpoint), stalledNow }
}

describe('npm run deploy: usage', () => {
  it('prints its help, and refuses wrong usage with exit code 2', async () => {
    const env = {}
    const help = await deploy(['--help'], env)
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/--list[\s\S]*--rollback \[<build id>\][\s\S]*--kvs-arn <arn>[\s\S]*--prune-keep <N>/)
    expect(help.stdout).toMatch(/--status-bucket <name>[\s\S]*STATUS_BUCKET[\s\S]*--status-region <region>/)
    const cases: [string[], RegExp][] = [
      [[], /--bucket <name> \(or SITE_BUCKET\) is required/],
      [['--bucket', 'site'], /--kvs-arn <arn> \(or SITE_KVS_ARN\) is required/],
      [['--bucket', 'site', '--kvs-arn', 'arn', '--force'], /unknown option --force/],
      [['--bucket', 'site', '--kvs-arn', 'arn', '--prune-keep', '0'], /--prune-keep wants a whole number/],
      [['--bucket', 'site', '--kvs-arn', 'arn', '--list', '--rollback'], /--list and --rollback do not go together/],
      [['--bucket', 'site', '--kvs-arn', 'arn', '--rollback', 'a/b'], /"a\/b" is not a build id/],
      [['--bucket', 'site', '--kvs-arn', 'arn', '--lang', 'fr'], /--lang is en or ar, not "fr"/],
      [
        ['--bucket', 'site', '--kvs-arn', 'arn', '--status-region', 'eu-central-1'],
        /--status-region .* goes with --status-bucket/,
      ],
      [
        ['--bucket', 'site', '--kvs-arn', 'arn', '--status-bucket', 'site'],
        /--status-bucket must be the status host's own bucket/,
      ],
      [
        ['--bucket', 'site', '--kvs-arn', 'arn', '--dir', join(work, 'nothing')],
        /nothing\/builds\/latest\.json is missing: run npm run build first/,
      ],
    ]
    for (const [args, message] of cases) {
      const r = await deploy(args, { SITE_BUCKET: undefined, SITE_KVS_ARN: undefined })
      expect([r.code, r.stderr], args.join(' ')).toEqual([2, expect.stringMatching(message)])
    }
  })

  it('refuses credentials or a query in either endpoint, and never prints them', async () => {
    const secret = /s3cr3t-value|AKIAEXAMPLE/
    for (const flag of ['--endpoint', '--kvs-endpoint'])
      for (const endpoint of [
        'http://AKIAEXAMPLE:s3cr3t-value@127.0.0.1:4569',
        'AKIAEXAMPLE:s3cr3t-value@127.0.0.1:4569',
      ]) {
        const r = await deploy(['--bucket', 'site', '--kvs-arn', 'arn', flag, endpoint], {})
        expect([r.code, r.stderr], `${flag} ${endpoint}`).toEqual([
          2,
          expect.stringMatching(/must not hold credentials/),
        ])
        expect(`${r.stdout}${r.stderr}`).not.toMatch(secret)
      }
  })
})

describe('npm run deploy: a first deploy', () => {
  let site: Awaited<ReturnType<typeof freshSite>>
  let first: Run
  beforeAll(async () => {
    site = await freshSite()
    expect((await fetch(`${site.edge}/`)).status).toBe(503)
    first = await run(site)
  })

  it('puts the build under its release, the assets and meta beside, and 404.html at the root', async () => {
    expect(first.code, first.stderr).toBe(0)
    const expected = [
      ...files(dist).map((f) => bucketKey(distId, f)),
      '404.html',
      `deploys/builds/${distId}.json`,
    ].sort()
    const all = await keys(site)
    expect(all.filter((k) => !k.startsWith('deploys/switches/'))).toEqual(expected)
    // Never a status document, even where the build left one (docs/status.md).
    expect(all.filter((k) => k.startsWith('status/'))).toEqual([])
    expect(all.filter((k) => k.startsWith('deploys/switches/'))).toHaveLength(1)
    expect(first.stdout).toMatch(new RegExp(`Switched the live build from none to ${distId} in \\d+ ms`))
    expect(first.stdout).toMatch(new RegExp(`Deployed build ${distId} to s3://site/: ${files(dist).length} uploaded`))
  })

  it("gives each object its Content-Type, Cache-Control, and the build's policy on its own files", async () => {
    const csp = buildCsp(dist)
    const font = files(dist).find((f) => f.endsWith('.woff2'))!
    const expected: [string, string, string, string | undefined][] = [
      ['index.html', 'text/html; charset=utf-8', REVALIDATE, csp],
      ['ar/guide/webhooks/index.html', 'text/html; charset=utf-8', REVALIDATE, csp],
      ['pricing/_payload.json', 'application/json; charset=utf-8', REVALIDATE, csp],
      ['builds/latest.json', 'application/json; charset=utf-8', REVALIDATE, csp],
      [`builds/meta/${distId}.json`, 'application/json; charset=utf-8', IMMUTABLE, undefined],
      [font, 'font/woff2', IMMUTABLE, undefined],
    ]
    for (const [file, type, cache, policy] of expected) {
      const h = await head(site, bucketKey(distId, file))
      expect([file, h.ContentType, h.CacheControl, h.Metadata?.csp]).toEqual([file, type, cache, policy])
    }
    expect((await head(site, '404.html')).Metadata?.csp).toBe(csp)
  })

  it('serves the site through the edge, with the policy, and lists the build as live', async () => {
    const page = await fetch(`${site.edge}/ar/pricing`)
    expect(page.status).toBe(200)
    expect(await page.text()).toBe(readFileSync('dist/ar/pricing/index.html', 'utf8'))
    expect(page.headers.get('content-security-policy')).toBe(buildCsp(dist))
    const missing = await fetch(`${site.edge}/no-such-page`)
    expect([missing.status, await missing.text()]).toEqual([404, readFileSync('dist/404.html', 'utf8')])
    const listed = await run(site, '--list')
    expect(listed.code, listed.stderr).toBe(0)
    expect(listed.stdout).toMatch(new RegExp(`^\\* live\\s+${distId}\\s+\\S+\\s+\\d{4}-.*ops-test$`, 'm'))
    expect(listed.stdout).toMatch(new RegExp(`deploy\\s+none -> ${distId}\\s+by ops-test`))
  })

  it('skips every unchanged file the second time', async () => {
    const again = await run(site)
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toMatch(new RegExp(`: 0 uploaded \\(0 B\\) in [\\d.]+ s, ${files(dist).length} unchanged`))
    expect(again.stdout).toMatch(/was live already/)
  })
})

describe('npm run deploy: switching builds', () => {
  it('switches every page at once: while B uploads, every answer is A; after the switch, never A again', async () => {
    const site = await freshSite()
    const a = nextBuild('build-a')
    const b = nextBuild('build-b')
    expect((await deploy([...site.deployArgs, '--dir', a], site.env)).code).toBe(0)
    const paths = [
      '/',
      '/pricing',
      '/ar/pricing',
      '/pricing/_payload.json',
      '/ar/_payload.json',
      '/builds/latest.json',
      '/_shell/ar.json',
    ]
    const answers: { path: string; build: string; start: number; end: number }[] = []
    let loading = true
    const client = (async () => {
      for (let i = 0; loading; i++) {
        const path = paths[i % paths.length]!
        const start = performance.now()
        const build = await buildOf(site, path, ['build-a', 'build-b'])
        answers.push({ path, build, start, end: performance.now() })
      }
    })()
    const deployB = await deploy([...site.deployArgs, '--dir', b], site.env)
    // A few more rounds after the deploy has ended.
    const after = answers.length
    while (answers.length < after + 3 * paths.length) await new Promise((ok) => setTimeout(ok, 5))
    loading = false
    await client
    expect(deployB.code, deployB.stderr).toBe(0)
    expect(answers.filter((x) => !/^build-[ab]$/.test(x.build))).toEqual([])
    const firstB = answers.find((x) => x.build === 'build-b')!
    const lateA = answers.filter((x) => x.build === 'build-a' && x.start > firstB.end)
    expect(lateA, 'an answer of A after one of B').toEqual([])
    // The loop ran all through the upload: many answers, all of A, before the switch.
    expect(answers.indexOf(firstB)).toBeGreaterThan(20)
    expect(answers.slice(-paths.length).every((x) => x.build === 'build-b')).toBe(true)
  })

  it('killed half-way, changes nothing a visitor sees; run again, it completes and switches', async () => {
    const site = await freshSite()
    expect((await deploy([...site.deployArgs, '--dir', nextBuild('build-a')], site.env)).code).toBe(0)
    const b = nextBuild('build-b')
    const { args, stalledNow } = await stallingUploads(site)
    let kill = () => {}
    const killed = deploy([...args, '--dir', b], site.env, (k) => (kill = k))
    await stalledNow
    kill()
    expect((await killed).code).not.toBe(0)
    expect((await keys(site, 'releases/build-b/')).length).toBeGreaterThan(0)
    for (const path of ['/', '/pricing', '/ar/guide/webhooks', '/pricing/_payload.json', '/builds/latest.json'])
      expect(await buildOf(site, path, ['build-a', 'build-b']), path).toBe('build-a')
    const listed = await run(site, '--list')
    expect(listed.stdout).toMatch(/^incomplete\s+build-b/m)
    expect(listed.stdout).toMatch(/^\* live\s+build-a/m)
    const rerun = await deploy([...site.deployArgs, '--dir', b], site.env)
    expect(rerun.code, rerun.stderr).toBe(0)
    const uploaded = Number(/: (\d+) uploaded/.exec(rerun.stdout)![1])
    expect(uploaded).toBeGreaterThan(0)
    expect(uploaded).toBeLessThan(files(b).length - 25)
    expect(await live(site)).toBe('build-b')
  })

  it('a refused upload stops the deploy before the switch, and says which build stays live', async () => {
    const site = await freshSite()
    expect((await deploy([...site.deployArgs, '--dir', nextBuild('build-a')], site.env)).code).toBe(0)
    const s3 = await proxy(site.s3.endpoint, async (req, path) =>
      req.method === 'PUT' && path.endsWith('build-b/ar/pricing/index.html')
        ? { status: 403, body: '<Error><Code>AccessDenied</Code><Message>denied (test proxy)</Message></Error>' }
        : 'pass',
    )
    const r = await deploy([...withFlag(site.deployArgs, '--endpoint', s3), '--dir', nextBuild('build-b')], site.env)
    expect(r.code).toBe(1)
    // What failed, and what to check, in one line (api/server/cli.ts describeError).
    expect(r.stderr).toMatch(
      /\ndeploy: Uploading releases\/build-b\/ar\/pricing\/index\.html failed: AWS denied access to the bucket "site" \(AccessDenied\): check the permissions of the credentials in use, and --bucket or SITE_BUCKET\n/,
    )
    expect(lastLine(r.stderr)).toBe(
      'Nothing was switched: build build-a stays live. Run the same command again to finish.',
    )
    expect(await live(site)).toBe('build-a')
  })

  it('a failed switch says so and leaves the old build live', async () => {
    const site = await freshSite()
    expect((await deploy([...site.deployArgs, '--dir', nextBuild('build-a')], site.env)).code).toBe(0)
    const kvs = await proxy(site.kvs.endpoint, async (req) =>
      req.method === 'PUT' ? { status: 500, body: '{"Message":"InternalServerException (test proxy)"}' } : 'pass',
    )
    const r = await deploy(
      [...withFlag(site.deployArgs, '--kvs-endpoint', kvs), '--dir', nextBuild('build-b')],
      site.env,
    )
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/the switch to build-b failed: .*Build build-a stays live/)
    expect(lastLine(r.stderr)).toMatch(/Build build-a stays live\.$/)
    expect(await live(site)).toBe('build-a')
    expect(await buildOf(site, '/pricing', ['build-a', 'build-b'])).toBe('build-a')
  })

  it("never switches over another operator's switch made during its upload", async () => {
    const site = await freshSite()
    for (const id of ['build-a', 'build-b'])
      expect((await deploy([...site.deployArgs, '--dir', nextBuild(id)], site.env)).code).toBe(0)
    // While build-c uploads, another operator rolls back to build-a.
    let rolledBack: Promise<Run> | undefined
    const s3 = await proxy(site.s3.endpoint, async (req) => {
      if (req.method === 'PUT' && !rolledBack) {
        rolledBack = run(site, '--rollback', 'build-a')
        await rolledBack
      }
      return 'pass'
    })
    const r = await deploy([...withFlag(site.deployArgs, '--endpoint', s3), '--dir', nextBuild('build-c')], site.env)
    expect((await rolledBack!).code).toBe(0)
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(
      /the live build changed while this ran \(now build-a, was build-b\).*Build build-a stays live/,
    )
    expect(lastLine(r.stderr)).toMatch(/Build build-a stays live; run the command again to make build-c live\.$/)
    expect(await live(site)).toBe('build-a')
    // Neither action is lost: both are on record, and build-c is complete, ready to switch to.
    const listed = await run(site, '--list')
    expect(listed.stdout).toMatch(/rollback\s+build-b -> build-a/)
    expect(listed.stdout).toMatch(/^\s+build-c\s/m)
    expect((await run(site, '--rollback', 'build-c')).code).toBe(0)
    expect(await live(site)).toBe('build-c')
  })
})

describe('npm run deploy: rollback and pruning', () => {
  it('--rollback goes back to the previous build in seconds, with no upload; --rollback <id> to a named one', async () => {
    const site = await freshSite()
    for (const id of ['build-a', 'build-b'])
      expect((await deploy([...site.deployArgs, '--dir', nextBuild(id)], site.env, undefined)).code).toBe(0)
    expect(await live(site)).toBe('build-b')
    const back = await deploy([...site.deployArgs, '--rollback'], { ...site.env, DEPLOY_BY: 'on-call' })
    expect(back.code, back.stderr).toBe(0)
    expect(back.stdout).toMatch(/Rolled back: build build-a .* is live again, was build-b\. Switched in \d+ ms/)
    console.log(
      `rollback: ${back.stdout.match(/Switched in \d+ ms; [\d.]+ s in all/)?.[0]}, ${back.ms} ms with the process start`,
    )
    for (const path of ['/', '/ar/pricing', '/pricing/_payload.json', '/builds/latest.json'])
      expect(await buildOf(site, path, ['build-a', 'build-b']), path).toBe('build-a')
    // The error document follows the live build.
    expect(await (await object(site, '404.html')).Body!.transformToString()).toContain('build-a')
    const forward = await run(site, '--rollback', 'build-b')
    expect(forward.code, forward.stderr).toBe(0)
    expect(await live(site)).toBe('build-b')
    const listed = await run(site, '--list')
    // Going back to the build rolled back from is going forward, and named.
    expect(forward.stdout).toMatch(/Went forward: build build-b .* is live, was build-a\./)
    expect(listed.stdout).toMatch(
      /forward\s+build-a -> build-b\s+by ops-test[\s\S]*rollback\s+build-b -> build-a\s+by on-call/,
    )
    const unknown = await run(site, '--rollback', 'build-z')
    expect([unknown.code, unknown.stderr]).toEqual([1, expect.stringMatching(/build build-z was never deployed/)])
    const plan = await run(site, '--rollback', '--dry-run')
    expect(plan.stdout).toMatch(/Dry run: would switch the live build from build-b to build-a/)
    expect(await live(site)).toBe('build-b')
  })

  it("--prune-keep N deletes a build's files only once it is no longer kept, and never a file a kept build uses", async () => {
    const site = await freshSite()
    for (const id of ['build-a', 'build-b'])
      expect((await deploy([...site.deployArgs, '--dir', nextBuild(id)], site.env)).code).toBe(0)
    const c = await deploy([...site.deployArgs, '--dir', nextBuild('build-c'), '--prune-keep', '3'], site.env)
    expect(c.stdout).toMatch(/0 file\(s\) only they use/)
    expect(await keys(site, 'releases/build-a/')).not.toEqual([])
    const before = await keys(site)
    const plan = await deploy(
      [...site.deployArgs, '--dir', nextBuild('build-d'), '--prune-keep', '3', '--dry-run'],
      site.env,
    )
    expect(plan.stdout).toMatch(/would delete assets\/chunks\/only-build-a\.js/)
    expect(await keys(site)).toEqual(before)
    const d = await deploy([...site.deployArgs, '--dir', join(work, 'build-d'), '--prune-keep', '3'], site.env)
    expect(d.code, d.stderr).toBe(0)
    expect(d.stdout).toMatch(
      /prune: keeping 3 build\(s\): build-d \([^)]*\), build-c \([^)]*\), build-b \([^)]*\); 1 older build\(s\): build-a;/,
    )
    expect(d.stdout).toMatch(/^Pruned 1 build\(s\): build-a \(\d+ files\); \d+ file\(s\) in all\. Kept 3: build-d /m)
    const after = await keys(site)
    const gone = before.filter((k) => !after.includes(k))
    expect(gone.every((k) => k.includes('build-a'))).toBe(true)
    expect(gone).toEqual(
      expect.arrayContaining([
        'assets/chunks/only-build-a.js',
        'builds/meta/build-a.json',
        'deploys/builds/build-a.json',
        'releases/build-a/index.html',
      ]),
    )
    expect(after.filter((k) => k.includes('build-a') && !k.startsWith('deploys/switches/'))).toEqual([])
    // What the kept builds share is all still there, and each of them can be rolled back to.
    for (const id of ['build-b', 'build-c']) {
      const back = await run(site, '--rollback', id)
      expect(back.code, back.stderr).toBe(0)
      expect(await buildOf(site, '/pricing', ['build-b', 'build-c', 'build-d'])).toBe(id)
    }
    const none = await run(site, '--rollback', 'build-a')
    expect([none.code, none.stderr]).toEqual([1, expect.stringMatching(/build build-a was never deployed/)])
  })
})

describe('npm run deploy: rollbacks that mean what they say', () => {
  /** The switch records, oldest first. */
  async function switchRecords(site: Awaited<ReturnType<typeof freshSite>>) {
    const out: { from: string | null; to: string; kind: string; withdrawn?: string[] }[] = []
    for (const key of await keys(site, 'deploys/switches/'))
      out.push(JSON.parse(await (await object(site, key)).Body!.transformToString()))
    return out
  }

  it('a second --rollback goes further back, never to the build rolled back from; with only those left it is refused; --rollback <id> goes forward; prune keeps where it goes', async () => {
    const site = await freshSite()
    const all = ['build-a', 'build-b', 'build-c', 'build-d']
    await deployEach(site, ['build-a', 'build-b', 'build-c'])
    expect(await visitorSees(site, all)).toBe('build-c')

    // The first operator rolls back the bad deploy.
    const first = await deploy([...site.deployArgs, '--rollback'], { ...site.env, DEPLOY_BY: 'first-operator' })
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toMatch(/Rolled back: build build-b .* is live again, was build-c\./)
    expect(first.stdout).toMatch(
      /Build build-c was rolled back from: a plain --rollback will not make it live again\. To go forward to it, name it: npm run deploy -- --rollback build-c/,
    )
    expect(first.stdout).toMatch(/A plain --rollback now goes to build-a\./)
    expect(await visitorSees(site, all)).toBe('build-b')

    // A second operator follows the same step of the runbook: further back, never to build-c.
    const second = await deploy([...site.deployArgs, '--rollback'], { ...site.env, DEPLOY_BY: 'second-operator' })
    expect(second.code, second.stderr).toBe(0)
    expect(second.stdout).toMatch(/Rolled back: build build-a .* is live again, was build-b\./)
    expect(second.stdout).toMatch(
      /Build build-b was rolled back from: a plain --rollback will not make it live again \(nor build-c, rolled back from before\)/,
    )
    expect(second.stdout).toMatch(/A plain --rollback now has no earlier build to go to\./)
    expect(await visitorSees(site, all)).toBe('build-a')
    const records = await switchRecords(site)
    expect(records.slice(-2)).toEqual([
      expect.objectContaining({ kind: 'rollback', from: 'build-c', to: 'build-b', withdrawn: ['build-c'] }),
      expect.objectContaining({ kind: 'rollback', from: 'build-b', to: 'build-a', withdrawn: ['build-b', 'build-c'] }),
    ])

    // Only builds rolled back from are left: refused, with the reason, and nothing changes.
    const before = await keys(site)
    const third = await run(site, '--rollback')
    expect(third.code).toBe(1)
    expect(third.stderr).toMatch(
      /there is no earlier build to roll back to: build-b, build-c were rolled back from, and a plain --rollback never makes them live again \(to make one live, name it: npm run deploy -- --rollback <build id>\)/,
    )
    expect(lastLine(third.stderr)).toMatch(/Nothing was switched; build build-a stays live\.$/)
    expect(await keys(site)).toEqual(before)
    expect(await visitorSees(site, all)).toBe('build-a')
    const listed = await run(site, '--list')
    expect(listed.stdout).toMatch(/^rolled back\s+build-c\s/m)
    expect(listed.stdout).toMatch(/^rolled back\s+build-b\s/m)
    expect(listed.stdout).toMatch(/^\* live\s+build-a\s/m)
    expect(listed.stdout).toMatch(
      /A plain --rollback is refused: no earlier build \(build-b, build-c: rolled back from\)/,
    )

    // Going forward again is explicit: the build, named.
    const forward = await run(site, '--rollback', 'build-c')
    expect(forward.code, forward.stderr).toBe(0)
    expect(forward.stdout).toMatch(/Went forward: build build-c .* is live, was build-a\./)
    expect(forward.stdout).toMatch(/A plain --rollback now goes to build-a\./)
    expect(await visitorSees(site, all)).toBe('build-c')
    expect((await switchRecords(site)).at(-1)).toEqual(
      expect.objectContaining({ kind: 'forward', from: 'build-a', to: 'build-c', withdrawn: ['build-b'] }),
    )

    // Prune after the rollbacks: the live build, where --rollback goes and the builds of the last switch stay.
    const d = await deploy([...site.deployArgs, '--dir', nextBuild('build-d'), '--prune-keep', '1'], site.env)
    expect(d.code, d.stderr).toBe(0)
    expect(d.stdout).toMatch(
      /^Pruned 2 build\(s\): build-b \(\d+ files\), build-a \(\d+ files\); \d+ file\(s\) in all\. Kept 2: build-d \(just deployed, live, among the newest 1, live in the last switch\), build-c \(where a plain --rollback goes\)\.$/m,
    )
    const counts = /Pruned 2 build\(s\): build-b \((\d+) files\), build-a \((\d+) files\); (\d+) file/
      .exec(d.stdout)!
      .slice(1)
      .map(Number)
    const files = counts[2]!
    expect(counts[0]! + counts[1]!).toBe(files)
    const after = await keys(site)
    expect(before.filter((k) => !after.includes(k) && !k.startsWith('deploys/switches/')).length).toBe(files)
    for (const id of ['build-a', 'build-b'])
      expect(
        after.filter((k) => k.includes(`/${id}`)),
        id,
      ).toEqual([])
    for (const id of ['build-c', 'build-d']) expect(after).toContain(`releases/${id}/index.html`)
    expect(await visitorSees(site, all)).toBe('build-d')
    const back = await run(site, '--rollback')
    expect(back.code, back.stderr).toBe(0)
    expect(back.stdout).toMatch(/Rolled back: build build-c .* is live again, was build-d\./)
    expect(await visitorSees(site, all)).toBe('build-c')
  })

  it('--prune-keep never deletes where a plain --rollback goes, even outside the newest N and the last N switches', async () => {
    const site = await freshSite()
    const all = ['build-a', 'build-b', 'build-c', 'build-d']
    await deployEach(site, all)
    expect((await run(site, '--rollback')).code).toBe(0)
    expect(await visitorSees(site, all)).toBe('build-c')
    // The same build again (a fix of its upload, say), pruning to one: build-b is where --rollback goes.
    const again = await deploy([...site.deployArgs, '--dir', join(work, 'build-c'), '--prune-keep', '1'], site.env)
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toMatch(/was live already/)
    expect(again.stdout).toMatch(
      /^Pruned 2 build\(s\): build-d \(\d+ files\), build-a \(\d+ files\); \d+ file\(s\) in all\. Kept 2: build-c \(just deployed, live, among the newest 1, live in the last switch\), build-b \(where a plain --rollback goes\)\.$/m,
    )
    const back = await run(site, '--rollback')
    expect(back.code, back.stderr).toBe(0)
    expect(back.stdout).toMatch(/Rolled back: build build-b .* is live again, was build-c\./)
    expect(await visitorSees(site, all)).toBe('build-b')
  })

  it('two operators rolling back at once: one rollback is made, the other is refused and says so, never two steps back', async () => {
    const site = await freshSite()
    const all = ['build-a', 'build-b', 'build-c']
    await deployEach(site, all)
    // Each reads the live build and its ETag before either writes: the switches meet at the store.
    let release = () => {}
    const bothWaiting = new Promise<void>((ok) => (release = ok))
    let waiting = 0
    const kvs = await proxy(site.kvs.endpoint, async (req) => {
      if (req.method !== 'PUT') return 'pass'
      if (++waiting === 2) release()
      await Promise.race([bothWaiting, new Promise((ok) => setTimeout(ok, 20_000))])
      return 'pass'
    })
    const args = [...withFlag(site.deployArgs, '--kvs-endpoint', kvs), '--rollback']
    const [one, two] = await Promise.all([
      deploy(args, { ...site.env, DEPLOY_BY: 'operator-1' }),
      deploy(args, { ...site.env, DEPLOY_BY: 'operator-2' }),
    ])
    expect(waiting).toBe(2)
    const [made, refused] = one.code === 0 ? [one, two] : [two, one]
    expect([made.code, refused.code], `${one.stderr}${two.stderr}`).toEqual([0, 1])
    expect(made.stdout).toMatch(/Rolled back: build build-b .* is live again, was build-c\./)
    expect(refused.stderr).toMatch(
      /the live build changed while this ran \(now build-b, was build-c\): another operator switched it, so this switch to build-b was not made/,
    )
    expect(lastLine(refused.stderr)).toMatch(/Build build-b stays live\.$/)
    expect(await visitorSees(site, all)).toBe('build-b')
    const rollbacks = (await switchRecords(site)).filter((r) => r.kind === 'rollback')
    expect(rollbacks).toEqual([expect.objectContaining({ from: 'build-c', to: 'build-b', withdrawn: ['build-c'] })])
  })

  it('interrupted by SIGTERM during the upload, says which build stays live, exits 143, and changes nothing a visitor sees', async () => {
    const site = await freshSite()
    await deployEach(site, ['build-a'])
    const { args, stalledNow } = await stallingUploads(site)
    let signal: (s?: NodeJS.Signals) => void = () => {}
    const interrupted = deploy([...args, '--dir', nextBuild('build-b')], site.env, (k) => (signal = k), 'tsx')
    await stalledNow
    signal('SIGTERM')
    const r = await interrupted
    expect([r.code, lastLine(r.stderr)]).toEqual([
      143,
      'Interrupted: build build-a stays live; nothing was switched. Run the same command again to finish.',
    ])
    expect(await visitorSees(site, ['build-a', 'build-b'])).toBe('build-a')
    expect(await live(site)).toBe('build-a')
    const listed = await run(site, '--list')
    expect(listed.stdout).toMatch(/^incomplete\s+build-b/m)
    expect(listed.stdout).toMatch(/^\* live\s+build-a/m)
  })

  it('interrupted during the switch, lets the switch and its record finish, then says which build is live', async () => {
    const site = await freshSite()
    await deployEach(site, ['build-a', 'build-b'])
    let arrived = () => {}
    const atTheStore = new Promise<void>((ok) => (arrived = ok))
    let release = () => {}
    const released = new Promise<void>((ok) => (release = ok))
    const kvs = await proxy(site.kvs.endpoint, async (req) => {
      if (req.method !== 'PUT') return 'pass'
      arrived()
      await released
      return 'pass'
    })
    let signal: (s?: NodeJS.Signals) => void = () => {}
    const interrupted = deploy(
      [...withFlag(site.deployArgs, '--kvs-endpoint', kvs), '--rollback'],
      site.env,
      (k) => (signal = k),
      'tsx',
    )
    await atTheStore
    signal('SIGTERM')
    await new Promise((ok) => setTimeout(ok, 500))
    release()
    const r = await interrupted
    expect(r.stderr).toMatch(/Stopping once the switch is recorded…/)
    expect([r.code, lastLine(r.stderr)]).toEqual([
      143,
      'Interrupted after the switch: build build-a is live, was build-b.',
    ])
    expect(await visitorSees(site, ['build-a', 'build-b'])).toBe('build-a')
    // On record, so the next plain --rollback knows build-b was rolled back from.
    expect((await switchRecords(site)).at(-1)).toEqual(
      expect.objectContaining({ kind: 'rollback', from: 'build-b', to: 'build-a', withdrawn: ['build-b'] }),
    )
    const again = await run(site, '--rollback')
    expect([again.code, again.stderr]).toEqual([
      1,
      expect.stringMatching(/there is no earlier build to roll back to: build-b was rolled back from/),
    ])
  })

  it('says it in Arabic with DEPLOY_LANG=ar or --lang ar: a rollback, and a Ctrl-C (SIGINT, exit 130)', async () => {
    const site = await freshSite()
    const all = ['build-a', 'build-b', 'build-c']
    await deployEach(site, ['build-a', 'build-b'])
    const back = await deploy([...site.deployArgs, '--rollback'], { ...site.env, DEPLOY_LANG: 'ar' })
    expect(back.code, back.stderr).toBe(0)
    expect(back.stdout).toMatch(
      /^تراجعنا: الإصدار build-a \(الإيداع \S+، نُشر \S+\) منشور من جديد، وكان المنشور build-b، وبُدِّل في \d+ ms، و[\d.]+ s في المجموع\.$/m,
    )
    expect(back.stdout).toMatch(/^سبق التراجع عن الإصدار build-b: لن يعيده التراجع دون اسم \(‎--rollback\) إلى النشر\./m)
    expect(await visitorSees(site, all)).toBe('build-a')
    const { args, stalledNow } = await stallingUploads(site)
    let signal: (s?: NodeJS.Signals) => void = () => {}
    const interrupted = deploy(
      [...args, '--dir', nextBuild('build-c'), '--lang', 'ar'],
      site.env,
      (k) => (signal = k),
      'tsx',
    )
    await stalledNow
    signal('SIGINT')
    const r = await interrupted
    expect([r.code, lastLine(r.stderr)]).toEqual([
      130,
      'أُوقف الأمر: يبقى الإصدار build-a منشورًا، ولم يُبدَّل شيء. شغّل الأمر نفسه مرة أخرى لإكماله.',
    ])
    expect(await visitorSees(site, all)).toBe('build-a')
  })
})

describe('the status document (docs/status.md)', () => {
  it('is never published by a deploy: the first leaves status/ empty, a later one keeps what operators wrote', async () => {
    const site = await freshSite()
    // A build that still carries a status folder (an older build, or a preview's copy): skipped.
    const dir = copyBuildAs(work, 'status-a')
    mkdirSync(join(dir, 'status'), { recursive: true })
    writeFileSync(join(dir, 'status', 'status.json'), JSON.stringify({ sample: true }))
    writeFileSync(join(dir, 'status', 'incidents.atom'), '<feed/>')
    const first = await run(site, '--dir', dir)
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).not.toMatch(/status\//)
    expect(await keys(site, 'status/')).toEqual([])
    // Nothing to show yet: S3's 403 for a missing key, the 404 the page reads as "No status published yet".
    expect((await fetch(`${site.edge}/status/status.json`)).status).toBe(404)
    // Operations write a real document; the next deploy leaves it and its feeds alone.
    const operators = JSON.stringify({ written: 'by operations' })
    for (const [key, body] of [
      ['status/status.json', operators],
      ['status/incidents.atom', '<feed>operations</feed>'],
    ])
      await site.client.send(new PutObjectCommand({ Bucket: site.bucket, Key: key, Body: body }))
    const second = await run(site, '--dir', dir)
    expect(second.code, second.stderr).toBe(0)
    const third = await run(site, '--dir', copyBuildAs(work, 'status-b'))
    expect(third.code, third.stderr).toBe(0)
    expect(await keys(site, 'status/')).toEqual(['status/incidents.atom', 'status/status.json'])
    expect(await (await object(site, 'status/status.json')).Body!.transformToString()).toBe(operators)
    const res = await fetch(`${site.edge}/status/status.json`)
    expect([res.status, await res.text()]).toEqual([200, operators])
  })
})

describe('npm run deploy --status-bucket: the status host (docs/aws.md, "The status host")', () => {
  const STATUS = 'status-host'
  async function withStatusBucket() {
    const site = await freshSite()
    await site.client.send(new CreateBucketCommand({ Bucket: STATUS }))
    return site
  }
  const statusKeys = (site: Awaited<ReturnType<typeof freshSite>>) => keys(site, '', STATUS)
  const statusObject = (site: Awaited<ReturnType<typeof freshSite>>, key: string) =>
    site.client.send(new GetObjectCommand({ Bucket: STATUS, Key: key }))
  /** An S3 endpoint in front of `site`'s that records every PUT to the status bucket, and may refuse some. */
  async function recording(
    site: Awaited<ReturnType<typeof freshSite>>,
    refuse: (key: string) => boolean = () => false,
  ) {
    const puts: string[] = []
    const endpoint = await proxy(site.s3.endpoint, async (req, path) => {
      if (req.method !== 'PUT' || !path.startsWith(`/${STATUS}/`)) return 'pass'
      const key = path.slice(STATUS.length + 2)
      if (refuse(key))
        return { status: 403, body: '<Error><Code>AccessDenied</Code><Message>denied (test proxy)</Message></Error>' }
      puts.push(key)
      return 'pass'
    })
    return { puts, args: withFlag(site.deployArgs, '--endpoint', endpoint) }
  }

  it('gets the monitoring pages of both languages and every asset they need, assets first, pages last; never status/', async () => {
    const site = await withStatusBucket()
    // The document as replication brings it: the deploy never touches it.
    await site.client.send(new PutObjectCommand({ Bucket: STATUS, Key: 'status/status.json', Body: '{"replica":1}' }))
    const { puts, args } = await recording(site)
    const dir = nextBuild('host-a')
    const r = await deploy(
      [...args, '--dir', dir, '--status-bucket', STATUS, '--status-region', 'eu-central-1'],
      site.env,
    )
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(
      new RegExp(
        `Status host s3://${STATUS}/: the monitoring pages of build host-a, \\d+ uploaded .*assets first, pages last`,
      ),
    )
    const stored = await statusKeys(site)
    // The pages, their payloads and shells, the build's pointer and meta, the icon and the 404 page.
    expect(stored).toEqual(expect.arrayContaining([...STATUS_HOST_FILES, 'builds/meta/host-a.json']))
    // Every asset a page names, and those they name: the stylesheet, its fonts, the scripts and their chunks.
    const html = ['monitoring/index.html', 'ar/monitoring/index.html'].map((f) => readFileSync(join(dir, f), 'utf8'))
    const named = html.flatMap((h) => [...h.matchAll(/"\/(assets\/[^"]+)"/g)].map((m) => m[1]!))
    expect(named.length).toBeGreaterThan(3)
    expect(named).toContain('assets/chunks/only-host-a.js')
    expect(stored).toEqual(expect.arrayContaining(named))
    const css = named.find((a) => a.endsWith('.css'))!
    const fonts = [...readFileSync(join(dir, css), 'utf8').matchAll(/url\(\/?(assets\/fonts\/[^)]+)\)/g)].map(
      (m) => m[1]!,
    )
    expect(fonts.length).toBeGreaterThan(0)
    expect(stored).toEqual(expect.arrayContaining(fonts))
    for (const key of stored.filter((k) => /\.(js|css)$/.test(k))) {
      const text = readFileSync(join(dir, key), 'utf8')
      for (const [, rel] of text.matchAll(/from\s*"(\.\.?\/[^"]+)"/g)) {
        const target = join(key, '..', rel!)
        expect(stored, `${key} imports ${target}`).toContain(target)
      }
    }
    // Nothing else of the site: no other page, no release, no history, no social card.
    expect(stored.filter((k) => k.endsWith('.html')).sort()).toEqual(
      ['404.html', 'ar/monitoring/index.html', 'monitoring/index.html'].sort(),
    )
    expect(
      stored.some((k) => k.startsWith('releases/') || k.startsWith('deploys/') || k.startsWith('assets/cards/')),
    ).toBe(false)
    // The replicated document is the replication's: kept, and never written by the deploy.
    expect(await (await statusObject(site, 'status/status.json')).Body!.transformToString()).toBe('{"replica":1}')
    expect(puts.filter((k) => k.startsWith('status/'))).toEqual([])
    // Assets and metas first, then payloads and shells, then the pages, the build's pointer last.
    const step = (k: string) =>
      k.startsWith('assets/') || k.startsWith('builds/meta/')
        ? 0
        : k === 'builds/latest.json'
          ? 3
          : k.endsWith('.html')
            ? 2
            : 1
    expect(puts.map(step)).toEqual([...puts.map(step)].sort())
    expect(puts.at(-1)).toBe('builds/latest.json')
    expect(puts.indexOf('monitoring/index.html')).toBeGreaterThan(puts.lastIndexOf(css))
    // As the site's: types, caching, and each page's policy for the viewer-response function.
    const page = await statusObject(site, 'ar/monitoring/index.html')
    expect([page.ContentType, page.CacheControl, page.Metadata?.csp]).toEqual([
      'text/html; charset=utf-8',
      REVALIDATE,
      buildCsp(dir),
    ])
    expect(await page.Body!.transformToString()).toBe(readFileSync(join(dir, 'ar/monitoring/index.html'), 'utf8'))
    const asset = await statusObject(site, css)
    expect([asset.ContentType, asset.CacheControl, asset.Metadata?.csp]).toEqual([
      'text/css; charset=utf-8',
      IMMUTABLE,
      undefined,
    ])
    // Again: nothing changed, nothing uploaded.
    const again = await deploy([...args, '--dir', dir, '--status-bucket', STATUS], site.env)
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toMatch(/Status host s3:\/\/status-host\/: the monitoring pages of build host-a, 0 uploaded/)
  })

  it('never shows a page whose assets are missing: a refused asset stops it before the pages, and says the site is live', async () => {
    const site = await withStatusBucket()
    const { puts, args } = await recording(site, (key) => key.startsWith('assets/entries/'))
    const r = await deploy([...args, '--dir', nextBuild('host-b'), '--status-bucket', STATUS], site.env)
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(
      /build host-b is live, but the status host \(s3:\/\/status-host\/\) was not brought to it: .*Run the same command again to finish\./,
    )
    expect(await live(site)).toBe('host-b')
    expect(puts.some((k) => k.endsWith('.html'))).toBe(false)
    expect((await statusKeys(site)).filter((k) => k.endsWith('.html'))).toEqual([])
    // Run again once the bucket takes them: it finishes.
    const again = await deploy([...site.deployArgs, '--dir', join(work, 'host-b'), '--status-bucket', STATUS], site.env)
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toMatch(/was live already/)
    expect(await statusKeys(site)).toEqual(
      expect.arrayContaining(['monitoring/index.html', 'ar/monitoring/index.html']),
    )
  })

  it('follows the live build back on --rollback, from the build’s own files in the site’s bucket; a dry run changes nothing', async () => {
    const site = await withStatusBucket()
    const withStatus = [...site.deployArgs, '--status-bucket', STATUS]
    for (const id of ['host-c', 'host-d']) {
      const r = await deploy([...withStatus, '--dir', nextBuild(id)], site.env)
      expect(r.code, r.stderr).toBe(0)
    }
    const page = async () => (await statusObject(site, 'monitoring/index.html')).Body!.transformToString()
    expect(await page()).toContain('only-host-d.js')
    const plan = await deploy([...withStatus, '--rollback', '--dry-run'], site.env)
    expect(plan.stdout).toMatch(
      /Dry run: the status host \(s3:\/\/status-host\/\) would get [1-9]\d* file\(s\) of build host-c/,
    )
    expect(await page()).toContain('only-host-d.js')
    const back = await deploy([...withStatus, '--rollback'], site.env)
    expect(back.code, back.stderr).toBe(0)
    expect(back.stdout).toMatch(/Status host s3:\/\/status-host\/: the monitoring pages of build host-c/)
    expect(await page()).toContain('only-host-c.js')
    expect(await page()).not.toContain('only-host-d.js')
    expect(await (await statusObject(site, 'builds/latest.json')).Body!.transformToString()).toContain('host-c')
    expect((await statusObject(site, 'ar/monitoring/index.html')).Metadata?.csp).toBe(buildCsp(join(work, 'host-c')))
  })
})
