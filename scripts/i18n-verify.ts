// Fails when the catalogs differ in ids, arguments or plural structure, a message is not valid ICU,
// or right-to-left copy (the Arabic catalog and guides) holds a Latin run without a bidi isolate.
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { formatProblems as format, verifyBidi, verifyCatalogs, type CatalogProblem } from '../build/verifyCatalogs'

const formatProblems = (problems: CatalogProblem[]) =>
  format(problems.map((p) => ({ ...p, file: relative(process.cwd(), p.file) })))
const file = (name: string) => fileURLToPath(new URL(`../locales/${name}`, import.meta.url))
const targets = [{ file: file('ar.json'), locale: 'ar' }]
const problems = verifyCatalogs({ file: file('en.json'), locale: 'en' }, targets)
const bidi = verifyBidi(targets, file('guides'))
if (problems.length)
  console.error(`i18n:verify found ${problems.length} catalog problem(s):\n${formatProblems(problems)}`)
if (bidi.length)
  console.error(
    `i18n:verify found ${bidi.length} Latin run(s) without a bidi isolate in Arabic copy:\n${formatProblems(bidi)}`,
  )
if (problems.length || bidi.length) process.exit(1)
console.log(
  'i18n:verify: locales/en.json and locales/ar.json agree; the Arabic catalog and guides isolate their Latin runs',
)
