// Inspects the built site, as operations will upload it (tests/dist: after `npm run build`).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { validate as validateCss } from 'csstree-validator'
import { describe, expect, test } from 'vitest'
import { composeRoot, pageHead } from '../../renderer/shared/shell'
import { intlLocale } from '../../locales/intlLocale'
import { catalogs, fullTitle, guides, localized, routes } from '../routes'
import { localeCodes } from '../../locales/locales'

const dist = 'dist'
const files = (readdirSync(dist, { recursive: true }) as string[]).map((f) => f.split('\\').join('/'))
const fileOf = (url: string) => (url === '/' ? 'index.html' : `${url.slice(1)}/index.html`)
const urls = routes.flatMap((r) => localeCodes.map((l) => ({ url: localized(r.path, l), locale: l, route: r })))
const read = (file: string) => readFileSync(join(dist, file), 'utf8')

// Byte budgets of a first visit, gzip -9: the HTML is the first round trip, the stylesheet the one
// other request the first paint waits for. JavaScript is measured in the browser (tests/e2e/budgets.spec.ts).
const KiB = 1024
// CSS: one cached request shared by every page: 14,381 B before the brand's frame; with the mark,
// the home hero, the bands, the grouped navigation, the footer's columns and the form controls'
// kit, 18,111 B; with a guide's sidebar and callouts, the tables that stack on a phone and the
// place of the services' vignettes, 19,366 B; with the code tabs of the API reference, 19,531 B.
// The wordmarks, the payment marks and the vignettes are files of their own (build/icons.ts), never in it.
const budget = { css: 19.5 * KiB, html: 14 * KiB }
const gz = (s: string) => gzipSync(s, { level: 9 }).length
type Tag = { attrs: Record<string, string> }

describe('dist/', () => {
  test.each(urls)('$url is prerendered with a _payload.json that makes the same page', ({ url, locale, route }) => {
    const html = read(fileOf(url))
    expect(html).toMatch(new RegExp(`<html dir="${locale === 'ar' ? 'rtl' : 'ltr'}" lang="${locale}">`))
    const payload = JSON.parse(read(fileOf(url).replace('index.html', '_payload.json')))
    expect(payload).toMatchObject({
      locale,
      dir: locale === 'ar' ? 'rtl' : 'ltr',
      layout: route.layout,
      title: fullTitle(locale, route.title(locale)),
    })
    // What a navigation puts in #root, its language's shell around the payload's content, is the
    // page's own, byte for byte; the payload carries no header or footer.
    const shell = JSON.parse(read(`_shell/${locale}.json`))
    expect(html).toContain(`<div id="root">${composeRoot(shell, payload, url)}</div>`)
    expect(payload.content).toContain(route.h1(locale).replace(/&/g, '&amp;'))
    expect(payload.content).not.toMatch(/<header|<footer/)
    // The head tags a navigation rebuilds from the payload and the shell (the build checks them against the page's).
    const tags = pageHead(shell, payload)
    // The monitoring pages add their incidents feed (docs/status.md); every page its card (docs/cards.md):
    // its image and alt, the shell the size, type and twitter:card that every page shares.
    const card = ['og:image', 'og:image:alt']
    expect(
      shell.head.map((t: Tag) => t.attrs.name ?? t.attrs.property).filter((k: string) => /image|twitter/.test(k)),
    ).toEqual(['og:image:width', 'og:image:height', 'og:image:type', 'twitter:card'])
    expect(payload.head.map((t: Tag) => t.attrs.rel ?? t.attrs.name ?? t.attrs.property).sort()).toEqual(
      route.path === '/monitoring'
        ? ['alternate', 'canonical', 'description', ...card]
        : ['canonical', 'description', ...card],
    )
    const head = (key: string) =>
      tags.find((t: Tag) => t.attrs.rel === key || t.attrs.property === key || t.attrs.name === key)?.attrs
    expect(head('canonical')?.href).toBe(`https://www.rasid.example${url}`)
    expect(head('description')?.content).toMatch(/.{40,}/)
    expect(head('og:title')?.content).toBe(payload.title)
    expect(tags.filter((t: Tag) => t.attrs.hreflang).map((t: Tag) => t.attrs.hreflang)).toEqual([
      'en',
      'ar',
      'x-default',
    ])
    const islands: Record<string, string[]> = {
      '/pricing': ['FeeCalculator'],
      '/design': ['ThemePreview'],
      '/contact-us': ['ContactForms'],
      '/checkout': ['Checkout'],
    }
    expect(payload.islands).toEqual(islands[route.path] ?? [])
    // No catalog travels with the page: the HTML is the page.
    expect(html).not.toContain('vike_pageContext')
    expect(JSON.stringify(payload)).not.toContain('"messages"')
  })

  test('holds only what a static host serves: no server code, no Vike pageContext files, no unused entries', () => {
    expect(files.filter((f) => /\.pageContext\.json$|\.mjs$|(^|\/)server\/|assets\.json$|\.vite\//.test(f))).toEqual([])
    expect(files.filter((f) => /entry-client-routing|entries\/pages_/.test(f))).toEqual([])
    expect(files).toContain('404.html')
    expect(files).toContain('favicon.svg')
    expect(files.filter((f) => f.endsWith('.html'))).toHaveLength(urls.length + 2)
  })

  test('/pricing is served by pricing/index.html so /pricing and /pricing/ both work', () => {
    expect(files).toContain('pricing/index.html')
    expect(files).not.toContain('pricing.html')
  })

  test('404.html carries every language and a placeholder for the path, never the path itself', () => {
    const html = readFileSync(join(dist, '404.html'), 'utf8')
    expect(html).toContain('<template id="l10n-root-ar">')
    expect(html).toContain(catalogs.ar['error.notFound.title'])
    expect(html).toContain('__RASID_REQUESTED_PATH__')
    expect(html).not.toContain('/404<')
  })
  test("no page carries the template's indentation between its own tags", () => {
    for (const f of files.filter((f) => f.endsWith('.html'))) {
      const html = read(f)
      expect(html, f).toMatch(/^<!DOCTYPE html><html[^>]*><head><meta charset="UTF-8" \/>/)
      expect(html, f).toMatch(/<\/script><\/body><\/html>$/)
      expect(html.slice(0, html.indexOf('<title>')), f).not.toMatch(/>\s+</)
    }
  })
  test('the locale boot script opens the <head> of / and of the 404 pages, and is on no other page', () => {
    const withBoot = files.filter((f) => f.endsWith('.html') && read(f).includes('<script id="boot">'))
    expect(withBoot.sort()).toEqual(['404.html', 'ar/404.html', 'index.html'])
    for (const f of withBoot)
      expect(read(f)).toMatch(/^<!DOCTYPE html><html[^>]*><head><meta charset="UTF-8" \/><script id="boot">/)
  })
  test('every guide slug is prerendered in both languages, and nothing else under /guide', () => {
    const slugs = files
      .filter((f) => /^(ar\/)?guide\/.+\/index\.html$/.test(f))
      .map((f) => f.replace(/^(ar\/)?guide\/|\/index\.html$/g, ''))
    expect(slugs.sort()).toEqual([...guides.en.map((g) => g.slug), ...guides.ar.map((g) => g.slug)].sort())
  })
  test('icons are CSS; no page asks an icon API at run time', () => {
    const css = files
      .filter((f) => f.endsWith('.css'))
      .map((f) => readFileSync(join(dist, f), 'utf8'))
      .join('')
    expect(css).toMatch(/\.i-lucide-globe\{[^}]*data:image\/svg\+xml/)
    const js = files
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(dist, f), 'utf8'))
      .join('')
    expect(js).not.toMatch(/_nuxt_icon|api\.iconify\.design|simplesvg|unisvg/)
  })

  test.each(urls)('$url: its HTML fits the first round trip, 14 KiB gzip', ({ url, locale, route }) => {
    let html = read(fileOf(url))
    // A guide article's own text does not count.
    const article = guides[locale].find((g) => `/guide/${g.slug}` === route.path)
    if (article) html = html.replace(article.html, '')
    expect(gz(html)).toBeLessThanOrEqual(budget.html)
  })

  test('the stylesheet is valid CSS to a real validator (csstree): no value made of code read as a class', () => {
    const sheet = readdirSync(join(dist, 'assets')).find((f) => /^site\.[\w-]+\.css$/.test(f))!
    const css = read(join('assets', sheet))
    const errors = validateCss(css, sheet).map((e) => `${e.message} ${e.css ?? ''}`.trim())
    expect(errors).toEqual([])
    // What TypeScript's index access would have made (build/css.ts `indexAccess`).
    expect(css).not.toMatch(/\.m\\\[/)
  })

  test('every page links the one stylesheet, font faces included, within its budget', () => {
    const sheets = new Set(
      urls.flatMap(({ url }) =>
        [...read(fileOf(url)).matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
      ),
    )
    expect([...sheets]).toEqual([expect.stringMatching(/^\/assets\/site\.[\w-]+\.css$/)])
    const css = read([...sheets][0]!)
    expect(gz(css)).toBeLessThanOrEqual(budget.css)
    // A page loads the faces its text uses: Inter for English pages, IBM Plex Sans Arabic for Arabic
    // pages, one file per weight for its own Latin (digits, names) and its Arabic.
    expect(
      css
        .match(/@font-face\{[^}]*\}/g)!
        .map((f) => /font-family:"?([^";]+?)"?;[^}]*unicode-range:U\+([\w-]+)/.exec(f)!.slice(1).join(' ')),
    ).toEqual([
      // Inter in regular, SemiBold and Bold; IBM Plex Sans Arabic in regular and Bold.
      'Inter 0000-00FF',
      'Inter 0000-00FF',
      'Inter 0000-00FF',
      'IBM Plex Sans Arabic 0000-00FF',
      'IBM Plex Sans Arabic 0000-00FF',
      // The riyal sign alone, in both weights: fetched only where a page draws it.
      'Rasid Riyal Sign 20C1',
      'Rasid Riyal Sign 20C1',
    ])
  })

  test('a page preloads the weights of the faces of its own script, so they are there for the first paint', () => {
    const fonts = (file: string) =>
      [...read(file).matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((m) => m[1])
    expect(fonts('ar/index.html').sort()).toEqual([
      expect.stringMatching(/ibm-plex-sans-arabic-400\.[\w-]+\.woff2$/),
      expect.stringMatching(/ibm-plex-sans-arabic-700\.[\w-]+\.woff2$/),
      expect.stringMatching(/riyal-sign-400\.[\w-]+\.woff2$/),
      expect.stringMatching(/riyal-sign-700\.[\w-]+\.woff2$/),
    ])
    expect(fonts('services/index.html').sort()).toEqual([
      expect.stringMatching(/inter-latin-400-normal\.[\w-]+\.woff2$/),
      expect.stringMatching(/inter-latin-600-normal\.[\w-]+\.woff2$/),
      expect.stringMatching(/inter-latin-700-normal\.[\w-]+\.woff2$/),
    ])
    // A face that misses the first paint is not swapped in later: text never moves. Bar the riyal
    // sign's (one glyph, U+20C1): it waits for its face rather than draw a missing-glyph box.
    const faces = read(
      [...read('index.html').matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)][0]![1]!.slice(1),
    ).match(/@font-face\{[^}]*\}/g)!
    const [sign, text] = [faces.filter((f) => f.includes('U+20C1')), faces.filter((f) => !f.includes('U+20C1'))]
    expect(text.length).toBeGreaterThan(0)
    for (const face of text) expect(face).not.toMatch(/font-display:(swap|fallback|block)/)
    for (const face of sign) expect(face).toMatch(/unicode-range:U\+20C1[;}]/)
  })

  test("no page loads React, Vike's client router or formatjs with its HTML: one module script, the runtime", () => {
    const entries = new Set<string>()
    for (const { url } of urls) {
      const html = read(fileOf(url))
      const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!)
      expect(scripts, url).toEqual([expect.stringMatching(/^\/assets\/entries\/renderer_client\.[\w-]+\.js$/)])
      expect(html).not.toMatch(/rel="modulepreload"/)
      for (const s of scripts) entries.add(s)
    }
    // The runtime and what it imports statically: no React, react-dom, react-intl or Radix.
    const seen = new Set<string>()
    const walk = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      const code = read(file)
      expect(code, file).not.toMatch(
        /react\.transitional\.element|__reactContainer|IntlProvider|radix-|vike_pageContext/,
      )
      for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+)"/g))
        walk(join(file, '..', m[1]!).replace(/^\//, ''))
    }
    for (const entry of entries) walk(entry.slice(1))
    expect(seen.size).toBeGreaterThan(0)
  })

  test('an island writes its props and messages as JSON', () => {
    const html = read('ar/design/index.html')
    const json =
      /<div data-island="ThemePreview" data-hydrate="visible" class="contents"><script type="application\/json">([^<]*)<\/script>/.exec(
        html,
      )?.[1]
    const data = JSON.parse(json!)
    expect(data.locale).toBe(intlLocale('ar'))
    expect(Object.keys(data.messages).length).toBeGreaterThan(10)
    // Its own messages, the payment methods' names and the riyal sign's name, nothing else.
    expect(Object.keys(data.messages).every((id) => /^(design\.preview|method|common\.currencySign)\./.test(id))).toBe(
      true,
    )
  })
})

describe('dist/assets', () => {
  // build/eagerFactories.ts: react-dom's CommonJS factories are parenthesised functions, which V8
  // compiles while the chunk streams in, not arrows it compiles on the main thread at the first tap.
  test('react-dom’s CommonJS factories are written for eager compiling', () => {
    const chunks = files.filter((f) => f.startsWith('assets/chunks/') && f.endsWith('.js')).map(read)
    const reactDom = chunks.filter((code) => code.includes('useHostTransitionStatus'))
    expect(reactDom).toHaveLength(1)
    const factories = reactDom[0]!.match(/=[\w$]+\(\((?:function\([\w$]+(?:,[\w$]+)?\)|\(?[\w$]+(?:,[\w$]+)?\)?=>)\{/g)
    expect(factories?.length).toBeGreaterThanOrEqual(4)
    expect(factories!.every((f) => f.includes('function('))).toBe(true)
  })
})
