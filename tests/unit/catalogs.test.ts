import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { formatProblems, verifyCatalogs } from '../../build/verifyCatalogs'
import { shellAreas } from '../../locales/messages'
import { pickMessages } from '../../locales/pickMessages'
import { createIntl } from 'react-intl'
import en from '../../locales/en.json'
import ar from '../../locales/ar.json'

const dir = mkdtempSync(join(tmpdir(), 'catalogs-'))
const write = (name: string, data: unknown) => {
  const file = join(dir, name)
  writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data))
  return file
}
const check = (source: object, target: unknown) =>
  formatProblems(
    verifyCatalogs({ file: write('en.json', source), locale: 'en' }, [
      { file: write('ar.json', target), locale: 'ar' },
    ]),
  )

describe('the project catalogs', () => {
  test('agree in ids, arguments and plural structure', () => {
    expect(
      formatProblems(
        verifyCatalogs({ file: 'locales/en.json', locale: 'en' }, [{ file: 'locales/ar.json', locale: 'ar' }]),
      ),
    ).toBe('')
  })

  test('use all six Arabic plural forms', () => {
    const intl = createIntl({ locale: 'ar-u-nu-latn', messages: ar })
    const forms = [0, 1, 2, 3, 11, 100].map((count) => intl.formatMessage({ id: 'guide.index.count' }, { count }))
    expect(new Set(forms).size).toBe(6)
    expect(forms[3]).toBe('3 مقالات')
  })

  test('a page gets the shell and its own area only', () => {
    const picked = pickMessages(en, 'en', ['pricing'])
    const areas = new Set(Object.keys(picked).map((id) => id.split('.')[0]))
    expect([...areas].sort()).toEqual([...shellAreas, 'pricing'].sort())
  })
})

describe('verifyCatalogs reports what differs, with file and id', () => {
  test('a missing and an extra key', () => {
    const out = check({ 'a.b': 'x', 'a.c': 'y' }, { 'a.b': 'س', 'a.d': 'ص' })
    expect(out).toMatch(/ar\.json \[a\.c\]: missing/)
    expect(out).toMatch(/ar\.json \[a\.d\]: not in the source catalog/)
  })
  test('a placeholder that differs', () => {
    expect(check({ 'a.b': 'Hi {name}' }, { 'a.b': 'مرحبًا {nom}' })).toMatch(/\[a\.b\]: arguments differ/)
  })
  test('a message that is not valid ICU', () => {
    expect(check({ 'a.b': 'Hi {name' }, { 'a.b': 'x' })).toMatch(/en\.json \[a\.b\]: ICU message does not parse/)
  })
  test('an Arabic plural without its six forms', () => {
    const out = check(
      { 'a.b': '{n, plural, one {# item} other {# items}}' },
      { 'a.b': '{n, plural, one {عنصر} other {# عنصر}}' },
    )
    // CLDR's order on every Node (Node 20 and 24 list pluralCategories in different orders).
    expect(out).toMatch(/\[a\.b\]: plural \{n\} lacks the ar categories: zero, two, few, many$/m)
  })
  test('a plural turned into plain text', () => {
    expect(check({ 'a.b': '{n, plural, one {# item} other {# items}}' }, { 'a.b': '{n} عنصر' })).toMatch(
      /arguments differ/,
    )
  })
  test('a catalog that is not JSON, or not flat', () => {
    expect(check({ 'a.b': 'x' }, '{ "a.b": ')).toMatch(/ar\.json: not valid JSON/)
    expect(check({ 'a.b': 'x' }, { a: { b: 'x' } })).toMatch(/\[a\]: message is not a string/)
  })
})
