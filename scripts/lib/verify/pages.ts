// `pages`: every route in every language is built, with its lang, dir, title, canonical and
// hreflang links, and each alternate names the page back; the 404 page is there.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { guideSlugs } from '../../../build/guides'
import { dirOf, locales } from '../../../locales/locales'
import { localizePath } from '../../../locales/localizePath'
import { type Alternate, pageLinks } from '../../../renderer/shared/pageLinks'
import { htmlOfPath, pathOfHtml } from '../../../renderer/shared/paths'
import { site } from '../../../site.config'
import { alternatesOf, type Build, decode, isLink, type Report, servedFile, show } from './built'

const projectRoot = fileURLToPath(new URL('../../..', import.meta.url))

/** The route strings of pages' +route.ts files, and the addresses each stands for. */
const routeAddresses: Record<string, () => string[]> = {
  '/guide/*': () => guideSlugs().map((slug) => `/guide/${slug}`),
}

/**
 * The site's logical paths, read off pages/ as Vike routes them: a folder with a +Page is a page at
 * its path, `index` folders add nothing to it, `_error` is the 404 page; a +route.ts route string
 * stands for the addresses routeAddresses gives it.
 */
function projectRoutes(pagesDir = join(projectRoot, 'pages')): string[] {
  const routes: string[] = []
  for (const entry of readdirSync(pagesDir, { recursive: true }) as string[]) {
    const parts = entry.split(/[\\/]/)
    if (!/^\+Page\.[jt]sx?$/.test(parts.pop()!) || parts.some((p) => p.startsWith('_'))) continue
    const routeFile = join(pagesDir, ...parts, '+route.ts')
    if (!existsSync(routeFile)) {
      routes.push(`/${parts.filter((p) => p !== 'index').join('/')}`)
      continue
    }
    const route = /export default\s*(['"`])(.*?)\1/.exec(readFileSync(routeFile, 'utf8'))?.[2]
    const addresses = route === undefined ? undefined : routeAddresses[route]
    if (!addresses)
      throw new Error(
        `pages/${parts.join('/')}/+route.ts: scripts/lib/verify/pages.ts does not know the addresses of route ${show(route)}`,
      )
    routes.push(...addresses())
  }
  return routes.sort()
}

/** Every route in every locale is there, with its lang, dir, title, canonical and hreflang links. */
export function checkPages(build: Build, report: Report) {
  if (!build.files.has('404.html'))
    report('404.html', 'is missing: the host has no page to answer unknown addresses with')
  for (const route of projectRoutes()) {
    for (const { code: locale } of locales) {
      const path = localizePath(route, locale)
      const file = htmlOfPath(path)
      const page = build.html.get(file)
      if (!page) {
        report(file, `is missing: the ${locale} page ${path} (route ${route}) was not built`)
        continue
      }
      const html = page.tags.find((t) => t.name === 'html')?.attrs ?? {}
      if (html.lang !== locale) report(file, `<html lang> is ${show(html.lang)}, expected "${locale}"`)
      if (html.dir !== dirOf(locale)) report(file, `<html dir> is ${show(html.dir)}, expected "${dirOf(locale)}"`)
      if (page.title === undefined) report(file, 'has no <title>')
      else if (!page.title.trim()) report(file, '<title> is empty')
      const expected = pageLinks(route, locale, site.origin)
      const canonicals = page.tags.filter((t) => isLink(t, 'canonical')).map((t) => t.attrs.href)
      if (canonicals.length !== 1)
        report(file, `has ${canonicals.length} <link rel="canonical">, expected one to ${expected.canonical}`)
      else if (canonicals[0] !== expected.canonical)
        report(file, `canonical is ${show(canonicals[0])}, expected "${expected.canonical}"`)
      checkAlternates(file, alternatesOf(page), expected.alternates, report)
    }
  }
  checkReciprocal(build, report)
}

function checkAlternates(file: string, actual: Alternate[], expected: Alternate[], report: Report) {
  for (const { hreflang, href } of expected) {
    const found = actual.filter((a) => a.hreflang === hreflang)
    if (!found.length) report(file, `has no hreflang="${hreflang}" alternate, expected one to ${href}`)
    else if (found.length > 1)
      report(file, `has ${found.length} hreflang="${hreflang}" alternates, expected one to ${href}`)
    else if (found[0]!.href !== href)
      report(file, `hreflang="${hreflang}" alternate is ${show(found[0]!.href)}, expected "${href}"`)
  }
  for (const a of actual)
    if (!expected.some((e) => e.hreflang === a.hreflang))
      report(file, `has an unexpected hreflang="${a.hreflang}" alternate to ${a.href}`)
}

/** A page named as an alternate exists and names the page back. */
function checkReciprocal(build: Build, report: Report) {
  for (const file of build.pages) {
    const self = pathOfHtml(file)
    const named = new Map<string, string[]>()
    for (const { hreflang, href } of alternatesOf(build.html.get(file)!))
      named.set(href, [...(named.get(href) ?? []), hreflang])
    for (const [href, hreflangs] of named) {
      let url: URL
      try {
        url = new URL(href)
      } catch {
        continue // not a URL: checkAlternates has named it
      }
      if (url.origin !== site.origin || url.pathname === self) continue
      const path = decode(url.pathname)
      const target = servedFile(build, path)
      const as = `as its hreflang ${hreflangs.join(', ')} alternate`
      if (!target || !build.html.has(target)) report(file, `names ${href} ${as}, but there is no page ${path}`)
      else if (!alternatesOf(build.html.get(target)!).some((a) => a.href === site.origin + self))
        report(file, `names ${path} ${as}, but ${target} does not name ${self} back`)
    }
  }
}
