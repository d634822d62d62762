// `npm run bench -- --search`: the guide search's indexes (docs/search.md) at the site's guides and at
// 500 guides per language (the real guides over and over, each with its own title, so that length
// and vocabulary are a real guide's): the first chunk's and the prose's bytes, what focusing the box
// and what each query of the table (tests/searchQueries.ts) fetches, and the time to build, load
// and answer, in Node and in Chromium (the built dist/ with the indexes swapped in, queried through
// the box as a visitor types: from the input event to the list built). Needs a built dist/.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import MiniSearch from 'minisearch'
import { chromium } from 'playwright-core'
import { loadGuides } from '../../build/guides'
import { buildSearchIndexes, loadSearchIndexes, searchDocs } from '../../build/search'
import { loadCatalogs } from '../../locales/catalogs'
import { type Locale, localeCodes } from '../../locales/locales'
import { headIndexOptions, type SearchHead, searchIndexPath } from '../../renderer/search/files'
import { searchGuides, shardsOf } from '../../renderer/search/query'
import { searchQueries } from '../../tests/searchQueries'
import { chromiumArgs, chromiumPath } from '../../scripts/lib/chromium'
import { serve } from '../../host/local/previewServer'

const gz = (text: string | Buffer) => gzipSync(text, { level: 9 }).length
const kb = (bytes: number) => (bytes / 1024).toFixed(1)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!

/** The gzip bytes of the search's own code (the chunk with the combobox and MiniSearch). */
function codeBytes(dist: string): number {
  let sum = 0
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name)
      if (e.isDirectory()) walk(p)
      else if (p.endsWith('.js')) {
        const text = readFileSync(p)
        if (text.includes('guide-search-option-')) sum += gz(text)
      }
    }
  }
  walk(join(dist, 'assets'))
  return sum
}

interface Built {
  count: number
  locale: Locale
  json: { head: string; shards: string[] }
  buildMs: number
}

function build(count: number): Built[] {
  const guides = loadGuides()
  const catalogs = loadCatalogs()
  return localeCodes.map((locale) => {
    const real = searchDocs(guides[locale], catalogs[locale])
    const docs =
      count <= real.length
        ? real
        : Array.from({ length: count }, (_, i) => {
            const d = real[i % real.length]!
            return { ...d, u: `${d.u}-${i}`, t: `${d.t} ${i}` }
          })
    const t0 = performance.now()
    const json = buildSearchIndexes(docs)
    return { count: docs.length, locale, json, buildMs: performance.now() - t0 }
  })
}

export async function runSearchBench(dist = 'dist') {
  const code = codeBytes(dist)
  if (!code) throw new Error(`No search code in ${dist}/assets: run \`npm run build\` first.`)
  const rows: (string | number)[][] = []
  for (const count of [0, 500]) {
    for (const b of build(count)) {
      const queries = searchQueries.filter((q) => q.locale === b.locale)
      const head = JSON.parse(b.json.head) as SearchHead
      const t0 = performance.now()
      MiniSearch.loadJS(head.index, headIndexOptions)
      const loadMs = performance.now() - t0
      const ix = loadSearchIndexes(b.json)
      const shardGz = b.json.shards.map(gz)
      const perQuery = queries.map(
        (q) => gz(b.json.head) + shardsOf(ix.shards, q.query).reduce((s, n) => s + shardGz[n]!, 0),
      )
      const times: number[] = []
      for (let rep = 0; rep < 30; rep++) {
        for (const q of queries) {
          const s = performance.now()
          searchGuides(ix, q.query)
          times.push(performance.now() - s)
        }
      }
      const browser = await browserTimes(dist, b)
      rows.push([
        b.count,
        b.locale,
        kb(gz(b.json.head)),
        b.json.shards.length,
        kb(shardGz.reduce((s, n) => s + n, 0)),
        kb(Math.max(...shardGz)),
        kb(code + gz(b.json.head)),
        `${kb(median(perQuery))} / ${kb(Math.max(...perQuery))}`,
        b.buildMs.toFixed(0),
        loadMs.toFixed(1),
        `${median(times).toFixed(2)} / ${pct(times, 0.95).toFixed(2)} / ${Math.max(...times).toFixed(2)}`,
        `${median(browser).toFixed(1)} / ${Math.max(...browser).toFixed(1)}`,
      ])
    }
  }
  const head = [
    'guides',
    'lang',
    'first chunk KiB',
    'prose shards',
    'prose KiB',
    'largest shard KiB',
    'on focus KiB (code + first chunk)',
    'per query KiB (median / max)',
    'index build ms',
    'first chunk load ms',
    'query ms, Node (median / p95 / max)',
    'query + list built ms, Chromium (median / max)',
  ]
  console.log(
    `Guide search (gzip -9 sizes; ${searchQueries.length} queries of tests/searchQueries.ts; Node: 30 runs each)`,
  )
  console.log(`| ${head.join(' | ')} |\n|${head.map(() => '---').join('|')}|`)
  for (const r of rows) console.log(`| ${r.join(' | ')} |`)
}

/**
 * Each query of the table typed into the box of a copy of dist/ whose indexes are `b`'s, after one
 * pass that fetches every shard the queries need: the time from the input event to the list built
 * (the search runs in the input handler, so the list is there when dispatchEvent returns).
 */
async function browserTimes(dist: string, b: Built): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'rasid-search-bench-'))
  cpSync(dist, dir, { recursive: true })
  writeFileSync(join(dir, searchIndexPath(b.locale).slice(1)), b.json.head)
  for (const [n, s] of b.json.shards.entries()) writeFileSync(join(dir, searchIndexPath(b.locale, n).slice(1)), s)
  const server = await serve(dir, 0)
  const browserApp = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  try {
    const page = await browserApp.newPage()
    const { port } = server.address() as AddressInfo
    await page.goto(`http://127.0.0.1:${port}${b.locale === 'en' ? '' : `/${b.locale}`}/guide`)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    await page.locator('#guide-search').focus()
    await page.locator('#guide-search[role="combobox"]').waitFor()
    const queries = searchQueries.filter((q) => q.locale === b.locale).map((q) => q.query)
    // Once through, so that the first chunk and the shards are in.
    for (const q of queries) {
      await page.locator('#guide-search').fill(q)
      await page.waitForLoadState('networkidle')
    }
    return await page.evaluate(
      async ({ queries }) => {
        const input = document.querySelector<HTMLInputElement>('#guide-search')!
        const out: number[] = []
        for (let rep = 0; rep < 5; rep++) {
          for (const q of queries) {
            input.value = ''
            input.dispatchEvent(new Event('input'))
            const t = performance.now()
            input.value = q
            input.dispatchEvent(new Event('input'))
            out.push(performance.now() - t)
            await new Promise((ok) => setTimeout(ok, 0))
          }
        }
        return out
      },
      { queries },
    )
  } finally {
    await browserApp.close()
    await new Promise((ok) => server.close(ok))
    rmSync(dir, { recursive: true, force: true })
  }
}
