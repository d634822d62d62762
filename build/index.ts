// `npm run build`: checks the catalogs, prerenders with Vike, then writes dist/ (build/postbuild.ts).
import { randomUUID } from 'node:crypto'
import { build } from 'vike/api'
import { guidesRoot } from './guides'
import { BIDI_FAILS_BUILD, formatProblems, verifyBidi, verifyCatalogs } from './verifyCatalogs'
import { postbuild } from './postbuild'

const start = Date.now()
const targets = [{ file: 'locales/ar.json', locale: 'ar' }]
const problems = verifyCatalogs({ file: 'locales/en.json', locale: 'en' }, targets)
if (problems.length) {
  console.error(`The catalogs are not buildable:\n${formatProblems(problems)}`)
  process.exit(1)
}
const bidi = verifyBidi(targets, guidesRoot)
if (bidi.length && BIDI_FAILS_BUILD) {
  console.error(`Arabic copy has Latin runs without a bidi isolate:\n${formatProblems(bidi)}`)
  process.exit(1)
} else if (bidi.length) {
  console.warn(
    `Warning: Arabic copy has Latin runs without a bidi isolate (BIDI_FAILS_BUILD in build/verifyCatalogs.ts is off, so the build goes on):\n${formatProblems(bidi)}`,
  )
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
