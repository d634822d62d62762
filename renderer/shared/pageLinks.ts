// The addresses of a page: its canonical URL and its hreflang alternates, one rule for the page's
// <head> (renderer/+Head.tsx), the head a navigation rebuilds (./shell.ts `pageHead`) and the
// sitemap (build/sitemap.ts), so they never disagree. Pure: the origin is given.
import { localizePath } from '../../locales/localizePath'
import { defaultLocale, locales, type Locale } from '../../locales/locales'

export interface Alternate {
  /** A language tag (`en`, `ar`) or `x-default`: the page for a language the site does not have. */
  hreflang: string
  href: string
}

/** `pageLinks('/pricing', 'ar', origin)` -> canonical `<origin>/ar/pricing`, alternates en, ar and x-default (English). */
export function pageLinks(
  logicalPath: string,
  locale: Locale,
  origin: string,
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
