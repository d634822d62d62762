// The site's languages: the one table that names them (docs/behaviour.md §1). The default locale
// has no prefix (`/pricing`); every other lives under its code (`/ar/pricing`). Everything that
// differs by language reads this table: routes, `lang`/`dir`, the boot script, fonts, catalogs,
// guides, the sitemap. To add one, see CONTRIBUTING.md ("Add a locale").

export interface LocaleInfo {
  /** URL prefix, catalog (`locales/<code>.json`) and guide folder (`locales/guides/<code>/`). */
  code: string
  /** BCP 47 language the browser's `navigator.languages` is matched against. */
  language: string
  /** Its own name, as the language switcher shows it. */
  name: string
  dir: 'ltr' | 'rtl'
  /** The script of its text: which self-hosted font faces its pages preload (build/css.ts). */
  script: 'latin' | 'arabic'
  /**
   * The BCP 47 tag whose conventions its dates, times, lists and numbers follow, when not its
   * `language`'s: the English site is British (1 November 2026, 17:05, "a, b and c").
   */
  formats?: string
}

export const locales = [
  { code: 'en', language: 'en', name: 'English', dir: 'ltr', script: 'latin', formats: 'en-GB' },
  { code: 'ar', language: 'ar', name: 'العربية', dir: 'rtl', script: 'arabic' },
] as const satisfies readonly LocaleInfo[]

export type Locale = (typeof locales)[number]['code']
export type Dir = LocaleInfo['dir']
export type Script = LocaleInfo['script']

export const defaultLocale: Locale = locales[0].code

export const localeCodes: Locale[] = locales.map((l) => l.code)

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (localeCodes as string[]).includes(value)
}

export function localeInfo(locale: Locale): LocaleInfo & { code: Locale } {
  return locales.find((l) => l.code === locale)!
}

export function dirOf(locale: Locale): Dir {
  return localeInfo(locale).dir
}

export function scriptOf(locale: Locale): Script {
  return localeInfo(locale).script
}

/** The locales a page links to from its language switcher: every one but its own. */
export function otherLocales(locale: Locale): Locale[] {
  return localeCodes.filter((l) => l !== locale)
}
