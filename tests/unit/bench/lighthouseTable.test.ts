// The table of `npm run bench -- --lighthouse` (bench/lib/lighthouseTable.ts).
import { describe, expect, it } from 'vitest'
import {
  englishOf,
  type LighthousePage,
  lighthouseHead,
  lighthouseRows,
  lighthouseSummary,
} from '../../../bench/lib/lighthouseTable'

const page = (url: string, lcps: number[], tbts = [0, 0, 0], score = 100): LighthousePage => ({
  url,
  runs: lcps.map((lcp, i) => ({ score, fcp: 1000, lcp, tbt: tbts[i]!, cls: 0 })),
  elements: lcps.map(() => 'div > p.mt-4'),
})

describe('englishOf', () => {
  it('is the English page of an Arabic one, else nothing', () => {
    expect(englishOf('/ar')).toBe('/')
    expect(englishOf('/ar/pricing')).toBe('/pricing')
    expect(englishOf('/ar/guide/getting-started/api-keys')).toBe('/guide/getting-started/api-keys')
    expect(englishOf('/pricing')).toBeUndefined()
    expect(englishOf('/archive')).toBeUndefined()
  })
})

describe('lighthouseRows', () => {
  const col = (name: string) => lighthouseHead.indexOf(name)
  const rows = lighthouseRows([
    page('/pricing', [1400, 1500, 1450]),
    page('/ar/pricing', [1600, 1590, 1595], [10, 107, 60]),
    page('/contact-us', [1500, 1500, 1500]),
    page('/ar/contact-us', [1560, 1570, 1550]),
    page('/checkout', [], []),
  ])

  it('gives medians, and the Arabic LCP over the English one', () => {
    expect(rows[0]![col('LCP ms')]).toBe('1450')
    expect(rows[0]![col('LCP ar/en')]).toBe('')
    expect(rows[1]![col('LCP ar/en')]).toBe('1.10x')
    expect(rows[1]![col('TBT ms')]).toBe('60')
    expect(rows[1]![col('TBT of each run')]).toBe('10 107 60')
  })

  it('names the goals a row misses', () => {
    expect(rows[0]![col('goals')]).toBe('ok')
    expect(rows[1]![col('goals')]).toBe('TBT 60, ar/en 1.10')
    expect(rows[3]![col('goals')]).toBe('ok')
    expect(rows[4]![col('score')]).toBe('failed')
  })

  it('counts the pages that meet every goal', () => {
    expect(lighthouseSummary([page('/pricing', [1400, 1400, 1400]), page('/ar/pricing', [1500, 1500, 1500])])).toMatch(
      /1 of 2 pages meet them all/,
    )
  })
})
