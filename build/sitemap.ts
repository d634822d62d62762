// dist/sitemap.xml and dist/robots.txt: every prerendered page with its language alternates, on the
// public origin (site.origin in site.config.ts, SITE_ORIGIN at build time). The alternates are the
// page's own hreflang links (renderer/shared/pageLinks.ts). No <lastmod>: the same commit gives the same files.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { extractLocale } from '../locales/extractLocale'
import { pageLinks } from '../renderer/shared/pageLinks'
import { site } from '../site.config'

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

/** The sitemap of the prerendered paths (`/`, `/ar`, `/ar/pricing`, …), sorted by address. */
export function sitemapXml(prerendered: string[], origin: string = site.origin): string {
  const urls = prerendered
    .map((path) => {
      const { locale, pathname } = extractLocale(path)
      return pageLinks(pathname, locale, origin)
    })
    .sort((a, b) => (a.canonical < b.canonical ? -1 : a.canonical > b.canonical ? 1 : 0))
  const body = urls.map(({ canonical, alternates }) =>
    [
      '  <url>',
      `    <loc>${escapeXml(canonical)}</loc>`,
      ...alternates.map(
        (a) => `    <xhtml:link rel="alternate" hreflang="${escapeXml(a.hreflang)}" href="${escapeXml(a.href)}"/>`,
      ),
      '  </url>',
    ].join('\n'),
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...body,
    '</urlset>',
    '',
  ].join('\n')
}

export function robotsTxt(origin: string = site.origin): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`
}

/** Writes sitemap.xml and robots.txt at the root of the output folder. */
export function writeSitemap(dist: string, prerendered: string[], origin: string = site.origin) {
  writeFileSync(join(dist, 'sitemap.xml'), sitemapXml(prerendered, origin))
  writeFileSync(join(dist, 'robots.txt'), robotsTxt(origin))
}
