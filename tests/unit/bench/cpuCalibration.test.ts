// The CPU calibration of `npm run bench -- --inp` (bench/lib/cpuCalibration.ts), on fake benchmarks.
import { describe, expect, it } from 'vitest'
import {
  type Found,
  calibrate,
  hundredths,
  lowTier,
  maxSteps,
  midTier,
  tolerance,
} from '../../../bench/lib/cpuCalibration'

/** A machine whose BenchmarkIndex is `unthrottled` divided by the rate to the power `curve`; its reads, in order. */
function machine(unthrottled: number, curve = 1) {
  const reads: number[] = []
  const benchmark = async (rate: number) => {
    reads.push(rate)
    return unthrottled / rate ** curve
  }
  return { benchmark, reads }
}

const found = (r: unknown) => r as Found

describe('calibrate', () => {
  it('finds the rate at which each tier reads its score, within the tolerance', async () => {
    const m = machine(2500)
    const c = await calibrate(m.benchmark)
    expect(c.unthrottled).toBe(2500)
    const low = found(c.low)
    const mid = found(c.mid)
    expect(low.matched).toBe(true)
    expect(Math.abs(low.score - lowTier.score)).toBeLessThan(tolerance)
    expect(low.rate).toBeCloseTo(2500 / 264, 0)
    expect(mid.matched).toBe(true)
    expect(Math.abs(mid.score - midTier.score)).toBeLessThan(tolerance)
    expect(mid.rate).toBeCloseTo(2.5, 1)
  })

  it('reads as DevTools does: a warm-up, the machine unslowed, then the low tier from 1 to 1.5 x score / 264', async () => {
    const m = machine(2640)
    const c = await calibrate(m.benchmark)
    expect(m.reads.slice(0, 4)).toEqual([1, 1, 15, 8])
    // Each step reads at the middle of the bounds, rounded to the hundredth.
    expect(found(c.low).reads.map((r) => r.rate)).toEqual([1, 15, 8, 11.5, 9.75])
    expect(found(c.low).rate).toBe(9.75)
    // The mid tier starts around the low tier's rate times 264 / 1000, a quarter either side.
    const r = 9.75 / (1000 / 264)
    expect(
      found(c.mid)
        .reads.slice(0, 2)
        .map((x) => x.rate),
    ).toEqual([hundredths(r - r / 4), hundredths(r + r / 4)])
  })

  it('follows a benchmark that is not linear in the rate', async () => {
    const c = await calibrate(machine(3000, 0.9).benchmark)
    expect(Math.abs(found(c.low).score - 264)).toBeLessThan(tolerance)
    expect(Math.abs(found(c.mid).score - 1000)).toBeLessThan(tolerance)
    expect(Math.abs(found(c.low).rate / (3000 / 264) ** (1 / 0.9) - 1)).toBeLessThan(0.05)
    expect(Math.abs(found(c.mid).rate / (3000 / 1000) ** (1 / 0.9) - 1)).toBeLessThan(0.05)
  })

  it('reads a rate once, and stops after its steps with the closest read when none matched', async () => {
    // A benchmark that jumps over the target: 300 up to 5x, 200 beyond.
    const reads: number[] = []
    const c = await calibrate(async (rate) => {
      reads.push(rate)
      return rate === 1 ? 1200 : rate <= 5 ? 300 : 200
    })
    const low = found(c.low)
    expect(low.matched).toBe(false)
    expect(low.reads).toHaveLength(2 + maxSteps)
    expect(low.score).toBe(300)
    expect(low.rate).toBeLessThanOrEqual(5)
    // The warm-up aside, no rate is read twice.
    expect(new Set(reads.slice(1)).size).toBe(reads.length - 1)
  })

  it('gives a machine under a tier’s score a second chance, then does not emulate that tier', async () => {
    const slow = machine(500)
    const c = await calibrate(slow.benchmark)
    expect(slow.reads.slice(0, 3)).toEqual([1, 1, 1])
    expect(c.mid).toEqual({ tooWeak: true })
    expect(Math.abs(found(c.low).score - 264)).toBeLessThan(tolerance)
    const slower = machine(200)
    expect(await calibrate(slower.benchmark)).toEqual({
      unthrottled: 200,
      mid: { tooWeak: true },
      low: { tooWeak: true },
    })
  })

  it('tells each read, and refuses a benchmark that reads no number', async () => {
    const seen: number[] = []
    await calibrate(machine(2000).benchmark, (r) => seen.push(r.rate))
    expect(seen[0]).toBe(1)
    expect(seen.length).toBeGreaterThan(3)
    await expect(calibrate(async () => Number.NaN)).rejects.toThrow(/read NaN/)
  })
})
