// build/html.ts and what reads pages through it: the payload writer and the CSP hashes. HTML is
// parsed as a browser parses it, so markup inside scripts, odd quoting and entities read right.
import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import {
  applySplices,
  attr,
  attrs,
  decodeHtmlText,
  element,
  elements,
  innerSource,
  is,
  parseHtml,
  rangeOf,
  startTag,
  textOf,
} from '../../build/html'
import { inlineHashes } from '../../build/headers'
import { payloadOf, rootHtml } from '../../build/payloads'
import { plainQuotes } from '../../build/readPage'

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`

describe('build/html.ts', () => {
  const page = parseHtml(
    `<!DOCTYPE html><html lang=en><head><title>A &amp; B</title><script>var s = '<div id="root">'</script></head>` +
      `<body><div id='root' data-x="a&quot;b"><p>x<br/>y</p><template id="t"><a href="/in-template">z</a></template></div>` +
      `<div id="portal"></div></body></html>`,
  )

  test('reads elements in document order, template contents included, attributes and text decoded', () => {
    expect(elements(page.document).map((el) => el.tagName)).toEqual([
      'html',
      'head',
      'title',
      'script',
      'body',
      'div',
      'p',
      'br',
      'template',
      'a',
      'div',
    ])
    const root = element(page.document, is('div', { id: 'root' }))!
    expect(attrs(root)).toEqual({ id: 'root', 'data-x': 'a"b' })
    expect(attr(element(page.document, is('html'))!, 'lang')).toBe('en')
    expect(textOf(element(page.document, is('title'))!)).toBe('A & B')
    expect(element(page.document, is('a'))!.attrs).toEqual([{ name: 'href', value: '/in-template' }])
    expect(decodeHtmlText('https://x/?a=1&amp;b=&lt;2&gt;&apos;')).toBe("https://x/?a=1&b=<2>'")
  })

  test('gives an element content as written, and splices the source at parsed offsets', () => {
    const root = element(page.document, is('div', { id: 'root' }))!
    expect(innerSource(page, root)).toBe('<p>x<br/>y</p><template id="t"><a href="/in-template">z</a></template>')
    expect(rootHtml(page)).toBe(innerSource(page, root))
    const br = element(page.document, is('br'))!
    const p = element(page.document, is('p'))!
    expect(
      applySplices(page.source, [
        { ...rangeOf(br), text: ' ' },
        { start: rangeOf(p).start, end: rangeOf(p).start, text: '<hr>' },
      ]),
    ).toContain(`<div id='root' data-x="a&quot;b"><hr><p>x y</p>`)
    expect(() =>
      applySplices('abcdef', [
        { start: 1, end: 4, text: '' },
        { start: 2, end: 3, text: '' },
      ]),
    ).toThrow(/overlapping/)
    expect(startTag('link', { rel: 'preload', href: '/a"b&c', crossorigin: '' })).toBe(
      '<link rel="preload" href="/a&quot;b&amp;c" crossorigin>',
    )
  })
})

describe('payloadOf reads a page as the browser does', () => {
  const head = `<head><meta charset="UTF-8"><title>T &lt;1&gt;</title><meta name='description' content=D><link rel=canonical href="https://x/a"><link rel="stylesheet" href="/s.css"></head>`

  test('the root ends at its own end tag, whatever follows it; islands and layout are elements, not text', () => {
    const html = `<!DOCTYPE html><html lang="en" dir="ltr">${head}<body><div id="root"><div data-layout="default"><header>h</header><script type="application/json">{"x":"data-island=\\"Fake\\""}</script><div data-island="ThemePreview"></div></div></div><div id="toasts"></div><script src="/e.js"></script></body></html>`
    expect(payloadOf(html, 'a/index.html', 'b1')).toEqual({
      buildId: 'b1',
      locale: 'en',
      dir: 'ltr',
      layout: 'default',
      title: 'T <1>',
      head: [
        { tag: 'meta', attrs: { name: 'description', content: 'D' } },
        { tag: 'link', attrs: { rel: 'canonical', href: 'https://x/a' } },
      ],
      content:
        '<script type="application/json">{"x":"data-island=\\"Fake\\""}</script><div data-island="ThemePreview"></div>',
      islands: ['ThemePreview'],
    })
  })

  test('names what is missing', () => {
    const html = `<!DOCTYPE html><html lang="en">${head}<body><div id="root"><div data-layout="x"></div></div></body></html>`
    expect(() => payloadOf(html, 'a.html', 'b')).toThrow('a.html: cannot make its _payload.json: <html dir> is missing')
    expect(() =>
      payloadOf(html.replace('<html', '<html dir="rtl"').replace(' data-layout="x"', ''), 'a.html', 'b'),
    ).toThrow('no data-layout')
  })
})

describe('inlineHashes', () => {
  test('hashes executable inline scripts as parsed, and style attributes as decoded, templates included', () => {
    const html = `<script>a()</script><script type="Text/JavaScript">b()\r\n</script><script type="module">c()</script><script type="application/json">{"d":1}</script><script src="/e.js"></script><template><p style="color:red&amp;">x</p><script>f()</script></template><div style=''></div>`
    expect(inlineHashes([html])).toEqual({
      scripts: [sha('a()'), sha('b()\n'), sha('c()'), sha('f()')].sort(),
      styles: [sha('color:red&'), sha('')].sort(),
    })
  })
})

describe('plainQuotes', () => {
  test('writes the quotes of text and of a JSON attribute as themselves: the same tree, fewer bytes', () => {
    const page =
      '<!DOCTYPE html><html lang="en"><head><title>A &quot;b&quot;</title></head><body>' +
      '<p title="a &quot;b&quot;" class="x">He said &quot;hi&quot; &amp; it&#x27;s &lt;b&gt;</p>' +
      '<form data-texts="{&quot;a&quot;:&quot;b&amp;c&quot;}"></form><i data-q="&quot;it&#x27;s&quot;"></i>' +
      '<script type="application/json">{"a":"&quot;"}</script><style>q::before{content:"&quot;"}</style></body></html>'
    const plain = plainQuotes(page)
    expect(plain).toContain('<p title=\'a "b"\' class="x">He said "hi" &amp; it\'s &lt;b&gt;</p>')
    expect(plain).toContain('<form data-texts=\'{"a":"b&amp;c"}\'></form>')
    expect(plain).toContain('<script type="application/json">{"a":"&quot;"}</script>')
    expect(plain).toContain('<style>q::before{content:"&quot;"}</style>')
    const tree = (html: string) => elements(parseHtml(html).document).map((el) => [el.tagName, attrs(el), textOf(el)])
    expect(tree(plain)).toEqual(tree(page))
    expect(plain.length).toBeLessThan(page.length)
  })
})
