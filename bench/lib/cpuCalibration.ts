// The CPU of a phone, for `npm run bench -- --inp` (./inpBench.ts): not a fixed slowdown,
// which is a different phone on every machine, but the rate at which the page's own CPU benchmark reads
// a phone's score, as Chrome DevTools calibrates its "Mid-tier mobile" and "Low-tier mobile" CPU presets
// (chrome-devtools-frontend, front_end/panels/mobile_throttling/CalibrationController.ts):
// - the benchmark is Lighthouse's BenchmarkIndex (`computeBenchmarkIndex` in lighthouse's
//   core/lib/page-functions.js, run in the page with Emulation.setCPUThrottlingRate applied): the mean
//   of how many times a second the page builds a string of 10,000 characters and copies an array of
//   100,000 integers, each divided by 10. DevTools runs Lighthouse's code for 250 ms a read; the bench
//   runs Lighthouse's own function, 1 s a read, which a shared machine's noise moves less;
// - a tier's score: 1000 for a mid-tier phone (a Pixel 5), 264 for a low-tier one (a Moto G Power
//   2022), DevTools' `midScore` and `lowScore`;
// - the search, as DevTools': one read to warm V8 up, one unthrottled (read twice if under the mid
//   tier's score; a machine under a tier's score cannot emulate it), then a bisection of the rate, the
//   low tier first between 1 and 1.5 times the unthrottled score over 264, the mid tier then around
//   the low tier's rate times 264 / 1000 (a quarter either side); each step reads at the middle rate
//   (rounded to the hundredth, as Chromium takes it) and stops within 10 points of the score, at most
//   8 steps. Where DevTools keeps the last rate tried, the bench keeps the one whose read came closest
//   (the same when a read matched).
// Pure: the benchmark is given as a function of the rate (tests/unit/bench/cpuCalibration.test.ts).

/** A phone to emulate: the score its CPU reads, and the time a tap must be answered in. */
export interface Tier {
  id: 'mid' | 'low'
  /** DevTools' name of the preset. */
  name: string
  phone: string
  /** Lighthouse's BenchmarkIndex on such a phone (DevTools' calibration targets). */
  score: number
  /** Interaction to Next Paint must be under this on such a phone, ms. */
  goal: number
}

export const midTier: Tier = { id: 'mid', name: 'Mid-tier mobile', phone: 'a Pixel 5', score: 1000, goal: 100 }
export const lowTier: Tier = { id: 'low', name: 'Low-tier mobile', phone: 'a Moto G Power 2022', score: 264, goal: 200 }
export const tiers = [midTier, lowTier] as const

/** A read is a match within this many points of the target (DevTools' "within 10 points"). */
export const tolerance = 10
/** Steps of one tier's bisection (DevTools' `maxIterations`). */
export const maxSteps = 8

/** The page's BenchmarkIndex with the CPU slowed `rate` times. */
export type Benchmark = (rate: number) => Promise<number>

export interface Read {
  rate: number
  score: number
}

/** A tier's rate, found. */
export interface Found {
  /** The rate chosen, and the score read at it. */
  rate: number
  score: number
  /** The read was within `tolerance` of the tier's score. */
  matched: boolean
  /** Every read of the bisection, in order (the bounds first). */
  reads: Read[]
}

/** What the calibration found for one tier: its rate, or that this machine is slower than the phone. */
type TierRate = Found | { tooWeak: true }

export interface Calibration {
  /** BenchmarkIndex with the CPU not slowed. */
  unthrottled: number
  mid: TierRate
  low: TierRate
}

/** Rounded to the hundredth: Chromium's throttling takes the rate so (DevTools' `truncate`). */
export const hundredths = (n: number) => Number(n.toFixed(2))

/** Finds each tier's rate as DevTools does; `onRead` sees each read as it is made (not the warm-up). */
export async function calibrate(benchmark: Benchmark, onRead?: (read: Read) => void): Promise<Calibration> {
  // As DevTools, a rate is read once: a bisection that comes back to it takes the same score.
  const scores = new Map<number, number>()
  const run = async (rate: number) => {
    const known = scores.get(rate)
    if (known !== undefined) return known
    const score = await benchmark(rate)
    if (!Number.isFinite(score)) throw new Error(`The benchmark read ${score} at ${rate}x`)
    scores.set(rate, score)
    onRead?.({ rate, score })
    return score
  }

  /** The bisection of the rate between `lower` and `upper` for `target`. */
  const find = async (target: number, lower: number, upper: number): Promise<Found> => {
    const reads: Read[] = []
    const read = async (rate: number) => {
      const r = { rate, score: await run(rate) }
      reads.push(r)
      return r
    }
    let low = await read(lower)
    let high = await read(upper)
    const tried: Read[] = []
    for (let step = 0; step < maxSteps; step++) {
      const r = await read(hundredths((low.rate + high.rate) / 2))
      tried.push(r)
      if (Math.abs(target - r.score) < tolerance) return { ...r, matched: true, reads }
      // A slower CPU reads less.
      if (r.score < target) high = r
      else low = r
    }
    const closest = tried.reduce((a, b) => (Math.abs(b.score - target) < Math.abs(a.score - target) ? b : a))
    return { ...closest, matched: false, reads }
  }

  // Warm-up: V8 optimises the benchmark's loops (DevTools reads once before anything counts).
  const warm = await benchmark(1)
  if (!Number.isFinite(warm)) throw new Error(`The benchmark read ${warm}`)
  let unthrottled = await run(1)
  if (unthrottled < midTier.score) {
    // One more chance, as DevTools gives it.
    scores.clear()
    unthrottled = await run(1)
  }
  if (unthrottled < lowTier.score) return { unthrottled, mid: { tooWeak: true }, low: { tooWeak: true } }
  const low = await find(lowTier.score, 1, (unthrottled / lowTier.score) * 1.5)
  if (unthrottled < midTier.score) return { unthrottled, mid: { tooWeak: true }, low }
  // The mid tier's bisection starts from the low tier's rate, scaled by the two scores.
  const r = low.rate / (midTier.score / lowTier.score)
  const mid = await find(midTier.score, hundredths(Math.max(1, r - r / 4)), hundredths(Math.max(1, r + r / 4)))
  return { unthrottled, mid, low }
}
