import { describe, expect, test } from 'vitest'
import { extractLocale } from '../../locales/extractLocale'
import { localizePath } from '../../locales/localizePath'
import { pickLocale } from '../../locales/pickLocale'
import { dirOf, isLocale, locales } from '../../locales/locales'
import { intlLocale } from '../../locales/intlLocale'

const langs = locales.map((l) => l.language)

describe('pickLocale (docs/behaviour.md §3)', () => {
  test.each([
    ['cookie wins over the browser', 'en', ['ar-SA'], 'en'],
    ['cookie ar', 'ar', ['en-US'], 'ar'],
    ['invalid cookie counts as absent', 'de', ['ar-SA'], 'ar'],
    ['empty cookie counts as absent', '', ['ar'], 'ar'],
    ['exact match', null, ['ar'], 'ar'],
    ['primary subtag match', null, ['ar-EG'], 'ar'],
    ['unsupported first entry is skipped', null, ['fr', 'ar'], 'ar'],
    ['earlier entry wins', null, ['en-GB', 'ar'], 'en'],
    ['earlier subtag beats a later exact match', null, ['ar-SA', 'en'], 'ar'],
    ['case-insensitive', null, ['AR-sa'], 'ar'],
    ['nothing matches', null, ['fr', 'de'], null],
    ['no languages at all', undefined, [], null],
  ])('%s', (_, cookie, browser, expected) => {
    expect(pickLocale(cookie, browser, langs)).toBe(expected)
  })

  test('is self-contained: it needs nothing outside its own body (the boot script runs it first)', () => {
    const standalone = new Function(`return (${pickLocale.toString()})`)() as typeof pickLocale
    expect(standalone(null, ['fr', 'ar'], langs)).toBe('ar')
  })
})

describe('paths', () => {
  test.each([
    ['/', 'en', '/'],
    ['/ar', 'ar', '/'],
    ['/ar/', 'ar', '/'],
    ['/ar/pricing', 'ar', '/pricing'],
    ['/ar/guide/webhooks/retries', 'ar', '/guide/webhooks/retries'],
    ['/arabic', 'en', '/arabic'],
    ['/en/pricing', 'en', '/en/pricing'],
    ['/pricing', 'en', '/pricing'],
  ])('extractLocale(%s)', (path, locale, pathname) => {
    expect(extractLocale(path)).toEqual({ locale, pathname })
  })

  test.each([
    ['/', 'ar', '/ar'],
    ['/?x=1#a', 'ar', '/ar?x=1#a'],
    ['/pricing?plan=growth#faq', 'ar', '/ar/pricing?plan=growth#faq'],
    ['/pricing', 'en', '/pricing'],
    ['https://example.com/x', 'ar', 'https://example.com/x'],
    ['//cdn.example/x', 'ar', '//cdn.example/x'],
  ] as const)('localizePath(%s, %s)', (href, locale, expected) => {
    expect(localizePath(href, locale)).toBe(expected)
  })

  test('directions and locale tags', () => {
    expect(dirOf('ar')).toBe('rtl')
    expect(dirOf('en')).toBe('ltr')
    expect(isLocale('ar')).toBe(true)
    expect(isLocale('fr')).toBe(false)
    expect(new Intl.NumberFormat(intlLocale('ar')).format(1234.5)).toBe('1,234.5')
    expect(
      new Intl.DateTimeFormat(intlLocale('ar'), { year: 'numeric' }).format(new Date(Date.UTC(2026, 5, 1))),
    ).toMatch(/^2026/)
  })
})
