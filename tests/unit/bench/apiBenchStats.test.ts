// The figures and the verdict of the API bench (`npm run bench -- --api`, bench/lib/apiBench.ts).
import { describe, expect, it } from 'vitest'
import { checkLeads, percentile, summarize } from '../../../bench/lib/apiBenchStats'

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1)

  it('is a value that was measured, the smallest with p % at or below it', () => {
    expect(percentile(hundred, 50)).toBe(50)
    expect(percentile(hundred, 95)).toBe(95)
    expect(percentile(hundred, 99)).toBe(99)
    expect(percentile(hundred, 100)).toBe(100)
    expect(percentile([1, 2, 3, 4], 50)).toBe(2)
    expect(percentile([10, 20, 30], 99)).toBe(30)
  })

  it('is the minimum at 0, the only value of one, NaN of none', () => {
    expect(percentile(hundred, 0)).toBe(1)
    expect(percentile([7], 99)).toBe(7)
    expect(percentile([], 50)).toBeNaN()
  })
})

describe('summarize', () => {
  it('sorts a copy and gives count, mean, p50, p95, p99 and max', () => {
    const latencies = [5, 1, 4, 2, 3]
    expect(summarize(latencies)).toEqual({ count: 5, mean: 3, p50: 3, p95: 5, p99: 5, max: 5 })
    expect(latencies).toEqual([5, 1, 4, 2, 3])
  })

  it('has no figures for no answers', () => {
    const s = summarize([])
    expect(s.count).toBe(0)
    expect([s.mean, s.p50, s.p99, s.max].every(Number.isNaN)).toBe(true)
  })
})

describe('checkLeads', () => {
  const accepted = [
    ['a', 'a@example.com'],
    ['b', 'b@example.com'],
  ] as const
  const row = (id: string, email = `${id}@example.com`) => ({ id, email })

  it('passes when the store holds every accepted lead once and nothing else', () => {
    const check = checkLeads(accepted, [row('b'), row('a')])
    expect(check).toMatchObject({ accepted: 2, stored: 2, missing: [], duplicated: [], unexpected: [], ok: true })
  })

  it('fails on an accepted lead the store lacks', () => {
    expect(checkLeads(accepted, [row('a')])).toMatchObject({ missing: ['b'], ok: false })
  })

  it('fails on a lead stored twice, by id or by email (one request kept under two ids)', () => {
    expect(checkLeads(accepted, [row('a'), row('b'), row('a')])).toMatchObject({ duplicated: ['a'], ok: false })
    const twice = checkLeads([...accepted, ['c', 'a@example.com']], [row('a'), row('b'), row('c', 'a@example.com')])
    expect(twice).toMatchObject({ duplicated: ['c'], missing: [], ok: false })
  })

  it('fails on an id answered fresh twice, a stored lead nobody was told about, or another email', () => {
    expect(checkLeads([...accepted, ['a', 'a@example.com']], [row('a'), row('b')])).toMatchObject({
      accepted: 2,
      duplicated: ['a'],
      ok: false,
    })
    expect(checkLeads(accepted, [row('a'), row('b'), row('x')])).toMatchObject({ unexpected: ['x'], ok: false })
    expect(checkLeads(accepted, [row('a'), row('b', 'other@example.com')])).toMatchObject({
      mismatched: ['b'],
      ok: false,
    })
  })

  it('reports, without failing, a stored lead whose request got no answer (a client timeout)', () => {
    const check = checkLeads(accepted, [row('a'), row('b'), row('t')], new Set(['t@example.com']))
    expect(check).toMatchObject({ stored: 3, unexpected: [], unanswered: ['t'], ok: true })
    expect(checkLeads(accepted, [row('a'), row('t'), row('t2', 't@example.com')], new Set(['t@example.com'])).ok).toBe(
      false,
    )
  })

  it('passes vacuously on nothing (the bench itself refuses a run with no 201)', () => {
    expect(checkLeads([], []).ok).toBe(true)
  })
})
