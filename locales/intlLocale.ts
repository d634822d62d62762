import type { Locale } from './locales'

/**
 * The BCP 47 tag every formatter uses: Latin digits and the Gregorian calendar in both languages
 * (docs/content.md), so the prerendered text and the browser's text are the same.
 */
export function intlLocale(locale: Locale): string {
  return `${locale}-u-ca-gregory-nu-latn`
}
