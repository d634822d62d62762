// `--list`: the deployed builds (which is live, which still uploading, which rolled back from),
// where a plain `--rollback` goes, and the last switches. A table for an operator's eyes, in
// English whatever the language (docs/deploy.md).
import type { Deployer } from './deployer'
import { plainRollback, withdrawnAfter } from './history'
import { time } from './words'

/** A read's value, or its failure thrown. */
const settled = <T>(read: PromiseSettledResult<T>): T => {
  if (read.status === 'rejected') throw read.reason
  return read.value
}

export async function list(d: Deployer) {
  // Read at once; when more than one read fails, the store's failure is the one said, however
  // soon the others gave up.
  const [store, stored, recent] = await Promise.allSettled([d.store.read(), d.records(), d.switches()])
  const { live } = settled(store)
  const records = settled(stored)
  const switches = settled(recent)
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
