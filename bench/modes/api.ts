// `npm run bench -- --api`: the API alone, no build (../lib/apiBench.ts): POST /api/v1/contact/sales
// on SQLite, req/s and latency per phase, the replays, then the store check; a failed check is exit
// code 1.
import { runApiBench } from '../lib/apiBench'
import { printTable as table } from '../lib/textTable'

const ms = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(1))

export async function apiMode({ requests, concurrency }: { requests: number; concurrency: number }) {
  const r = await runApiBench({ requests, concurrency, log: (l) => console.log(l) })
  console.log(
    `\nPOST /api/v1/contact/sales, \`npm run api\` with SQLite in a child process, ${r.concurrency} requests in flight over keep-alive connections; ${r.machine}, load average ${r.loadBefore.toFixed(2)} at the start.`,
  )
  console.log(
    'Latency: first byte sent to last byte read, every answer whatever its status. req/s: answers / wall time.\n',
  )
  table(
    ['phase', 'sent', '201', 'other', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'wall s'],
    r.phases.map((p) => [
      p.capped ? `${p.name} (stopped at the time cap)` : p.name,
      p.sent,
      p.created,
      Object.entries(p.statuses)
        .filter(([s]) => s !== '201')
        .map(([s, n]) => `${n}×${s}`)
        .join(' ') || '0',
      p.perSecond.toFixed(0),
      ms(p.latency.p50),
      ms(p.latency.p95),
      ms(p.latency.p99),
      ms(p.latency.max),
      p.seconds.toFixed(2),
    ]),
  )
  const c = r.check
  console.log(
    `Replays (same key and body): ${r.replay.same}/${r.replay.sent} answered with the first answer and Idempotent-Replayed.`,
  )
  console.log(
    `Store check: ${c.accepted} leads accepted (201), ${c.stored} rows in the store; missing ${c.missing.length}, stored twice ${c.duplicated.length}, never accepted ${c.unexpected.length}, different ${c.mismatched.length}.`,
  )
  if (c.unanswered.length)
    console.log(
      `${c.unanswered.length} leads are stored whose requests got no answer (timeout, reset): kept, not counted as errors.`,
    )
  console.log(
    `Server peak RSS ${r.serverPeakRssMiB.toFixed(0)} MiB; SQLite file ${(r.dbBytes / 1024).toFixed(0)} KiB (${(r.dbBytes / Math.max(1, c.stored)).toFixed(0)} B per lead).`,
  )
  if (r.problems.length) {
    console.log(`\nAPI bench FAILED: ${r.problems.join('; ')}.`)
    const sample = [...c.missing, ...c.duplicated, ...c.unexpected, ...c.mismatched].slice(0, 5)
    if (sample.length) console.log(`For example: ${sample.join(', ')}`)
    process.exitCode = 1
  } else console.log('OK: every accepted lead is in the store exactly once.')
}
