// Fails when the catalogs differ in ids, arguments or plural structure, or a message is not valid ICU.
import { fileURLToPath } from 'node:url'
import { formatProblems, verifyCatalogs } from '../build/verifyCatalogs'

const file = (name: string) => fileURLToPath(new URL(`../locales/${name}`, import.meta.url))
const problems = verifyCatalogs({ file: file('en.json'), locale: 'en' }, [{ file: file('ar.json'), locale: 'ar' }])
if (problems.length) {
  console.error(`i18n:verify found ${problems.length} problem(s):\n${formatProblems(problems)}`)
  process.exit(1)
}
console.log('i18n:verify: locales/en.json and locales/ar.json agree')
