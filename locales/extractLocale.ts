import { defaultLocale, isLocale, type Locale } from './locales'

/** `/ar/pricing` -> `{ locale: 'ar', pathname: '/pricing' }`; `/pricing` -> `{ locale: 'en', pathname: '/pricing' }`. */
export function extractLocale(pathname: string): { locale: Locale; pathname: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname)
  const first = match?.[1]
  if (first && first !== defaultLocale && isLocale(first)) {
    return { locale: first, pathname: match[2] || '/' }
  }
  return { locale: defaultLocale, pathname }
}
