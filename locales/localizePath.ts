import { defaultLocale, type Locale } from './locales'

/**
 * The address of a logical path in a locale: `localizePath('/pricing?x=1#a', 'ar')` -> `/ar/pricing?x=1#a`.
 * Only site-internal absolute paths are prefixed; anything else is returned as it is.
 */
export function localizePath(href: string, locale: Locale): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href
  if (locale === defaultLocale) return href
  const rest = href === '/' ? '' : href.startsWith('/?') || href.startsWith('/#') ? href.slice(1) : href
  return `/${locale}${rest}`
}
