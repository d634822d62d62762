// `npm run build`: checks the catalogs, prerenders with Vike, then writes dist/ (build/postbuild.ts).
import { randomUUID } from 'node:crypto'
import { build } from 'vike/api'
import { formatProblems, verifyI18n } from './verifyCatalogs'
import { postbuild } from './postbuild'

const start = Date.now()
const { catalogs, bidi, terms } = verifyI18n()
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

// One id per build, for the client bundle (vite.config.ts `define`) and the manifests.
process.env.BUILD_ID ||= randomUUID()
process.env.BUILD_TIMESTAMP ||= String(start)

try {
  const checked = Date.now()
  await build()
  const prerendered = Date.now()
  const { pages } = await postbuild({ id: process.env.BUILD_ID, timestamp: Number(process.env.BUILD_TIMESTAMP) })
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  console.log(
    `Built ${pages} pages into dist/ in ${s(Date.now() - start)} (build ${process.env.BUILD_ID}): checks ${s(checked - start)}, Vike ${s(prerendered - checked)}, post-build ${s(Date.now() - prerendered)}`,
  )
} catch (err) {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
}
