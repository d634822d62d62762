// The consent a visitor gives on a contact form, as a version that can be shown later
// (docs/privacy.md, "Consent on record"): a hash of everything the visitor was shown about their
// data in their language (the consent box's text, `contact.field.consent`, and the whole privacy
// notice, every `privacy.*` message) and of the facts those texts state (the retention periods) and
// the notice's settings (`privacy` in api/contract/privacy.ts: its contact, the data's region, its date), so
// that changing a word, a number or where the data lives is a new version. The page sends its version with the
// form; the API stores it with the lead, and accepts only the versions of
// `locales/consent-versions.json`, the archive that keeps each version's exact texts (listed for the
// contract in api/contract/consentVersions.ts).
// `npm run i18n:consent` adds the current versions to the archive; `npm run i18n:verify` and the
// unit tests fail while they are missing from it.
import { createHash } from 'node:crypto'
import { facts } from '../site.config'
import { privacy } from '../api/contract/privacy'
import { loadCatalogs } from './catalogs'
import type { Locale } from './locales'

/** The locale's code (`en-`, `ar-`) and 12 hex digits: what a form sends and a lead keeps. */
export const consentVersionPattern = /^[a-z]{2,3}-[0-9a-f]{12}$/

/** The texts a version covers, by message id, sorted. */
export function consentTexts(catalog: Record<string, string>): Record<string, string> {
  const ids = Object.keys(catalog)
    .filter((id) => id === 'contact.field.consent' || id.startsWith('privacy.'))
    .sort()
  return Object.fromEntries(ids.map((id) => [id, catalog[id]!]))
}

/** The facts the texts may state, numbers and names (they are filled into the messages at build time). */
export function consentFacts(): Record<string, number | string> {
  return { ...facts }
}

/** The notice's settings that are not numbers (its contact, the data's region, its date): shown too. */
export function consentSettings(): Record<string, string> {
  return { ...privacy }
}

/** The version of what `catalog` shows a visitor about their data in `locale`. */
export function consentVersion(locale: Locale, catalog: Record<string, string>): string {
  const hash = createHash('sha256')
    .update(JSON.stringify({ texts: consentTexts(catalog), facts: consentFacts(), settings: consentSettings() }))
    .digest('hex')
  return `${locale}-${hash.slice(0, 12)}`
}

/** One version as the archive keeps it: its language, the day it was recorded, and what it said. */
export type ArchivedConsent = {
  locale: Locale
  recorded: string
  texts: Record<string, string>
  facts: Record<string, number | string>
  settings: Record<string, string>
}

/** The version each language's pages show now, from the project's catalogs (tests, the bench). */
export function shownConsentVersions(): Record<Locale, string> {
  const catalogs = loadCatalogs()
  return Object.fromEntries(
    (Object.keys(catalogs) as Locale[]).map((l) => [l, consentVersion(l, catalogs[l])]),
  ) as Record<Locale, string>
}

/** The archive's file, relative to the project root. */
export const consentArchiveFile = 'locales/consent-versions.json'
/** The contract's list of the archive's versions: the only ones a form may send. */
export const consentListFile = 'api/contract/consentVersions.ts'

/** The contract's list as `npm run i18n:consent` writes it. */
export function consentListSource(versions: readonly string[]): string {
  // Formatted as the project's formatter (Biome, 120 columns) would: one line while it fits.
  const oneLine = `export const consentVersions = [${versions.map((v) => `'${v}'`).join(', ')}] as const`
  const list =
    oneLine.length <= 120
      ? oneLine
      : `export const consentVersions = [\n${versions.map((v) => `  '${v}',\n`).join('')}] as const`
  return `// The consent versions a contact form may send: those of locales/consent-versions.json, the
// archive of what each said (locales/consent.ts). Written by \`npm run i18n:consent\`; do not edit.
${list}
`
}

/** The versions `catalogs` show that the archive lacks: each would be refused by the API. */
export function unrecordedConsent(
  catalogs: Record<Locale, Record<string, string>>,
  archive: Record<string, ArchivedConsent>,
): string[] {
  return (Object.keys(catalogs) as Locale[])
    .map((locale) => consentVersion(locale, catalogs[locale]))
    .filter((version) => !archive[version])
}
