// `npm run bench -- --guides N --no-peers`: our build alone, in place, on N synthetic guides per
// language (../lib/syntheticGuides.ts): a build with every social card drawn, a build with them all
// cached, then the real site rebuilt into dist/; time, phases, pages per second, memory, bytes per page.
import { existsSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BuildResult, build, indexPages } from '../lib/build'
import { writeGuides } from '../lib/syntheticGuides'
import { printTable as table } from '../lib/textTable'

/** Pages written, and the bytes of their HTML and _payload.json files. */
function output() {
  const pages = indexPages()
  let html = 0
  let payload = 0
  for (const p of pages) {
    html += statSync(join('dist', p)).size
    const json = join('dist', p.replace(/index\.html$/, '_payload.json'))
    if (existsSync(json)) payload += statSync(json).size
  }
  return { pages: pages.length, html, payload }
}

export function guidesMode(n: number) {
  const dir = join(tmpdir(), `rasid-bench-guides-${n}`)
  rmSync(dir, { recursive: true, force: true })
  writeGuides(dir, n)
  const rows: (string | number)[][] = []
  const row = (label: string, b: BuildResult) => {
    const o = output()
    rows.push([
      label,
      o.pages,
      b.wall.toFixed(1),
      b.own.toFixed(1),
      b.phases,
      b.cards,
      (o.pages / b.wall).toFixed(1),
      b.maxRssMiB.toFixed(0),
      (o.html / o.pages).toFixed(0),
      (o.payload / o.pages).toFixed(0),
      ((o.html + o.payload) / o.pages).toFixed(0),
    ])
  }
  // The cards of the synthetic guides go to a cache of their own: empty for the first build (every
  // card drawn), full for the second (none), and gone after.
  const cards = join(dir, '.cards')
  try {
    row(`${n} guides per language, cards cold`, build({ GUIDES_DIR: dir, BUILD_ID: 'bench', CARDS_CACHE: cards }))
    row(`${n} guides per language, cards warm`, build({ GUIDES_DIR: dir, BUILD_ID: 'bench', CARDS_CACHE: cards }))
  } finally {
    // Put the real site back in dist/ (a normal build, measured too), and drop the synthetic guides.
    row(
      'real guides (rebuild)',
      build({ GUIDES_DIR: undefined, BUILD_ID: undefined, BUILD_TIMESTAMP: undefined, CARDS_CACHE: undefined }),
    )
    rmSync(dir, { recursive: true, force: true })
  }
  console.log(
    `Synthetic guides: ${n} per language in ${dir} (deleted). Times are \`npm run build\` end to end; "build says" is its own log line.`,
  )
  console.log(
    'Peak RSS: /usr/bin/time %M, the largest single process of the build. Bytes: dist/**/index.html and _payload.json.\n',
  )
  table(
    [
      'content',
      'pages',
      'wall s',
      'build says s',
      'Vike (bundles+prerender) / post s',
      'cards s',
      'pages/s',
      'peak RSS MiB',
      'HTML B/page',
      'payload B/page',
      'total B/page',
    ],
    rows,
  )
}
