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
  await build()
  const { pages } = await postbuild({ id: process.env.BUILD_ID, timestamp: Number(process.env.BUILD_TIMESTAMP) })
  console.log(
    `Built ${pages} pages into dist/ in ${((Date.now() - start) / 1000).toFixed(1)} s (build ${process.env.BUILD_ID})`,
  )
} catch (err) {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
}
