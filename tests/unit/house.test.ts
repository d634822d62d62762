// The repository stays a house a newcomer can find their way in: every comment, test name and doc
// line can be followed inside it (no pointer to an issue, a review or a finding, which only the
// project's history resolves: git keeps that); no source or test file grows past 600 lines (split it
// along its seams first: CONTRIBUTING.md); and CONTRIBUTING's map names files that exist.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { extname, join } from 'node:path'
import { describe, expect, it } from 'vitest'

/** What the tree holds that is not the project's own text: installs, builds, caches, results. */
const skipped = new Set([
  '.git',
  'node_modules',
  'dist',
  '.cache',
  '.vike',
  'cdk.out',
  'test-results',
  'playwright-report',
  'cloudfront',
  'coverage',
])
const textFile = /\.(ts|tsx|mts|mjs|cjs|js|json|md|css|sh|yml|yaml|in|astro)$/

function filesUnder(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir)) {
    if (skipped.has(entry)) continue
    const path = dir === '.' ? entry : join(dir, entry)
    const stat = statSync(path)
    if (stat.isDirectory()) out.push(...filesUnder(path))
    else if (textFile.test(entry) && !entry.endsWith('package-lock.json')) out.push(path)
  }
  return out
}
const files = filesUnder('.')

const pointers = [
  /\b(issue|review|finding)s? #?\d+/i,
  /\b(security|copy|design|style|ops|accessibility|engines|commerce) review\b/i,
  /\bbar \d+:/i,
  /\bturn \d+'s\b/i,
]

describe('the repository', () => {
  it('has no pointer to an issue, a review or a finding in its code, tests or docs', () => {
    const found: string[] = []
    for (const file of files) {
      const lines = readFileSync(file, 'utf8').split('\n')
      lines.forEach((line, i) => {
        if (pointers.some((p) => p.test(line))) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`)
      })
    }
    expect(found).toEqual([])
  })

  it('has no source or test file over 600 lines', () => {
    const code = new Set(['.ts', '.tsx', '.mts', '.mjs', '.cjs', '.js', '.css', '.sh'])
    const long = files
      .filter((f) => code.has(extname(f)))
      .map((f) => ({ f, lines: readFileSync(f, 'utf8').trimEnd().split('\n').length }))
      .filter(({ lines }) => lines > 600)
      .map(({ f, lines }) => `${f}: ${lines} lines`)
    expect(long).toEqual([])
  })
})

describe('CONTRIBUTING.md, "Where things are"', () => {
  const contributing = readFileSync('CONTRIBUTING.md', 'utf8')
  const start = contributing.indexOf('## Where things are')
  const map = contributing.slice(start, contributing.indexOf('\n## ', start + 1))

  it('names one subject per line, each with its doc', () => {
    const subjects = map.split('\n- ').slice(1)
    expect(subjects.length).toBeGreaterThanOrEqual(15)
    for (const subject of subjects) expect(subject, subject).toMatch(/Doc:\s+`docs\/[a-z]+\.md`/)
  })

  it('names files and folders that exist', () => {
    const paths = [...map.matchAll(/`([^`\s]+)`/g)]
      .map((m) => m[1]!)
      .filter((p) => !p.startsWith('/') && (p.includes('/') || /\.(ts|tsx|json|md)$/.test(p)))
      .map((p) => p.replace(/<[^>]+>.*$/, ''))
    expect(paths.length).toBeGreaterThan(20)
    expect(paths.filter((p) => !existsSync(p))).toEqual([])
  })
})
