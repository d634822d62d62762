import { type Locale, localeInfo } from './locales'

/**
 * The BCP 47 tag every formatter uses: the locale's conventions (British for English: 1 November
 * 2026, 17:05), Latin digits and the Gregorian calendar in both languages (docs/content.md), so the
 * prerendered text and the browser's text are the same.
 */
export function intlLocale(locale: Locale): string {
  return `${localeInfo(locale).formats ?? locale}-u-ca-gregory-nu-latn`
}

/** A weekday's name in `locale`, counted from Sunday (0), as site.config.ts counts them (2023-01-01 was a Sunday). */
export function weekdayName(day: number, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'long', timeZone: 'UTC' }).format(
    Date.UTC(2023, 0, 1 + day),
  )
}
