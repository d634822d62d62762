// Short Latin names in Arabic copy stay on one line (locales/keepTogether.ts), in the catalogs'
// messages and in the guides.
import { describe, expect, test } from 'vitest'
import { loadGuides } from '../../build/guides'
import { keepNamesTogether } from '../../locales/keepTogether'
import { pickMessages } from '../../locales/pickMessages'

const NBSP = '\u00A0'
const WJ = '\u2060'

describe('a short Latin name in Arabic text', () => {
  test.each([
    ['تقنية 3-D Secure لإيقاف المدفوعات', `تقنية 3-${WJ}D${NBSP}Secure لإيقاف المدفوعات`],
    ['ادفع عبر Apple Pay أو STC Pay', `ادفع عبر Apple${NBSP}Pay أو STC${NBSP}Pay`],
    ['المبلغ 100 SAR فقط', `المبلغ 100${NBSP}SAR فقط`],
  ])('%s keeps its words together', (text, kept) => {
    expect(keepNamesTogether(text, 'ar')).toBe(kept)
  })

  test.each([
    // One word has nothing to keep; Arabic words are never joined; a quoted sentence may break.
    ['مفاتيح API للحساب'],
    ['خلال 2 يوم'],
    ['نص "Pay your invoice before the end of the month" هنا'],
  ])('%s is left as written', (text) => {
    expect(keepNamesTogether(text, 'ar')).toBe(text)
  })

  test('English text breaks anywhere but inside a numbered name', () => {
    expect(keepNamesTogether('Pay with Apple Pay', 'en')).toBe('Pay with Apple Pay')
    expect(keepNamesTogether('with 3-D Secure handled', 'en')).toBe(`with 3-${WJ}D${NBSP}Secure handled`)
  })
})

describe('the pages', () => {
  const literals = (value: unknown): string =>
    Array.isArray(value)
      ? value.map(literals).join('')
      : value && typeof value === 'object'
        ? Object.values(value).map(literals).join('')
        : typeof value === 'string'
          ? value
          : ''

  test('no page breaks "3-D Secure"', () => {
    const ar = literals(Object.values(pickMessages(catalog('ar'), 'ar', ['services'])))
    expect(ar).toContain(`3-${WJ}D${NBSP}Secure`)
    expect(ar).not.toContain('3-D Secure')
    const en = literals(Object.values(pickMessages(catalog('en'), 'en', ['services'])))
    expect(en).toContain(`3-${WJ}D${NBSP}Secure`)
    expect(en).not.toContain('3-D Secure')
  })

  test('an Arabic guide joins the words of a name outside its code', () => {
    const html = loadGuides()
      .ar.map((g) => g.html)
      .join('\n')
    expect(html).toMatch(new RegExp(`[A-Za-z]+${NBSP}[A-Za-z]+`))
    for (const code of html.match(/<code[^>]*>[^<]*<\/code>/g) ?? []) expect(code).not.toContain(NBSP)
  })
})

function catalog(locale: 'ar' | 'en'): Record<string, string> {
  return require(`../../locales/${locale}.json`) as Record<string, string>
}
