// `npm run i18n:verify`: fails when the catalogs differ in ids, arguments or plural structure, a
// message is not valid ICU, right-to-left copy (catalogs and guides) holds a Latin run without a
// bidi isolate, or copy uses a word the glossary bans (locales/glossary.ts) or the brand with a
// clitic. The build runs the same checks (build/verifyCatalogs.ts `verifyI18n`).
import { parseCommand, runCommand } from './lib/cli/command'
import { formatProblems, verifyI18n } from '../build/verifyCatalogs'
import { localeCodes } from '../locales/locales'

const cmd = parseCommand({
  script: 'i18n:verify',
  usage: `Usage: npm run i18n:verify [-- --help]

Checks the catalogs (locales/*.json) and the guides, as the build does first: the same ids,
arguments and plural forms in every catalog, valid ICU, bidi isolates around Latin runs in
right-to-left copy, the glossary's words, and recorded consent versions. Writes nothing.
Exit codes: 0 no problem, 1 problems found (each named), 2 wrong usage.`,
})

await runCommand(cmd, () => {
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
  if (catalogs.length || bidi.length || terms.length || consent.length) return 1
  console.log(
    `i18n:verify: the catalogs of ${localeCodes.join(', ')} agree; right-to-left catalogs and guides isolate their Latin runs; every word follows the glossary; the consent versions are recorded`,
  )
  return 0
})
