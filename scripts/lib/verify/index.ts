// The checks of scripts/verify.ts, one file each, in the order the report lists them; each reads
// the built folder loaded once (./built.ts) and reports what is wrong, in English.
import type { Build, Report } from './built'
import { checkConfig } from './config'
import { checkCopy } from './copy'
import { checkHeaders } from './headers'
import { checkLinks } from './links'
import { checkManifest } from './manifest'
import { checkOrigins } from './origins'
import { checkPages } from './pages'
import { checkPayloads } from './payloads'
import { checkSitemap } from './sitemap'

export { loadBuild } from './built'

export const checkNames = [
  'pages',
  'links',
  'payloads',
  'manifest',
  'sitemap',
  'origins',
  'headers',
  'config',
  'copy',
] as const
export type CheckName = (typeof checkNames)[number]

export interface Problem {
  check: CheckName
  /** A path relative to the checked folder. */
  file: string
  message: string
}

export const checks: Record<CheckName, (build: Build, report: Report) => void> = {
  pages: checkPages,
  links: checkLinks,
  payloads: checkPayloads,
  manifest: checkManifest,
  sitemap: checkSitemap,
  origins: checkOrigins,
  headers: checkHeaders,
  config: checkConfig,
  copy: checkCopy,
}
