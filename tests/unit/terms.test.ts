// The glossary check of `npm run i18n:verify` and the build (locales/glossary.ts, build/terms.ts),
// and the code-comment rule of the bidi check (build/bidi.ts `codeCommentRuns`).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { codeCommentRuns } from '../../build/bidi'
import { glossaryTable, termProblems } from '../../build/terms'
import { formatProblems, verifyBidi, verifyI18n, verifyTerms } from '../../build/verifyCatalogs'

test('a banned word fails, with the word to use; diacritics, proclitics and the article do not hide it', () => {
  expect(termProblems('أخفقت عملية الدفع', 'ar')).toEqual([])
  expect(termProblems('إذا فشلت عملية الدفع', 'ar')[0]).toMatch(/"فشلت" is not the glossary's word for failed.*أخفق/)
  expect(termProblems('في النموذج المضمَّن', 'ar')).toHaveLength(1)
  expect(termProblems('بيانات نموذجية', 'ar')).toHaveLength(1)
  // A banned word inside another word is not that word: نموذج (form) and مقالة (article) are fine.
  expect(termProblems('نموذج الدفع ونموذجين ومقالة ومقالات', 'ar')).toEqual([])
  expect(termProblems('The card was authorised.', 'en')[0]).toMatch(/"authorised".*Oxford spelling/)
  expect(termProblems('Cards issued abroad', 'en')).toHaveLength(1)
  expect(termProblems('The card was authorized.', 'en')).toEqual([])
})

test('a banned word in any form fails: plural, dual, feminine, a pronoun suffix, with the article', () => {
  // «النزاعات» is the plural of the banned «نزاع»; one reason for the word, not one per listed form.
  expect(termProblems('النزاعات والاعتراضات', 'ar')).toEqual([
    expect.stringMatching(/"النزاع" is not the glossary's word for chargeback/),
  ])
  expect(termProblems('بنزاعين', 'ar')).toHaveLength(1)
  expect(termProblems('توثيقها', 'ar')).toHaveLength(1)
  expect(termProblems('المزودون', 'ar')).toHaveLength(1)
  expect(termProblems('دفعتين', 'ar')).toHaveLength(1)
  expect(termProblems('Two dispute fees', 'en')).toHaveLength(1)
  expect(termProblems('Extra in-store terminals', 'en')).toHaveLength(1)
  // A form that is the glossary's own word is that word: «مقالة» and «مقالات» (article), not «مقال» + ة.
  expect(termProblems('مقالة ومقالات ومقالتان وكل المقالات', 'ar')).toEqual([])
  expect(termProblems('مقالك', 'ar')).toHaveLength(1)
})

test('the status page: an incident is «عطل», the page «حالة الخدمة»', () => {
  // The bad examples: three words for an incident and three names for the page on one page.
  expect(termProblems('لا حوادث خلال آخر 90 يومًا.', 'ar')[0]).toMatch(/"حوادث" is not the glossary's word for incident/)
  expect(termProblems('كل حادث على الصفحة', 'ar')).toHaveLength(1)
  expect(termProblems('قبل إغلاق هذا البلاغ.', 'ar')).toHaveLength(1)
  expect(termProblems('تابِع التحديثات على صفحة حالة الخدمات', 'ar')[0]).toMatch(/write حالة الخدمة/)
  expect(termProblems('حالة خدمات رصيد: الحوادث', 'ar')).toHaveLength(2)
  expect(termProblems('وتظهر في صفحة الحالة طوال مدتها', 'ar')).toHaveLength(1)
  expect(termProblems('The privacy notice has changed', 'en')[0]).toMatch(/write privacy policy/)
  expect(termProblems('البريد الإلكتروني للعمل', 'ar')).toHaveLength(1)
  // The words to use, and look-alikes: reporting one («الإبلاغ عنه»), a chat («محادثة»), the page
  // loading the live status («الصفحة الحالة المباشرة»).
  expect(
    termProblems(
      'لا أعطال، وكل عطل منذ الإبلاغ عنه حتى حلّه في صفحة حالة الخدمة؛ محادثة؛ تُحمِّل هذه الصفحة الحالة المباشرة',
      'ar',
    ),
  ).toEqual([])
  expect(termProblems('Read our privacy policy. Work email.', 'en')).toEqual([])
})

test('the brand takes no clitic فـ or بـ, and رصيد alone is never the word for a balance', () => {
  expect(termProblems('أرقام للعرض فقط، فرصيد علامة تجارية افتراضية', 'ar')[0]).toMatch(
    /the brand رصيد takes no clitic/,
  )
  expect(termProblems('ادفع برصيد', 'ar')).toHaveLength(1)
  expect(termProblems('رصيد غير كافٍ', 'ar')).toHaveLength(1)
  expect(termProblems('يُخصم من رصيد حسابك', 'ar')).toHaveLength(1)
  // وـ and لـ are fine, and «الرصيد» with the article is the common noun.
  expect(termProblems('الرصيد غير كافٍ، ولرصيد ورصيد علامة تجارية', 'ar')).toEqual([])
})

test('verifyTerms names the catalog message and the guide line; code is not prose', () => {
  const dir = mkdtempSync(join(tmpdir(), 'terms-'))
  const catalog = join(dir, 'ar.json')
  writeFileSync(catalog, JSON.stringify({ 'a.b': 'بيانات توضيحية', 'a.c': 'بيانات للعرض فقط' }))
  mkdirSync(join(dir, 'guides', 'ar'), { recursive: true })
  writeFileSync(
    join(dir, 'guides', 'ar', 'x.md'),
    ['---', 'title: ت', '---', 'نص سليم', '```js', "const failed = 'فشل'", '```', 'إذا فشل التحويل'].join('\n'),
  )
  const problems = verifyTerms([{ file: catalog, locale: 'ar' }], join(dir, 'guides'))
  expect(problems.map((p) => p.id ?? p.line)).toEqual(['a.b', 8])
  expect(formatProblems(problems)).toMatch(/x\.md:8: "فشل"/)
})

test('an Arabic code comment with a Latin word is flagged; English or all-Arabic comments are not', () => {
  const source = [
    'نص',
    '```js',
    '// تأتي client_secret من خادمك', // 3
    '// تأتي هذه القيمة من خادمك',
    '// the secret comes from your server',
    "const url = 'https://x.example/#a' # ليس تعليقًا في js",
    '```',
    '# عنوان بالعربية مع Latin خارج الشيفرة',
  ].join('\n')
  expect(codeCommentRuns(source).map((r) => [r.line, r.text])).toEqual([
    [3, 'تأتي client_secret من خادمك'],
    [6, 'ليس تعليقًا في js'],
  ])
  const dir = mkdtempSync(join(tmpdir(), 'comments-'))
  mkdirSync(join(dir, 'guides', 'ar'), { recursive: true })
  writeFileSync(join(dir, 'ar.json'), '{}')
  writeFileSync(join(dir, 'guides', 'ar', 'x.md'), source)
  expect(formatProblems(verifyBidi([{ file: join(dir, 'ar.json'), locale: 'ar' }], join(dir, 'guides')))).toMatch(
    /x\.md:3: the code comment "تأتي client_secret من خادمك" mixes Arabic and Latin words/,
  )
})

// The build stops on any finding (build/index.ts); this names them without a build.
test('the catalogs and guides follow the glossary', () => {
  expect(formatProblems(verifyI18n().terms)).toBe('')
})

test('docs/content.md shows the glossary of locales/glossary.ts (npm run docs:glossary)', () => {
  const docs = readFileSync('docs/content.md', 'utf8')
  expect(docs).toContain(`-->\n${glossaryTable()}\n<!-- glossary:end -->`)
})
