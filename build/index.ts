// `npm run build`: checks the catalogs, prerenders with Vike, then writes dist/ (build/postbuild.ts).
import { randomUUID } from 'node:crypto'
import { relative, resolve } from 'node:path'
import { build, prerender } from 'vike/api'
import { bundleCache } from './bundleCache'
import { viteConfig } from './vite'
import { formatProblems, verifyI18n } from './verifyCatalogs'
import { postbuild } from './postbuild'
import { pageReader } from './readPage'
import type { CardText } from './cards/key'

const start = Date.now()
const { catalogs, bidi, terms, consent } = verifyI18n()
if (catalogs.length) {
  console.error(`The catalogs are not buildable:\n${formatProblems(catalogs)}`)
  process.exit(1)
}
if (bidi.length) {
  console.error(`Right-to-left copy has Latin runs without a bidi isolate:\n${formatProblems(bidi)}`)
  process.exit(1)
}
if (terms.length) {
  console.error(`Copy uses words the glossary bans (locales/glossary.ts):\n${formatProblems(terms)}`)
  process.exit(1)
}
if (consent.length) {
  console.error(`The consent versions are not recorded:\n${formatProblems(consent)}`)
  process.exit(1)
}

// One id per build, for the client bundle (build/vite.ts `define`) and the manifests.
process.env.BUILD_ID ||= randomUUID()
process.env.BUILD_TIMESTAMP ||= String(start)

try {
  const checked = Date.now()
  // A second thread reads the pages as Vike renders them, and makes the utility CSS before that.
  const from = '.vike/client'
  const reader = pageReader(process.env.BUILD_ID, from)
  // The Vite config is handed over rather than named: Vike and Vite would otherwise bundle and load
  // vite.config.ts once per step (six times, about 1 s). Vike adds its plugin (build/vite.ts).
  const config = { ...viteConfig('build'), configFile: false as const }
  // The bundles of the last build with the same sources, or a new build of them (build/bundleCache.ts).
  const bundles = bundleCache(process.cwd(), '.vike', config.define)
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
  const written = await postbuild(
    { id: process.env.BUILD_ID, timestamp: Number(process.env.BUILD_TIMESTAMP) },
    { ...read, cards },
    from,
  )
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  console.log(
    `Built ${written.pages} pages into dist/ in ${s(Date.now() - start)} (build ${process.env.BUILD_ID}): checks ${s(checked - start)}, Vike ${s(prerendered - checked)} (bundles ${s(bundled - checked)}${reused ? ' reused' : ''}, prerender ${s(prerendered - bundled)}), post-build ${s(Date.now() - prerendered)}`,
  )
} catch (err) {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
}
