// Every page a visitor can open, loaded once each in both languages (and the 404 page), with what
// they would notice checked as steps of that one load: the page renders in its language and
// hydrates cleanly, with its title, h1, head and frame; the JavaScript its first load requests stays
// within its budget; axe finds nothing in the light and the dark scheme (the palette's contrast in
// both, as Starlight checks its docs); its text is substantial and in its own language, with no raw
// id, nothing from another origin, and FAQ JSON-LD equal to the FAQ it shows. The guides share one
// template: two of them are loaded here (tests/routes.ts `browserRoutes`), and tests/dist checks every
// guide's HTML.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import type { Locale } from '../../locales/locales'
import { browserRoutes, catalogs, fullTitle, localized, type RouteCase } from '../routes'
import { expect, expectAxeClean, hydrated, notFoundDocument, test } from './fixtures'
import { budgetOf, hasIsland } from './scriptBudget'
import { localeCodes } from '../../locales/locales'

const origin = 'https://www.rasid.example'
const KiB = 1024
const allIds = new Set([...Object.keys(catalogs.en), ...Object.keys(catalogs.ar)])
const arabicLetters = /[\u0600-\u06ff]/g
const latinLetters = /[A-Za-z]/g

/** Loads `url` counting the scripts it requests, brings its island into view, and checks the budget. */
async function loadWithin(page: Page, url: string, status: number) {
  const scripts = new Set<string>()
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (path.endsWith('.js')) scripts.add(path)
  })
  const res = await page.goto(url)
  expect(res?.status()).toBe(status)
  await hydrated(page)
  const islands = hasIsland(url)
  await test.step(`requests at most ${budgetOf(url) / KiB} KiB of JavaScript in its first load`, async () => {
    if (islands) {
      // An island hydrates when it comes into view: bring it there, as a visitor scrolling would.
      await page.locator('[data-island] [data-island-root] > *').first().scrollIntoViewIfNeeded()
      await page.locator('[data-island][data-state="hydrated"]').waitFor({ state: 'attached' })
    }
    await page.waitForLoadState('networkidle')
    const bytes = [...scripts].reduce((sum, p) => sum + gzipSync(readFileSync(join('dist', p)), { level: 9 }).length, 0)
    expect(bytes).toBeLessThanOrEqual(budgetOf(url))
    // /monitoring: the runtime, its chunks and the live status view's (the bundler splits the HTML
    // escape the status view and the message formatter share into one of its own).
    if (!islands) expect(scripts.size).toBeLessThanOrEqual(/\/monitoring$/.test(url) ? 6 : 3)
  })
}

async function axeInBothSchemes(page: Page) {
  await test.step('no accessibility violations in the light scheme', () => expectAxeClean(page))
  await test.step('no accessibility violations in the dark scheme', async () => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await expectAxeClean(page, 'dark')
    await page.emulateMedia({ colorScheme: 'light' })
  })
}

async function rendersAsItShould(page: Page, route: RouteCase, locale: Locale, url: string) {
  const html = page.locator('html')
  await expect(html).toHaveAttribute('lang', locale)
  await expect(html).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr')
  await expect(page).toHaveTitle(fullTitle(locale, route.title(locale)))
  await expect(page.locator('h1')).toHaveCount(1)
  await expect(page.locator('h1')).toHaveText(route.h1(locale))
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/)
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', origin + url)
  for (const [lang, l] of [
    ['en', 'en'],
    ['ar', 'ar'],
    ['x-default', 'en'],
  ] as const) {
    await expect(page.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveAttribute(
      'href',
      origin + localized(route.path, l),
    )
  }
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    fullTitle(locale, route.title(locale)),
  )
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /.{40,}/)
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', locale)
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', route.layout)
  await expect(page.locator('header nav a[aria-current="page"]')).toHaveCount(
    // Pages the header does not link: the home page (the brand), checkout (the cart), the notice (the footer).
    ['/', '/checkout', '/privacy'].includes(route.path) || route.path.startsWith('/guide/') ? 0 : 1,
  )
  await expect(page.locator('footer')).toHaveCount(route.footer ? 1 : 0)
  await expect(page.locator('#faq-title')).toHaveCount(route.faq ? 1 : 0)
  await expect(page.locator('main')).toHaveAttribute('data-density', route.dense ? 'dense' : 'comfortable')
}

async function textInItsLanguage(page: Page, route: RouteCase, locale: Locale) {
  await page.evaluate(() => document.fonts.ready)
  // The switcher's label is the other language's name: leave it out of the language count.
  const text = await page.locator('body').evaluate((body) => {
    const clone = body.cloneNode(true) as HTMLElement
    for (const e of clone.querySelectorAll('[data-locale-switch], script, style, pre, code')) e.remove()
    return clone.innerText
  })
  const arabic = (text.match(arabicLetters) ?? []).length
  const latin = (text.match(latinLetters) ?? []).length
  if (locale === 'ar') {
    expect(arabic, 'an Arabic page is written in Arabic').toBeGreaterThan(route.footer ? 1200 : 600)
    expect(latin / arabic, 'Latin script is only brand names, codes and ids').toBeLessThan(0.2)
  } else {
    expect(arabic, 'no Arabic on an English page outside the language switcher').toBe(0)
    expect(latin).toBeGreaterThan(route.footer ? 1200 : 600)
  }
  // No message id or placeholder is visible.
  const ids = text.match(/\b[a-z]+(?:\.[a-zA-Z0-9]+){2,}\b/g) ?? []
  expect(ids.filter((id) => allIds.has(id))).toEqual([])
  expect(text).not.toMatch(/\b(nav|home|footer|faq|error|pricing)\.[a-z]+\.[a-zA-Z]+/)
  expect(text).not.toMatch(/lorem ipsum|\bTODO\b|\bTBD\b|\{[a-zA-Z]+\}/i)
}

async function faqAsJsonLd(page: Page, route: RouteCase) {
  // Native disclosure elements, 5 to 8, and JSON-LD that says the same; none on guides.
  const questions = page.locator('section[aria-labelledby="faq-title"] details')
  const jsonLd = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((s) => s.map((e) => JSON.parse(e.textContent!)))
  const faqLd = jsonLd.filter((d) => d['@type'] === 'FAQPage')
  if (route.faq) {
    const count = await questions.count()
    expect(count).toBeGreaterThanOrEqual(5)
    expect(count).toBeLessThanOrEqual(8)
    const visible = []
    for (let i = 0; i < count; i++) {
      const q = questions.nth(i)
      await q.locator('summary').click()
      visible.push({
        name: (await q.locator('summary').innerText()).trim(),
        text: (await q.locator('p').innerText()).trim(),
      })
    }
    expect(faqLd).toHaveLength(1)
    expect(
      faqLd[0].mainEntity.map((e: { name: string; acceptedAnswer: { text: string } }) => ({
        name: e.name,
        text: e.acceptedAnswer.text,
      })),
    ).toEqual(visible)
  } else {
    expect(await questions.count()).toBe(0)
    expect(faqLd).toEqual([])
  }
  expect(jsonLd.some((d) => d['@type'] === 'Organization')).toBe(route.path === '/')
}

// Each load makes several checks, two axe runs among them: room for a busy two-core machine.
test.describe.configure({ timeout: 90_000 })

for (const route of browserRoutes) {
  for (const locale of localeCodes) {
    const url = localized(route.path, locale)
    test(`${url}: in its language, within its script budget, accessible in both schemes, its FAQ as JSON-LD`, async ({
      page,
      errors,
      baseURL,
    }) => {
      const foreign: string[] = []
      page.on('request', (r) => {
        if (new URL(r.url()).origin !== new URL(baseURL!).origin) foreign.push(r.url())
      })
      await loadWithin(page, url, 200)
      await test.step('renders in its language with its title, h1, head and frame', () =>
        rendersAsItShould(page, route, locale, url))
      await axeInBothSchemes(page)
      await test.step('substantial text in its own language, no raw id or placeholder', () =>
        textInItsLanguage(page, route, locale))
      await test.step('its FAQ and the JSON-LD say the same', () => faqAsJsonLd(page, route))
      expect(foreign, 'requests to another origin').toEqual([])
      expect(errors).toEqual([])
    })
  }
}

for (const url of ['/missing', '/ar/missing']) {
  test(`${url}: the 404 page within its script budget, accessible in both schemes`, async ({ page, errors }) => {
    await loadWithin(page, url, 404)
    await axeInBothSchemes(page)
    expect(notFoundDocument(errors)).toEqual([])
  })
}
