// `npm run build`: checks the catalogs, prerenders with Vike, then writes dist/ (build/postbuild.ts).
import { randomUUID } from 'node:crypto'
import { relative, resolve } from 'node:path'
import { build, prerender } from 'vike/api'
import { bundleCache } from './bundleCache'
import { setAside } from './outDir'
import { viteConfig } from './vite'
import { postbuild } from './postbuild'
import { pageReader } from './readPage'
import { sourcesThread } from './search'
import type { CardText } from './cards/key'

const start = Date.now()
// The checks of the catalogs and guides (build/verifyCatalogs.ts), then the guide search's indexes,
// in a thread of their own while Vike starts and renders (build/search.ts `sourcesThread`). What the
// checks find stops the build as soon as they find it: before the post-build, the one step that
// writes dist/.
const sources = sourcesThread()
sources.search.catch(() => {}) // awaited by the post-build; a failure before then is the one to report
const stopped = sources.checked.then(
  (stoppers) => {
    if (!stoppers) return
    console.error(stoppers)
    process.exit(1)
  },
  (err: Error) => {
    console.error(err.message)
    process.exit(1)
  },
)

// One id per build, for the client bundle (build/vite.ts `define`) and the manifests.
process.env.BUILD_ID ||= randomUUID()
process.env.BUILD_TIMESTAMP ||= String(start)

// Vike looks for its `+` files with `git ls-files`, or where Git is not there (a copy of the sources,
// a container's build context) by walking the whole folder: dist/ and .vike/ too, 12,000 files at
// 2,000 guides a language. The `+` files are only under pages/ and renderer/. VIKE_CRAWL is Vike's
// setting for it (JSON5, read by vike/dist/utils/crawlFiles.js); one set by hand is left as it is.
process.env.VIKE_CRAWL ||= JSON.stringify({
  ignore: ['dist/**', 'dist.old*/**', '.vike/**', 'locales/**', 'tests/**', 'test-results/**', 'docs/**', 'infra/**'],
})

try {
  // The Vite config is handed over rather than named: Vike and Vite would otherwise bundle and load
  // vite.config.ts once per step (six times, about 1 s). Vike adds its plugin (build/vite.ts).
  const config = { ...viteConfig('build'), configFile: false as const }
  // The bundles of the last build with the same sources, or a new build of them (build/bundleCache.ts).
  const bundles = bundleCache(process.cwd(), '.vike', config.define)
  // A second thread reads the pages as Vike renders them, and makes the utility CSS before that (or
  // reads it from the last build with the same sources: its key is the bundles').
  const from = '.vike/client'
  // The last build's dist/, set aside: the pages are written over its files (build/outDir.ts).
  const aside = setAside('dist')
  const reader = pageReader(process.env.BUILD_ID, from, aside, bundles?.key)
  const reused = bundles?.restore() ?? false
  // What Vite's build sets for the rest of the process, so the prerender loads React's production build.
  if (reused) process.env.NODE_ENV ??= 'production'
  if (!reused) {
    await build({ viteConfig: config, vikeConfig: { prerender: { disableAutoRun: true } } })
    bundles?.save()
  }
  const bundled = Date.now()
  // Each prerendered page goes to the reader, not to a file: the post-build writes it once, into
  // dist/ (Vike would write it to .vike/client, for the post-build to read it back: about 1 s at
  // 1,000 pages). `onPagePrerender` is marked experimental: the build's tests (tests/dist/) catch a change.
  const client = resolve(from)
  // What each page's social card shows, as its head named it (renderer/+onBeforeRender.ts).
  const cards: CardText[] = []
  await prerender({
    viteConfig: config,
    onPagePrerender(pageContext: {
      _prerenderResult: { filePath: string; fileContent: string }
      card?: { text: CardText }
    }) {
      const { filePath, fileContent } = pageContext._prerenderResult
      if (filePath.endsWith('.html')) reader.page(relative(client, filePath).split('\\').join('/'), fileContent)
      if (pageContext.card) cards.push(pageContext.card.text)
    },
  })
  const prerendered = Date.now()
  const read = await reader.done()
  await stopped
  const written = await postbuild(
    { id: process.env.BUILD_ID, timestamp: Number(process.env.BUILD_TIMESTAMP) },
    { ...read, cards, search: sources.search, aside },
    from,
  )
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  console.log(
    `Built ${written.pages} pages into dist/ in ${s(Date.now() - start)} (build ${process.env.BUILD_ID}): Vike ${s(prerendered - start)} (bundles ${s(bundled - start)}${reused ? ' reused' : ''}, prerender ${s(prerendered - bundled)}), post-build ${s(Date.now() - prerendered)}`,
  )
} catch (err) {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
}
