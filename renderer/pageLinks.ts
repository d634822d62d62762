// The addresses of a page: its canonical URL and its hreflang alternates, one rule for the page's
// <head> (renderer/+Head.tsx) and the sitemap (build/sitemap.ts), so the two never disagree.
import { site } from '../site.config'
import { localizePath } from '../locales/localizePath'
import { defaultLocale, locales, type Locale } from '../locales/locales'

export interface Alternate {
  /** A language tag (`en`, `ar`) or `x-default`: the page for a language the site does not have. */
  hreflang: string
  href: string
}

/** `pageLinks('/pricing', 'ar')` -> canonical `<origin>/ar/pricing`, alternates en, ar and x-default (English). */
export function pageLinks(
  logicalPath: string,
  locale: Locale,
  origin: string = site.origin,
): { canonical: string; alternates: Alternate[] } {
  const href = (l: Locale) => origin + localizePath(logicalPath, l)
  return {
    canonical: href(locale),
    alternates: [
      ...locales.map((l) => ({ hreflang: l.language, href: href(l.code) })),
      { hreflang: 'x-default', href: href(defaultLocale) },
    ],
  }
}
