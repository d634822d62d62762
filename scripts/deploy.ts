// `npm run deploy`: atomic deploys of dist/ to the S3 bucket behind CloudFront, with a rollback in
// seconds (docs/deploy.md). A build's pages, payloads and shells go under `releases/<id>/`, its
// content-hashed assets and meta beside every other build's; once all of it is up and checked, one
// conditional write to the CloudFront KeyValueStore makes it the live build for the whole site (the
// viewer-request function reads that key on each request: renderer/shared/host.ts). Nothing a
// visitor sees changes before that write, and nothing of the old build is served after it.
// Every build keeps a record (`deploys/builds/<id>.json`) and every switch one of its own
// (`deploys/switches/`): who, when, from, to. Credentials and region come from the standard AWS
// chain (environment, profile, SSO, role).
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { hostname, userInfo } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3'
import {
  BUILD_ID_PATTERN,
  bucketKey,
  CSP_METADATA,
  cacheControlFor,
  contentTypeFor,
  isSharedKey,
  STATUS_PREFIX,
  RELEASES,
} from '../renderer/shared/host'
import { hostFiles, notFoundKey } from '../renderer/shared/paths'
import { site } from '../site.config'
import { buildCsp, buildIdOf } from './lib/cdn'
import { KvsConflictError, type LiveStore, liveStore } from './lib/kvs'

const usage = `Usage: npm run deploy -- [options]              upload dist/, check it, make it live
       npm run deploy -- --list                    the deployed builds and the last switches
       npm run deploy -- --rollback [<build id>]   make the previous (or the named) build live again

A build goes up under releases/<id>/ in the bucket, beside the shared assets, and is checked
(every page, payload and asset it names is there); then one write to the CloudFront KeyValueStore
switches the whole site to it. A deploy that fails before the switch changes nothing a visitor
sees. Unchanged files are skipped by checksum.

Where (flags, or the environment):
  --bucket <name>        the site's bucket (SITE_BUCKET; the stack's output SiteBucketName)
  --kvs-arn <arn>        the key value store that names the live build (SITE_KVS_ARN; the stack's
                         output LiveBuildStoreArn)
  --region <region>      AWS_REGION, AWS_DEFAULT_REGION or the profile's (us-east-1 with --endpoint)
  --endpoint <url>       an S3-compatible endpoint (npm run s3:local); path-style; no credentials
  --kvs-endpoint <url>   a key value store endpoint other than AWS's (npm run s3:local)

Options:
  --dir <folder>         the build to deploy (default: dist)
  --by <name>            who deploys, for the record (DEPLOY_BY, GITHUB_ACTOR, else user@host)
  --dry-run              list what would be uploaded, switched or deleted; change nothing
  --prune-keep <N>       after deploying, delete the files that no build among the newest N
                         (nor the live one) uses
  --concurrency <N>      uploads at once (default 8)
  --help                 this text

Exit codes: 0 done (or planned, with --dry-run); 1 failed (the message says where and which build
is live); 2 wrong usage or no build to deploy.`

interface Options {
  mode: 'deploy' | 'list' | 'rollback'
  rollbackTo?: string
  bucket: string
  kvsArn: string
  endpoint?: string
  kvsEndpoint?: string
  region?: string
  dir: string
  by: string
  dryRun: boolean
  pruneKeep?: number
  concurrency: number
}

/** What the bucket keeps about a build: enough to list it, roll back to it and prune it. */
interface BuildRecord {
  id: string
  /** The commit the build came from, when known (GIT_COMMIT, GITHUB_SHA, or git at deploy time). */
  commit?: string
  builtAt: number
  deployedAt: number
  by: string
  /** False while it uploads: prune keeps such a build's assets, and nobody switches to it. */
  complete: boolean
  /** Every key the build uses: its release and the shared files it names. */
  keys: string[]
}

interface SwitchRecord {
  at: number
  by: string
  from: string | null
  to: string
  kind: 'deploy' | 'rollback'
}

class UsageError extends Error {}
class DeployError extends Error {}

const MAX_ATTEMPTS = 5
const RECORDS = 'deploys/builds/'
const SWITCHES = 'deploys/switches/'
const recordKey = (id: string) => `${RECORDS}${id}.json`
/** A build still uploading for longer than this is taken as abandoned by `--prune-keep`. */
const ABANDONED_MS = 24 * 60 * 60 * 1000

function who(given: string | undefined): string {
  if (given) return given
  const env = process.env.DEPLOY_BY || process.env.GITHUB_ACTOR
  if (env) return env
  try {
    return `${userInfo().username}@${hostname()}`
  } catch {
    return `unknown@${hostname()}`
  }
}

function parseOptions(argv: string[]): Options | 'help' {
  let parsed: ReturnType<typeof flags>
  function flags() {
    return parseArgs({
      args: argv,
      options: {
        bucket: { type: 'string' },
        'kvs-arn': { type: 'string' },
        endpoint: { type: 'string' },
        'kvs-endpoint': { type: 'string' },
        region: { type: 'string' },
        dir: { type: 'string', default: 'dist' },
        by: { type: 'string' },
        list: { type: 'boolean', default: false },
        rollback: { type: 'boolean', default: false },
        'dry-run': { type: 'boolean', default: false },
        'prune-keep': { type: 'string' },
        concurrency: { type: 'string', default: '8' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: true,
    })
  }
  try {
    parsed = flags()
  } catch (err) {
    throw new UsageError((err as Error).message)
  }
  const { values, positionals } = parsed
  if (values.help) return 'help'
  if (values.list && values.rollback) throw new UsageError('--list and --rollback do not go together')
  const mode = values.list ? 'list' : values.rollback ? 'rollback' : 'deploy'
  if (positionals.length > (mode === 'rollback' ? 1 : 0))
    throw new UsageError(`unexpected argument "${positionals.at(-1)}"`)
  const rollbackTo = positionals[0]
  if (rollbackTo !== undefined && !BUILD_ID_PATTERN.test(rollbackTo))
    throw new UsageError(`"${rollbackTo}" is not a build id`)
  const bucket = values.bucket ?? process.env.SITE_BUCKET
  const kvsArn = values['kvs-arn'] ?? process.env.SITE_KVS_ARN
  if (!bucket) throw new UsageError('--bucket <name> (or SITE_BUCKET) is required')
  if (!kvsArn)
    throw new UsageError('--kvs-arn <arn> (or SITE_KVS_ARN) is required: the store that names the live build')
  const count = (flag: string, value: string | undefined) => {
    if (value === undefined) return undefined
    if (!/^\d+$/.test(value) || Number(value) < 1)
      throw new UsageError(`--${flag} wants a whole number of 1 or more, not "${value}"`)
    return Number(value)
  }
  for (const flag of ['endpoint', 'kvs-endpoint'] as const)
    if (values[flag] !== undefined) checkEndpoint(flag, values[flag])
  if (values['prune-keep'] !== undefined && mode !== 'deploy') throw new UsageError('--prune-keep goes with a deploy')
  return {
    mode,
    rollbackTo,
    bucket,
    kvsArn,
    endpoint: values.endpoint,
    kvsEndpoint: values['kvs-endpoint'],
    // An S3-compatible server ignores the region, but the SDK signs with one.
    region:
      values.region ??
      process.env.AWS_REGION ??
      process.env.AWS_DEFAULT_REGION ??
      (values.endpoint ? 'us-east-1' : undefined),
    dir: values.dir!,
    by: who(values.by),
    dryRun: values['dry-run']!,
    pruneKeep: count('prune-keep', values['prune-keep']),
    concurrency: count('concurrency', values.concurrency)!,
  }
}

/**
 * An endpoint flag: http(s), a host, perhaps a port and a path. Credentials come from the AWS chain
 * only, so a user or password in the URL is refused, and so is a query: the deploy prints its
 * endpoint, and a refusal never repeats a value that may hold a secret.
 */
function checkEndpoint(flag: string, value: string) {
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {}
  if (value.includes('@') || url?.username || url?.password)
    throw new UsageError(
      `--${flag} must not hold credentials (user:password@): give them the standard AWS way, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY or AWS_PROFILE`,
    )
  if (url?.search || url?.hash) throw new UsageError(`--${flag} takes no query or fragment: scheme, host, port, path`)
  if (!url || !/^https?:$/.test(url.protocol) || !url.host)
    throw new UsageError(`--${flag} wants a URL such as http://127.0.0.1:4569, not "${value}"`)
}

interface Upload {
  key: string
  body: Buffer
  md5: string
  contentType: string
  cacheControl: string
  metadata?: Record<string, string>
}

const md5 = (body: Buffer) => createHash('md5').update(body).digest('hex')

/** The commit of the build, as CI names it, or git's at deploy time (marked when the tree differs). */
function commitOf(): string | undefined {
  const named = process.env.GIT_COMMIT || process.env.GITHUB_SHA
  if (named) return named.slice(0, 12)
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    const head = git('rev-parse', '--short=12', 'HEAD').trim()
    return git('status', '--porcelain', '--untracked-files=no').trim() ? `${head}+changes` : head
  } catch {
    return undefined
  }
}

/** The build in `dir`: its id, when it was built, and its files as uploads to their bucket keys. */
function readBuild(dir: string): { id: string; builtAt: number; uploads: Upload[]; status: Upload[] } {
  const root = resolve(dir)
  if (!existsSync(join(root, 'builds', 'latest.json')))
    throw new UsageError(`${dir}/builds/latest.json is missing: run npm run build first`)
  let id: string
  let csp: string
  try {
    id = buildIdOf(root)
    csp = buildCsp(root)
  } catch (err) {
    throw new UsageError(`${(err as Error).message}: the build is incomplete, run npm run build`)
  }
  if (!existsSync(join(root, 'builds', 'meta', `${id}.json`)))
    throw new UsageError(`${dir}/builds/meta/${id}.json is missing: the build is incomplete, run npm run build`)
  const builtAt =
    Number(
      (JSON.parse(readFileSync(join(root, 'builds', 'latest.json'), 'utf8')) as { timestamp?: unknown }).timestamp,
    ) || 0
  const paths = (readdirSync(root, { recursive: true }) as string[])
    .map((p) => p.split('\\').join('/'))
    .filter((p) => !hostFiles.includes(p) && statSync(join(root, p)).isFile())
  const files = paths.map((path): Upload => {
    const body = readFileSync(join(root, path))
    return {
      key: bucketKey(id, path),
      body,
      md5: md5(body),
      contentType: contentTypeFor(path),
      cacheControl: cacheControlFor(path),
      // The build's policy rides on each of its objects; the viewer-response function sets it.
      metadata: isSharedKey(path) ? undefined : { [CSP_METADATA]: csp },
    }
  })
  files.sort((a, b) => (a.key < b.key ? -1 : 1))
  // The status document and its feeds belong to operations (docs/status.md): a build only seeds them.
  const uploads = files.filter((u) => !u.key.startsWith(STATUS_PREFIX))
  const status = files.filter((u) => u.key.startsWith(STATUS_PREFIX))
  return { id, builtAt, uploads, status }
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms))

function describe(err: unknown): string {
  const e = err as S3ServiceException & { code?: string }
  const status = e.$metadata?.httpStatusCode
  return [e.name && e.name !== 'Error' ? e.name : e.code, status ? `HTTP ${status}` : undefined, e.message]
    .filter(Boolean)
    .join(': ')
}

/** Throttling, 5xx and network failures are worth another try; a refusal (403, 404…) is not. */
function isTransient(err: unknown): boolean {
  const e = err as S3ServiceException & { code?: string }
  const status = e.$metadata?.httpStatusCode
  if (status) return status >= 500 || status === 429 || e.name === 'SlowDown' || e.name === 'RequestTimeout'
  return e.name !== 'CredentialsProviderError' && !/Region is missing/.test(e.message ?? '')
}

class Bucket {
  retries = 0
  constructor(
    private s3: S3Client,
    readonly name: string,
  ) {}

  /** Exponential backoff with jitter: about 0.2, 0.4, 0.8, 1.6 s. */
  async attempt<T>(what: string, run: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run()
      } catch (err) {
        if (attempt >= MAX_ATTEMPTS || !isTransient(err)) {
          throw new DeployError(`${what} failed${attempt > 1 ? ` after ${attempt} attempts` : ''}: ${describe(err)}`)
        }
        this.retries++
        await sleep(200 * 2 ** (attempt - 1) * (0.75 + Math.random() / 2))
      }
    }
  }

  /** Key -> MD5 (the ETag of a single-part upload) of every object under `prefix`. */
  async list(prefix: string): Promise<Map<string, string>> {
    const objects = new Map<string, string>()
    let token: string | undefined
    do {
      const page = await this.attempt(`Listing s3://${this.name}/${prefix}`, () =>
        this.s3.send(
          new ListObjectsV2Command({ Bucket: this.name, Prefix: prefix || undefined, ContinuationToken: token }),
        ),
      )
      for (const o of page.Contents ?? []) if (o.Key) objects.set(o.Key, (o.ETag ?? '').replace(/"/g, ''))
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return objects
  }

  put(u: Upload) {
    return this.attempt(`Uploading ${u.key}`, () =>
      this.s3.send(
        new PutObjectCommand({
          Bucket: this.name,
          Key: u.key,
          Body: u.body,
          ContentType: u.contentType,
          CacheControl: u.cacheControl,
          Metadata: u.metadata,
          // S3 refuses the object if it does not arrive intact.
          ContentMD5: Buffer.from(u.md5, 'hex').toString('base64'),
        }),
      ),
    )
  }

  /**
   * The build's sample status document and feeds, only where the bucket has no document yet: never
   * over what operations or the probe wrote. The document goes last and only if still absent
   * (`If-None-Match: *`), so an operator's first write at the same moment wins.
   */
  async seedStatus(files: Upload[]): Promise<number> {
    const document = files.find((u) => u.key === `${STATUS_PREFIX}status.json`)
    if (!document || (await this.list(document.key)).has(document.key)) return 0
    for (const u of files) if (u !== document) await this.put(u)
    try {
      await this.attempt(`Uploading ${document.key}`, () =>
        this.s3.send(
          new PutObjectCommand({
            Bucket: this.name,
            Key: document.key,
            Body: document.body,
            ContentType: document.contentType,
            CacheControl: document.cacheControl,
            IfNoneMatch: '*',
          }),
        ),
      )
    } catch (err) {
      if (/PreconditionFailed|HTTP 412|HTTP 409/.test((err as Error).message)) return files.length - 1
      throw err
    }
    return files.length
  }

  putJson(key: string, value: unknown) {
    const body = Buffer.from(`${JSON.stringify(value)}\n`)
    return this.put({
      key,
      body,
      md5: md5(body),
      contentType: 'application/json; charset=utf-8',
      cacheControl: 'no-store',
    })
  }

  async get(
    key: string,
  ): Promise<
    { body: Buffer; metadata: Record<string, string>; contentType?: string; cacheControl?: string } | undefined
  > {
    try {
      const res = await this.attempt(`Reading ${key}`, () =>
        this.s3.send(new GetObjectCommand({ Bucket: this.name, Key: key })),
      )
      return {
        body: Buffer.from(await res.Body!.transformToByteArray()),
        metadata: res.Metadata ?? {},
        contentType: res.ContentType,
        cacheControl: res.CacheControl,
      }
    } catch (err) {
      if (err instanceof DeployError && /NoSuchKey|HTTP 404/.test(err.message)) return undefined
      throw err
    }
  }

  async getJson<T>(key: string): Promise<T | undefined> {
    const found = await this.get(key)
    if (!found) return undefined
    try {
      return JSON.parse(found.body.toString('utf8')) as T
    } catch {
      return undefined
    }
  }

  delete(key: string) {
    return this.attempt(`Deleting ${key}`, () => this.s3.send(new DeleteObjectCommand({ Bucket: this.name, Key: key })))
  }
}

/** Runs `work` on every item, at most `limit` at once; the first failure stops new work and is thrown. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0
  let failure: unknown
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      const item = items[next++]!
      try {
        await work(item)
      } catch (err) {
        failure ??= err
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  if (failure !== undefined) throw failure
}

const formatBytes = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(2)} MiB`
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const time = (at: number) => new Date(at).toISOString().replace(/\.\d+Z$/, 'Z')

/** A bar on a terminal; nothing but the summary in a log (CI). */
class Progress {
  private done = 0
  private bytes = 0
  private tty = Boolean(process.stdout.isTTY)
  constructor(
    private total: number,
    private totalBytes: number,
  ) {}

  tick(bytes: number) {
    this.done++
    this.bytes += bytes
    if (!this.tty) return
    const width = 30
    const filled = Math.round((this.done / this.total) * width)
    process.stdout.write(
      `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${this.done}/${this.total} files, ${formatBytes(this.bytes)} of ${formatBytes(this.totalBytes)}`,
    )
  }

  end() {
    if (this.tty && this.total) process.stdout.write('\n')
  }
}

/**
 * `/assets/...` named by a page, payload, shell or stylesheet: what must be in the bucket before the
 * switch. Also as an absolute URL on the site's origin: a page's social card (og:image, docs/cards.md).
 */
function assetsNamed(uploads: Upload[]): Set<string> {
  const named = new Set<string>()
  const origin = site.origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const ref = new RegExp(`["'(](?:${origin})?\\/(assets\\/[^"'()\\s?#]+)`, 'g')
  for (const u of uploads) {
    if (!/\.(html|json|css|js)$/.test(u.key)) continue
    for (const [, key] of u.body.toString('utf8').matchAll(ref)) named.add(key!)
  }
  return named
}

class Deployer {
  constructor(
    readonly bucket: Bucket,
    readonly store: LiveStore,
    readonly opts: Options,
  ) {}

  async records(): Promise<BuildRecord[]> {
    const keys = [...(await this.bucket.list(RECORDS)).keys()]
    const records: BuildRecord[] = []
    await pool(keys, this.opts.concurrency, async (key) => {
      const record = await this.bucket.getJson<BuildRecord>(key)
      if (record && typeof record.id === 'string' && Array.isArray(record.keys)) records.push(record)
      else console.warn(`Skipping ${key}: it is not a build record`)
    })
    return records.sort((a, b) => b.deployedAt - a.deployedAt)
  }

  async switches(): Promise<SwitchRecord[]> {
    const keys = [...(await this.bucket.list(SWITCHES)).keys()].sort().reverse()
    const out: SwitchRecord[] = []
    for (const key of keys.slice(0, 50)) {
      const record = await this.bucket.getJson<SwitchRecord>(key)
      if (record) out.push(record)
    }
    return out.sort((a, b) => b.at - a.at)
  }

  /**
   * Makes `to` the live build, if the store is still as read (`etag`): one conditional write. Then
   * records the switch and copies the build's 404.html to the bucket's root, where CloudFront's
   * error response fetches it (without the function).
   */
  async switchTo(to: string, from: string | undefined, etag: string, kind: SwitchRecord['kind']) {
    const started = Date.now()
    try {
      await this.store.switchTo(to, etag)
    } catch (err) {
      if (err instanceof KvsConflictError) {
        const now = await this.store.read().catch(() => undefined)
        throw new DeployError(
          `the live build changed while this ran (now ${now?.live ?? 'unknown'}, was ${from ?? 'none'}): not switching over someone else's switch. Build ${now?.live ?? from ?? 'none'} stays live; run the command again to make ${to} live.`,
        )
      }
      throw new DeployError(
        `the switch to ${to} failed: ${(err as Error).message}. Build ${from ?? 'none'} stays live.`,
      )
    }
    const switched = Date.now()
    const record: SwitchRecord = { at: switched, by: this.opts.by, from: from ?? null, to, kind }
    const problems: string[] = []
    await this.bucket
      .putJson(`${SWITCHES}${new Date(switched).toISOString().replace(/[:.]/g, '')}-${to}.json`, record)
      .catch((err: Error) => problems.push(`the switch was not recorded: ${err.message}`))
    await this.copyErrorDocument(to).catch((err: Error) =>
      problems.push(`the error document was not updated: ${err.message}`),
    )
    if (problems.length)
      throw new DeployError(
        `build ${to} is live, but ${problems.join('; ')}. Run npm run deploy -- --rollback ${to} to finish.`,
      )
    return switched - started
  }

  async copyErrorDocument(id: string) {
    const page = await this.bucket.get(bucketKey(id, notFoundKey))
    if (!page) throw new DeployError(`${bucketKey(id, notFoundKey)} is missing`)
    await this.bucket.put({
      key: notFoundKey,
      body: page.body,
      md5: md5(page.body),
      contentType: page.contentType ?? contentTypeFor(notFoundKey),
      cacheControl: page.cacheControl ?? cacheControlFor(notFoundKey),
      metadata: page.metadata,
    })
  }

  /** Every key of `record` is in the bucket, as the listing of its release and of the shared files shows. */
  async missing(record: BuildRecord, shared?: Map<string, string>): Promise<string[]> {
    const release = await this.bucket.list(`${RELEASES}${record.id}/`)
    const sharedNow =
      shared ?? new Map([...(await this.bucket.list('assets/')), ...(await this.bucket.list('builds/meta/'))])
    return record.keys.filter((k) => !release.has(k) && !sharedNow.has(k))
  }
}

async function deployBuild(d: Deployer, opts: Options) {
  const started = Date.now()
  const { id, builtAt, uploads, status } = readBuild(opts.dir)
  const target = `s3://${opts.bucket}/`
  // The store as it is now: the switch at the end happens only if nobody switched in between.
  const before = await d.store.read().catch((err: Error) => {
    throw new DeployError(`Reading the live build from ${opts.kvsArn} failed: ${err.message}`)
  })
  const remote = new Map([
    ...(await d.bucket.list('assets/')),
    ...(await d.bucket.list('builds/meta/')),
    ...(await d.bucket.list(`${RELEASES}${id}/`)),
  ])
  const changed = uploads.filter((u) => remote.get(u.key) !== u.md5)
  const bytes = changed.reduce((n, u) => n + u.body.length, 0)
  console.log(
    `${opts.dryRun ? 'Planning' : 'Deploying'} build ${id} to ${target}${opts.endpoint ? ` (${opts.endpoint})` : ''}: ${changed.length} to upload (${formatBytes(bytes)}), ${uploads.length - changed.length} unchanged; live now: ${before.live ?? 'none'}`,
  )
  const named = assetsNamed(uploads)
  const keys = new Set(uploads.map((u) => u.key))
  const unknown = [...named].filter((k) => !keys.has(k) && !remote.has(k))
  if (unknown.length)
    throw new DeployError(
      `the build names assets it does not hold: ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''}. Nothing was switched; build ${before.live ?? 'none'} stays live.`,
    )
  const record: BuildRecord = {
    id,
    commit: commitOf(),
    builtAt,
    deployedAt: Date.now(),
    by: opts.by,
    complete: false,
    keys: [...keys].sort(),
  }
  if (opts.dryRun) {
    for (const u of changed) console.log(`  would upload ${u.key}  (${u.contentType}; ${u.cacheControl})`)
    console.log(`  would switch the live build from ${before.live ?? 'none'} to ${id}`)
    if (opts.pruneKeep) await prune(d, opts.pruneKeep, record)
    console.log(`Dry run: nothing was changed in ${target}.`)
    return
  }
  // First the record, marked incomplete, so that a prune running meanwhile keeps what it uploads.
  await d.bucket.putJson(recordKey(id), record)
  const seeded = await d.bucket.seedStatus(status)
  if (seeded) console.log(`No status document in the bucket: seeded status/ with the build's sample (${seeded} files).`)
  const progress = new Progress(changed.length, bytes)
  await pool(changed, opts.concurrency, async (u) => {
    await d.bucket.put(u)
    progress.tick(u.body.length)
  })
  progress.end()
  const uploadedIn = Date.now() - started
  // Check what the switch will expose: every key of the build, listed back from the bucket.
  const missing = await d.missing(record)
  if (missing.length)
    throw new DeployError(
      `after the upload, ${missing.length} file(s) of build ${id} are not in the bucket (${missing.slice(0, 5).join(', ')}). Nothing was switched; build ${before.live ?? 'none'} stays live. Run the command again.`,
    )
  await d.bucket.putJson(recordKey(id), { ...record, complete: true })
  if (before.live === id) {
    console.log(`Build ${id} was live already; its files are complete.`)
  } else {
    const ms = await d.switchTo(id, before.live, before.etag, 'deploy')
    console.log(`Switched the live build from ${before.live ?? 'none'} to ${id} in ${ms} ms.`)
  }
  let deleted = 0
  if (opts.pruneKeep) {
    try {
      deleted = await prune(d, opts.pruneKeep, record)
    } catch (err) {
      throw new DeployError(
        `build ${id} is live, but pruning stopped: ${(err as Error).message}. Run the command again to finish pruning.`,
      )
    }
  }
  console.log(
    `Deployed build ${id} to ${target}: ${changed.length} uploaded (${formatBytes(bytes)}) in ${seconds(uploadedIn)}, ${uploads.length - changed.length} unchanged, ${deleted} deleted, ${d.bucket.retries} retried, in ${seconds(Date.now() - started)}. Open tabs offer a reload at their next check of builds/latest.json.`,
  )
}

/** Which build `--rollback` goes back to: the named one, or the one live before the live one. */
async function rollbackTarget(
  d: Deployer,
  live: string | undefined,
  named: string | undefined,
  records: BuildRecord[],
) {
  if (named) return named
  const last = (await d.switches()).find((s) => s.to === live && s.from)
  if (last?.from) return last.from
  // No switch recorded: the newest complete build deployed before the live one.
  const liveRecord = records.find((r) => r.id === live)
  return records.find((r) => r.complete && r.id !== live && (!liveRecord || r.deployedAt < liveRecord.deployedAt))?.id
}

async function rollback(d: Deployer, opts: Options) {
  const started = Date.now()
  const { live, etag } = await d.store.read()
  const records = await d.records()
  const to = await rollbackTarget(d, live, opts.rollbackTo, records)
  if (!to) throw new DeployError(`there is no earlier build to roll back to; build ${live ?? 'none'} stays live`)
  if (to === live) {
    console.log(`Build ${to} is live already.`)
    return
  }
  const record = records.find((r) => r.id === to)
  if (!record)
    throw new DeployError(`build ${to} was never deployed to s3://${opts.bucket}/ (npm run deploy -- --list)`)
  if (!record.complete)
    throw new DeployError(`build ${to} never finished uploading; build ${live ?? 'none'} stays live`)
  const missing = await d.missing(record)
  if (missing.length)
    throw new DeployError(
      `build ${to} lacks ${missing.length} file(s) (pruned?): ${missing.slice(0, 3).join(', ')}. Build ${live ?? 'none'} stays live; deploy ${to} again from its commit (${record.commit ?? 'unknown'}).`,
    )
  if (opts.dryRun) {
    console.log(`Dry run: would switch the live build from ${live ?? 'none'} to ${to}.`)
    return
  }
  const ms = await d.switchTo(to, live, etag, 'rollback')
  console.log(
    `Rolled back: build ${to} (commit ${record.commit ?? 'unknown'}, deployed ${time(record.deployedAt)}) is live again, was ${live ?? 'none'}. Switched in ${ms} ms; ${seconds(Date.now() - started)} in all.`,
  )
}

async function list(d: Deployer) {
  const [{ live }, records, switches] = await Promise.all([d.store.read(), d.records(), d.switches()])
  if (!records.length) {
    console.log(`No build deployed to s3://${d.opts.bucket}/ yet; live: ${live ?? 'none'}.`)
    return
  }
  const rows = records.map((r) => [
    r.id === live ? '* live' : r.complete ? '' : 'incomplete',
    r.id,
    r.commit ?? '-',
    time(r.builtAt),
    time(r.deployedAt),
    r.by,
  ])
  const head = ['', 'build', 'commit', 'built', 'deployed', 'by']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  for (const row of [head, ...rows])
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
  if (live && !records.some((r) => r.id === live)) console.log(`Live: ${live}, which has no record in this bucket.`)
  if (switches.length) {
    console.log('\nLast switches:')
    for (const s of switches.slice(0, 10))
      console.log(`  ${time(s.at)}  ${s.kind.padEnd(8)}  ${s.from ?? 'none'} -> ${s.to}  by ${s.by}`)
  }
}

/**
 * Deletes what only builds outside the kept set use: the newest `keep` complete builds, the live
 * one, the one just deployed, and any still uploading (for a day). A shared file goes only when no
 * kept build names it; a build's release, meta and record go with it.
 */
async function prune(d: Deployer, keep: number, current: BuildRecord): Promise<number> {
  const [{ live }, stored] = await Promise.all([d.store.read(), d.records()])
  // The build just deployed is the newest (in a dry run, as it would be).
  const records = [{ ...current, complete: true }, ...stored.filter((r) => r.id !== current.id)]
  const now = Date.now()
  const complete = records.filter((r) => r.complete)
  const kept = new Set<string>([current.id, ...(live ? [live] : [])])
  for (const r of complete.slice(0, keep)) kept.add(r.id)
  for (const r of records) if (!r.complete && now - r.deployedAt < ABANDONED_MS) kept.add(r.id)
  const old = records.filter((r) => !kept.has(r.id))
  const inUse = new Set(records.filter((r) => kept.has(r.id)).flatMap((r) => r.keys))
  const shared = new Map([...(await d.bucket.list('assets/')), ...(await d.bucket.list('builds/meta/'))])
  const doomed = new Set<string>()
  for (const record of old) {
    for (const key of await d.bucket.list(`${RELEASES}${record.id}/`).then((m) => m.keys())) doomed.add(key)
    for (const key of record.keys) if (isSharedKey(key) && !inUse.has(key) && shared.has(key)) doomed.add(key)
  }
  console.log(
    `prune: keeping ${kept.size} build(s) (${[...kept].join(', ')}); ${old.length} older build(s); ${doomed.size} file(s) only they use`,
  )
  if (d.opts.dryRun) {
    for (const key of [...doomed].sort()) console.log(`  would delete ${key}`)
    return 0
  }
  await pool([...doomed].sort(), d.opts.concurrency, (key) => d.bucket.delete(key).then(() => {}))
  // The records last: a prune stopped half-way is finished by the next one.
  await pool(old, d.opts.concurrency, (r) => d.bucket.delete(recordKey(r.id)).then(() => {}))
  return doomed.size + old.length
}

async function run(opts: Options) {
  // The locked SDK runs on Node 20; only its releases after January 2027 need Node 22 (docs/deploy.md).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const s3 = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: Boolean(opts.endpoint),
    // Our own retries (Bucket.attempt) count and pace them.
    maxAttempts: 1,
    // Plain MD5 integrity (ContentMD5) works with S3 and with S3-compatible servers alike.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5000, requestTimeout: 60000 },
  })
  const store = liveStore({ arn: opts.kvsArn, endpoint: opts.kvsEndpoint, region: opts.region })
  const d = new Deployer(new Bucket(s3, opts.bucket), store, opts)
  try {
    if (opts.mode === 'list') await list(d)
    else if (opts.mode === 'rollback') await rollback(d, opts)
    else await deployBuild(d, opts)
  } finally {
    s3.destroy()
    store.close()
  }
}

async function main() {
  let opts: Options | 'help'
  try {
    opts = parseOptions(process.argv.slice(2))
  } catch (err) {
    console.error(`deploy: ${(err as Error).message}\nRun npm run deploy -- --help for the options.`)
    return 2
  }
  if (opts === 'help') {
    console.log(usage)
    return 0
  }
  try {
    await run(opts)
    return 0
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`deploy: ${err.message}`)
      return 2
    }
    const message = err instanceof DeployError ? err.message : describe(err)
    console.error(`\ndeploy: ${message}`)
    if (/Credential|credentials/i.test(message))
      console.error(
        'Give credentials the standard AWS way: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE, SSO or an instance role.',
      )
    if (/Region is missing/i.test(message))
      console.error("Give a region: --region, AWS_REGION, or the profile's region.")
    if (opts.mode === 'deploy' && !/ is live|stays live/.test(message))
      console.error('Nothing was switched: the live build is the one before. Run the same command again to finish.')
    return 1
  }
}

if (process.argv[1]?.endsWith('deploy.ts')) {
  process.exitCode = await main()
}
