// The bidi check of `npm run i18n:verify` and the build (build/bidi.ts, verifyBidi in build/verifyCatalogs.ts).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { markdownRuns, messageRuns } from '../../build/bidi'
import { formatProblems, verifyBidi, verifyI18n } from '../../build/verifyCatalogs'

const runs = (message: string) => messageRuns(message).map((r) => r.text)

describe('an Arabic message', () => {
  test.each([
    ['تقنية 3-D Secure لإيقاف المدفوعات المشبوهة', '3-D Secure'],
    ['معتمدون وفق معيار PCI-DSS من المستوى الأول', 'PCI-DSS'],
    ['فعّل 2FA لحسابك', '2FA'],
    ['ادعم Wi-Fi في متجرك', 'Wi-Fi'],
    ['ادفع {amount} عبر 3-D Secure', '3-D Secure'],
    ['اقرأ <b>3-D Secure</b> أولًا', '3-D Secure'],
    ['{count, plural, zero {لا شيء} one {3-D Secure} other {# عمليات}}', '3-D Secure'],
    // A right-to-left isolate does not make Latin text read left to right.
    ['تقنية \u20673-D Secure\u2069 للحماية', '3-D Secure'],
    // The isolate is closed before the run.
    ['\u2068Apple Pay\u2069 و3-D Secure', '3-D Secure'],
    // Spaces join Latin words, not a number to a word.
    ['ادعم Visa 3-D Secure', '3-D Secure'],
  ])('%s is flagged: %s', (message, run) => {
    expect(runs(message)).toEqual([run])
  })

  test.each([
    ['خلال 2 يوم'],
    ['نراجعها عادةً خلال 3 أيام عمل، و24/7 للدعم'],
    ['القيمة 100.00 ريال سعودي، من 10-20 يومًا'],
    ['إلى جانب Visa وMastercard وApple Pay وSTC Pay وتابي'],
    ['معيار PCI DSS من المستوى الأول'],
    ['ادفع 100 SAR أو 2 Apple Pay'],
    ['تقنية \u20683-D Secure\u2069 لإيقاف المدفوعات المشبوهة'],
    ['تقنية \u20663-D Secure\u2069 لإيقاف المدفوعات المشبوهة'],
    ['تقنية <bdi>3-D Secure</bdi> لإيقاف المدفوعات المشبوهة'],
    ['\u2068{count, plural, one {3-D Secure} other {# 3-D}}\u2069'],
    ['ادفع {amount}-{currency}'],
    ['{page} · رصيد'],
    ['3-D Secure {oops'],
  ])('%s is not flagged', (message) => {
    expect(runs(message)).toEqual([])
  })
})

describe('verifyBidi', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bidi-'))
  const write = (name: string, text: string) => {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), text)
    return join(dir, name)
  }

  test('names the message id, shows the run and says how to fix it', () => {
    const file = write(
      'ar.json',
      JSON.stringify({
        'home.fraud.body': 'تقنية 3-D Secure لإيقاف المدفوعات',
        'home.ok': 'خلال 2 يوم',
        'home.fixed': 'تقنية \u20683-D Secure\u2069',
      }),
    )
    const out = formatProblems(verifyBidi([{ file, locale: 'ar' }]))
    expect(out.split('\n')).toHaveLength(1)
    expect(out).toContain('ar.json [home.fraud.body]: ')
    expect(out).toContain('"3-D Secure"')
    expect(out).toContain('U+2068')
    expect(out).toContain('U+2069')
    expect(out).toContain('"\\u20683-D Secure\\u2069"')
  })

  test('checks right-to-left locales only', () => {
    const file = write('en.json', JSON.stringify({ 'home.fraud.body': '3-D Secure and PCI-DSS' }))
    expect(verifyBidi([{ file, locale: 'en' }])).toEqual([])
  })

  test("checks the prose of the locale's guides, with file and line, not their code, links or <bdi>", () => {
    const catalog = write('clean.json', JSON.stringify({ 'a.b': 'نص' }))
    write('guides/en/x.md', '---\ntitle: X\ndescription: 3-D Secure\norder: 1\n---\nPCI-DSS\n')
    write(
      'guides/ar/webhooks/retries.md',
      [
        '---', // 1
        'title: إعادة المحاولة',
        'description: كيف تعمل 3-D Secure مع الإشعارات.', // 3
        'order: 3',
        '---',
        '## المصادقة', // 6
        '',
        'تستخدم البطاقات تقنية 3-D Secure، وتعمل <bdi>3-D Secure</bdi> كذلك.', // 8
        'المفتاح `sk-test-3` يبقى على الخادم، وراجع [دليل 3-D Secure](./3-d-secure.md) و<https://x.example/3-d>.', // 9
        '',
        '```js',
        'const mode = "3-D Secure"',
        '```',
        '',
        '~~~',
        'PCI-DSS',
        '~~~',
        'خلال 2 يوم، ومعيار PCI-DSS.', // 18
        '',
      ].join('\n'),
    )
    const problems = verifyBidi([{ file: catalog, locale: 'ar' }], join(dir, 'guides'))
    expect(
      problems.map((p) => [
        p.file.replace(/\\/g, '/').replace(/^.*guides\//, ''),
        p.line,
        /"([^"]+)"/.exec(p.reason)![1],
      ]),
    ).toEqual([
      ['ar/webhooks/retries.md', 3, '3-D Secure'],
      ['ar/webhooks/retries.md', 8, '3-D Secure'],
      ['ar/webhooks/retries.md', 9, '3-D Secure'],
      ['ar/webhooks/retries.md', 18, 'PCI-DSS'],
    ])
    expect(formatProblems(problems)).toMatch(
      /retries\.md:8: the Latin run "3-D Secure" .*<bdi>3-D Secure<\/bdi>, or U\+2068/,
    )
  })
})

test('markdownRuns: an isolate ends with its paragraph', () => {
  expect(markdownRuns('نص \u2068Apple Pay\n\nو3-D Secure').map((r) => [r.line, r.text])).toEqual([[3, '3-D Secure']])
  expect(markdownRuns('نص \u20683-D Secure\u2069 و`3-D`').map((r) => r.text)).toEqual([])
})

// The build stops on any finding (build/index.ts); this names them without a build.
test('the Arabic catalog and guides isolate their Latin runs', () => {
  expect(formatProblems(verifyI18n().bidi)).toBe('')
})
