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
const article = (title: string, order = 1, body = 'Some text.\n') => `---\ntitle: ${title}\ndescription: About ${title}\norder: ${order}\n---\n${body}`

describe('guides', () => {
  test('the real guides exist in both languages with the same slugs', () => {
    const guides = loadGuides()
    expect(guides.en.length).toBeGreaterThanOrEqual(2)
    expect(guides.ar.map((g) => g.slug)).toEqual(guides.en.map((g) => g.slug))
    for (const g of [...guides.en, ...guides.ar]) expect(g.html).toContain('<h2')
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
    expect(b.html).toContain('<pre dir="ltr"><code class="language-js">const a = 1 &lt; 2')
    expect(b.html).toContain('href="/guide/a"')
    expect(guides.ar[1]!.html).toContain('href="/ar/guide/a"')
  })

  test.each([
    ['a slug missing in Arabic', { 'en/a.md': article('A'), 'en/b.md': article('B'), 'ar/a.md': article('أ') }, /ar\/b\.md: missing: the en guide "b" has no ar version/],
    ['no front matter', { 'en/a.md': 'Just text', 'ar/a.md': article('أ') }, /en\/a\.md: missing front matter/],
    ['no title', { 'en/a.md': '---\ndescription: x\norder: 1\n---\nText', 'ar/a.md': article('أ') }, /en\/a\.md: front matter lacks "title"/],
    ['a bad order', { 'en/a.md': article('A', 'first' as never), 'ar/a.md': article('أ') }, /en\/a\.md: front matter "order" is not an integer/],
    ['a second h1', { 'en/a.md': article('A', 1, '# Title again\n'), 'ar/a.md': article('أ') }, /en\/a\.md: the body must not have a level-1 heading/],
  ])('fails the build with file and reason: %s', (_, files, message) => {
    expect(() => loadGuides(site(files))).toThrow(message)
  })
})
