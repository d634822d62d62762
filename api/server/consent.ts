// The consent versions the API accepts (docs/privacy.md, "Consent on record"): those of the archive
// locales/consent-versions.json, each with the texts it stands for, so that a lead's consent can be
// shown later as the visitor read it (`npm run api -- subject show`).
import archive from '../../locales/consent-versions.json' with { type: 'json' }
import type { ArchivedConsent } from '../../locales/consent'

const versions = archive as Record<string, ArchivedConsent>

/** The archived texts of `version`, or undefined when the archive does not hold it. */
export function archivedConsent(version: string): ArchivedConsent | undefined {
  return Object.hasOwn(versions, version) ? versions[version] : undefined
}
