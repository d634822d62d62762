// `--rollback` and `--rollback <id>` (docs/deploy.md, "Rollback, history and pruning"): no upload,
// one conditional write to the store, recorded with the builds rolled back from; the status host
// goes back with the site, from the build's own files in the site's bucket.
import { bucketKey, cacheControlFor, contentTypeFor, isSharedKey } from '../../../host/rules'
import { words } from '../cli/words'
import { md5, type Upload } from './build'
import { type Deployer, switchKey } from './deployer'
import { namedKind, nextWithdrawn, plainRollback, type SwitchRecord, withdrawnAfter } from './history'
import { updateStatusHost } from './statusHost'
import { DeployError, ids, seconds, text, time } from './words'

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

/**
 * `--rollback`: the build live before the live one, passing over every build rolled back from
 * (./history.ts), or refused with the reason; `--rollback <id>`: the named one, backward or
 * forward. Either is one conditional write, recorded with the builds rolled back from.
 */
export async function rollback(d: Deployer) {
  const opts = d.opts
  const lang = opts.lang
  const started = Date.now()
  const { live, etag } = await d.readLive()
  const [records, switches] = await Promise.all([d.records(), d.history(live)])
  let to = opts.rollbackTo
  if (!to) {
    const plan = plainRollback(live, switches, records)
    if ('refused' in plan)
      throw new DeployError(
        (plan.refused === 'unrecorded'
          ? text.unrecorded(live ?? 'none', plan.recorded)
          : text.nothingOlder(live ?? 'none', plan.withdrawn))[lang],
      )
    to = plan.to
  }
  // The builds rolled back from that are still in the bucket (a pruned one goes off the list).
  const withdrawn = withdrawnAfter(switches).filter((id) => records.some((r) => r.id === id))
  if (to === live) {
    console.log(text.alreadyLive(to)[lang])
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
      await d.bucket.putJson(switchKey(record), record)
      await d.copyErrorDocument(to)
      console.log(words('deploy.recordedSwitch', { from: recorded, to })[lang])
    }
    // A switch whose status host was not brought along ("run the same command again to finish").
    if (!opts.dryRun) await updateStatusHost(d, to, fromRelease(d, to))
    return
  }
  const record = records.find((r) => r.id === to)
  if (!record)
    throw new DeployError(
      words('deploy.neverDeployed', { to, target: `s3://${opts.bucket}/`, live: live ?? 'none' })[lang],
    )
  if (!record.complete) throw new DeployError(words('deploy.neverFinished', { to, live: live ?? 'none' })[lang])
  const missing = await d.missing(record)
  if (missing.length)
    throw new DeployError(
      words('deploy.lacksFiles', (l) => ({
        to,
        count: missing.length,
        keys: ids(missing.slice(0, 3), l),
        live: live ?? 'none',
        commit: record.commit ?? 'unknown',
      }))[lang],
    )
  const kind = opts.rollbackTo ? namedKind(to, live, withdrawn, records) : 'rollback'
  const after = nextWithdrawn(withdrawn, { kind, from: live ?? null, to })
  if (opts.dryRun) {
    console.log(text.dryRun(live ?? 'none', to)[lang])
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
  console.log((kind === 'rollback' ? text.rolledBack(facts) : text.wentForward(facts))[lang])
  if (kind === 'rollback' && live)
    console.log(
      text.notComingBack(
        live,
        after.filter((id) => id !== live),
      )[lang],
    )
  const next = plainRollback(to, [made, ...switches], records)
  console.log(text.nextRollback('to' in next ? next.to : undefined)[lang])
  // The status host goes back with the site, from the files of the build in the site's bucket.
  await updateStatusHost(d, to, fromRelease(d, to))
}
