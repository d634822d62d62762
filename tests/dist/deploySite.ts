// What the tests of `npm run deploy` share (tests/dist/deploy*.test.ts; docs/deploy.md, "On this
// machine"): the production path on 127.0.0.1 (a real S3-protocol server, s3rver, the local key
// value store, and the edge running the CloudFront Functions over them: host/local/localSite.ts),
// fresh for each test; the deploy run as operators run it, in a child process, with credentials
// from the environment; loopback proxies that fail, stall or race it; and what a visitor sees
// through the edge. Importing it registers the cleanup of the file that imports it: every site it
// started and its work folder after the file, every proxy after each test.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, request, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import { afterAll, afterEach, expect, vi } from 'vitest'
import { parseRedirects, REDIRECTS_FILE, redirectKey } from '../../host/redirects'
import { copyBuildAs, startLocalSite } from '../../host/local/localSite'
import { hostFiles } from '../../renderer/shared/paths'

export type Site = Awaited<ReturnType<typeof startLocalSite>>
export const work = mkdtempSync(join(tmpdir(), 'deploy-'))
export const dist = 'dist'
export const distId = (JSON.parse(readFileSync('dist/builds/latest.json', 'utf8')) as { id: string }).id
// Each deploy is a child process of its own (about 1 s to load tsx and the SDK, alone). A test of
// several deploys took 16 s alone and ran past 90 s beside npm test's other lanes on a slow run:
// room for that, a hang still ends.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 })

const sites: Site[] = []
/** A bucket, a key value store and an edge of their own for each test. */
export async function freshSite(): Promise<Site & { client: S3Client }> {
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

export interface Run {
  code: number | null
  stdout: string
  stderr: string
  ms: number
}

/**
 * The deploy in a process group of its own; `onSpawn` gets what kills it (SIGKILL) or signals the
 * whole group, as Ctrl-C does a terminal's. One process, Node with tsx's loader, as `npm run
 * deploy` runs the script (npm's and tsx's own processes in between only relay the exit code).
 */
export function deploy(
  args: string[],
  env: Record<string, string | undefined>,
  onSpawn?: (kill: (signal?: NodeJS.Signals) => void) => void,
): Promise<Run> {
  const started = Date.now()
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/deploy.ts', ...args], {
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
export const run = (site: Site, ...more: string[]) => deploy([...site.deployArgs, ...more], site.env)

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
export async function proxy(target: string, intercept: Intercept): Promise<string> {
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
export const withFlag = (args: string[], flag: string, value: string) => {
  const out = [...args]
  out[out.indexOf(flag) + 1] = value
  return out
}

export async function keys(site: Site & { client: S3Client }, prefix = '', bucket = site.bucket): Promise<string[]> {
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
export const object = (site: Site & { client: S3Client }, key: string) =>
  site.client.send(new GetObjectCommand({ Bucket: site.bucket, Key: key }))
export const head = (site: Site & { client: S3Client }, key: string) =>
  site.client.send(new HeadObjectCommand({ Bucket: site.bucket, Key: key }))

/** The files a deploy uploads as the build's: not `_headers`, nor a status document (a deploy never writes one). */
export const files = (dir: string) =>
  (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.split('\\').join('/'))
    .filter((f) => !hostFiles.includes(f) && !f.startsWith('status/') && statSync(join(dir, f)).isFile())
    .sort()

/** What a deploy stores as the build's: its files, and an empty object at each moved page's old key (host/redirects.ts). */
export const uploaded = (dir: string) => {
  const redirects = join(dir, REDIRECTS_FILE)
  const moved = existsSync(redirects)
    ? [...parseRedirects(readFileSync(redirects, 'utf8')).keys()].map(redirectKey)
    : []
  return [...files(dir), ...moved].sort()
}

/**
 * Another build of the site, as the next commit gives: a new id everywhere it is written, one
 * asset of its own (`assets/chunks/only-<id>.js`) that its pages load, and one page changed.
 */
export function nextBuild(id: string): string {
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
export async function buildOf(site: Site, path: string, ids: string[]): Promise<string> {
  const res = await fetch(`${site.edge}${path}`)
  const body = await res.text()
  const seen = ids.filter((id) => body.includes(id))
  if (res.status !== 200 || seen.length !== 1) return `mixed or failed: ${res.status} ${seen.join('+')}`
  return seen[0]!
}
export const live = async (site: Site) =>
  ((await (await fetch(`${site.edge}/builds/latest.json`)).json()) as { id: string }).id
/** What a visitor gets of several pages, payloads and the 404 page: one build's id, or what went wrong. */
export async function visitorSees(site: Site, ids: string[]): Promise<string> {
  const seen = new Set<string>()
  for (const path of ['/', '/ar/pricing', '/pricing/_payload.json', '/builds/latest.json', '/ar/guide/webhooks'])
    seen.add(await buildOf(site, path, ids))
  const missing = await fetch(`${site.edge}/no-such-page`)
  const page = await missing.text()
  seen.add(missing.status === 404 ? (ids.find((id) => page.includes(id)) ?? 'no id') : `404 page: ${missing.status}`)
  return [...seen].join(' + ')
}
export const lastLine = (out: string) => out.trim().split('\n').at(-1)
/** Deploys each build in turn, each of them complete and live. */
export async function deployEach(site: Site, ids: string[]) {
  for (const id of ids) {
    const r = await deploy([...site.deployArgs, '--dir', nextBuild(id)], site.env)
    expect(r.code, r.stderr).toBe(0)
  }
}
/** An S3 endpoint in front of `site`'s that passes the first `passing` uploads and holds every one after. */
export async function stallingUploads(site: Site, passing = 30) {
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
