// The table `npm run bench -- --lighthouse` prints: each page's medians of 3 Lighthouse runs, its
// Total Blocking Time and, for an Arabic page, its LCP over its English page's, beside the goals every
// page must meet (performance 100, TBT under 50 ms, Arabic LCP within 1.05x English), and which goal a
// row misses. Pure (tests/unit/bench/lighthouseTable.test.ts).
import { median } from './median'

/** The goals every measured page must meet (median of 3 runs). */
const lighthouseGoals = { score: 100, tbtMs: 50, arabicLcpRatio: 1.05 } as const

/** One Lighthouse run of a page: performance score (0-100) and its metrics, ms (CLS unitless). */
interface LighthouseRun {
  score: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
}

/** A page's runs and what Lighthouse named as its largest paint in each. */
export interface LighthousePage {
  url: string
  runs: LighthouseRun[]
  /** The LCP element's selector, per run. */
  elements: string[]
}

/** The English page an Arabic one translates: `/ar` -> `/`, `/ar/pricing` -> `/pricing`; else undefined. */
export function englishOf(url: string): string | undefined {
  if (url === '/ar' || url === '/ar/') return '/'
  return url.startsWith('/ar/') ? url.slice(3) : undefined
}

export const lighthouseHead = [
  'page',
  'score',
  'FCP ms',
  'LCP ms',
  'TBT ms',
  'CLS',
  'LCP ar/en',
  'goals',
  'runs',
  'LCP of each run',
  'TBT of each run',
  'LCP element',
]

/**
 * The rows: medians per page; `LCP ar/en` on an Arabic row whose English page was measured too;
 * `goals` "ok" or the goals missed (`score 99`, `TBT 83`, `ar/en 1.12`).
 */
export function lighthouseRows(pages: LighthousePage[]): (string | number)[][] {
  const lcpOf = new Map<string, number>()
  for (const p of pages) if (p.runs.length) lcpOf.set(p.url, median(p.runs.map((r) => r.lcp)))
  return pages.map((p) => {
    if (!p.runs.length) return [p.url, 'failed', '', '', '', '', '', 'no run', '0/3', '', '', '']
    const m = (k: keyof LighthouseRun) => median(p.runs.map((r) => r[k]))
    const en = englishOf(p.url)
    const enLcp = en === undefined ? undefined : lcpOf.get(en)
    const ratio = enLcp ? m('lcp') / enLcp : undefined
    const missed = [
      m('score') < lighthouseGoals.score ? `score ${m('score').toFixed(0)}` : '',
      m('tbt') >= lighthouseGoals.tbtMs ? `TBT ${m('tbt').toFixed(0)}` : '',
      ratio !== undefined && ratio > lighthouseGoals.arabicLcpRatio ? `ar/en ${ratio.toFixed(2)}` : '',
    ].filter(Boolean)
    return [
      p.url,
      m('score').toFixed(0),
      m('fcp').toFixed(0),
      m('lcp').toFixed(0),
      m('tbt').toFixed(0),
      m('cls').toFixed(3),
      ratio === undefined ? '' : `${ratio.toFixed(2)}x`,
      missed.length ? missed.join(', ') : 'ok',
      `${p.runs.length}/3`,
      p.runs.map((r) => r.lcp.toFixed(0)).join(' '),
      p.runs.map((r) => r.tbt.toFixed(0)).join(' '),
      [...new Set(p.elements)].join(' | ').slice(0, 60),
    ]
  })
}

/** The line under the table: the goals, and how many pages meet them all. */
export function lighthouseSummary(pages: LighthousePage[]): string {
  const rows = lighthouseRows(pages)
  const ok = rows.filter((r) => r[7] === 'ok').length
  return `Goals, every page: score ${lighthouseGoals.score}, TBT under ${lighthouseGoals.tbtMs} ms, Arabic LCP <= ${lighthouseGoals.arabicLcpRatio.toFixed(2)}x its English page's (medians); ${ok} of ${rows.length} pages meet them all.`
}
