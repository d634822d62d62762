import { expect, test } from 'vitest'
import { payloadOf } from '../../build/payloads'
import { assertPayload } from '../../renderer/shared/payload'

const page = `<!DOCTYPE html><html dir="rtl" lang="ar"><head><meta charset="UTF-8" /><title>الأسعار · رصيد</title>
<meta name="build-id" content="b1"/><meta name="theme-color" content="#16a34a"/><meta property="og:title" content="الأسعار · رصيد" />
<link rel="canonical" href="https://x/ar/pricing"/><link rel="alternate" hrefLang="en" href="https://x/pricing"/>
<meta name="description" content="رسوم &amp; خطط"/><link rel="stylesheet" href="/assets/site.css"></head>
<body><div id="root"><div data-layout="default"><main><h1>الأسعار</h1><div data-island="ThemePreview"></div></main></div></div>
<script src="/assets/entries/renderer_client.js" type="module" async></script></body></html>`

test('a payload is read off the page: head fields, lang, dir, layout, body and islands', () => {
  const payload = payloadOf(page, 'ar/pricing/index.html', 'b1')
  expect(payload).toEqual({
    buildId: 'b1',
    locale: 'ar',
    dir: 'rtl',
    layout: 'default',
    title: 'الأسعار · رصيد',
    head: [
      { tag: 'meta', attrs: { property: 'og:title', content: 'الأسعار · رصيد' } },
      { tag: 'link', attrs: { rel: 'canonical', href: 'https://x/ar/pricing' } },
      { tag: 'link', attrs: { rel: 'alternate', hreflang: 'en', href: 'https://x/pricing' } },
      { tag: 'meta', attrs: { name: 'description', content: 'رسوم & خطط' } },
    ],
    body: '<div data-layout="default"><main><h1>الأسعار</h1><div data-island="ThemePreview"></div></main></div>',
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
  { buildId: 'b', locale: 'en', dir: 'up', title: '', body: '', head: [], islands: [] },
  { buildId: 'b', locale: 'en', dir: 'ltr', title: 't', body: 1, head: [], islands: [] },
])('a malformed payload is refused: %j', (value) => {
  expect(() => assertPayload(value)).toThrow('not a page payload')
})
