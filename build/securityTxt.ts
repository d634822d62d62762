// dist/.well-known/security.txt (RFC 9116): where a researcher reports a vulnerability. The contact
// is site.config.ts's security address; the policy is the security guide's "Report a vulnerability"
// section in each language; the file expires 180 days after the build (the RFC asks for less than
// a year), so a site left unbuilt says its contact may be stale instead of keeping it for ever.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { site } from '../site.config'
import { defaultLocale, localeCodes } from '../locales/locales'
import { localizePath } from '../locales/localizePath'

const securityTxtPath = '.well-known/security.txt'
/** The security guide, and its section's id in the default language's article. */
const policy = { path: '/guide/going-live/security', id: 'report-a-vulnerability' }
const validDays = 180

/**
 * The section's id in each language's built page: the heading at the place the default language's
 * has it (an article's languages have the same headings). Throws when a page or the heading is missing.
 */
function policyIds(dist: string): string[] {
  const ids = localeCodes.map((l) => {
    const file = join(dist, localizePath(policy.path, l).slice(1), 'index.html')
    let html: string
    try {
      html = readFileSync(file, 'utf8')
    } catch {
      // Another set of articles (GUIDES_DIR, the bench's) has no security guide: no policy line then.
      if (process.env.GUIDES_DIR) return []
      throw new Error(`security.txt: the security guide ${file} was not built`)
    }
    return [...html.matchAll(/<h2 id="([^"]+)"/g)].map((m) => m[1]!)
  })
  if (ids.every((list) => list.length === 0) && process.env.GUIDES_DIR) return []
  const at = ids[localeCodes.indexOf(defaultLocale)]!.indexOf(policy.id)
  if (at < 0) throw new Error(`security.txt: the security guide has no heading "${policy.id}" in ${defaultLocale}`)
  return ids.map((list, i) => {
    if (!list[at])
      throw new Error(`security.txt: the ${localeCodes[i]} security guide lacks the heading of "${policy.id}"`)
    return list[at]
  })
}

function securityTxt(timestamp: number, ids: string[], origin: string): string {
  const expires = new Date(timestamp + validDays * 24 * 60 * 60 * 1000)
  expires.setUTCMilliseconds(0)
  return [
    `Contact: mailto:${site.email.security}`,
    `Expires: ${expires.toISOString().replace('.000Z', 'Z')}`,
    ...ids.map((id, i) => `Policy: ${origin}${localizePath(policy.path, localeCodes[i]!)}#${encodeURIComponent(id)}`),
    `Preferred-Languages: ${[defaultLocale, ...localeCodes.filter((l) => l !== defaultLocale)].join(', ')}`,
    `Canonical: ${origin}/${securityTxtPath}`,
    '',
  ].join('\n')
}

export function writeSecurityTxt(dist: string, timestamp: number, origin: string = site.origin) {
  const text = securityTxt(timestamp, policyIds(dist), origin)
  mkdirSync(join(dist, '.well-known'), { recursive: true })
  writeFileSync(join(dist, securityTxtPath), text)
}
