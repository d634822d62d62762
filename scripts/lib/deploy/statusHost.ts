// With `--status-bucket`, the live build's monitoring pages and the assets they name go to the
// status host's bucket too, in another region (host/rules.ts, docs/aws.md "The status host"):
// after the site's switch, so that it never shows a build the site does not; assets first and
// pages last. Never the status document (`status/`): operations and the probe write it, and
// replication brings it (docs/status.md).
import { describeError } from '../cli/command'
import { STATUS_HOST_FILES } from '../../../host/rules'
import type { Locale } from '../../../locales/locales'
import { words } from '../cli/words'
import { assetReferences, type Upload } from './build'
import { eachAtMost } from './bucket'
import type { Deployer } from './deployer'
import { DeployError, formatBytes } from './words'

/** A file of a build by its path inside the build, or undefined when the build has none. */
export type ReadFile = (path: string) => Promise<Upload | undefined>

/**
 * What of build `id` the status host serves, read by `read`: STATUS_HOST_FILES, the build's meta,
 * and every asset they name, and those name, to the end. Keyed by their path in the build, which
 * is their key in the status bucket.
 */
async function statusHostFiles(id: string, read: ReadFile, lang: Locale): Promise<Upload[]> {
  const found = new Map<string, Upload>()
  const queue = [...STATUS_HOST_FILES, `builds/meta/${id}.json`]
  const required = new Set(STATUS_HOST_FILES.filter((f) => f.endsWith('monitoring/index.html')))
  const seen = new Set<string>(queue)
  while (queue.length) {
    const path = queue.shift()!
    const file = await read(path)
    if (!file) {
      if (required.has(path)) throw new DeployError(words('deploy.statusHost.missing', { id, path })[lang])
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
 * Brings the status host's bucket to build `id`'s monitoring pages: what changed, step by step
 * (statusHostStep), each step whole before the next. Never `status/`, which replication alone
 * writes. The number of files uploaded, and of files unchanged.
 */
async function syncStatusHost(
  d: Deployer,
  id: string,
  read: ReadFile,
): Promise<{ uploaded: number; unchanged: number; bytes: number }> {
  const lang = d.opts.lang
  const target = d.statusBucket!
  const files = await statusHostFiles(id, read, lang)
  const remote = await target.list('')
  const changed = files.filter((u) => remote.get(u.key) !== u.md5)
  const bytes = changed.reduce((n, u) => n + u.body.length, 0)
  if (d.opts.dryRun) {
    const where = `s3://${target.name}/`
    for (const u of changed) console.log(words('deploy.statusHost.wouldUpload', { key: u.key, target: where })[lang])
    console.log(
      words('deploy.statusHost.dryRun', {
        target: where,
        count: changed.length,
        id,
        size: formatBytes(bytes),
        unchanged: files.length - changed.length,
      })[lang],
    )
    return { uploaded: 0, unchanged: files.length - changed.length, bytes: 0 }
  }
  d.state.statusHost = true
  for (const step of [0, 1, 2, 3])
    await eachAtMost(
      changed.filter((u) => statusHostStep(u.key) === step),
      d.opts.concurrency,
      (u) => target.put(u),
    )
  d.state.statusHost = false
  return { uploaded: changed.length, unchanged: files.length - changed.length, bytes }
}

/** The status host brought to `id`, said in one line; a failure says the site's switch stands. */
export async function updateStatusHost(d: Deployer, id: string, read: ReadFile) {
  if (!d.statusBucket) return
  const lang = d.opts.lang
  const target = `s3://${d.statusBucket.name}/`
  try {
    const { uploaded, unchanged, bytes } = await syncStatusHost(d, id, read)
    if (!d.opts.dryRun)
      console.log(
        words('deploy.statusHost.updated', { target, id, uploaded, size: formatBytes(bytes), unchanged })[lang],
      )
  } catch (err) {
    const why = err instanceof DeployError ? err.message : describeError(err, lang, d.bucket.resources)
    const live = d.state.switched || d.state.live === id
    throw new DeployError(
      words(live ? 'deploy.statusHost.notBroughtLive' : 'deploy.statusHost.notBrought', { id, target, why })[lang],
    )
  }
}
