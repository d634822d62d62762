// The table of `npm run bench -- --inp` for one calibrated tier (bench/lib/inpTable.ts).
import { describe, expect, it } from 'vitest'
import { type IslandRow, ms, over, tierTable } from '../../../bench/lib/inpTable'

const row = (page: string, firstTap: number, hydrated: number): IslandRow => ({
  page,
  firstTap,
  hydrated,
  longTask: 0,
  noScript: 40,
  floor: { taps: 64, tap: 32 },
  worst: Math.max(firstTap, hydrated),
})

describe('ms', () => {
  it('rounds, and shows what Event Timing does not report as under 16', () => {
    expect(ms(95.6)).toBe('96')
    expect(ms(16)).toBe('16')
    expect(ms(0)).toBe('<16')
  })
})

describe('over', () => {
  it('is every moment at or over the goal ("under N ms")', () => {
    expect(over(100, { 'first tap': 96, hydrated: 100 })).toEqual(['hydrated'])
    expect(over(200, { 'first tap': 312, hydrated: 296 })).toEqual(['first tap', 'hydrated'])
    expect(over(200, { 'first tap': 0 })).toEqual([])
  })
})

describe('tierTable', () => {
  const t = tierTable(100, { taps: 72, tap: 40, worst: 120 }, [
    row('/pricing', 88, 64),
    row('/design', 152, 96),
    row('/ar/design', 104, 112),
    row('/checkout', 40, 100),
  ])

  it('has the goal in its head and the one field first, beside every row', () => {
    expect(t.head[0]).toBe('page')
    expect(t.head.at(-1)).toBe('under 100 ms')
    expect(t.rows[0]).toEqual(['(one field)', '72', '-', '72 / 40', '-', '-', '120', 'yes'])
    expect(t.rows.slice(1).every((r) => r[3] === '64 / 32')).toBe(true)
    expect(t.rows.every((r) => r.length === t.head.length)).toBe(true)
  })

  it('says of each row whether it meets the goal, and which moment misses', () => {
    expect(t.rows.map((r) => [r[0], r.at(-1)])).toEqual([
      ['(one field)', 'yes'],
      ['/pricing', 'yes'],
      ['/design', 'no: first tap'],
      ['/ar/design', 'no: both'],
      ['/checkout', 'no: hydrated'],
    ])
    expect(t.rows[2]).toEqual(['/design', '152', '96', '64 / 32', '40', '0', '152', 'no: first tap'])
    expect(t.missing).toEqual([
      { page: '/design', moments: ['first tap'] },
      { page: '/ar/design', moments: ['first tap', 'hydrated'] },
      { page: '/checkout', moments: ['hydrated'] },
    ])
    expect(t.floorMissed).toBe(false)
  })

  it('says when the one field alone is over the goal', () => {
    const slow = tierTable(100, { taps: 104, tap: 48, worst: 160 }, [])
    expect(slow.rows).toHaveLength(1)
    expect(slow.rows[0]!.at(-1)).toBe('no: first tap')
    expect(slow.floorMissed).toBe(true)
    expect(slow.missing).toEqual([])
  })
})
