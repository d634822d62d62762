// `npm run i18n:consent`: records the current consent versions (locales/consent.ts) in
// locales/consent-versions.json, the archive of their texts, and their list in the contract
// (api/contract/consentVersions.ts), the versions the API accepts. Run it after changing
// the consent box's text, the privacy notice or a retention fact, and commit the archive with the
// change; a version already there is left as it is (the archive only grows).
import { readFileSync, writeFileSync } from 'node:fs'
import { parseCommand, runCommand } from './lib/cli/command'
import { loadCatalogs } from '../locales/catalogs'
import {
  type ArchivedConsent,
  consentFacts,
  consentListFile,
  consentListSource,
  consentSettings,
  consentTexts,
  consentVersion,
} from '../locales/consent'
import { localeCodes } from '../locales/locales'

const file = 'locales/consent-versions.json'

const cmd = parseCommand({
  script: 'i18n:consent',
  usage: `Usage: npm run i18n:consent [-- --help]

Records the current consent versions (the consent box's text, the privacy notice and the retention
facts, per locale) in ${file}, the archive of their texts, and their list in ${consentListFile},
the versions the API accepts. A version already there is left as it is. Commit both with the change.
Exit codes: 0 written, 1 failed, 2 wrong usage.`,
})

await runCommand(cmd, () => {
  const archive = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ArchivedConsent>
  const catalogs = loadCatalogs()
  const added: string[] = []
  for (const locale of localeCodes) {
    const version = consentVersion(locale, catalogs[locale])
    if (archive[version]) continue
    archive[version] = {
      locale,
      recorded: new Date().toISOString().slice(0, 10),
      texts: consentTexts(catalogs[locale]),
      facts: consentFacts(),
      settings: consentSettings(),
    }
    added.push(version)
  }
  writeFileSync(file, `${JSON.stringify(archive, null, 2)}\n`)
  writeFileSync(consentListFile, consentListSource(Object.keys(archive)))
  console.log(
    added.length
      ? `i18n:consent: recorded ${added.join(', ')} in ${file} and ${consentListFile}; commit them with the change`
      : `i18n:consent: the current versions are in ${file} already`,
  )
  return 0
})
