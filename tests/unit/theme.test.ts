import { describe, expect, test } from 'vitest'
import {
  contrast,
  defaultTheme,
  readableOn,
  textOn,
  themeConfig,
  themeFromQuery,
  themeToQuery,
} from '../../pages/design/theme'

const defaults = defaultTheme('rtl', 'متجر النور')

describe('theme in the URL query', () => {
  test('a full query round-trips', () => {
    const theme = {
      color: '#1d4ed8',
      radius: 20,
      font: 'serif' as const,
      logo: 'Qahwa House',
      mode: 'dark' as const,
      dir: 'ltr' as const,
    }
    const q = themeToQuery(theme, defaults)
    expect(q).toBe('?color=%231d4ed8&radius=20&font=serif&logo=Qahwa+House&mode=dark&dir=ltr')
    expect(themeFromQuery(q, defaults)).toEqual(theme)
  })

  test('the defaults write no query, so the plain page stays /design', () => {
    expect(themeToQuery(defaults, defaults)).toBe('')
  })

  test.each([
    ['?color=red', 'color'],
    ['?color=%23ff00', 'color'],
    ['?radius=25', 'radius'],
    ['?radius=-2', 'radius'],
    ['?radius=3.5', 'radius'],
    ['?radius=', 'radius'],
    ['?font=comic', 'font'],
    ['?mode=neon', 'mode'],
    ['?dir=up', 'dir'],
    ['?logo=%00x', 'logo'],
    [`?logo=${'x'.repeat(25)}`, 'logo'],
    ['?logo=%20%20', 'logo'],
  ] as const)('%s falls back to the default %s, the rest stays', (query, key) => {
    const theme = themeFromQuery(
      `${query}&mode=dark`.replace('&mode=dark', key === 'mode' ? '' : '&mode=dark'),
      defaults,
    )
    expect(theme[key]).toEqual(defaults[key])
    if (key !== 'mode') expect(theme.mode).toBe('dark')
  })

  test('an upper-case colour is kept, in lower case', () => {
    expect(themeFromQuery('?color=%23ABCDEF', defaults).color).toBe('#abcdef')
  })
})

describe('colours', () => {
  test('contrast ratios as WCAG computes them', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrast('#16a34a', '#ffffff')).toBeCloseTo(3.3, 1)
  })
  test('button text is white on dark brands and black on light ones', () => {
    expect(textOn('#1d4ed8')).toBe('#ffffff')
    expect(textOn('#facc15')).toBe('#000000')
  })
  test('a brand colour that would not read as large text falls back', () => {
    expect(readableOn('#16a34a', '#ffffff', '#0f172a')).toBe('#16a34a')
    expect(readableOn('#fde047', '#ffffff', '#0f172a')).toBe('#0f172a')
  })
  test('the configuration names every choice', () => {
    expect(themeConfig(defaults, 'ar')).toEqual({
      brandColor: '#0b6b3a',
      buttonTextColor: '#ffffff',
      cornerRadius: 8,
      font: 'system',
      logoText: 'متجر النور',
      appearance: 'light',
      direction: 'rtl',
      locale: 'ar',
    })
  })
})
