import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { loadGuides } from '../../build/guides'

function site(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'guides-'))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true })
    writeFileSync(join(root, name), text)
  }
  return root
}
const article = (title: string, order = 1, body = 'Some text.\n', group = 'start') =>
  `---\ntitle: ${title}\ndescription: About ${title}\norder: ${order}\ngroup: ${group}\n---\n${body}`

describe('guides', () => {
  test('the real guides exist in both languages with the same slugs', () => {
    const guides = loadGuides()
    // docs/content.md: at least 8 articles, these slugs, in both languages.
    expect(guides.en.length).toBeGreaterThanOrEqual(8)
    expect(guides.en.map((g) => g.slug)).toEqual(
      expect.arrayContaining([
        'getting-started',
        'api-keys',
        'accept-a-payment',
        'webhooks',
        'refunds',
        'payouts-and-settlement',
        'test-cards',
        'go-live-checklist',
      ]),
    )
    expect(guides.ar.map((g) => g.slug)).toEqual(guides.en.map((g) => g.slug))
    for (const g of [...guides.en, ...guides.ar]) {
      expect(g.html).toContain('<h2')
      expect(g.toc.length).toBeGreaterThanOrEqual(3)
      // Real examples: every article has highlighted code.
      expect(g.html).toMatch(
        /<pre tabindex="0" role="group" aria-label="[^"]+"><code class="hljs language-\w+">[\s\S]*<span class="h[ckdsntab]">/,
      )
      // A wide table scrolls in a region named by the heading above it and its own column headers.
      for (const [, labelledBy] of g.html.matchAll(
        /<div class="table-scroll" tabindex="0" role="region" aria-labelledby="([^"]+)">/g,
      ))
        for (const id of labelledBy!.split(' ')) expect(g.html).toContain(`id="${id}"`)
      expect(g.html.split('<table>').length).toBe(g.html.split('class="table-scroll"').length)
    }
    // The Arabic articles are written in Arabic, not left in English.
    for (const g of guides.ar)
      expect((g.html.replace(/<pre[\s\S]*?<\/pre>/g, '').match(/[\u0600-\u06ff]/g) ?? []).length).toBeGreaterThan(1500)
  })

  test('code is highlighted at build time, left to right, with a copy button in the page language; headings make the table of contents', () => {
    const code = '```python\n# a comment, not a heading\nx = 1\n```\n'
    const root = site({
      'en/a.md': article('A', 1, `## First step\n\n${code}\n### Detail\n\n## First step\n`),
      'ar/a.md': article('أ', 1, `## الخطوة الأولى\n\n${code}`),
    })
    const { en, ar } = loadGuides(root)
    expect(en[0]!.html).toContain('<div class="code-block" dir="ltr">')
    expect(en[0]!.html).toContain('<span class="hc"># a comment, not a heading</span>')
    // The words once on the article (its page), not on each button; an Arabic button right to left in the ltr block.
    expect(en[0]!.html).toMatch(
      /<button type="button" class="code-copy"><span[^>]*><\/span><span aria-live="polite">Copy<\/span>/,
    )
    expect(ar[0]!.html).toMatch(
      /<button type="button" class="code-copy" dir="rtl"><span[^>]*><\/span><span aria-live="polite">نسخ<\/span>/,
    )
    expect(en[0]!.html).not.toMatch(/data-copied|data-failed/)
    expect(en[0]!.toc).toEqual([
      { id: 'first-step', html: 'First step', depth: 2 },
      { id: 'detail', html: 'Detail', depth: 3 },
      { id: 'first-step-2', html: 'First step', depth: 2 },
    ])
    expect(ar[0]!.toc[0]).toEqual({ id: 'الخطوة-الأولى', html: 'الخطوة الأولى', depth: 2 })
  })

  test('a quote opening with [!NOTE] or [!WARNING] is a callout titled in the article language; another quote stays a quote', () => {
    const body = '> [!WARNING]\n> Check the **signature**.\n\n> [!NOTE]\n> Sandbox only.\n\n> Said once.\n'
    const { en, ar } = loadGuides(site({ 'en/a.md': article('A', 1, body), 'ar/a.md': article('أ', 1, body) }))
    expect(en[0]!.html).toContain(
      '<div class="callout callout-warning" role="note"><p class="callout-title"><span class="i-lucide-triangle-alert size-4" aria-hidden="true"></span>Important</p><p>Check the <strong>signature</strong>.</p>',
    )
    expect(en[0]!.html).toMatch(/<div class="callout callout-note" role="note">.*Note<\/p><p>Sandbox only\.<\/p>/)
    expect(ar[0]!.html).toContain('</span>مهم</p>')
    expect(ar[0]!.html).toContain('</span>ملاحظة</p>')
    expect(en[0]!.html).toContain('<blockquote>\n<p>Said once.</p>\n</blockquote>')
    expect(en[0]!.html).not.toContain('[!')
  })

  test('nested slugs, order, left-to-right code and localized links', () => {
    const root = site({
      'en/b.md': article('B', 2, 'See [A](./a.md).\n\n```js\nconst a = 1 < 2\n```\n'),
      'en/webhooks/retries.md': article('Retries', 3),
      'en/a.md': article('A', 1),
      'ar/b.md': article('ب', 2, 'راجع [أ](./a.md).\n'),
      'ar/webhooks/retries.md': article('إعادة', 3),
      'ar/a.md': article('أ', 1),
    })
    const guides = loadGuides(root)
    expect(guides.en.map((g) => g.slug)).toEqual(['a', 'b', 'webhooks/retries'])
    const b = guides.en[1]!
    expect(b.html).toMatch(
      /<div class="code-block" dir="ltr">.*<pre tabindex="0" role="group" aria-label="js code"><code class="hljs language-js"><span class="hk">const<\/span> a = <span class="hn">1<\/span> &lt; <span class="hn">2/s,
    )
    expect(b.html).toContain('href="/guide/a"')
    expect(guides.ar[1]!.html).toContain('href="/ar/guide/a"')
  })

  test('inline code is text, never markup, in the body and the table of contents', () => {
    const body =
      'Send `Authorization: <img src=x onerror=alert(1)>` and compare `a < b && c`, `"quoted"` and `<b>`.\n\n## The `<form>` tag\n'
    const root = site({ 'en/x.md': article('X', 1, body), 'ar/x.md': article('س', 1, body) })
    const [guide] = loadGuides(root).en
    expect(guide!.html).toContain(
      '<code dir="ltr" class="wrap">Authorization: &lt;img src=x onerror=alert(1)&gt;</code> and compare <code dir="ltr">a &lt; b &amp;&amp; c</code>, <code dir="ltr">&quot;quoted&quot;</code> and <code dir="ltr">&lt;b&gt;</code>',
    )
    expect(guide!.html).not.toMatch(/<img|<b>|<form>/)
    expect(guide!.toc.map((t) => t.html)).toEqual(['The <code dir="ltr">&lt;form&gt;</code> tag'])
  })

  test.each([
    [
      'a slug missing in Arabic',
      { 'en/a.md': article('A'), 'en/b.md': article('B'), 'ar/a.md': article('أ') },
      /ar\/b\.md: missing: the en guide "b" has no ar version/,
    ],
    ['no front matter', { 'en/a.md': 'Just text', 'ar/a.md': article('أ') }, /en\/a\.md: missing front matter/],
    [
      'no title',
      { 'en/a.md': '---\ndescription: x\norder: 1\n---\nText', 'ar/a.md': article('أ') },
      /en\/a\.md: front matter lacks "title"/,
    ],
    [
      'a bad order',
      { 'en/a.md': article('A', 'first' as never), 'ar/a.md': article('أ') },
      /en\/a\.md: front matter "order" is not an integer/,
    ],
    [
      'a second h1',
      { 'en/a.md': article('A', 1, '# Title again\n'), 'ar/a.md': article('أ') },
      /en\/a\.md: the body must not have a level-1 heading/,
    ],
    [
      'no group',
      { 'en/a.md': '---\ntitle: A\ndescription: x\norder: 1\n---\nText', 'ar/a.md': article('أ') },
      /en\/a\.md: front matter lacks "group"/,
    ],
    [
      'an unknown group',
      { 'en/a.md': article('A', 1, 'Text', 'misc'), 'ar/a.md': article('أ') },
      /en\/a\.md: front matter "group" is "misc", not one of start, payments, money, launch/,
    ],
    [
      'a duplicate slug',
      { 'en/a.md': article('A'), 'en/a/index.md': article('A again'), 'ar/a.md': article('أ') },
      /en\/(a|a\/index)\.md: duplicate slug "a"/,
    ],
    [
      'a slug only in Arabic',
      { 'en/a.md': article('A'), 'ar/a.md': article('أ'), 'ar/c.md': article('ج') },
      /ar\/c\.md: no en version of this guide/,
    ],
    [
      'a code block in an unknown language',
      { 'en/a.md': article('A', 1, '```ruby\nputs 1\n```\n'), 'ar/a.md': article('أ') },
      /en\/a\.md: code block language "ruby" is not one of/,
    ],
    [
      'a code block without a language',
      { 'en/a.md': article('A', 1, '```\nputs 1\n```\n'), 'ar/a.md': article('أ') },
      /en\/a\.md: a code block has no language/,
    ],
  ])('fails the build with file and reason: %s', (_, files, message) => {
    expect(() => loadGuides(site(files))).toThrow(message)
  })
})
