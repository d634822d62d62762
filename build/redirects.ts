// The pages that moved: locales/guides/redirects.json maps an old address to its new one, as the
// default language's paths (`"/guide/refunds": "/guide/payments/refunds"`); every language gets the
// same move (`/ar/guide/refunds` -> `/ar/guide/payments/refunds`). The build writes them to
// dist/_redirects (host/redirects.ts), and fails, naming the file and the reason, on a redirect
// from a page that is still built, to one that is not (a missing page, or another redirect: a
// chain or a loop), and on a page of the previous release's sitemap (PREVIOUS_SITEMAP) that is
// neither built nor redirected. The sitemap lists only the built pages.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { formatRedirects, REDIRECTS_FILE } from '../host/redirects'
import { localeCodes } from '../locales/locales'
import { localizePath } from '../locales/localizePath'
import { stripTrailingSlash } from '../renderer/shared/paths'
import { site } from '../site.config'

// Beside the articles it moves: another set of articles (GUIDES_DIR, the bench's) has its own, or none.
const redirectsSource = () =>
  join(
    process.env.GUIDES_DIR ? resolve(process.env.GUIDES_DIR) : join(process.cwd(), 'locales', 'guides'),
    'redirects.json',
  )

const fail = (file: string, reason: string): never => {
  throw new Error(`${relative(process.cwd(), file)}: ${reason}`)
}
const isPath = (p: unknown): p is string => typeof p === 'string' && /^\/[\w\-/]*$/.test(p) && !p.endsWith('/')

/** Every language's redirects, from the source file (none when it does not exist). */
export function loadRedirects(file = redirectsSource()): Map<string, string> {
  const moved = new Map<string, string>()
  if (!existsSync(file)) return moved
  let raw: unknown
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'))
  } catch (e) {
    return fail(file, `not JSON: ${(e as Error).message}`)
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return fail(file, 'not an object of "old": "new" paths')
  for (const [from, to] of Object.entries(raw)) {
    if (!isPath(from) || !isPath(to))
      fail(file, `"${from}": "${to}" is not two site paths (a leading slash, no trailing one, no query)`)
    if (from === to) fail(file, `"${from}" redirects to itself`)
    for (const locale of localeCodes) moved.set(localizePath(from, locale), localizePath(to as string, locale))
  }
  return moved
}

/** What is wrong with the redirects against the built pages (`/`, `/ar/pricing`, …). */
export function redirectProblems(moved: ReadonlyMap<string, string>, built: readonly string[]): string[] {
  const pages = new Set(built)
  const problems: string[] = []
  for (const [from, to] of moved) {
    if (pages.has(from)) problems.push(`"${from}" is redirected but still built: remove one of them`)
    if (moved.has(to)) {
      let hop = to
      const seen = new Set([from])
      while (moved.has(hop) && !seen.has(hop)) {
        seen.add(hop)
        hop = moved.get(hop)!
      }
      problems.push(
        seen.has(hop)
          ? `"${from}" is part of a redirect loop (${[...seen, hop].join(' -> ')})`
          : `"${from}" redirects to "${to}", which is itself redirected: point it at "${hop}"`,
      )
    } else if (!pages.has(to)) problems.push(`"${from}" redirects to "${to}", which is not a page of this build`)
  }
  return problems
}

/** The paths of a sitemap on `origin` (`<loc>https://…/ar/pricing</loc>` -> `/ar/pricing`). */
export function sitemapPaths(xml: string, origin: string = site.origin): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
    const url = m[1]!.replace(/&amp;/g, '&')
    return stripTrailingSlash(url.startsWith(origin) ? url.slice(origin.length) || '/' : new URL(url).pathname)
  })
}

/** The previous release's pages that this build drops without a redirect. */
export function droppedPages(
  previous: readonly string[],
  built: readonly string[],
  moved: ReadonlyMap<string, string>,
) {
  const pages = new Set(built)
  return previous.filter((p) => !pages.has(p) && !moved.has(p))
}

/**
 * The previous release's sitemap: the file PREVIOUS_SITEMAP names (CI saves the live site's
 * /sitemap.xml there before it builds, docs/deploy.md); none when it is not set. Not the last local
 * build's: a bench or test build of other guides would fail the next.
 */
function previousSitemap(): { file: string; xml: string } | undefined {
  const file = process.env.PREVIOUS_SITEMAP
  if (!file) return undefined
  if (!existsSync(file)) fail(file, 'PREVIOUS_SITEMAP names no file')
  return { file: relative(process.cwd(), file), xml: readFileSync(file, 'utf8') }
}

/** Checks the redirects and the previous release's pages, then writes dist/_redirects. */
export function writeRedirects(to: string, built: readonly string[]) {
  const source = redirectsSource()
  const moved = loadRedirects(source)
  const problems = redirectProblems(moved, built)
  if (problems.length) fail(source, problems.join('; '))
  const previous = previousSitemap()
  if (previous) {
    const dropped = droppedPages(sitemapPaths(previous.xml), built, moved)
    if (dropped.length)
      fail(
        source,
        `${dropped.join(', ')} ${dropped.length === 1 ? 'is' : 'are'} in ${previous.file} but neither built nor redirected: add "${dropped[0]}": "<its new address>"`,
      )
  }
  writeFileSync(join(to, REDIRECTS_FILE), formatRedirects(moved))
}
