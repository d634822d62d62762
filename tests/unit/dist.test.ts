// Inspects the built site, as operations will upload it (run `npm run build` first).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { onPrerenderStart } from '../../renderer/+onPrerenderStart'
import { pageScripts, pageWeight } from '../../scripts/weight'
import { catalogs, guides, localized, routes } from '../routes'

const dist = 'dist'
const files = existsSync(dist) ? (readdirSync(dist, { recursive: true }) as string[]).map((f) => f.split('\\').join('/')) : []
const fileOf = (url: string) => (url === '/' ? 'index.html' : `${url.slice(1)}/index.html`)
const urls = routes.flatMap((r) => (['en', 'ar'] as const).map((l) => ({ url: localized(r.path, l), locale: l, route: r })))

// Byte budgets for a first visit, gzip -9 (measured 112 KB of JS in November 2026; React alone is ~66 KB).
const budget = { js: 116_000, css: 8_000, html: 8_000 }

describe('dist/', () => {
  test('has been built', () => {
    expect(files, 'run `npm run build` before the tests').toContain('index.html')
  })

  test.each(urls)('$url is prerendered with its _payload.json', ({ url, locale, route }) => {
    const html = readFileSync(join(dist, fileOf(url)), 'utf8')
    expect(html).toMatch(new RegExp(`<html dir="${locale === 'ar' ? 'rtl' : 'ltr'}" lang="${locale}">`))
    const payload = JSON.parse(readFileSync(join(dist, fileOf(url).replace('index.html', '_payload.json')), 'utf8'))
    expect(Object.keys(payload.messages)).toContain('nav.pricing')
    // The payload carries the page's own language.
    expect(JSON.stringify(payload.messages['nav.pricing'])).toContain(catalogs[locale]['nav.pricing'])
    if (route.path.startsWith('/guide/')) expect(payload.guide.slug).toBe(route.path.slice('/guide/'.length))
  })

  test('holds only what a static host serves: no server code, no Vike pageContext files', () => {
    expect(files.filter((f) => /\.pageContext\.json$|\.mjs$|(^|\/)server\/|assets\.json$/.test(f))).toEqual([])
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

  test('every guide slug is prerendered in both languages, and nothing else under /guide', () => {
    const slugs = files.filter((f) => /^(ar\/)?guide\/.+\/index\.html$/.test(f)).map((f) => f.replace(/^(ar\/)?guide\/|\/index\.html$/g, ''))
    expect(slugs.sort()).toEqual([...guides.en.map((g) => g.slug), ...guides.ar.map((g) => g.slug)].sort())
  })

  test('icons are CSS; no page asks an icon API at run time', () => {
    const css = files.filter((f) => f.endsWith('.css')).map((f) => readFileSync(join(dist, f), 'utf8')).join('')
    expect(css).toMatch(/\.i-lucide-globe\{[^}]*data:image\/svg\+xml/)
    const js = files.filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(dist, f), 'utf8')).join('')
    expect(js).not.toMatch(/_nuxt_icon|api\.iconify\.design|simplesvg|unisvg/)
  })

  test.each(urls.filter((u) => u.locale === 'en' || u.route.path === '/'))('$url stays within the byte budget', ({ url }) => {
    const w = pageWeight(dist, fileOf(url))
    expect(w.js.gzip).toBeLessThanOrEqual(budget.js)
    expect(w.css.gzip).toBeLessThanOrEqual(budget.css)
    expect(w.html.gzip).toBeLessThanOrEqual(budget.html)
  })

  test('toasts and tooltips are not part of the first load: Radix comes on demand', () => {
    for (const file of ['index.html', 'ar/pricing/index.html', '404.html']) {
      const code = [...pageScripts(readFileSync(join(dist, file), 'utf8'))].map((url) => readFileSync(join(dist, url), 'utf8')).join('')
      expect(code).toContain('F8')
      expect(code).not.toMatch(/radix-toast-swipe|radix-tooltip-content|data-radix-popper/)
    }
    const all = files.filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(dist, f), 'utf8')).join('')
    expect(all).toMatch(/radix-toast-swipe/)
    expect(all).toMatch(/radix-tooltip-content/)
  })

  test('an Arabic page preloads its two Arabic weights (no shift when they arrive), an English page the Latin text face', () => {
    const fonts = (file: string) => [...readFileSync(join(dist, file), 'utf8').matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((m) => m[1])
    expect(fonts('ar/index.html').sort()).toEqual([
      expect.stringMatching(/ibm-plex-sans-arabic-arabic-400-normal\.[\w-]+\.woff2$/),
      expect.stringMatching(/ibm-plex-sans-arabic-arabic-700-normal\.[\w-]+\.woff2$/),
    ])
    expect(fonts('index.html')).toEqual([expect.stringMatching(/inter-latin-400-normal\.[\w-]+\.woff2$/)])
  })
})

test("the build stops on an unknown route middleware: Unknown route middleware: '<name>'.", () => {
  const pageContext = { urlOriginal: '/x', config: { pageMeta: { middleware: ['guide', 'admin'] } } }
  expect(() => onPrerenderStart({ pageContexts: [pageContext as never] })).toThrow("Unknown route middleware: 'admin'.")
  const ok = onPrerenderStart({ pageContexts: [{ urlOriginal: '/x', config: { pageMeta: { middleware: ['guide'] } } } as never] })
  expect(ok.prerenderContext.pageContexts.map((p) => p.urlOriginal)).toEqual(['/x', '/ar/x'])
})
