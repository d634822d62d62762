// `npm run build` as the bench runs it: wall time, what the build says of itself, peak memory; and
// the pages it wrote to dist/.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface BuildResult {
  wall: number // s, `npm run build` end to end
  own: number // s, as the build itself reports it ("Built N pages into dist/ in X s")
  /** Where the build says its time went: Vike (bundles and prerender), the post-build steps. */
  phases: string
  /** The build's social cards (docs/cards.md): "cards: N (D drawn, C from cache) in X s". */
  cards: string
  maxRssMiB: number
}

/**
 * Runs `npm run build` once. Peak memory: GNU time's %M, i.e. wait4()'s ru_maxrss — the peak RSS of
 * the largest single process in the tree (the node process running Vike), not the tree's sum.
 */
export function build(env: Record<string, string | undefined> = {}): BuildResult {
  const rssFile = join(tmpdir(), `rasid-bench-rss-${process.pid}`)
  const hasTime = existsSync('/usr/bin/time')
  const [cmd, args] = hasTime
    ? ['/usr/bin/time', ['-f', '%M', '-o', rssFile, 'npm', 'run', 'build']]
    : ['npm', ['run', 'build']]
  const start = performance.now()
  const r = spawnSync(cmd, args as string[], { env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 1 << 28 })
  const wall = (performance.now() - start) / 1000
  if (r.status !== 0)
    throw new Error(`npm run build failed (${r.status ?? r.signal}):\n${(r.stderr || r.stdout).slice(-3000)}`)
  const own = Number(/Built \d+ pages into dist\/ in ([\d.]+) s/.exec(r.stdout)?.[1] ?? NaN)
  // "Vike V s (bundles B s[ reused], prerender P s), post-build S s": shown as B+P / S, B marked "r"
  // when the kept bundles were reused (build/bundleCache.ts). The catalog checks run in a thread of
  // their own meanwhile (build/search.ts `sourcesThread`).
  const p = /Vike ([\d.]+) s \(bundles ([\d.]+) s( reused)?, prerender ([\d.]+) s\), post-build ([\d.]+) s/.exec(
    r.stdout,
  )
  const phases = p ? `${p[2]}${p[3] ? 'r' : ''}+${p[4]} / ${p[5]}` : '-'
  const c = /cards: (\d+) \((\d+) drawn, (\d+) from cache\) in ([\d.]+) s/.exec(r.stdout)
  const cards = c ? `${c[4]} (${c[2]} drawn)` : '-'
  const kib = hasTime ? Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()) : NaN
  rmSync(rssFile, { force: true })
  return { wall, own, phases, cards, maxRssMiB: kib / 1024 }
}

/** dist/**\/index.html, relative to dist/, sorted. */
export const indexPages = () =>
  (readdirSync('dist', { recursive: true }) as string[])
    .map((f) => f.split('\\').join('/'))
    .filter((f) => f === 'index.html' || f.endsWith('/index.html'))
    .sort()
