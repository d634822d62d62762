// `npm run deploy`: atomic deploys of dist/ to the S3 bucket behind CloudFront, with a rollback in
// seconds (docs/deploy.md). A build's pages, payloads and shells go under `releases/<id>/`, its
// content-hashed assets and meta beside every other build's; once all of it is up and checked, one
// conditional write to the CloudFront KeyValueStore makes it the live build for the whole site (the
// viewer-request function reads that key on each request: host/rules.ts). Nothing a
// visitor sees changes before that write, and nothing of the old build is served after it.
// Every build keeps a record (`deploys/builds/<id>.json`) and every switch one of its own
// (`deploys/switches/`): who, when, from, to, and the builds rolled back from, which a plain
// `--rollback` never makes live again (scripts/lib/deployHistory.ts). With `--status-bucket`, the
// live build's monitoring pages and the assets they name also go to the status host's bucket, in
// another region (host/rules.ts, docs/aws.md "The status host"), assets first and pages
// last. A deploy never writes the status document (`status/`): operations and the probe do
// (docs/status.md). Credentials and region come
// from the standard AWS chain (environment, profile, SSO, role). What an operator reads of a
// deploy, a rollback, a prune or an interruption is in English or Arabic (`--lang ar`, DEPLOY_LANG),
// from the operators' catalog (locales/operator/commands.<lang>.json, `deploy.*`).
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { hostname, userInfo } from 'node:os'
import { join, posix, resolve } from 'node:path'
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
  STATUS_HOST_FILES,
  STATUS_PREFIX,
  RELEASES,
} from '../host/rules'
import { describeError, readCommand, type Resources, UsageError } from '../api/server/cli'
import { hostFiles, notFoundKey } from '../renderer/shared/paths'
import { site } from '../site.config'
import { buildCsp, buildIdOf } from '../host/local/cdn'
import { checkEndpoint } from './lib/endpoint'
import {
  type KeepReason,
  keptBuilds,
  namedKind,
  nextWithdrawn,
  plainRollback,
  type SwitchRecord,
  withdrawnAfter,
} from './lib/deployHistory'
import { KvsConflictError, type LiveStore, liveStore } from '../host/local/kvs'
import { listed, words } from './lib/operatorWords'

const usage = `Usage: npm run deploy -- [options]              upload dist/, check it, make it live
       npm run deploy -- --list                    the deployed builds and the last switches
       npm run deploy -- --rollback [<build id>]   make the previous (or the named) build live again

A plain --rollback goes to the build live before the live one, passing over every build that was
rolled back from: a second one goes further back, never forward. To make a build rolled back from
live again, name it: --rollback <build id>.

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
  --status-bucket <name> the status host's bucket, in its own region (STATUS_BUCKET; the stack's
                         output StatusBucketName): the live build's monitoring pages and their
                         assets go there too, assets first, pages last; never the status document
  --status-region <region>  that bucket's region (STATUS_REGION; output StatusBucketRegion)

Options:
  --dir <folder>         the build to deploy (default: dist)
  --by <name>            who deploys, for the record (DEPLOY_BY, GITHUB_ACTOR, else user@host)
  --dry-run              list what would be uploaded, switched or deleted; change nothing
  --prune-keep <N>       after deploying, delete the builds that are not among the newest N, not
                         live in the last N switches, not live, and not where --rollback goes
  --concurrency <N>      uploads at once (default 8)
  --lang <en|ar>         the language of what it writes, bar this help and --list's table (DEPLOY_LANG)
  --help                 this text

Exit codes: 0 done (or planned, with --dry-run); 1 failed or refused (the message says where and
which build is live); 2 wrong usage or no build to deploy; 130/143 interrupted (SIGINT/SIGTERM: the
message says which build is live).`

interface Options {
  mode: 'deploy' | 'list' | 'rollback'
  rollbackTo?: string
  bucket: string
  kvsArn: string
  endpoint?: string
  kvsEndpoint?: string
  region?: string
  /** The status host's bucket and its region (docs/aws.md, "The status host"). */
  statusBucket?: string
  statusRegion?: string
  dir: string
  by: string
  dryRun: boolean
  pruneKeep?: number
  concurrency: number
  lang: Lang
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

class DeployError extends Error {}
/** No build to deploy (exit 2, as wrong usage): one line in the operator's language, without the usage. */
class NoBuild extends Error {
  constructor(readonly text: Words) {
    super(text.en)
  }
}

type Lang = 'en' | 'ar'
interface Words {
  en: string
  ar: string
}
/** The language of the lines of `text`, from `--lang` or DEPLOY_LANG (as `npm run status` has STATUS_LANG). */
let lang: Lang = 'en'
/** What the command talks to, for a failure's one line (api/server/cli.ts `describeError`). */
let about: Resources = {}
const say = (said: Words) => said[lang]
const ids = (list: readonly string[], l: Lang) => listed(list, l)
const reasonWords = (why: KeepReason, keep: number): Words =>
  words(
    (
      {
        deployed: 'deploy.keep.deployed',
        live: 'deploy.keep.live',
        target: 'deploy.keep.target',
        newest: 'deploy.keep.newest',
        recent: keep === 1 ? 'deploy.keep.recentOne' : 'deploy.keep.recent',
        uploading: 'deploy.keep.uploading',
      } as const
    )[why],
    { keep },
  )
const keptList = (kept: [string, KeepReason[]][], keep: number, l: Lang) =>
  ids(
    kept.map(
      ([id, why]) =>
        `${id} (${ids(
          why.map((w) => reasonWords(w, keep)[l]),
          l,
        )})`,
    ),
    l,
  )
const prunedList = (pruned: [string, number][], l: Lang) =>
  ids(
    pruned.map(([id, files]) => words('deploy.prunedBuild', { id, files })[l]),
    l,
  )

type Switch = { to: string; commit: string; deployed: string; from: string; ms: number; total: string }

/**
 * What an operator reads of a rollback, a prune, a refused or failed switch and an interruption,
 * in English and Arabic, from the operators' catalog (locales/operator/commands.<lang>.json,
 * `deploy.*`). Build ids, commands and flags stay Latin in both.
 */
const text = {
  rolledBack: (a: Switch) => words('deploy.rolledBack', a),
  wentForward: (a: Switch) => words('deploy.wentForward', a),
  notComingBack: (from: string, before: string[]) =>
    before.length
      ? words('deploy.notComingBackBefore', (l) => ({ from, before: ids(before, l) }))
      : words('deploy.notComingBack', { from }),
  nextRollback: (to: string | undefined) =>
    to ? words('deploy.nextRollback', { to }) : words('deploy.nextRollbackNone'),
  alreadyLive: (id: string) => words('deploy.alreadyLive', { id }),
  dryRun: (from: string, to: string) => words('deploy.dryRun', { from, to }),
  nothingOlder: (live: string, withdrawn: string[]) =>
    withdrawn.length
      ? words(withdrawn.length > 1 ? 'deploy.nothingOlderWithdrawnMany' : 'deploy.nothingOlderWithdrawnOne', (l) => ({
          withdrawn: ids(withdrawn, l),
          live,
        }))
      : words('deploy.nothingOlder', { live }),
  unrecorded: (live: string, recorded: string) => words('deploy.unrecorded', { live, recorded }),
  conflict: (a: { now: string; live: string; was: string; to: string; kind: SwitchRecord['kind'] }) =>
    words(a.kind === 'deploy' ? 'deploy.conflictDeploy' : 'deploy.conflictRollback', {
      now: a.now,
      live: a.live,
      was: a.was,
      to: a.to,
    }),
  switchFailed: (to: string, why: string, live: string) => words('deploy.switchFailed', { to, why, live }),
  /** The last line of a failure before the switch: which build is live. */
  nothingSwitched: (live: string | undefined, again: boolean) =>
    live === undefined
      ? words('deploy.nothingSwitchedUnread')
      : sentences(words('deploy.nothingSwitched', { live }), again && words('deploy.runAgain')),
  /** The last line of a failure after the switch. */
  switchedThen: (to: string, from: string) => words('deploy.switchedThen', { to, from }),
  interrupted: (live: string | undefined) =>
    live === undefined ? words('deploy.interruptedUnread') : words('deploy.interrupted', { live }),
  interruptedAfter: (to: string, from: string, pruning: boolean, statusHost = false) =>
    sentences(
      words('deploy.interruptedAfter', { to, from }),
      statusHost && words('deploy.interruptedAfter.statusHost'),
      pruning && words('deploy.interruptedAfter.pruning'),
    ),
  interruptedDuring: (to: string, from: string) => words('deploy.interruptedDuring', { to, from }),
  finishingSwitch: words('deploy.finishingSwitch'),
  prunePlan: (kept: [string, KeepReason[]][], pruned: [string, number][], files: number, keep: number) =>
    words(pruned.length ? 'deploy.prunePlan' : 'deploy.prunePlanNone', (l) => ({
      keptCount: kept.length,
      kept: keptList(kept, keep, l),
      prunedCount: pruned.length,
      pruned: ids(
        pruned.map(([id]) => id),
        l,
      ),
      files,
    })),
  pruned: (kept: [string, KeepReason[]][], pruned: [string, number][], files: number, keep: number, dry: boolean) =>
    pruned.length
      ? words(dry ? 'deploy.wouldPrune' : 'deploy.pruned', (l) => ({
          prunedCount: pruned.length,
          pruned: prunedList(pruned, l),
          files,
          keptCount: kept.length,
          kept: keptList(kept, keep, l),
        }))
      : words('deploy.prunedNothing', (l) => ({ kept: keptList(kept, keep, l) })),
  liveChangedWhilePruning: (was: string, now: string) => words('deploy.liveChangedWhilePruning', { was, now }),
} satisfies Record<string, Words | ((...args: never[]) => Words)>

/** Sentences one after the other, in both languages; a `false` one is left out. */
function sentences(...parts: (Words | false)[]): Words {
  const given = parts.filter((p): p is Words => p !== false)
  return { en: given.map((p) => p.en).join(' '), ar: given.map((p) => p.ar).join(' ') }
}

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

/** The command line as api/server/cli.ts reads every command's: --help, --lang, one-line usage errors. */
const spec = {
  script: 'deploy',
  usage,
  langEnv: 'DEPLOY_LANG',
  args: ['build-id?'],
  options: {
    bucket: { type: 'string' },
    'kvs-arn': { type: 'string' },
    endpoint: { type: 'string' },
    'kvs-endpoint': { type: 'string' },
    region: { type: 'string' },
    'status-bucket': { type: 'string' },
    'status-region': { type: 'string' },
    dir: { type: 'string', default: 'dist' },
    by: { type: 'string' },
    list: { type: 'boolean', default: false },
    rollback: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
    'prune-keep': { type: 'string' },
    concurrency: { type: 'string', default: '8' },
  },
} as const

function optionsOf(values: ReturnType<typeof readCommandOf>['values'], positionals: string[], language: Lang): Options {
  if (values.list && values.rollback) throw new UsageError(words('deploy.usage.listAndRollback'))
  const mode = values.list ? 'list' : values.rollback ? 'rollback' : 'deploy'
  if (positionals.length > (mode === 'rollback' ? 1 : 0))
    throw new UsageError(words('deploy.usage.unexpectedArgument', { argument: positionals.at(-1)! }))
  const rollbackTo = positionals[0]
  if (rollbackTo !== undefined && !BUILD_ID_PATTERN.test(rollbackTo))
    throw new UsageError(words('deploy.usage.notBuildId', { value: rollbackTo }))
  const bucket = values.bucket ?? process.env.SITE_BUCKET
  const kvsArn = values['kvs-arn'] ?? process.env.SITE_KVS_ARN
  if (!bucket) throw new UsageError(words('deploy.usage.needBucket'))
  if (!kvsArn) throw new UsageError(words('deploy.usage.needKvsArn'))
  const count = (flag: string, value: string | undefined) => {
    if (value === undefined) return undefined
    if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(words('deploy.usage.count', { flag, value }))
    return Number(value)
  }
  for (const flag of ['endpoint', 'kvs-endpoint'] as const)
    if (values[flag] !== undefined) checkEndpoint(`--${flag}`, values[flag])
  if (values['prune-keep'] !== undefined && mode !== 'deploy') throw new UsageError(words('deploy.usage.pruneKeep'))
  const statusBucket = values['status-bucket'] ?? (process.env.STATUS_BUCKET || undefined)
  const statusRegion = values['status-region'] ?? (process.env.STATUS_REGION || undefined)
  if (statusRegion && !statusBucket) throw new UsageError(words('deploy.usage.statusRegion'))
  if (statusBucket && statusBucket === bucket) throw new UsageError(words('deploy.usage.statusBucket', { bucket }))
  return {
    mode,
    rollbackTo,
    bucket,
    kvsArn,
    endpoint: values.endpoint,
    kvsEndpoint: values['kvs-endpoint'],
    statusBucket,
    statusRegion,
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
    lang: language,
  }
}

/** What readCommand gives when it runs: typed options, the arguments, the language. */
function readCommandOf(argv: string[]) {
  const reading = readCommand(spec, argv)
  if (reading.kind !== 'run') throw new Error('not a command to run')
  return reading.command
}

interface Upload {
  key: string
  /** Its path inside the build (dist/), when it comes from one. */
  path?: string
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

/**
 * The build in `dir`: its id, when it was built, and its files as uploads to their bucket keys.
 * Never a status document: `status/` belongs to operations and the probe (docs/status.md), so a
 * file the build left there is skipped.
 */
function readBuild(dir: string): { id: string; builtAt: number; uploads: Upload[] } {
  const root = resolve(dir)
  if (!existsSync(join(root, 'builds', 'latest.json'))) throw new NoBuild(words('deploy.noBuild.latest', { dir }))
  let id: string
  let csp: string
  try {
    id = buildIdOf(root)
    csp = buildCsp(root)
  } catch (err) {
    throw new NoBuild(words('deploy.noBuild.incomplete', { error: (err as Error).message }))
  }
  if (!existsSync(join(root, 'builds', 'meta', `${id}.json`)))
    throw new NoBuild(words('deploy.noBuild.meta', { dir, id }))
  const builtAt =
    Number(
      (JSON.parse(readFileSync(join(root, 'builds', 'latest.json'), 'utf8')) as { timestamp?: unknown }).timestamp,
    ) || 0
  const paths = (readdirSync(root, { recursive: true }) as string[])
    .map((p) => p.split('\\').join('/'))
    .filter((p) => !hostFiles.includes(p) && !p.startsWith(STATUS_PREFIX) && statSync(join(root, p)).isFile())
  const uploads = paths.map((path): Upload => {
    const body = readFileSync(join(root, path))
    return {
      key: bucketKey(id, path),
      path,
      body,
      md5: md5(body),
      contentType: contentTypeFor(path),
      cacheControl: cacheControlFor(path),
      // The build's policy rides on each of its objects; the viewer-response function sets it.
      metadata: isSharedKey(path) ? undefined : { [CSP_METADATA]: csp },
    }
  })
  uploads.sort((a, b) => (a.key < b.key ? -1 : 1))
  return { id, builtAt, uploads }
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms))

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
    /** What a failure names (its settings), when not the site's bucket. */
    private resources?: Resources,
  ) {}

  /** Exponential backoff with jitter: about 0.2, 0.4, 0.8, 1.6 s. */
  async attempt<T>(what: Words, run: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run()
      } catch (err) {
        if (attempt >= MAX_ATTEMPTS || !isTransient(err)) {
          const why = describeError(err, lang, this.resources ?? about)
          throw new DeployError(
            say(
              attempt > 1
                ? words('deploy.attemptFailedAfter', { what: what[lang], attempts: attempt, why })
                : words('deploy.attemptFailed', { what: what[lang], why }),
            ),
            { cause: err },
          )
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
      const page = await this.attempt(words('deploy.attempt.listing', { target: `s3://${this.name}/${prefix}` }), () =>
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
    return this.attempt(words('deploy.attempt.uploading', { key: u.key }), () =>
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
      const res = await this.attempt(words('deploy.attempt.reading', { key }), () =>
        this.s3.send(new GetObjectCommand({ Bucket: this.name, Key: key })),
      )
      return {
        body: Buffer.from(await res.Body!.transformToByteArray()),
        metadata: res.Metadata ?? {},
        contentType: res.ContentType,
        cacheControl: res.CacheControl,
      }
    } catch (err) {
      const cause = err instanceof DeployError ? (err.cause as S3ServiceException | undefined) : undefined
      if (cause && (cause.name === 'NoSuchKey' || cause.$metadata?.httpStatusCode === 404)) return undefined
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
    return this.attempt(words('deploy.attempt.deleting', { key }), () =>
      this.s3.send(new DeleteObjectCommand({ Bucket: this.name, Key: key })),
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
  // A backslash ends a name too: a page's payload holds its HTML as a JSON string (`src=\"/assets/…\"`).
  const ref = new RegExp(`["'(](?:${origin})?\\/(assets\\/[^"'()\\s?#\\\\]+)`, 'g')
  for (const u of uploads) {
    if (!/\.(html|json|css|js)$/.test(u.key)) continue
    for (const [, key] of u.body.toString('utf8').matchAll(ref)) named.add(key!)
  }
  return named
}

/**
 * `/assets/...` a file of the status host names (host/rules.ts, STATUS_HOST_FILES), as
 * paths inside the build: from the root (`"/assets/x.css"`, `url(/assets/f.woff2)`), from the
 * document's base (Vite's preload list: `"assets/chunks/x.js"`), or relative to a script or
 * stylesheet under assets/ (`"../chunks/x.js"`). Not the site's absolute URLs (a page's social
 * card): those stay on the site.
 */
function assetReferences(path: string, text: string): string[] {
  const found = new Set<string>()
  for (const [, ref] of text.matchAll(/["'`(\s,=]\/?(assets\/[^"'`()\s?#\\]+)/g)) found.add(ref!)
  if (path.startsWith('assets/'))
    for (const [, ref] of text.matchAll(/["'`(](\.\.?\/[^"'`()\s?#\\]+)/g)) {
      const resolved = posix.join(posix.dirname(path), ref!)
      if (resolved.startsWith('assets/')) found.add(resolved)
    }
  return [...found]
}

/**
 * What of build `id` the status host serves, read by `read` (a path inside the build -> its upload,
 * or undefined): STATUS_HOST_FILES, the build's meta, and every asset they name, and those name,
 * to the end. Keyed by their path in the build, which is their key in the status bucket.
 */
async function statusHostFiles(id: string, read: (path: string) => Promise<Upload | undefined>): Promise<Upload[]> {
  const found = new Map<string, Upload>()
  const queue = [...STATUS_HOST_FILES, `builds/meta/${id}.json`]
  const required = new Set(STATUS_HOST_FILES.filter((f) => f.endsWith('monitoring/index.html')))
  const seen = new Set<string>(queue)
  while (queue.length) {
    const path = queue.shift()!
    const file = await read(path)
    if (!file) {
      if (required.has(path)) throw new DeployError(say(words('deploy.statusHost.missing', { id, path })))
      continue
    }
    found.set(path, { ...file, key: path, path })
    if (!/\.(html|json|css|js)$/.test(path)) continue
    for (const ref of assetReferences(path, file.body.toString('utf8')))
      if (!seen.has(ref)) {
        seen.add(ref)
        queue.push(ref)
      }
  }
  return [...found.values()].sort((a, b) => (a.key < b.key ? -1 : 1))
}

/**
 * The order a page never shows before what it needs: assets and metas (named by content, shared by
 * builds), then payloads, shells and the icon, then the pages, and the build's pointer last (a tab
 * that reads it reloads into the new pages).
 */
const statusHostStep = (key: string) =>
  key.startsWith('assets/') || key.startsWith('builds/meta/')
    ? 0
    : key === 'builds/latest.json'
      ? 3
      : key.endsWith('.html')
        ? 2
        : 1

/**
 * Brings the status host's bucket to build `id`'s monitoring pages (docs/aws.md, "The status host"):
 * what changed, step by step (statusHostStep), each step whole before the next. Never `status/`,
 * which replication alone writes. The number of files uploaded, and of files unchanged.
 */
async function syncStatusHost(
  d: Deployer,
  id: string,
  read: (path: string) => Promise<Upload | undefined>,
): Promise<{ uploaded: number; unchanged: number; bytes: number }> {
  const target = d.statusBucket!
  const files = await statusHostFiles(id, read)
  const remote = await target.list('')
  const changed = files.filter((u) => remote.get(u.key) !== u.md5)
  const bytes = changed.reduce((n, u) => n + u.body.length, 0)
  if (d.opts.dryRun) {
    const where = `s3://${target.name}/`
    for (const u of changed) console.log(say(words('deploy.statusHost.wouldUpload', { key: u.key, target: where })))
    console.log(
      say(
        words('deploy.statusHost.dryRun', {
          target: where,
          count: changed.length,
          id,
          size: formatBytes(bytes),
          unchanged: files.length - changed.length,
        }),
      ),
    )
    return { uploaded: 0, unchanged: files.length - changed.length, bytes: 0 }
  }
  d.state.statusHost = true
  for (const step of [0, 1, 2, 3])
    await pool(
      changed.filter((u) => statusHostStep(u.key) === step),
      d.opts.concurrency,
      (u) => target.put(u).then(() => {}),
    )
  d.state.statusHost = false
  return { uploaded: changed.length, unchanged: files.length - changed.length, bytes }
}

/** The status host brought to `id`, said in one line; a failure says the site's switch stands. */
async function updateStatusHost(d: Deployer, id: string, read: (path: string) => Promise<Upload | undefined>) {
  if (!d.statusBucket) return
  try {
    const { uploaded, unchanged, bytes } = await syncStatusHost(d, id, read)
    if (!d.opts.dryRun)
      console.log(
        say(
          words('deploy.statusHost.updated', {
            target: `s3://${d.statusBucket.name}/`,
            id,
            uploaded,
            size: formatBytes(bytes),
            unchanged,
          }),
        ),
      )
  } catch (err) {
    const why = err instanceof DeployError ? err.message : describeError(err, lang, about)
    const target = `s3://${d.statusBucket.name}/`
    throw new DeployError(
      say(
        words(
          d.state.switched || d.state.live === id ? 'deploy.statusHost.notBroughtLive' : 'deploy.statusHost.notBrought',
          {
            id,
            target,
            why,
          },
        ),
      ),
    )
  }
}

/** How far a run got: what an interruption or a failure says is live. */
interface RunState {
  /** The live build as last read or switched to; `read` false until the store was read. */
  read: boolean
  live?: string
  /** Set once this run's switch is made. */
  switched?: { from: string; to: string }
  /** The switch under way: its write, its record and the error document, which an interruption lets finish. */
  switching?: { to: string; from: string; done: Promise<void> }
  pruning: boolean
  /** Set while the status host's bucket is being brought to the live build. */
  statusHost?: boolean
}

class Deployer {
  readonly state: RunState = { read: false, pruning: false }
  constructor(
    readonly bucket: Bucket,
    readonly store: LiveStore,
    readonly opts: Options,
    /** The status host's bucket, with `--status-bucket`. */
    readonly statusBucket?: Bucket,
  ) {}

  /** The live build and the store's ETag, remembered for what a failure or an interruption says. */
  async readLive() {
    const now = await this.store.read()
    this.state.read = true
    this.state.live = now.live
    return now
  }

  async records(): Promise<BuildRecord[]> {
    const keys = [...(await this.bucket.list(RECORDS)).keys()]
    const records: BuildRecord[] = []
    await pool(keys, this.opts.concurrency, async (key) => {
      const record = await this.bucket.getJson<BuildRecord>(key)
      if (record && typeof record.id === 'string' && Array.isArray(record.keys)) records.push(record)
      else console.warn(say(words('deploy.skipRecord', { key })))
    })
    return records.sort((a, b) => b.deployedAt - a.deployedAt)
  }

  /** The newest `limit` switch records, newest first. */
  async switches(limit = 50): Promise<SwitchRecord[]> {
    const keys = [...(await this.bucket.list(SWITCHES)).keys()].sort().reverse().slice(0, limit)
    const out: SwitchRecord[] = []
    await pool(keys, this.opts.concurrency, async (key) => {
      const record = await this.bucket.getJson<SwitchRecord>(key)
      if (record && typeof record.to === 'string') out.push(record)
    })
    return out.sort((a, b) => b.at - a.at)
  }

  /**
   * The switch records as they stand with `live` live: a switch's record is written just after
   * the store, so one made a moment ago may not be there yet; waits for it a little (up to 1.5 s).
   */
  async history(live: string | undefined, limit = 50): Promise<SwitchRecord[]> {
    for (let attempt = 0; ; attempt++) {
      const switches = await this.switches(limit)
      if (!live || !switches.length || switches[0]!.to === live || attempt >= 3) return switches
      await sleep(500)
    }
  }

  /**
   * Makes `to` the live build, if the store is still as read (`etag`): one conditional write. Then
   * records the switch (with the builds rolled back from after it) and copies the build's 404.html
   * to the bucket's root, where CloudFront's error response fetches it (without the function). An
   * interruption meanwhile waits for all three (the signal handler in `run`).
   */
  async switchTo(
    to: string,
    from: string | undefined,
    etag: string,
    kind: SwitchRecord['kind'],
    withdrawn: string[],
  ): Promise<{ ms: number; record: SwitchRecord }> {
    let finished = () => {}
    this.state.switching = { to, from: from ?? 'none', done: new Promise<void>((ok) => (finished = ok)) }
    try {
      return await this.switchNow(to, from, etag, kind, withdrawn)
    } finally {
      this.state.switching = undefined
      finished()
    }
  }

  private async switchNow(
    to: string,
    from: string | undefined,
    etag: string,
    kind: SwitchRecord['kind'],
    withdrawn: string[],
  ) {
    const started = Date.now()
    try {
      await this.store.switchTo(to, etag)
    } catch (err) {
      if (err instanceof KvsConflictError) {
        const now = await this.store.read().catch(() => undefined)
        if (now) this.state.live = now.live
        throw new DeployError(
          say(
            text.conflict({
              now: now?.live ?? 'unknown',
              live: now?.live ?? from ?? 'none',
              was: from ?? 'none',
              to,
              kind,
            }),
          ),
        )
      }
      throw new DeployError(say(text.switchFailed(to, (err as Error).message, from ?? 'none')))
    }
    const switched = Date.now()
    this.state.live = to
    this.state.switched = { from: from ?? 'none', to }
    const record: SwitchRecord = { at: switched, by: this.opts.by, from: from ?? null, to, kind, withdrawn }
    const problems: Words[] = []
    await this.bucket
      .putJson(`${SWITCHES}${new Date(switched).toISOString().replace(/[:.]/g, '')}-${to}.json`, record)
      .catch((err: Error) => problems.push(words('deploy.switch.notRecorded', { error: err.message })))
    await this.copyErrorDocument(to).catch((err: Error) =>
      problems.push(words('deploy.switch.errorDocument', { error: err.message })),
    )
    if (problems.length) {
      const [first, second] = problems.map(say)
      const said = second === undefined ? first! : say(words('deploy.switch.both', { first: first!, second }))
      throw new DeployError(say(words('deploy.switch.unfinished', { to, problems: said })))
    }
    return { ms: switched - started, record }
  }

  async copyErrorDocument(id: string) {
    const page = await this.bucket.get(bucketKey(id, notFoundKey))
    if (!page) throw new DeployError(say(words('deploy.errorDocument.missing', { key: bucketKey(id, notFoundKey) })))
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
  const { id, builtAt, uploads } = readBuild(opts.dir)
  const byPath = new Map(uploads.map((u) => [u.path!, u]))
  const fromBuild = async (path: string) => byPath.get(path)
  const target = `s3://${opts.bucket}/`
  // The store as it is now: the switch at the end happens only if nobody switched in between.
  const before = await d.readLive().catch((err: Error) => {
    const why = describeError(err, lang, {
      keyValueStore: { name: opts.kvsArn, settings: ['--kvs-arn', 'SITE_KVS_ARN'] },
      ...(opts.kvsEndpoint ? { endpoint: { url: opts.kvsEndpoint, settings: ['--kvs-endpoint'] } } : {}),
      region: ['--region', 'AWS_REGION'],
    })
    throw new DeployError(say(words('deploy.readLiveFailed', { store: opts.kvsArn, why })))
  })
  const remote = new Map([
    ...(await d.bucket.list('assets/')),
    ...(await d.bucket.list('builds/meta/')),
    ...(await d.bucket.list(`${RELEASES}${id}/`)),
  ])
  const changed = uploads.filter((u) => remote.get(u.key) !== u.md5)
  const bytes = changed.reduce((n, u) => n + u.body.length, 0)
  console.log(
    say(
      words(opts.dryRun ? 'deploy.planning' : 'deploy.deploying', {
        id,
        target: `${target}${opts.endpoint ? ` (${opts.endpoint})` : ''}`,
        count: changed.length,
        size: formatBytes(bytes),
        unchanged: uploads.length - changed.length,
        live: before.live ?? 'none',
      }),
    ),
  )
  const named = assetsNamed(uploads)
  const keys = new Set(uploads.map((u) => u.key))
  const unknown = [...named].filter((k) => !keys.has(k) && !remote.has(k))
  if (unknown.length)
    throw new DeployError(
      say(
        words('deploy.unknownAssets', (l) => {
          const first = ids(unknown.slice(0, 5), l)
          const assets =
            unknown.length > 5 ? words('deploy.andMore', { list: first, more: unknown.length - 5 })[l] : first
          return { assets, live: before.live ?? 'none' }
        }),
      ),
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
    for (const u of changed)
      console.log(say(words('deploy.dry.upload', { key: u.key, type: u.contentType, cache: u.cacheControl })))
    console.log(say(words('deploy.dry.switch', { from: before.live ?? 'none', to: id })))
    if (opts.pruneKeep) await prune(d, opts.pruneKeep, record, { from: before.live })
    await updateStatusHost(d, id, fromBuild)
    console.log(say(words('deploy.dry.nothingChanged', { target })))
    return
  }
  // First the record, marked incomplete, so that a prune running meanwhile keeps what it uploads.
  await d.bucket.putJson(recordKey(id), record)
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
      say(
        words('deploy.missingAfterUpload', (l) => ({
          count: missing.length,
          id,
          keys: ids(missing.slice(0, 5), l),
          live: before.live ?? 'none',
        })),
      ),
    )
  await d.bucket.putJson(recordKey(id), { ...record, complete: true })
  if (before.live === id) {
    console.log(say(words('deploy.wasLive', { id })))
  } else {
    // A deploy takes its build off the list of those rolled back from (deploying it is naming it).
    const withdrawn = nextWithdrawn(withdrawnAfter(await d.history(before.live)), {
      kind: 'deploy',
      from: before.live ?? null,
      to: id,
    })
    const { ms } = await d.switchTo(id, before.live, before.etag, 'deploy', withdrawn)
    console.log(say(words('deploy.switched', { from: before.live ?? 'none', to: id, ms })))
  }
  // The status host follows the live build: after the switch, so that it never shows a build the
  // site does not (docs/aws.md, "The status host").
  await updateStatusHost(d, id, fromBuild)
  let deleted = 0
  if (opts.pruneKeep) {
    d.state.pruning = true
    try {
      deleted = await prune(d, opts.pruneKeep, record)
      d.state.pruning = false
    } catch (err) {
      throw new DeployError(say(words('deploy.pruningStopped', { id, error: (err as Error).message })))
    }
  }
  console.log(
    say(
      words('deploy.deployed', {
        id,
        target,
        uploaded: changed.length,
        size: formatBytes(bytes),
        uploadTime: seconds(uploadedIn),
        unchanged: uploads.length - changed.length,
        deleted,
        retried: d.bucket.retries,
        time: seconds(Date.now() - started),
      }),
    ),
  )
}

/**
 * `--rollback`: the build live before the live one, passing over every build rolled back from
 * (scripts/lib/deployHistory.ts), or refused with the reason; `--rollback <id>`: the named one,
 * backward or forward. Either is one conditional write, recorded with the builds rolled back from.
 */
async function rollback(d: Deployer, opts: Options) {
  const started = Date.now()
  const { live, etag } = await d.readLive()
  const [records, switches] = await Promise.all([d.records(), d.history(live)])
  let to = opts.rollbackTo
  if (!to) {
    const plan = plainRollback(live, switches, records)
    if ('refused' in plan)
      throw new DeployError(
        say(
          plan.refused === 'unrecorded'
            ? text.unrecorded(live ?? 'none', plan.recorded)
            : text.nothingOlder(live ?? 'none', plan.withdrawn),
        ),
      )
    to = plan.to
  }
  // The builds rolled back from that are still in the bucket (a pruned one goes off the list).
  const withdrawn = withdrawnAfter(switches).filter((id) => records.some((r) => r.id === id))
  if (to === live) {
    console.log(say(text.alreadyLive(to)))
    // A switch whose record failed ("run --rollback <id> to finish"): recorded now, and its error document.
    const recorded = switches[0]?.to
    if (!opts.dryRun && recorded && recorded !== live) {
      const kind = namedKind(to, recorded, withdrawn, records)
      const record: SwitchRecord = {
        at: Date.now(),
        by: opts.by,
        from: recorded,
        to,
        kind,
        withdrawn: nextWithdrawn(withdrawn, { kind, from: recorded, to }),
      }
      await d.bucket.putJson(`${SWITCHES}${new Date(record.at).toISOString().replace(/[:.]/g, '')}-${to}.json`, record)
      await d.copyErrorDocument(to)
      console.log(say(words('deploy.recordedSwitch', { from: recorded, to })))
    }
    // A switch whose status host was not brought along ("run the same command again to finish").
    if (!opts.dryRun) await updateStatusHost(d, to, fromRelease(d, to))
    return
  }
  const record = records.find((r) => r.id === to)
  if (!record)
    throw new DeployError(
      say(words('deploy.neverDeployed', { to, target: `s3://${opts.bucket}/`, live: live ?? 'none' })),
    )
  if (!record.complete) throw new DeployError(say(words('deploy.neverFinished', { to, live: live ?? 'none' })))
  const missing = await d.missing(record)
  if (missing.length)
    throw new DeployError(
      say(
        words('deploy.lacksFiles', (l) => ({
          to,
          count: missing.length,
          keys: ids(missing.slice(0, 3), l),
          live: live ?? 'none',
          commit: record.commit ?? 'unknown',
        })),
      ),
    )
  const kind = opts.rollbackTo ? namedKind(to, live, withdrawn, records) : 'rollback'
  const after = nextWithdrawn(withdrawn, { kind, from: live ?? null, to })
  if (opts.dryRun) {
    console.log(say(text.dryRun(live ?? 'none', to)))
    await updateStatusHost(d, to, fromRelease(d, to))
    return
  }
  const { ms, record: made } = await d.switchTo(to, live, etag, kind, after)
  const facts = {
    to,
    commit: record.commit ?? 'unknown',
    deployed: time(record.deployedAt),
    from: live ?? 'none',
    ms,
    total: seconds(Date.now() - started),
  }
  console.log(say(kind === 'rollback' ? text.rolledBack(facts) : text.wentForward(facts)))
  if (kind === 'rollback' && live)
    console.log(
      say(
        text.notComingBack(
          live,
          after.filter((id) => id !== live),
        ),
      ),
    )
  const next = plainRollback(to, [made, ...switches], records)
  console.log(say(text.nextRollback('to' in next ? next.to : undefined)))
  // The status host goes back with the site, from the files of the build in the site's bucket.
  await updateStatusHost(d, to, fromRelease(d, to))
}

/** A file of build `id` as the site's bucket holds it (its release, or the shared keys), as an upload. */
function fromRelease(d: Deployer, id: string) {
  return async (path: string): Promise<Upload | undefined> => {
    const found = await d.bucket.get(bucketKey(id, path))
    if (!found) return undefined
    return {
      key: path,
      path,
      body: found.body,
      md5: md5(found.body),
      contentType: contentTypeFor(path),
      cacheControl: cacheControlFor(path),
      metadata: isSharedKey(path) ? undefined : found.metadata,
    }
  }
}

async function list(d: Deployer) {
  const [{ live }, records, switches] = await Promise.all([d.store.read(), d.records(), d.switches()])
  if (!records.length) {
    console.log(`No build deployed to s3://${d.opts.bucket}/ yet; live: ${live ?? 'none'}.`)
    return
  }
  const withdrawn = withdrawnAfter(switches).filter((id) => records.some((r) => r.id === id))
  const rows = records.map((r) => [
    r.id === live ? '* live' : !r.complete ? 'incomplete' : withdrawn.includes(r.id) ? 'rolled back' : '',
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
  const plan = plainRollback(live, switches, records)
  console.log(
    'to' in plan
      ? `\nA plain --rollback goes to ${plan.to}${withdrawn.length ? ` (never to ${withdrawn.join(', ')}: rolled back from)` : ''}.`
      : `\nA plain --rollback is refused: ${plan.refused === 'unrecorded' ? `the switch to ${live} is not on record` : 'no earlier build'}${withdrawn.length ? ` (${withdrawn.join(', ')}: rolled back from)` : ''}.`,
  )
  if (switches.length) {
    console.log('\nLast switches:')
    for (const s of switches.slice(0, 10))
      console.log(`  ${time(s.at)}  ${s.kind.padEnd(8)}  ${s.from ?? 'none'} -> ${s.to}  by ${s.by}`)
  }
}

/**
 * Deletes the builds `--prune-keep N` does not keep (scripts/lib/deployHistory.ts, `keptBuilds`:
 * the one just deployed, the live one, the one a plain `--rollback` goes to, the newest N, every
 * build live in the last N switches, any still uploading for a day) and the shared files no kept
 * build names; a build's release, meta and record go with it. `dry` plans it as if this deploy had
 * switched from `dry.from`. The number of files deleted.
 */
async function prune(
  d: Deployer,
  keep: number,
  current: BuildRecord,
  dry?: { from: string | undefined },
): Promise<number> {
  const { live: storeLive, etag } = await d.store.read()
  const [stored, switchesNow] = await Promise.all([d.records(), d.history(storeLive, Math.max(50, keep + 1))])
  // The build just deployed is the newest (in a dry run, as it would be).
  const records = [{ ...current, complete: true }, ...stored.filter((r) => r.id !== current.id)]
  const simulated: SwitchRecord | undefined =
    dry && dry.from !== current.id
      ? { at: Date.now(), by: d.opts.by, from: dry.from ?? null, to: current.id, kind: 'deploy' }
      : undefined
  const live = simulated ? current.id : storeLive
  const switches = simulated ? [simulated, ...switchesNow] : switchesNow
  const keptWhy = keptBuilds({
    keep,
    current: current.id,
    live,
    records,
    switches,
    now: Date.now(),
    uploadingMs: ABANDONED_MS,
  })
  const old = records.filter((r) => !keptWhy.has(r.id))
  const inUse = new Set(records.filter((r) => keptWhy.has(r.id)).flatMap((r) => r.keys))
  const shared = new Map([...(await d.bucket.list('assets/')), ...(await d.bucket.list('builds/meta/'))])
  const doomed = new Set<string>()
  const perBuild: [string, number][] = []
  for (const record of old) {
    const before = doomed.size
    for (const key of await d.bucket.list(`${RELEASES}${record.id}/`).then((m) => m.keys())) doomed.add(key)
    for (const key of record.keys) if (isSharedKey(key) && !inUse.has(key) && shared.has(key)) doomed.add(key)
    // Its files, and its record.
    perBuild.push([record.id, doomed.size - before + 1])
  }
  const kept = [...keptWhy]
  console.log(say(text.prunePlan(kept, perBuild, doomed.size, keep)))
  if (d.opts.dryRun) {
    for (const key of [...doomed].sort()) console.log(`  would delete ${key}`)
    console.log(say(text.pruned(kept, perBuild, doomed.size + old.length, keep, true)))
    return 0
  }
  if (old.length) {
    // Nobody switched since the kept set was judged (a rollback to a build about to go).
    const now = await d.store.read()
    if (now.etag !== etag)
      throw new DeployError(say(text.liveChangedWhilePruning(storeLive ?? 'none', now.live ?? 'none')))
  }
  await pool([...doomed].sort(), d.opts.concurrency, (key) => d.bucket.delete(key).then(() => {}))
  // The records last: a prune stopped half-way is finished by the next one.
  await pool(old, d.opts.concurrency, (r) => d.bucket.delete(recordKey(r.id)).then(() => {}))
  console.log(say(text.pruned(kept, perBuild, doomed.size + old.length, keep, false)))
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
  // The status host's bucket is in its own region: its own client, which also follows S3's
  // redirect to the bucket's region when none was given.
  const statusS3 = opts.statusBucket
    ? new S3Client({
        region: opts.statusRegion ?? opts.region,
        endpoint: opts.endpoint,
        forcePathStyle: Boolean(opts.endpoint),
        followRegionRedirects: true,
        maxAttempts: 1,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: { connectionTimeout: 5000, requestTimeout: 60000 },
      })
    : undefined
  const statusBucket =
    statusS3 &&
    new Bucket(statusS3, opts.statusBucket!, {
      bucket: { name: opts.statusBucket!, settings: ['--status-bucket', 'STATUS_BUCKET'] },
      ...(opts.endpoint ? { endpoint: { url: opts.endpoint, settings: ['--endpoint'] } } : {}),
      region: ['--status-region', 'STATUS_REGION'],
    })
  const d = new Deployer(new Bucket(s3, opts.bucket), store, opts, statusBucket)
  const stop = opts.mode === 'list' ? () => {} : onInterrupt(d)
  try {
    if (opts.mode === 'list') await list(d)
    else if (opts.mode === 'rollback') await rollback(d, opts)
    else await deployBuild(d, opts)
  } catch (err) {
    if (err instanceof Error) Object.assign(err, { state: d.state })
    throw err
  } finally {
    stop()
    s3.destroy()
    statusS3?.destroy()
    store.close()
  }
}

/** The longest an interruption waits for a switch under way to be written and recorded. */
const SWITCH_GRACE_MS = 20_000

/**
 * Ctrl-C (SIGINT) or SIGTERM: the last line says which build is live, and the exit code is 130 or
 * 143. Before the switch nothing a visitor sees has changed (the build's files wait in the bucket,
 * its record marked incomplete); a switch under way is let finish its write, record and error
 * document first, so that the history a plain `--rollback` reads stays whole.
 */
function onInterrupt(d: Deployer): () => void {
  let stopping = false
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    const code = signal === 'SIGINT' ? 130 : 143
    const finish = (timedOut: boolean) => {
      const s = d.state
      const line =
        timedOut && s.switching
          ? text.interruptedDuring(s.switching.to, s.switching.from)
          : s.switched
            ? text.interruptedAfter(s.switched.to, s.switched.from, s.pruning, Boolean(s.statusHost))
            : text.interrupted(s.read ? (s.live ?? 'none') : undefined)
      process.stderr.write(`\n${say(line)}\n`)
      process.exit(code)
    }
    const switching = d.state.switching
    if (!switching) return finish(false)
    process.stderr.write(`\n${say(text.finishingSwitch)}\n`)
    const grace = setTimeout(() => finish(true), SWITCH_GRACE_MS)
    void switching.done.then(() => {
      clearTimeout(grace)
      finish(false)
    })
  }
  process.on('SIGINT', handler)
  process.on('SIGTERM', handler)
  return () => {
    process.off('SIGINT', handler)
    process.off('SIGTERM', handler)
  }
}

async function main() {
  const reading = readCommand(spec, process.argv.slice(2))
  if (reading.kind === 'help') {
    console.log(reading.text)
    return 0
  }
  if (reading.kind === 'usage') {
    console.error(reading.line)
    return 2
  }
  const cmd = reading.command
  lang = cmd.lang
  let opts: Options
  try {
    opts = optionsOf(cmd.values, cmd.args, cmd.lang)
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    console.error(cmd.usageLine(err.text))
    return 2
  }
  about = {
    bucket: { name: opts.bucket, settings: ['--bucket', 'SITE_BUCKET'] },
    ...(opts.endpoint ? { endpoint: { url: opts.endpoint, settings: ['--endpoint'] } } : {}),
    region: ['--region', 'AWS_REGION'],
  }
  try {
    await run(opts)
    return 0
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(cmd.usageLine(err.text))
      return 2
    }
    if (err instanceof NoBuild) {
      console.error(`deploy: ${say(err.text)}`)
      return 2
    }
    // An AWS or network failure as one line: what failed and what to check (api/server/cli.ts).
    const message = err instanceof DeployError ? err.message : describeError(err, lang, about)
    console.error(`\ndeploy: ${message}`)
    // The last line names the live build, unless the message just did.
    const state = (err as { state?: RunState }).state
    if (state && opts.mode !== 'list') {
      const live = state.read ? (state.live ?? 'none') : undefined
      const last = message.split(/(?<=\.) /).at(-1) ?? message
      const named =
        live !== undefined &&
        (['deploy.liveNamed.stays', 'deploy.liveNamed.is'] as const)
          .flatMap((id) => Object.values(words(id, { live })))
          .some((said) => last.includes(said))
      if (!named)
        console.error(
          say(
            state.switched
              ? text.switchedThen(state.switched.to, state.switched.from)
              : text.nothingSwitched(live, opts.mode === 'deploy'),
          ),
        )
    }
    return 1
  }
}

if (process.argv[1]?.endsWith('deploy.ts')) {
  process.exitCode = await main()
}
