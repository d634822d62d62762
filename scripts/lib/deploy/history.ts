// What `npm run deploy` reads from its switch records (docs/deploy.md, "Rollback, history and
// pruning"): which builds were rolled back from, where a plain `--rollback` goes, and which builds
// `--prune-keep` must keep. Pure functions over the records, apart from the bucket, so that the
// deploy, its dry run and its tests judge with the same rules.

/** One switch of the live build: `deploys/switches/<time>-<id>.json`. */
export interface SwitchRecord {
  at: number
  by: string
  from: string | null
  to: string
  /**
   * `deploy`: a deploy made `to` live. `rollback`: a rollback, plain or to a named older build:
   * `from` is the build rolled back from. `forward`: a named build made live again, one that was
   * rolled back from or is newer than `from` (which is not rolled back from by it).
   */
  kind: 'deploy' | 'rollback' | 'forward'
  /**
   * After this switch, the builds rolled back from and not made live again since: a plain
   * `--rollback` never goes to one. Absent from records written before it was kept (replayed then).
   */
  withdrawn?: string[]
}

/** What the history needs of a build's record. */
interface BuildFacts {
  id: string
  complete: boolean
  deployedAt: number
}

/** The builds rolled back from as of the newest of `switches` (newest first, as read). */
export function withdrawnAfter(switches: readonly SwitchRecord[]): string[] {
  let out: string[] = []
  for (const s of [...switches].reverse()) out = s.withdrawn ? [...s.withdrawn] : nextWithdrawn(out, s)
  return out
}

/** The withdrawn builds after a switch: a rollback adds the build it left; whatever goes live leaves the list. */
export function nextWithdrawn(before: readonly string[], s: Pick<SwitchRecord, 'kind' | 'from' | 'to'>): string[] {
  const out = new Set(before)
  if (s.kind === 'rollback' && s.from) out.add(s.from)
  out.delete(s.to)
  return [...out].sort()
}

/**
 * The kind of a switch to a build the operator named: `forward` when it was rolled back from or is
 * newer than the live one (going forward again is always explicit), else `rollback`.
 */
export function namedKind(
  to: string,
  live: string | undefined,
  withdrawn: readonly string[],
  records: readonly BuildFacts[],
): 'rollback' | 'forward' {
  if (withdrawn.includes(to)) return 'forward'
  const target = records.find((r) => r.id === to)
  const current = records.find((r) => r.id === live)
  return target && current && target.deployedAt > current.deployedAt ? 'forward' : 'rollback'
}

export type RollbackPlan =
  /** `to`, passing over `skipped`: builds rolled back from, or no longer in the bucket. */
  | { to: string; skipped: { id: string; why: 'withdrawn' | 'pruned' }[] }
  /** Nothing to go back to: `withdrawn` lists the builds (still in the bucket) a plain rollback will not bring back. */
  | { refused: 'nothing'; withdrawn: string[] }
  /** The live build is not the one the newest switch record made live: a switch is not on record (yet). */
  | { refused: 'unrecorded'; recorded: string }

/**
 * Where a plain `--rollback` goes from `live`: back through the builds that were live, newest
 * first, to the first that was not rolled back from and is still in the bucket. With no switch on
 * record (a bucket deployed to before they were kept), the newest complete build deployed before
 * the live one.
 */
export function plainRollback(
  live: string | undefined,
  switches: readonly SwitchRecord[],
  records: readonly BuildFacts[],
): RollbackPlan {
  if (!live) return { refused: 'nothing', withdrawn: [] }
  if (!switches.length) {
    const current = records.find((r) => r.id === live)
    const older = records
      .filter((r) => r.complete && r.id !== live && (!current || r.deployedAt < current.deployedAt))
      .sort((a, b) => b.deployedAt - a.deployedAt)[0]
    return older ? { to: older.id, skipped: [] } : { refused: 'nothing', withdrawn: [] }
  }
  if (switches[0]!.to !== live) return { refused: 'unrecorded', recorded: switches[0]!.to }
  const withdrawn = withdrawnAfter(switches)
  const skipped: { id: string; why: 'withdrawn' | 'pruned' }[] = []
  for (const id of wereLive(switches)) {
    if (id === live) continue
    if (withdrawn.includes(id)) skipped.push({ id, why: 'withdrawn' })
    else if (!records.some((r) => r.id === id)) skipped.push({ id, why: 'pruned' })
    else return { to: id, skipped }
  }
  return { refused: 'nothing', withdrawn: withdrawn.filter((id) => records.some((r) => r.id === id)) }
}

/** The builds live during `switches` (newest first), from the most recently live; each once. */
function wereLive(switches: readonly SwitchRecord[]): string[] {
  const out: string[] = []
  for (const s of switches) for (const id of [s.to, s.from]) if (id && !out.includes(id)) out.push(id)
  return out
}

export type KeepReason = 'deployed' | 'live' | 'target' | 'newest' | 'recent' | 'uploading'

/**
 * The builds `--prune-keep N` keeps, each with why: the one just deployed, the live one, the one a
 * plain `--rollback` goes to now, the newest N complete ones, every build made live by one of the
 * last N switches, and any still uploading (for `uploadingMs`). Every other build is pruned.
 */
export function keptBuilds(opts: {
  keep: number
  current: string
  live: string | undefined
  /** Newest first, including the build just deployed. */
  records: readonly BuildFacts[]
  /** Newest first, including this deploy's switch, if it made one. */
  switches: readonly SwitchRecord[]
  now: number
  uploadingMs: number
}): Map<string, KeepReason[]> {
  const kept = new Map<string, KeepReason[]>()
  const add = (id: string | undefined, why: KeepReason) => {
    if (!id) return
    const reasons = kept.get(id) ?? []
    if (!reasons.includes(why)) reasons.push(why)
    kept.set(id, reasons)
  }
  add(opts.current, 'deployed')
  add(opts.live, 'live')
  const plan = plainRollback(opts.live, opts.switches, opts.records)
  if ('to' in plan) add(plan.to, 'target')
  for (const r of opts.records.filter((r) => r.complete).slice(0, opts.keep)) add(r.id, 'newest')
  for (const s of opts.switches.slice(0, opts.keep)) add(s.to, 'recent')
  for (const r of opts.records) if (!r.complete && opts.now - r.deployedAt < opts.uploadingMs) add(r.id, 'uploading')
  return kept
}
