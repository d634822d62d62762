// `npm run bench -- --inp`: one build, then Interaction to Next Paint of every island page on two
// calibrated phones (../lib/inpBench.ts, ../lib/cpuCalibration.ts), one table per tier beside its goal.
import { build } from '../lib/build'
import { tolerance } from '../lib/cpuCalibration'
import { runInpBench } from '../lib/inpBench'
import { tierTable } from '../lib/inpTable'
import { printTable as table } from '../lib/textTable'

/** `n` loads per page (median), on the pages `only` names or every island page. */
export async function inpMode(n: number, only?: string[]) {
  const b = build()
  console.log(`npm run build: ${b.wall.toFixed(1)} s\n`)
  const { calibration, tiers } = await runInpBench(n, only)
  console.log(
    `CPU calibrated as Chrome DevTools does (bench/lib/cpuCalibration.ts), each read the median of 3: Lighthouse's BenchmarkIndex reads ${Math.round(calibration.unthrottled)} with the CPU not slowed.`,
  )
  for (const which of ['mid', 'low'] as const)
    if ('tooWeak' in calibration[which])
      console.log(`${which === 'mid' ? 'Mid' : 'Low'} tier: this machine is slower than the phone, not measured.`)
  console.log()
  for (const { tier, rate, after, load, floor, rows } of tiers) {
    const t = tierTable(tier.goal, floor, rows)
    console.log(
      `${tier.name} (${tier.phone}, BenchmarkIndex ${tier.score}): CPU ${rate.rate}x, read ${Math.round(rate.score)}${rate.matched ? '' : ` (no read within ${tolerance} points: the closest)`}, ${Math.round(after)} after its loads; load average ${load[0]}, then ${load[1]}.`,
    )
    console.log(
      `Interaction to Next Paint, ms: 412 x 823 touch, median of ${n} loads; the one field loaded beside each (worst of taps every 40 ms / its first tap). Goal: under ${tier.goal} ms.`,
    )
    table(t.head, t.rows)
    console.log(
      t.missing.length
        ? `Over ${tier.goal} ms: ${t.missing.map((m) => `${m.page} (${m.moments.join(', ')})`).join('; ')}.${t.floorMissed ? ' The one field alone is over it too.' : ''}`
        : `Every row under ${tier.goal} ms.`,
    )
    console.log()
  }
}
