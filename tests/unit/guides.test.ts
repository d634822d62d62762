import { describe, expect, test } from 'vitest'
import { guideSite } from './guideSite'
import { loadGuides } from '../../build/guides'
import { loadReference } from '../../build/reference/document'
import { operationPath, referenceOperations, tagSlug } from '../../build/reference/pages'

const site = guideSite
const article = (title: string, order = 1, body = 'Some text.\n') =>
  `---\ntitle: ${title}\ndescription: About ${title}\norder: ${order}\n---\n${body}`

const referenceTags = new Set(loadReference().tags.map((t) => `reference/${tagSlug(t.name)}`))
/** The API reference's pages, written from the OpenAPI document rather than by hand. */
const generated = new Set([
  'reference',
  ...referenceTags,
  ...referenceOperations().map((o) => `reference/${operationPath(o)}`),
])

describe('guides', () => {
  test('the real guides exist in both languages with the same slugs', () => {
    const guides = loadGuides()
    // docs/content.md: at least 25 articles besides the API reference, these slugs among them, in both languages.
    expect(guides.en.filter((g) => g.group !== 'reference').length).toBeGreaterThanOrEqual(25)
    expect(guides.en.map((g) => g.slug)).toEqual(
      expect.arrayContaining([
        'getting-started',
        'getting-started/api-keys',
        'payments/accept-a-payment',
        'webhooks',
        'payments/refunds',
        'payouts',
        'testing/test-cards',
        'going-live/checklist',
        'going-live/security',
        'going-live/documents',
        'going-live/zatca-e-invoicing',
        'webhooks/events',
        'testing/sandbox-scenarios',
        'disputes',
        'saved-cards/recurring-payments',
        'platforms',
        'in-store',
        'reference',
        'reference/errors',
        'reference/limits-and-versions',
      ]),
    )
    expect(guides.ar.map((g) => g.slug)).toEqual(guides.en.map((g) => g.slug))
    for (const g of [...guides.en, ...guides.ar]) {
      expect(g.html).toContain('<h2')
      // A reference page of one operation has its object and that operation.
      expect(g.toc.length).toBeGreaterThanOrEqual(referenceTags.has(g.slug) ? 2 : 3)
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
      expect((g.html.replace(/<pre[\s\S]*?<\/pre>/g, '').match(/[\u0600-\u06ff]/g) ?? []).length).toBeGreaterThan(
        generated.has(g.slug) ? 100 : 1500,
      )
  })

  test('code is highlighted at build time, left to right, with a copy button in the page language; headings make the table of contents', () => {
    const code = '```python\n# a comment, not a heading\nx = 1\n```\n'
    const root = site({
      'en/payments/a.md': article('A', 1, `## First step\n\n${code}\n### Detail\n\n## First step\n`),
      'ar/payments/a.md': article('أ', 1, `## الخطوة الأولى\n\n${code}`),
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
    const { en, ar } = loadGuides(
      site({ 'en/payments/a.md': article('A', 1, body), 'ar/payments/a.md': article('أ', 1, body) }),
    )
    expect(en[0]!.html).toContain(
      '<div class="callout callout-warning" role="note"><p class="callout-title"><span class="i-lucide-triangle-alert size-4" aria-hidden="true"></span>Important</p><p>Check the <strong>signature</strong>.</p>',
    )
    expect(en[0]!.html).toMatch(/<div class="callout callout-note" role="note">.*Note<\/p><p>Sandbox only\.<\/p>/)
    expect(ar[0]!.html).toContain('</span>مهم</p>')
    expect(ar[0]!.html).toContain('</span>ملاحظة</p>')
    expect(en[0]!.html).toContain('<blockquote>\n<p>Said once.</p>\n</blockquote>')
    expect(en[0]!.html).not.toContain('[!')
  })

  test("sections, nested slugs, order, left-to-right code and links resolved from the article's folder", () => {
    const root = site({
      'en/payments/b.md': article(
        'B',
        2,
        'See [A](./a.md) and [R](../webhooks/retries.md#x).\n\n```js\nconst a = 1 < 2\n```\n',
      ),
      'en/webhooks/retries.md': article('Retries', 3, 'Back to [B](../payments/b.md).\n'),
      'en/webhooks/index.md': article('Webhooks', 1, 'See [retries](./retries.md).\n'),
      'en/payments/a.md': article('A', 1),
      'en/getting-started/index.md': article('Start', 9),
      'ar/payments/b.md': article('ب', 2, 'راجع [أ](./a.md).\n'),
      'ar/webhooks/retries.md': article('إعادة', 3),
      'ar/webhooks/index.md': article('Webhook', 1),
      'ar/payments/a.md': article('أ', 1),
      'ar/getting-started/index.md': article('البدء', 9),
    })
    const guides = loadGuides(root)
    // The sections' order first (getting-started before payments before webhooks), then `order`.
    expect(guides.en.map((g) => g.slug)).toEqual([
      'getting-started',
      'payments/a',
      'payments/b',
      'webhooks',
      'webhooks/retries',
    ])
    expect(guides.en.map((g) => g.group)).toEqual(['getting-started', 'payments', 'payments', 'webhooks', 'webhooks'])
    const b = guides.en[2]!
    expect(b.html).toMatch(
      /<div class="code-block" dir="ltr">.*<pre tabindex="0" role="group" aria-label="js code"><code class="hljs language-js"><span class="hk">const<\/span> a = <span class="hn">1<\/span> &lt; <span class="hn">2/s,
    )
    expect(b.html).toContain('href="/guide/payments/a"')
    expect(b.html).toContain('href="/guide/webhooks/retries#x"')
    expect(guides.en[3]!.html).toContain('href="/guide/webhooks/retries"')
    expect(guides.en[4]!.html).toContain('href="/guide/payments/b"')
    expect(guides.ar[2]!.html).toContain('href="/ar/guide/payments/a"')
  })

  test('inline code is text, never markup, in the body and the table of contents', () => {
    const body =
      'Send `Authorization: <img src=x onerror=alert(1)>` and compare `a < b && c`, `"quoted"` and `<b>`.\n\n## The `<form>` tag\n'
    const root = site({ 'en/payments/x.md': article('X', 1, body), 'ar/payments/x.md': article('س', 1, body) })
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
      { 'en/payments/a.md': article('A'), 'en/payments/b.md': article('B'), 'ar/payments/a.md': article('أ') },
      /ar\/payments\/b\.md: missing: the en guide "payments\/b" has no ar version/,
    ],
    [
      'no front matter',
      { 'en/payments/a.md': 'Just text', 'ar/payments/a.md': article('أ') },
      /en\/payments\/a\.md: missing front matter/,
    ],
    [
      'no title',
      { 'en/payments/a.md': '---\ndescription: x\norder: 1\n---\nText', 'ar/payments/a.md': article('أ') },
      /en\/payments\/a\.md: front matter lacks "title"/,
    ],
    [
      'a bad order',
      { 'en/payments/a.md': article('A', 'first' as never), 'ar/payments/a.md': article('أ') },
      /en\/payments\/a\.md: front matter "order" is not an integer/,
    ],
    [
      'a second h1',
      { 'en/payments/a.md': article('A', 1, '# Title again\n'), 'ar/payments/a.md': article('أ') },
      /en\/payments\/a\.md: the body must not have a level-1 heading/,
    ],
    [
      'an article outside a section',
      { 'en/a.md': article('A'), 'ar/a.md': article('أ') },
      /en\/a\.md: an article belongs in a section's folder: one of getting-started, payments,/,
    ],
    [
      'an unknown section',
      { 'en/misc/a.md': article('A'), 'ar/misc/a.md': article('أ') },
      /en\/misc\/a\.md: the folder "misc" is not a section/,
    ],
    [
      'a group in the front matter',
      {
        'en/payments/a.md': '---\ntitle: A\ndescription: x\norder: 1\ngroup: start\n---\nText',
        'ar/payments/a.md': article('أ'),
      },
      /en\/payments\/a\.md: front matter "group": an article's section is its folder/,
    ],
    [
      'a link to no article',
      { 'en/payments/a.md': article('A', 1, 'See [B](./b.md).\n'), 'ar/payments/a.md': article('أ') },
      /en\/payments\/a\.md: the link \.\/b\.md names no article \(payments\/b\)/,
    ],
    [
      'a duplicate slug',
      {
        'en/payments/a.md': article('A'),
        'en/payments/a/index.md': article('A again'),
        'ar/payments/a.md': article('أ'),
      },
      /en\/payments\/(a|a\/index)\.md: duplicate slug "payments\/a"/,
    ],
    [
      'a slug only in Arabic',
      { 'en/payments/a.md': article('A'), 'ar/payments/a.md': article('أ'), 'ar/payments/c.md': article('ج') },
      /ar\/payments\/c\.md: no en version of this guide/,
    ],
    [
      'a code block in an unknown language',
      { 'en/payments/a.md': article('A', 1, '```ruby\nputs 1\n```\n'), 'ar/payments/a.md': article('أ') },
      /en\/payments\/a\.md: code block language "ruby" is not one of/,
    ],
    [
      'raw HTML other than <bdi>: a meta refresh',
      {
        'en/payments/a.md': article('A', 1, '<meta http-equiv="refresh" content="0;url=https://evil.example">\n'),
        'ar/payments/a.md': article('أ'),
      },
      /en\/payments\/a\.md: raw HTML <meta http-equiv="refresh".* is not allowed: a guide may use <bdi>…<\/bdi> only/,
    ],
    [
      'raw HTML other than <bdi>: a script inside a paragraph',
      {
        'en/payments/a.md': article('A', 1, 'Text <script>alert(1)</script> more.\n'),
        'ar/payments/a.md': article('أ'),
      },
      /en\/payments\/a\.md: raw HTML <script> is not allowed/,
    ],
    [
      'a javascript: link',
      { 'en/payments/a.md': article('A', 1, '[Pay](javascript:alert(1))\n'), 'ar/payments/a.md': article('أ') },
      /en\/payments\/a\.md: the link javascript:alert\(1\) is not allowed/,
    ],
    [
      'a plain http: link',
      { 'en/payments/a.md': article('A', 1, '[Docs](http://example.com/)\n'), 'ar/payments/a.md': article('أ') },
      /en\/payments\/a\.md: the link http:\/\/example\.com\/ is not allowed/,
    ],
    [
      'a code block without a language',
      { 'en/payments/a.md': article('A', 1, '```\nputs 1\n```\n'), 'ar/payments/a.md': article('أ') },
      /en\/payments\/a\.md: a code block has no language/,
    ],
  ])('fails the build with file and reason: %s', (_, files, message) => {
    expect(() => loadGuides(site(files))).toThrow(message)
  })
})
