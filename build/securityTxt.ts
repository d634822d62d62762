// dist/.well-known/security.txt (RFC 9116): where a researcher reports a vulnerability. The contact
// is site.config.ts's security address; the policy is the security guide's "Report a vulnerability"
// section in both languages; the file expires 180 days after the build (the RFC asks for less than
// a year), so a site left unbuilt says its contact may be stale instead of keeping it for ever.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { site } from '../site.config'
import { defaultLocale, localeCodes } from '../locales/locales'
import { localizePath } from '../locales/localizePath'

const securityTxtPath = '.well-known/security.txt'
/** The security guide's section that the policy points at, by its heading's id in each language. */
const reportSection = {
  path: '/guide/going-live/security',
  id: { en: 'report-a-vulnerability', ar: 'الإبلاغ-عن-ثغرة-أمنية' },
} as const
const validDays = 180

function securityTxt(timestamp: number, origin: string = site.origin): string {
  const expires = new Date(timestamp + validDays * 24 * 60 * 60 * 1000)
  expires.setUTCMilliseconds(0)
  return [
    `Contact: mailto:${site.email.security}`,
    `Expires: ${expires.toISOString().replace('.000Z', 'Z')}`,
    ...localeCodes.map(
      (l) => `Policy: ${origin}${localizePath(reportSection.path, l)}#${encodeURIComponent(reportSection.id[l])}`,
    ),
    `Preferred-Languages: ${[defaultLocale, ...localeCodes.filter((l) => l !== defaultLocale)].join(', ')}`,
    `Canonical: ${origin}/${securityTxtPath}`,
    '',
  ].join('\n')
}

export function writeSecurityTxt(dist: string, timestamp: number, origin: string = site.origin) {
  mkdirSync(join(dist, '.well-known'), { recursive: true })
  writeFileSync(join(dist, securityTxtPath), securityTxt(timestamp, origin))
}
