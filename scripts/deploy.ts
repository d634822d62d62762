// `npm run deploy -- --bucket <name>`: uploads dist/ to S3 so that visitors never see a
// half-deployed site (README, "Deploying"):
// 1. assets (content-hashed, immutable), then 2. pages, payloads, sitemap and robots, then
// 3. builds/meta/<id>.json and this deploy's record, and 4. builds/latest.json last, which is what
// tells open tabs that a new build is out. A stage starts when the one before has fully landed,
// so a deploy killed half-way leaves every page working (new pages only refer to assets already
// up, old assets stay), and running it again uploads what is missing.
// Unchanged files are skipped by checksum (the objects' ETag is their MD5), uploads run a few at a
// time with retries and backoff, and `--prune-keep N` deletes what only older builds use.
// Credentials and region come from the standard AWS chain (environment, profile, SSO, role).
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
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
import { cacheControlFor, contentTypeFor } from '../renderer/shared/host'
import { hostFiles } from '../renderer/shared/paths'

const usage = `Usage: npm run deploy -- --bucket <name> [options]

Uploads the built site (dist/) to an S3 bucket, in an order that never exposes a half-deployed
site: assets, then pages and payloads, then builds/meta/<id>.json, then builds/latest.json.
Unchanged files are skipped by checksum; earlier builds' assets stay for open tabs.

Options:
  --bucket <name>      the bucket (required)
  --prefix <path>      a folder inside the bucket (default: its root)
  --endpoint <url>     an S3-compatible endpoint (MinIO, a local server); path-style addressing;
                       no credentials in it (user:password@ is refused)
  --region <region>    default: AWS_REGION, AWS_DEFAULT_REGION or the profile's region
                       (us-east-1 with --endpoint)
  --dir <folder>       the build to upload (default: dist)
  --dry-run            list what would be uploaded and deleted; change nothing
  --prune-keep <N>     after deploying, delete the files that only builds older than the
                       newest N deployed ones use (N >= 1; the build just deployed counts)
  --concurrency <N>    uploads at once (default 8)
  --help               this text

Credentials come from the standard AWS chain: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY,
AWS_PROFILE and ~/.aws, SSO, or the instance's role. Never put them in the repository.

Exit codes: 0 deployed (or planned, with --dry-run); 1 the deploy failed (the message says
where; builds/latest.json is not written, so the site still announces the previous build);
2 wrong usage or no build to deploy.`

/** The stages of a deploy, in upload order. */
const stages = ['assets', 'pages', 'meta', 'latest'] as const
type Stage = (typeof stages)[number]
const stageNames: Record<Stage, string> = {
  assets: 'assets',
  pages: 'pages and payloads',
  meta: 'build meta',
  latest: 'builds/latest.json',
}

interface Options {
  bucket: string
  prefix: string
  endpoint?: string
  region?: string
  dir: string
  dryRun: boolean
  pruneKeep?: number
  concurrency: number
}

interface Upload {
  key: string
  body: Buffer
  md5: string
  contentType: string
  cacheControl: string
  stage: Stage
}

/** What a deploy leaves in the bucket for `--prune-keep`: the keys its build uses. */
interface DeployRecord {
  id: string
  deployedAt: number
  keys: string[]
}

class UsageError extends Error {}
class DeployError extends Error {}

const MAX_ATTEMPTS = 5
const recordKey = (id: string) => `builds/deploys/${id}.json`

function parseOptions(argv: string[]): Options | 'help' {
  const flags = () => {
    try {
      return parseArgs({
        args: argv,
        options: {
          bucket: { type: 'string' },
          prefix: { type: 'string', default: '' },
          endpoint: { type: 'string' },
          region: { type: 'string' },
          dir: { type: 'string', default: 'dist' },
          'dry-run': { type: 'boolean', default: false },
          'prune-keep': { type: 'string' },
          concurrency: { type: 'string', default: '8' },
          help: { type: 'boolean', short: 'h', default: false },
        },
        strict: true,
        allowPositionals: false,
      }).values
    } catch (err) {
      throw new UsageError((err as Error).message)
    }
  }
  const parsed = flags()
  if (parsed.help) return 'help'
  if (!parsed.bucket) throw new UsageError('--bucket <name> is required')
  const count = (flag: string, value: string | undefined) => {
    if (value === undefined) return undefined
    if (!/^\d+$/.test(value) || Number(value) < 1)
      throw new UsageError(`--${flag} wants a whole number of 1 or more, not "${value}"`)
    return Number(value)
  }
  if (parsed.endpoint !== undefined) checkEndpoint(parsed.endpoint)
  const prefix = parsed.prefix!.replace(/^\/+|\/+$/g, '')
  return {
    bucket: parsed.bucket,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: parsed.endpoint,
    // An S3-compatible server ignores the region, but the SDK signs with one.
    region:
      parsed.region ??
      process.env.AWS_REGION ??
      process.env.AWS_DEFAULT_REGION ??
      (parsed.endpoint ? 'us-east-1' : undefined),
    dir: parsed.dir!,
    dryRun: parsed['dry-run']!,
    pruneKeep: count('prune-keep', parsed['prune-keep']),
    concurrency: count('concurrency', parsed.concurrency)!,
  }
}

/**
 * `--endpoint`: http(s), a host, perhaps a port and a path. Credentials come from the AWS chain
 * only, so a user or password in the URL is refused, and so is a query: the deploy prints its
 * endpoint, and a refusal never repeats a value that may hold a secret.
 */
function checkEndpoint(value: string) {
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {}
  if (value.includes('@') || url?.username || url?.password)
    throw new UsageError(
      '--endpoint must not hold credentials (user:password@): give them the standard AWS way, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY or AWS_PROFILE',
    )
  if (url?.search || url?.hash) throw new UsageError('--endpoint takes no query or fragment: scheme, host, port, path')
  if (!url || !/^https?:$/.test(url.protocol) || !url.host)
    throw new UsageError(`--endpoint wants a URL such as http://127.0.0.1:4569, not "${value}"`)
}

function stageOf(path: string, id: string): Stage {
  if (path === 'builds/latest.json') return 'latest'
  if (path === `builds/meta/${id}.json`) return 'meta'
  if (
    /(^|\/)(index\.html|404\.html|_payload\.json)$/.test(path) ||
    path.startsWith('_shell/') ||
    path === 'sitemap.xml' ||
    path === 'robots.txt'
  )
    return 'pages'
  return 'assets'
}

/** The build in `dir`, as uploads in stage order. */
function readBuild(opts: Options): { id: string; uploads: Upload[] } {
  const dir = resolve(opts.dir)
  const latestFile = join(dir, 'builds', 'latest.json')
  if (!existsSync(latestFile))
    throw new UsageError(`${opts.dir}/builds/latest.json is missing: run npm run build first`)
  let id: string
  try {
    id = (JSON.parse(readFileSync(latestFile, 'utf8')) as { id: string }).id
  } catch (err) {
    throw new UsageError(`${opts.dir}/builds/latest.json is not JSON: ${(err as Error).message}`)
  }
  if (typeof id !== 'string' || !existsSync(join(dir, 'builds', 'meta', `${id}.json`)))
    throw new UsageError(`${opts.dir}/builds/meta/${id}.json is missing: the build is incomplete, run npm run build`)
  const paths = (readdirSync(dir, { recursive: true }) as string[])
    .map((p) => p.split('\\').join('/'))
    .filter((p) => !hostFiles.includes(p) && statSync(join(dir, p)).isFile())
  const uploads = paths.map((path): Upload => {
    const body = readFileSync(join(dir, path))
    return {
      key: opts.prefix + path,
      body,
      md5: createHash('md5').update(body).digest('hex'),
      contentType: contentTypeFor(path),
      cacheControl: cacheControlFor(path),
      stage: stageOf(path, id),
    }
  })
  uploads.sort((a, b) => stages.indexOf(a.stage) - stages.indexOf(b.stage) || (a.key < b.key ? -1 : 1))
  return { id, uploads }
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

class Deployer {
  retries = 0
  constructor(
    private s3: S3Client,
    private opts: Options,
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

  async remoteObjects(prefix = this.opts.prefix): Promise<Map<string, string>> {
    const objects = new Map<string, string>()
    let token: string | undefined
    do {
      const page = await this.attempt(`Listing s3://${this.opts.bucket}/${prefix}`, () =>
        this.s3.send(
          new ListObjectsV2Command({ Bucket: this.opts.bucket, Prefix: prefix || undefined, ContinuationToken: token }),
        ),
      )
      for (const o of page.Contents ?? []) if (o.Key) objects.set(o.Key, (o.ETag ?? '').replace(/"/g, ''))
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return objects
  }

  put(u: Pick<Upload, 'key' | 'body' | 'contentType' | 'cacheControl' | 'md5'>) {
    return this.attempt(`Uploading ${u.key}`, () =>
      this.s3.send(
        new PutObjectCommand({
          Bucket: this.opts.bucket,
          Key: u.key,
          Body: u.body,
          ContentType: u.contentType,
          CacheControl: u.cacheControl,
          // S3 refuses the object if it does not arrive intact.
          ContentMD5: Buffer.from(u.md5, 'hex').toString('base64'),
        }),
      ),
    )
  }

  async getJson<T>(key: string): Promise<T | undefined> {
    try {
      const res = await this.attempt(`Reading ${key}`, () =>
        this.s3.send(new GetObjectCommand({ Bucket: this.opts.bucket, Key: key })),
      )
      return JSON.parse(await res.Body!.transformToString()) as T
    } catch {
      return undefined
    }
  }

  delete(key: string) {
    return this.attempt(`Deleting ${key}`, () =>
      this.s3.send(new DeleteObjectCommand({ Bucket: this.opts.bucket, Key: key })),
    )
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

/** A bar on a terminal; a line a stage in a log (CI). */
class Progress {
  private done = 0
  private bytes = 0
  private tty = Boolean(process.stdout.isTTY)
  constructor(
    private total: number,
    private totalBytes: number,
  ) {}

  stage(stage: Stage, files: number, bytes: number) {
    if (this.tty) process.stdout.write('\n')
    console.log(`${stageNames[stage]}: ${files} file(s), ${formatBytes(bytes)}`)
  }

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

/** Deletes what only builds older than the newest `keep` deploys use. */
async function prune(d: Deployer, opts: Options, keep: number, remote: Map<string, string>, current: DeployRecord) {
  const records: DeployRecord[] = [current]
  for (const key of remote.keys()) {
    const m = new RegExp(`^${opts.prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}builds/deploys/(.+)\\.json$`).exec(key)
    if (!m || m[1] === current.id) continue
    const record = await d.getJson<DeployRecord>(key)
    if (record && Array.isArray(record.keys)) records.push(record)
    else console.warn(`Skipping ${key} in pruning: it is not a deploy record`)
  }
  records.sort((a, b) => b.deployedAt - a.deployedAt)
  const kept = records.slice(0, keep)
  const old = records.slice(keep)
  const inUse = new Set(kept.flatMap((r) => r.keys))
  const doomed = new Set<string>()
  for (const record of old) {
    for (const key of record.keys) if (!inUse.has(key) && remote.has(key)) doomed.add(key)
    for (const key of [`${opts.prefix}builds/meta/${record.id}.json`, opts.prefix + recordKey(record.id)])
      if (remote.has(key)) doomed.add(key)
  }
  console.log(
    `prune: keeping ${kept.length} build(s) (${kept.map((r) => r.id).join(', ')}); ${old.length} older build(s); ${doomed.size} file(s) only they use`,
  )
  const list = [...doomed].sort()
  if (opts.dryRun) {
    for (const key of list) console.log(`  would delete ${key}`)
    return 0
  }
  await pool(list, opts.concurrency, async (key) => {
    await d.delete(key)
  })
  return list.length
}

export async function deploy(opts: Options) {
  const started = Date.now()
  const { id, uploads } = readBuild(opts)
  const target = `s3://${opts.bucket}/${opts.prefix}`
  // The locked SDK runs on Node 20; only its releases after January 2027 need Node 22 (README).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const s3 = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: Boolean(opts.endpoint),
    // Our own retries (Deployer.attempt) count and pace them.
    maxAttempts: 1,
    // Plain MD5 integrity (ContentMD5) works with S3 and with S3-compatible servers alike.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5000, requestTimeout: 60000 },
  })
  const d = new Deployer(s3, opts)
  try {
    const remote = await d.remoteObjects()
    const record: DeployRecord = { id, deployedAt: Date.now(), keys: uploads.map((u) => u.key) }
    const recordBody = Buffer.from(`${JSON.stringify(record)}\n`)
    const changed = uploads.filter((u) => remote.get(u.key) !== u.md5)
    const bytes = changed.reduce((n, u) => n + u.body.length, 0)
    console.log(
      `${opts.dryRun ? 'Planning' : 'Deploying'} build ${id} to ${target}${opts.endpoint ? ` (${opts.endpoint})` : ''}: ${changed.length} to upload (${formatBytes(bytes)}), ${uploads.length - changed.length} unchanged`,
    )
    const progress = new Progress(changed.length, bytes)
    for (const stage of stages) {
      const batch = changed.filter((u) => u.stage === stage)
      if (stage === 'meta' && !opts.dryRun) {
        // The record of this deploy goes up with the meta, before latest.json names the build.
        await d.put({
          key: opts.prefix + recordKey(id),
          body: recordBody,
          contentType: 'application/json; charset=utf-8',
          cacheControl: cacheControlFor(recordKey(id)),
          md5: createHash('md5').update(recordBody).digest('hex'),
        })
      }
      if (!batch.length) continue
      progress.stage(
        stage,
        batch.length,
        batch.reduce((n, u) => n + u.body.length, 0),
      )
      if (opts.dryRun) {
        for (const u of batch) console.log(`  would upload ${u.key}  (${u.contentType}; ${u.cacheControl})`)
        continue
      }
      await pool(batch, opts.concurrency, async (u) => {
        await d.put(u)
        progress.tick(u.body.length)
      })
    }
    progress.end()
    let deleted = 0
    try {
      if (opts.pruneKeep) deleted = await prune(d, opts, opts.pruneKeep, remote, record)
    } catch (err) {
      throw new DeployError(
        `build ${id} is deployed, but pruning stopped: ${err instanceof DeployError ? err.message : describe(err)}. Run the command again to finish pruning.`,
      )
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    if (opts.dryRun) {
      console.log(
        `Dry run: nothing was changed in ${target}. ${changed.length} file(s) would be uploaded, ${uploads.length - changed.length} skipped as unchanged.`,
      )
    } else {
      console.log(
        `Deployed build ${id} to ${target}: ${changed.length} uploaded (${formatBytes(bytes)}), ${uploads.length - changed.length} unchanged, ${deleted} deleted, ${d.retries} retried, in ${seconds} s`,
      )
    }
  } finally {
    s3.destroy()
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
    await deploy(opts)
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
    if (!/is deployed, but pruning/.test(message))
      console.error(
        'builds/latest.json was not written: the site still announces its previous build. Run the same command again to finish.',
      )
    return 1
  }
}

if (process.argv[1]?.endsWith('deploy.ts')) {
  process.exitCode = await main()
}
