// `sitemap`: sitemap.xml lists exactly the pages' canonical URLs, and robots.txt names it.
import { decodeHtmlText } from '../../../build/html'
import { extractLocale } from '../../../locales/extractLocale'
import { pageLinks } from '../../../renderer/shared/pageLinks'
import { pathOfHtml } from '../../../renderer/shared/paths'
import { site } from '../../../site.config'
import type { Build, Report } from './built'

/** The canonical URL of a built page: `ar/pricing/index.html` -> `<origin>/ar/pricing`. */
function canonicalOf(file: string) {
  const { locale, pathname } = extractLocale(pathOfHtml(file))
  return pageLinks(pathname, locale, site.origin).canonical
}

/** sitemap.xml lists exactly the pages' canonical URLs, and robots.txt names it. */
export function checkSitemap(build: Build, report: Report) {
  const canonicals = new Map(build.pages.map((page) => [canonicalOf(page), page]))
  if (!build.files.has('sitemap.xml'))
    report('sitemap.xml', `is missing: search engines get no list of the ${canonicals.size} pages`)
  else {
    const locs = new Set(
      [...build.read('sitemap.xml').matchAll(/<loc>([\s\S]*?)<\/loc>/g)].map((m) => decodeHtmlText(m[1]!).trim()),
    )
    for (const [url, page] of canonicals) if (!locs.has(url)) report('sitemap.xml', `does not list ${url} (${page})`)
    for (const url of locs)
      if (!canonicals.has(url)) report('sitemap.xml', `lists ${url}, which is not the canonical URL of any page`)
  }
  const sitemap = `${site.origin}/sitemap.xml`
  if (!build.files.has('robots.txt'))
    return report('robots.txt', `is missing: expected one with the line "Sitemap: ${sitemap}"`)
  const named = [...build.read('robots.txt').matchAll(/^sitemap:\s*(\S*)/gim)].map((m) => m[1]!)
  if (!named.includes(sitemap))
    report(
      'robots.txt',
      named.length
        ? `names the sitemap ${named.join(', ')}, expected ${sitemap}`
        : `does not name the sitemap: expected the line "Sitemap: ${sitemap}"`,
    )
}
