// The bytes a page costs on the site as built (tests/dist: after `npm run build`): its index.html
// and its _payload.json, raw (not gzip), the mean over every prerendered page (every route x
// locale; the 404 documents have no payload and are not counted). It is the figure of `npm run
// bench -- --guides N`'s "total B/page" row for the real site.
//
// 47,082 B with payloads that carry neither header nor footer and pages with no boot script.
// The budget is that figure plus 5 %: what every
// page repeats is carried once (the shell: the card's constant tags, the guide search's <search>; a
// guide's copy buttons' words, on the prose), or not at all (the JSON-LD stays in the HTML's <head>,
// out of #root and so out of the payload; the highlighter's spans carry a two-letter class), or
// shorter (an island's messages packed: renderer/islands/messages.ts; quotes in text written as
// themselves and JSON attributes in single quotes, build/readPage.ts `plainQuotes`; the guide
// search's input's classes as a shortcut). The brand's frame (the grouped navigation and the mobile
// sheet's calls to action in the header, the footer's four columns and registration lines, the
// closing call-to-action band of the marketing pages) may add at most 3,000 B to every page, and
// the home page's product shot at most 12,000 B to each of the two home pages. A guide article's
// sidebar (every section's articles) is measured on its own: at most 2,000 B of HTML on each
// article, which its payload repeats, and left out of the mean.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'

const dist = 'dist'
const first = 47_082
const frame = 3_000
const homeVisual = 12_000
// Every section's name (eleven) and the current section's articles, at most ten
// (pages/guide/article/GuideNav.tsx): bounded however many guides there are.
const sidebarMax = 3_000
/** The bytes of a guide article's sidebar (pages/guide/article/GuideNav.tsx) in its HTML, 0 on another page. */
const sidebarOf = (page: string) =>
  Buffer.byteLength(
    /<nav aria-labelledby="docs-nav-title"[\s\S]*?<\/nav>/.exec(readFileSync(join(dist, page), 'utf8'))?.[0] ?? '',
  )
const budget = Math.round(first * 1.05) + frame // 52,436 B, and the home visual spread over the pages

const pages = (readdirSync(dist, { recursive: true }) as string[])
  .map((f) => f.split('\\').join('/'))
  .filter((f) => f === 'index.html' || f.endsWith('/index.html'))
  .map((page) => {
    const bytes = (file: string) => statSync(join(dist, file)).size
    return { page, bytes: bytes(page) + bytes(page.replace(/index\.html$/, '_payload.json')), sidebar: sidebarOf(page) }
  })

test(`a guide article's sidebar is at most ${sidebarMax.toLocaleString('en')} B of its HTML`, () => {
  const articles = pages.filter((p) => /(^|\/)guide\/.+\/index\.html$/.test(p.page))
  expect(articles.length).toBeGreaterThanOrEqual(16)
  for (const { page, sidebar } of articles) {
    expect(sidebar, page).toBeGreaterThan(0)
    expect(sidebar, page).toBeLessThanOrEqual(sidebarMax)
  }
})

test(`a page's HTML and payload are at most ${budget.toLocaleString('en')} B on average (47,082 B + 5 %, and the frame), the home pages' product shot and the guides' sidebar beside`, () => {
  expect(pages.length).toBeGreaterThanOrEqual(34)
  // The sidebar twice: in the HTML and in the payload that holds the same content.
  const total = pages.reduce((sum, p) => sum + p.bytes - 2 * p.sidebar, 0)
  const homes = pages.filter((p) => p.page === 'index.html' || /^[a-z]{2}\/index\.html$/.test(p.page)).length
  const mean = (total - Math.min(homes * homeVisual, total)) / pages.length
  const largest = [...pages]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 5)
    .map((p) => `${p.page} ${p.bytes} B`)
  expect(
    mean,
    `mean ${mean.toFixed(0)} B over ${pages.length} pages; the largest: ${largest.join(', ')}`,
  ).toBeLessThanOrEqual(budget)
})
