// Consent on record (docs/privacy.md): the version of what a visitor was shown about their data
// changes with every word of it and every fact it states, and nothing else; the catalogs' versions
// are in the archive the API accepts, and the contract lists exactly the archive's.
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { consentVersions } from '../../api/contract/consentVersions'
import { loadCatalogs } from '../../locales/catalogs'
import {
  type ArchivedConsent,
  consentArchiveFile,
  consentListSource,
  consentTexts,
  consentVersion,
  consentVersionPattern,
  unrecordedConsent,
} from '../../locales/consent'
import { facts } from '../../site.config'
import { privacy } from '../../api/contract/privacy'
import { localeCodes } from '../../locales/locales'

const catalogs = loadCatalogs()
const archive = JSON.parse(readFileSync(consentArchiveFile, 'utf8')) as Record<string, ArchivedConsent>

describe('a consent version', () => {
  test('names its language and is stable for the same texts', () => {
    for (const locale of localeCodes) {
      const version = consentVersion(locale, catalogs[locale])
      expect(version).toMatch(consentVersionPattern)
      expect(version.startsWith(`${locale}-`)).toBe(true)
      expect(consentVersion(locale, { ...catalogs[locale] })).toBe(version)
    }
  })

  test('changes with the consent box, any word of the notice, or a fact; not with other messages', () => {
    const en = catalogs.en
    const base = consentVersion('en', en)
    const privacyIds = Object.keys(en).filter((id) => id.startsWith('privacy.'))
    expect(consentVersion('en', { ...en, 'contact.field.consent': `${en['contact.field.consent']} ` })).not.toBe(base)
    for (const id of privacyIds.slice(0, 5)) expect(consentVersion('en', { ...en, [id]: `${en[id]}!` })).not.toBe(base)
    expect(consentVersion('en', { ...en, 'privacy.new.sentence': 'A new sentence.' })).not.toBe(base)
    expect(consentVersion('en', { ...en, 'home.hero.title': 'Another title' })).toBe(base)
    // So is where the data lives: the notice names the region.
    const region = privacy.region
    try {
      ;(privacy as { region: string }).region = 'me-central-1'
      expect(consentVersion('en', en)).not.toBe(base)
    } finally {
      ;(privacy as { region: string }).region = region
    }
    // The facts are part of it: the same texts with another retention period are another version.
    const original = facts.leadRetentionDays
    try {
      ;(facts as { leadRetentionDays: number }).leadRetentionDays = original + 1
      expect(consentVersion('en', en)).not.toBe(base)
    } finally {
      ;(facts as { leadRetentionDays: number }).leadRetentionDays = original
    }
  })

  test('covers the consent box and the whole notice, and nothing else', () => {
    const ids = Object.keys(consentTexts(catalogs.ar))
    expect(ids).toContain('contact.field.consent')
    expect(ids.every((id) => id === 'contact.field.consent' || id.startsWith('privacy.'))).toBe(true)
    expect(ids.length).toBe(Object.keys(catalogs.ar).filter((id) => id.startsWith('privacy.')).length + 1)
  })
})

describe('the archive', () => {
  test('holds the versions the catalogs show now, with their texts (npm run i18n:consent)', () => {
    expect(unrecordedConsent(catalogs, archive)).toEqual([])
    for (const locale of localeCodes) {
      const kept = archive[consentVersion(locale, catalogs[locale])]!
      expect(kept.locale).toBe(locale)
      expect(kept.texts).toEqual(consentTexts(catalogs[locale]))
      expect(kept.facts).toEqual({ ...facts })
      expect(kept.settings).toEqual({ ...privacy })
    }
  })

  test('a changed wording is unrecorded until the archive has it', () => {
    const changed = { ...catalogs, en: { ...catalogs.en, 'contact.field.consent': 'I agree.' } }
    expect(unrecordedConsent(changed, archive)).toEqual([consentVersion('en', changed.en)])
  })

  test('every archived version is well formed and of its language; the contract lists exactly them', () => {
    for (const [version, kept] of Object.entries(archive)) {
      expect(version).toMatch(consentVersionPattern)
      expect(version.startsWith(`${kept.locale}-`)).toBe(true)
      expect(kept.recorded).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    }
    expect([...consentVersions]).toEqual(Object.keys(archive))
    expect(readFileSync('api/contract/consentVersions.ts', 'utf8')).toBe(consentListSource(Object.keys(archive)))
  })
})
