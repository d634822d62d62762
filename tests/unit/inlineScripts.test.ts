// The pages' inline scripts (renderer/client/inline/), each run twice on a fake page: as the module's
// function, and as the minified IIFE the build inlines (build/inlineScript.ts), which must need
// nothing but the page's globals. The browser tests (tests/e2e/locale.spec.ts, errors.spec.ts) run
// them in Chromium.
import { afterEach, describe, expect, test, vi } from 'vitest'
import { inlineScript } from '../../build/inlineScript'
import { inlineScriptTag } from '../../build/html'
import { defaultLocale, locales } from '../../locales/locales'
import { bootScript } from '../../renderer/bootScript'
import { boot, type BootConfig } from '../../renderer/client/inline/boot'
import { localize404, type Localize404Config } from '../../renderer/client/inline/localize404'
import { pathToken } from '../../renderer/shared/dom'

interface Globals {
  document: unknown
  location: unknown
  navigator: unknown
}

/** Runs a script on fake globals: the module's function through vi.stubGlobal, or the inlined text. */
type Runner = (globals: Globals) => void

const bootConfig: BootConfig = {
  defaultLocale,
  locales: locales.map(({ code, language, dir }) => ({ code, language, dir })),
}
const bootRunners: [string, Runner][] = [
  [
    'boot()',
    (g) => {
      for (const [name, value] of Object.entries(g)) vi.stubGlobal(name, value)
      boot(bootConfig)
    },
  ],
  [
    'the inlined script',
    (g) => new Function('document', 'location', 'navigator', bootScript())(g.document, g.location, g.navigator),
  ],
]

afterEach(() => {
  vi.unstubAllGlobals()
})

function fakeLoad(
  url: string,
  { lang = 'en', cookie = '', languages = ['en-US'] as string[], cookieThrows = false } = {},
) {
  const u = new URL(url)
  const html = { lang, dir: lang === 'ar' ? 'rtl' : 'ltr', style: { visibility: '' } }
  const written: string[] = []
  const replaced: string[] = []
  const document = {
    documentElement: html,
    get cookie() {
      if (cookieThrows) throw new Error('SecurityError')
      return cookie
    },
    set cookie(value: string) {
      if (cookieThrows) throw new Error('SecurityError')
      written.push(value)
    },
  }
  const location = {
    pathname: u.pathname,
    search: u.search,
    hash: u.hash,
    protocol: u.protocol,
    replace: (to: string) => void replaced.push(to),
  }
  const navigator = { languages, language: languages[0] }
  return { globals: { document, location, navigator }, html, written, replaced }
}

const year = 365 * 24 * 60 * 60

describe.each(bootRunners)('the locale boot script: %s', (_, run) => {
  test('on /, a browser that prefers Arabic goes to /ar, query and hash kept, and writes nothing', () => {
    const page = fakeLoad('https://x.example/?plan=growth#faq', { languages: ['ar-SA', 'en'] })
    run(page.globals)
    expect(page.replaced).toEqual(['/ar?plan=growth#faq'])
    expect(page.written).toEqual([])
  })

  test('on /, the cookie wins over the browser, both ways', () => {
    const stay = fakeLoad('https://x.example/', { cookie: 'a=1; i18n_redirected=en', languages: ['ar'] })
    run(stay.globals)
    expect(stay.replaced).toEqual([])
    expect(stay.written).toEqual([`i18n_redirected=en; Max-Age=${year}; Path=/; SameSite=Lax; Secure`])
    const go = fakeLoad('https://x.example/', { cookie: 'i18n_redirected=ar', languages: ['en-US'] })
    run(go.globals)
    expect(go.replaced).toEqual(['/ar'])
  })

  test('on /, an unknown cookie counts as absent, and no match keeps English', () => {
    const page = fakeLoad('https://x.example/', { cookie: 'i18n_redirected=de', languages: ['fr', 'de'] })
    run(page.globals)
    expect(page.replaced).toEqual([])
    expect(page.written).toEqual([`i18n_redirected=en; Max-Age=${year}; Path=/; SameSite=Lax; Secure`])
  })

  test('elsewhere it never detects: it writes the URL locale, Secure on https only', () => {
    const ar = fakeLoad('http://localhost:4173/ar/pricing', { lang: 'ar', languages: ['en'] })
    run(ar.globals)
    expect(ar.replaced).toEqual([])
    expect(ar.written).toEqual([`i18n_redirected=ar; Max-Age=${year}; Path=/; SameSite=Lax`])
    expect(ar.html).toEqual({ lang: 'ar', dir: 'rtl', style: { visibility: '' } })
    for (const url of ['https://x.example/pricing', 'https://x.example/arabic', 'https://x.example/en/ar']) {
      const en = fakeLoad(url, { languages: ['ar'] })
      run(en.globals)
      expect(en.written, url).toEqual([`i18n_redirected=en; Max-Age=${year}; Path=/; SameSite=Lax; Secure`])
    }
    const arHome = fakeLoad('https://x.example/ar', { lang: 'ar', languages: ['en'] })
    run(arHome.globals)
    expect(arHome.written).toEqual([`i18n_redirected=ar; Max-Age=${year}; Path=/; SameSite=Lax; Secure`])
  })

  test("the English 404.html served for /ar/... takes the URL's lang and dir and hides until localized", () => {
    const page = fakeLoad('https://x.example/ar/no-such-page', { lang: 'en' })
    run(page.globals)
    expect(page.html).toEqual({ lang: 'ar', dir: 'rtl', style: { visibility: 'hidden' } })
    expect(page.written).toEqual([`i18n_redirected=ar; Max-Age=${year}; Path=/; SameSite=Lax; Secure`])
  })

  test('blocked cookies do not stop it', () => {
    const page = fakeLoad('https://x.example/ar/x', { lang: 'en', cookieThrows: true })
    expect(() => run(page.globals)).not.toThrow()
    expect(page.html.style.visibility).toBe('hidden')
    const home = fakeLoad('https://x.example/', { cookieThrows: true })
    expect(() => run(home.globals)).not.toThrow()
    expect(home.replaced).toEqual([])
  })
})

// A page fake enough for localize404: elements by id, text nodes for the tree walker. Markup set
// through innerHTML becomes one text node per run of text (the test's markup has no entities).
class FakeElement {
  texts: { nodeValue: string | null }[] = []
  #html = ''
  constructor(html = '') {
    this.innerHTML = html
  }
  get innerHTML() {
    return this.#html
  }
  set innerHTML(html: string) {
    this.#html = html
    this.texts = html
      .split(/<[^>]*>/)
      .filter(Boolean)
      .map((nodeValue) => ({ nodeValue }))
  }
  get text() {
    return this.texts.map((t) => t.nodeValue).join('|')
  }
}

const config404: Localize404Config = { templatePrefix: 'l10n-root-', titles: { ar: 'الصفحة غير موجودة' } }
const runners404: [string, Runner][] = [
  [
    'localize404()',
    (g) => {
      for (const [name, value] of Object.entries(g)) vi.stubGlobal(name, value)
      localize404(config404)
    },
  ],
  [
    'the inlined script',
    (g) =>
      new Function(
        'document',
        'location',
        'navigator',
        inlineScript('renderer/client/inline/localize404.ts', 'localize404', config404),
      )(g.document, g.location, g.navigator),
  ],
]

function fake404(url: string, lang: string) {
  const u = new URL(url)
  const html = { lang, style: { visibility: lang === 'en' ? '' : 'hidden' } }
  const byId: Record<string, FakeElement> = {
    root: new FakeElement(`<main><h1>Page not found</h1><p>Page not found: <bdi>${pathToken}</bdi></p></main>`),
    'l10n-root-ar': new FakeElement(
      `<main><h1>الصفحة غير موجودة</h1><p>لا توجد صفحة: <bdi>${pathToken}</bdi></p></main>`,
    ),
  }
  const document = {
    title: 'Page not found',
    documentElement: html,
    getElementById: (id: string) => byId[id] ?? null,
    createTreeWalker: (root: FakeElement, show: number) => {
      expect(show).toBe(4) // NodeFilter.SHOW_TEXT
      let i = 0
      return { nextNode: () => root.texts[i++] ?? null }
    },
  }
  const location = { pathname: u.pathname, search: u.search, hash: u.hash }
  return { globals: { document, location, navigator: {} }, document, html, root: byId.root! }
}

describe.each(runners404)('the 404 page script: %s', (_, run) => {
  test("swaps in the URL language's markup and title, writes the decoded path, and shows the page", () => {
    const page = fake404('https://x.example/ar/%D8%BA%D9%8A%D8%B1?a=1#b', 'ar')
    run(page.globals)
    expect(page.root.text).toBe('الصفحة غير موجودة|لا توجد صفحة: |/ar/غير?a=1#b')
    expect(page.document.title).toBe('الصفحة غير موجودة')
    expect(page.html.style.visibility).toBe('')
  })

  test('keeps the markup it has for its own language; a path that is not valid percent-encoding shows as it came', () => {
    const page = fake404('https://x.example/%E0%A4%A', 'en')
    run(page.globals)
    expect(page.root.text).toBe('Page not found|Page not found: |/%E0%A4%A')
    expect(page.document.title).toBe('Page not found')
  })

  test('writes the path as text, never as markup', () => {
    const page = fake404('https://x.example/<img src=x onerror=alert(1)>', 'en')
    const before = page.root.innerHTML
    run(page.globals)
    expect(page.root.innerHTML).toBe(before)
    expect(page.root.texts[2]!.nodeValue).toBe('/<img src=x onerror=alert(1)>')
  })
})

describe('build/inlineScript.ts', () => {
  test('gives the same minified text every time, ready to sit between <script> and </script>', () => {
    const text = bootScript()
    expect(inlineScript('renderer/client/inline/boot.ts', 'boot', bootConfig)).toBe(text)
    expect(text).toMatch(/^\(\(\)=>\{.*\}\)\(\);$/s)
    expect(text.length).toBeLessThan(1500)
    expect(inlineScriptTag(text)).toBe(`<script>${text}</script>`)
    expect(() => inlineScriptTag('a="</script>"')).toThrow(/<\/script/)
  })
})
