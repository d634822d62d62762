// `--prune-keep N`, after a deploy (docs/deploy.md, "Rollback, history and pruning"): the builds
// nothing keeps, and the shared files no kept build names, deleted; the records last, so that a
// prune stopped half-way is finished by the next one.
import { isSharedKey, RELEASES } from '../../../host/rules'
import { eachAtMost } from './bucket'
import { type BuildRecord, type Deployer, recordKey } from './deployer'
import { keptBuilds, type SwitchRecord } from './history'
import { DeployError, text } from './words'

/** A build still uploading for longer than this is taken as abandoned. */
const ABANDONED_MS = 24 * 60 * 60 * 1000

/**
 * Deletes the builds `--prune-keep N` does not keep (./history.ts, `keptBuilds`: the one just
 * deployed, the live one, the one a plain `--rollback` goes to, the newest N, every build live in
 * the last N switches, any still uploading for a day) and the shared files no kept build names; a
 * build's release, meta and record go with it. `dry` plans it as if this deploy had switched from
 * `dry.from`. The number of files deleted.
 */
export async function prune(
  d: Deployer,
  keep: number,
  current: BuildRecord,
  dry?: { from: string | undefined },
): Promise<number> {
  const lang = d.opts.lang
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
  console.log(text.prunePlan(kept, perBuild, doomed.size, keep)[lang])
  if (d.opts.dryRun) {
    for (const key of [...doomed].sort()) console.log(`  would delete ${key}`)
    console.log(text.pruned(kept, perBuild, doomed.size + old.length, keep, true)[lang])
    return 0
  }
  if (old.length) {
    // Nobody switched since the kept set was judged (a rollback to a build about to go).
    const now = await d.store.read()
    if (now.etag !== etag)
      throw new DeployError(text.liveChangedWhilePruning(storeLive ?? 'none', now.live ?? 'none')[lang])
  }
  await eachAtMost([...doomed].sort(), d.opts.concurrency, (key) => d.bucket.delete(key))
  // The records last: a prune stopped half-way is finished by the next one.
  await eachAtMost(old, d.opts.concurrency, (r) => d.bucket.delete(recordKey(r.id)))
  console.log(text.pruned(kept, perBuild, doomed.size + old.length, keep, false)[lang])
  return doomed.size + old.length
}
