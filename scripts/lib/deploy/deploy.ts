// A deploy (docs/deploy.md, "How a deploy works"): a build's pages, payloads and shells go under
// `releases/<id>/`, its content-hashed assets and meta beside every other build's; once all of it
// is up and checked, one conditional write to the CloudFront KeyValueStore makes it the live build
// for the whole site (the viewer-request function reads that key on each request: host/rules.ts).
// Nothing a visitor sees changes before that write, and nothing of the old build is served after
// it. Then the status host follows, and `--prune-keep` prunes.
import { describeError } from '../cli/command'
import { RELEASES } from '../../../host/rules'
import { words } from '../cli/words'
import { assetsNamed, commitOf, readBuild } from './build'
import { eachAtMost } from './bucket'
import { type BuildRecord, type Deployer, recordKey } from './deployer'
import { nextWithdrawn, withdrawnAfter } from './history'
import { storeResources } from './options'
import { prune } from './prune'
import { updateStatusHost } from './statusHost'
import { DeployError, formatBytes, ids, seconds } from './words'

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

export async function deployBuild(d: Deployer) {
  const opts = d.opts
  const lang = opts.lang
  const started = Date.now()
  const { id, builtAt, uploads } = readBuild(opts.dir)
  const byPath = new Map(uploads.map((u) => [u.path!, u]))
  const fromBuild = async (path: string) => byPath.get(path)
  const target = `s3://${opts.bucket}/`
  // The store as it is now: the switch at the end happens only if nobody switched in between.
  const before = await d.readLive().catch((err: Error) => {
    const why = describeError(err, lang, storeResources(opts))
    throw new DeployError(words('deploy.readLiveFailed', { store: opts.kvsArn, why })[lang])
  })
  const remote = new Map([
    ...(await d.bucket.list('assets/')),
    ...(await d.bucket.list('builds/meta/')),
    ...(await d.bucket.list(`${RELEASES}${id}/`)),
  ])
  const changed = uploads.filter((u) => remote.get(u.key) !== u.md5)
  const bytes = changed.reduce((n, u) => n + u.body.length, 0)
  console.log(
    words(opts.dryRun ? 'deploy.planning' : 'deploy.deploying', {
      id,
      target: `${target}${opts.endpoint ? ` (${opts.endpoint})` : ''}`,
      count: changed.length,
      size: formatBytes(bytes),
      unchanged: uploads.length - changed.length,
      live: before.live ?? 'none',
    })[lang],
  )
  const named = assetsNamed(uploads)
  const keys = new Set(uploads.map((u) => u.key))
  const unknown = [...named].filter((k) => !keys.has(k) && !remote.has(k))
  if (unknown.length)
    throw new DeployError(
      words('deploy.unknownAssets', (l) => {
        const first = ids(unknown.slice(0, 5), l)
        const assets =
          unknown.length > 5 ? words('deploy.andMore', { list: first, more: unknown.length - 5 })[l] : first
        return { assets, live: before.live ?? 'none' }
      })[lang],
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
      console.log(words('deploy.dry.upload', { key: u.key, type: u.contentType, cache: u.cacheControl })[lang])
    console.log(words('deploy.dry.switch', { from: before.live ?? 'none', to: id })[lang])
    if (opts.pruneKeep) await prune(d, opts.pruneKeep, record, { from: before.live })
    await updateStatusHost(d, id, fromBuild)
    console.log(words('deploy.dry.nothingChanged', { target })[lang])
    return
  }
  // First the record, marked incomplete, so that a prune running meanwhile keeps what it uploads.
  await d.bucket.putJson(recordKey(id), record)
  const progress = new Progress(changed.length, bytes)
  await eachAtMost(changed, opts.concurrency, async (u) => {
    await d.bucket.put(u)
    progress.tick(u.body.length)
  })
  progress.end()
  const uploadedIn = Date.now() - started
  // Check what the switch will expose: every key of the build, listed back from the bucket.
  const missing = await d.missing(record)
  if (missing.length)
    throw new DeployError(
      words('deploy.missingAfterUpload', (l) => ({
        count: missing.length,
        id,
        keys: ids(missing.slice(0, 5), l),
        live: before.live ?? 'none',
      }))[lang],
    )
  await d.bucket.putJson(recordKey(id), { ...record, complete: true })
  if (before.live === id) {
    console.log(words('deploy.wasLive', { id })[lang])
  } else {
    // A deploy takes its build off the list of those rolled back from (deploying it is naming it).
    const withdrawn = nextWithdrawn(withdrawnAfter(await d.history(before.live)), {
      kind: 'deploy',
      from: before.live ?? null,
      to: id,
    })
    const { ms } = await d.switchTo(id, before.live, before.etag, 'deploy', withdrawn)
    console.log(words('deploy.switched', { from: before.live ?? 'none', to: id, ms })[lang])
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
      throw new DeployError(words('deploy.pruningStopped', { id, error: (err as Error).message })[lang])
    }
  }
  console.log(
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
    })[lang],
  )
}
