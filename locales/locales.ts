export type Locale = 'en' | 'ar'
export type Dir = 'ltr' | 'rtl'

export interface LocaleInfo {
  code: Locale
  language: string
  name: string
  dir: Dir
}

// BEHAVIOUR.md section 1: English is the default and has no prefix; Arabic lives under /ar.
export const locales: readonly LocaleInfo[] = [
  { code: 'en', language: 'en', name: 'English', dir: 'ltr' },
  { code: 'ar', language: 'ar', name: 'العربية', dir: 'rtl' },
]

export const defaultLocale: Locale = 'en'

export const localeCodes = locales.map((l) => l.code)

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (localeCodes as string[]).includes(value)
}

export function dirOf(locale: Locale): Dir {
  return locales.find((l) => l.code === locale)!.dir
}

export function otherLocale(locale: Locale): Locale {
  return locale === 'en' ? 'ar' : 'en'
}
