import { describe, expect, test } from 'vitest'
import { payloadOf, rootHtml, shellsOf } from '../../build/payloads'
import { parseHtml } from '../../build/html'
import { assertPayload } from '../../renderer/shared/payload'
import { assertShell, composeRoot, headKey, pageHead } from '../../renderer/shared/shell'

const page = `<!DOCTYPE html><html dir="rtl" lang="ar"><head><meta charset="UTF-8" /><title>الأسعار · رصيد</title>
<meta name="build-id" content="b1"/><meta name="theme-color" content="#16a34a"/><meta property="og:title" content="الأسعار · رصيد" />
<meta property="og:type" content="website"/><meta property="og:site_name" content="رصيد"/><meta property="og:locale" content="ar"/><meta property="og:locale:alternate" content="en"/>
<link rel="canonical" href="https://x/ar/pricing"/><meta property="og:url" content="https://x/ar/pricing"/><link rel="alternate" hrefLang="en" href="https://x/pricing"/><link rel="alternate" hrefLang="ar" href="https://x/ar/pricing"/><link rel="alternate" hrefLang="x-default" href="https://x/pricing"/>
<meta name="description" content="رسوم &amp; خطط"/><meta property="og:description" content="رسوم &amp; خطط"/><link rel="stylesheet" href="/assets/site.css"></head>
<body><div id="root"><div data-layout="default"><header><a href="/ar">رصيد</a><a href="/ar/pricing" aria-current="page">الأسعار</a><a href="/pricing" hrefLang="en" lang="en" data-locale-switch="">English</a></header><main><h1>الأسعار</h1><div data-island="ThemePreview"></div></main><footer><a href="/ar/guide">الدليل</a></footer></div></div>
<script src="/assets/entries/renderer_client.js" type="module" async></script></body></html>`

test('a payload is read off the page: its own head tags, lang, dir, layout, its content and islands', () => {
  const payload = payloadOf(page, 'ar/pricing/index.html', 'b1')
  expect(payload).toEqual({
    buildId: 'b1',
    locale: 'ar',
    dir: 'rtl',
    layout: 'default',
    title: 'الأسعار · رصيد',
    // Not the og:type, og:site_name and og:locale tags (the shell's), nor og:title, og:description,
    // og:url and the hreflang links (what the title, description and canonical address say).
    head: [
      { tag: 'link', attrs: { rel: 'canonical', href: 'https://x/ar/pricing' } },
      { tag: 'meta', attrs: { name: 'description', content: 'رسوم & خطط' } },
    ],
    // Between the header and the footer: the frame is the locale's shell.
    content: '<main><h1>الأسعار</h1><div data-island="ThemePreview"></div></main>',
    islands: ['ThemePreview'],
  })
  expect(() => assertPayload(payload)).not.toThrow()
})

test('a page the build cannot make a payload of fails the build with the file and the reason', () => {
  expect(() => payloadOf(page.replace(' lang="ar"', ' lang="fr"'), 'ar/pricing/index.html', 'b1')).toThrow(
    'ar/pricing/index.html: cannot make its _payload.json: <html lang="fr"> is not a locale',
  )
  expect(() => payloadOf(page.replace('<div id="root">', '<div>'), 'x.html', 'b1')).toThrow(
    'x.html: cannot make its _payload.json: no <div id="root">',
  )
})

test.each([
  null,
  {},
  { buildId: 'b', locale: 'en', dir: 'up', title: '', content: '', head: [], islands: [] },
  { buildId: 'b', locale: 'en', dir: 'ltr', title: 't', content: 1, head: [], islands: [] },
])('a malformed payload is refused: %j', (value) => {
  expect(() => assertPayload(value)).toThrow('not a page payload')
})

describe('the shell of a language: one frame, every page rebuilt from it and its payload', () => {
  // The guide page: another current link (in the footer), the switcher pointing at /guide.
  const guide = page
    .replace('<a href="/ar/pricing" aria-current="page">', '<a href="/ar/pricing">')
    .replace('<a href="/ar/guide">', '<a href="/ar/guide" aria-current="page">')
    .replace('<a href="/pricing" hrefLang', '<a href="/guide" hrefLang')
    .replace('<h1>الأسعار</h1>', '<h1>الدليل</h1>')
  const checkout = page
    .replace('<div data-layout="default">', '<div data-layout="no-footer">')
    .replace(/<footer>.*<\/footer>/, '')
    .replace('<a href="/ar/pricing" aria-current="page">', '<a href="/ar/pricing">')
    .replace('<a href="/pricing" hrefLang', '<a href="/checkout" hrefLang')
  const framed = (pages: [string, string][]) =>
    pages.map(([file, html]) => ({ file, page: parseHtml(html), payload: payloadOf(html, file, 'b1') }))

  test('what depends on the page is taken out of the shell and put back from its path', () => {
    const pages = framed([
      ['ar/pricing/index.html', page],
      ['ar/guide/index.html', guide],
      ['ar/checkout/index.html', checkout],
    ])
    const [shell] = shellsOf(pages)
    expect(() => assertShell(shell)).not.toThrow()
    expect(shell!.top).not.toContain('aria-current')
    expect(shell!.top).toContain('<a href="" hrefLang="en"')
    expect(Object.keys(shell!.layouts)).toEqual(['default', 'no-footer'])
    expect(shell!.layouts['no-footer']!.bottom).toBe('')
    for (const [i, path] of ['/ar/pricing', '/ar/guide', '/ar/checkout'].entries())
      expect(composeRoot(shell!, pages[i]!.payload, path)).toBe(rootHtml(pages[i]!.page))
  })

  test('a page whose frame differs from its language’s others fails the build with the page', () => {
    const odd = guide.replace('الدليل</a></footer>', 'دليل آخر</a></footer>')
    expect(() =>
      shellsOf(
        framed([
          ['ar/pricing/index.html', page],
          ['ar/guide/index.html', odd],
        ]),
      ),
    ).toThrow(/ar\/guide\/index.html: its header or footer is not its language's/)
  })

  test('the shell carries the head tags every page of its language has; a navigation rebuilds the rest', () => {
    const [shell] = shellsOf(framed([['ar/pricing/index.html', page]]))
    expect(shell!.head.map((t) => t.attrs.property)).toEqual([
      'og:type',
      'og:site_name',
      'og:locale',
      'og:locale:alternate',
    ])
    const { payload } = framed([['ar/pricing/index.html', page]])[0]!
    expect(headKey(pageHead(shell!, payload))).toBe(
      headKey(
        [...parseHtml(page).source.matchAll(/<(meta|link) ([^>]*?)\/?>/g)].flatMap(([, tag, attrs]) => {
          const pairs = Object.fromEntries(
            [...attrs!.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, k, v]) => [
              k!.toLowerCase(),
              v!.replace('&amp;', '&'),
            ]),
          )
          return ['description', 'robots'].includes(pairs.name ?? '') ||
            pairs.property?.startsWith('og:') ||
            ['canonical', 'alternate'].includes(pairs.rel ?? '')
            ? [{ tag: tag as 'meta' | 'link', attrs: pairs }]
            : []
        }),
      ),
    )
  })

  test('a head a navigation could not rebuild fails the build with the page', () => {
    const odd = page.replace(
      '<meta property="og:title" content="الأسعار · رصيد" />',
      '<meta property="og:title" content="عنوان آخر" />',
    )
    expect(() => shellsOf(framed([['ar/pricing/index.html', odd]]))).toThrow(
      /ar\/pricing\/index.html: its head tags are not what a navigation would rebuild/,
    )
  })

  test('a malformed shell is refused', () => {
    expect(() => assertShell({ buildId: 'b', locale: 'ar', top: 1, layouts: {} })).toThrow('not a page shell')
  })
})
