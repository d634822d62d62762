// `npm run i18n:verify`: fails when the catalogs differ in ids, arguments or plural structure, a
// message is not valid ICU, right-to-left copy (catalogs and guides) holds a Latin run without a
// bidi isolate, or copy uses a word the glossary bans (locales/glossary.ts) or the brand with a
// clitic. The build runs the same checks (build/verifyCatalogs.ts `verifyI18n`).
import { formatProblems, verifyI18n } from '../build/verifyCatalogs'
import { localeCodes } from '../locales/locales'

const { catalogs, bidi, terms, consent } = verifyI18n()
if (catalogs.length)
  console.error(`i18n:verify found ${catalogs.length} catalog problem(s):\n${formatProblems(catalogs)}`)
if (bidi.length)
  console.error(
    `i18n:verify found ${bidi.length} Latin run(s) without a bidi isolate in right-to-left copy:\n${formatProblems(bidi)}`,
  )
if (terms.length)
  console.error(`i18n:verify found ${terms.length} word(s) against the glossary:\n${formatProblems(terms)}`)
if (consent.length) console.error(`i18n:verify: the consent versions are not recorded:\n${formatProblems(consent)}`)
if (catalogs.length || bidi.length || terms.length || consent.length) process.exit(1)
console.log(
  `i18n:verify: the catalogs of ${localeCodes.join(', ')} agree; right-to-left catalogs and guides isolate their Latin runs; every word follows the glossary; the consent versions are recorded`,
)
