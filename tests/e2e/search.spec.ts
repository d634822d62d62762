import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import type { Locale } from '../../locales/locales'
import { catalogs, guides } from '../routes'
import type { SearchHead } from '../../renderer/search/files'
import { shardsOf } from '../../renderer/search/query'
import { searchQueries } from '../searchQueries'
import { expect, expectAxeClean, hydrated, type TestWindow, test } from './fixtures'
import { localeCodes } from '../../locales/locales'

// The guides' search box (docs/search.md): a form without a script; a combobox once focused.
const KiB = 1024
const box = (page: Page) => page.getByRole('combobox', { name: /Search the articles|ابحث في المقالات/ })
const options = (page: Page) => page.getByRole('listbox').getByRole('option')
const titleOf = (locale: Locale, slug: string) => guides[locale].find((g) => g.slug === slug)!.title
const status = (page: Page) => page.locator('[data-search-status]')
const indexOf = (locale: Locale) => (locale === 'en' ? '/guide' : '/ar/guide')

async function open(page: Page, url: string) {
  await page.goto(url)
  await hydrated(page)
  await page.locator('#guide-search').focus()
  await expect(box(page)).toHaveAttribute('aria-expanded', 'false')
}

for (const locale of localeCodes) {
  test(`${locale}: every query of the table finds its guide first`, async ({ page, errors }) => {
    await open(page, indexOf(locale))
    for (const c of searchQueries.filter((q) => q.locale === locale)) {
      await box(page).fill(c.query)
      await expect(options(page).first().locator('span').nth(0), `${c.rule}: ${c.query}`).toHaveText(
        titleOf(locale, c.first),
      )
    }
    expect(errors).toEqual([])
  })
}

test('nothing of the search loads before a box is focused; on focus, its code and first chunk stay within 28 KiB', async ({
  page,
}) => {
  const requested: string[] = []
  page.on('request', (r) => requested.push(new URL(r.url()).pathname))
  await page.goto('/ar/guide/payments/refunds')
  await hydrated(page)
  await page.waitForLoadState('networkidle')
  const before = new Set(requested)
  expect(requested.filter((p) => p.startsWith('/search/'))).toEqual([])
  await page.locator('#guide-search').focus()
  await expect(box(page)).toBeVisible()
  await page.waitForLoadState('networkidle')
  const onFocus = requested.filter((p) => !before.has(p))
  expect(onFocus).toContain('/search/ar.json')
  // The prose shards wait for a query.
  expect(onFocus.filter((p) => /^\/search\/ar\.\d+\.json$/.test(p))).toEqual([])
  const bytes = onFocus
    .filter((p) => p.endsWith('.js') || p.endsWith('.json'))
    .reduce((sum, p) => sum + gzipSync(readFileSync(join('dist', p)), { level: 9 }).length, 0)
  // docs/search.md: the site's articles with the API reference's pages, an operation's by its title.
  expect(bytes).toBeLessThanOrEqual(28 * KiB)
  // A query fetches the shards of its words only (tests/unit/search.test.ts: fewer than all at scale).
  await box(page).fill('مدى')
  await expect(options(page).first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  const shards = requested.filter((p) => /^\/search\/ar\.\d+\.json$/.test(p))
  const head = JSON.parse(readFileSync('dist/search/ar.json', 'utf8')) as SearchHead
  expect(shards.sort()).toEqual(shardsOf(head.shards, 'مدى').map((n) => `/search/ar.${n}.json`))
})

test('results update as the visitor types, with the title, the group and a marked excerpt', async ({ page }) => {
  await open(page, '/guide')
  await page.keyboard.type('web', { delay: 50 })
  await expect(options(page).first().locator('span').nth(0)).toHaveText('Webhooks')
  const count = await options(page).count()
  await page.keyboard.type('hooks sig', { delay: 50 })
  await expect(options(page).first().locator('span').nth(0)).toHaveText('Webhooks')
  await expect.poll(() => options(page).count()).toBeLessThanOrEqual(count)
  const first = options(page).first()
  await expect(first.locator('span').nth(1)).toHaveText(catalogs.en['guide.group.webhooks']!)
  await expect(first.locator('span').nth(2).locator('mark').first()).toHaveText(/^(webhooks?|sig\w*)$/i)
})

for (const locale of localeCodes) {
  test(`${locale}: the combobox by keyboard, with what a screen reader hears`, async ({ page }) => {
    const docs: string[] = []
    page.on('request', (r) => r.resourceType() === 'document' && docs.push(r.url()))
    await open(page, indexOf(locale))
    const input = box(page)
    await expect(input).toHaveAttribute('aria-autocomplete', 'list')
    await expect(input).toHaveAttribute('aria-controls', 'guide-search-list')
    await page.keyboard.type(locale === 'en' ? 'refund' : 'الاسترداد')
    await expect(input).toHaveAttribute('aria-expanded', 'true')
    // The count, in the page's language, once typing has paused and the prose shards the query
    // needs have joined the list (they may add matches after the first titles-only answer).
    await expect
      .poll(async () => {
        const n = await options(page).count()
        const text = (await status(page).textContent()) ?? ''
        // The count is of every match; the list may show fewer.
        return locale === 'en'
          ? /^\d+ matching articles$/.test(text) && Number.parseInt(text, 10) >= n
          : /مقال/.test(text)
      })
      .toBe(true)
    const n = await options(page).count()
    expect(n).toBeGreaterThan(1)
    const plural = new Intl.PluralRules(locale).select(n)
    const results = catalogs[locale]['guide.search.results']!
    expect(results).toContain(plural === 'other' ? 'other {' : `${plural} {`)
    // Arrows move the active option; focus stays in the box.
    await page.keyboard.press('ArrowDown')
    const firstId = await options(page).first().getAttribute('id')
    await expect(input).toHaveAttribute('aria-activedescendant', firstId!)
    await expect(options(page).first()).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('ArrowUp')
    await expect(input).toHaveAttribute('aria-activedescendant', (await options(page).last().getAttribute('id'))!)
    await page.keyboard.press('ArrowDown')
    await expect(input).toBeFocused()
    // Escape closes the list, then clears the box.
    await page.keyboard.press('Escape')
    await expect(input).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('listbox')).toBeHidden()
    await page.keyboard.press('ArrowDown')
    await expect(input).toHaveAttribute('aria-expanded', 'true')
    // Enter opens the active guide in place (no document request).
    await page.keyboard.press('ArrowDown')
    const target = await options(page).nth(1).getAttribute('href')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`${target}$`))
    await expect(page.locator('h1')).toHaveText(titleOf(locale, decodeURI(target!).replace(/^(\/ar)?\/guide\//, '')))
    expect(docs).toHaveLength(1)
    // A query that finds nothing says so, with the query.
    await page.locator('#guide-search').fill('zzqqxx')
    await expect(status(page)).toHaveText(
      catalogs[locale]['guide.search.none']!.replace('{query}', '\u2068zzqqxx\u2069'),
    )
    await expect(input).toHaveAttribute('aria-expanded', 'false')
    await page.keyboard.press('Escape')
    await expect(page.locator('#guide-search')).toHaveValue('')
  })
}

test('the live region speaks once when typing pauses, not at every key', async ({ page }) => {
  // Playwright's clock drives the status line's timer, so the pause is the test's, not the machine's:
  // on a loaded machine the real gap between two keys can pass 600 ms and a count is rightly said.
  await page.clock.install()
  await open(page, '/guide')
  await page.evaluate(() => {
    const w = window as typeof window & { __said: string[] }
    w.__said = []
    new MutationObserver(() =>
      w.__said.push(document.querySelector('[data-search-status]')!.textContent ?? ''),
    ).observe(document.querySelector('[data-search-status]')!, { childList: true, characterData: true, subtree: true })
  })
  await page.clock.pauseAt(Date.now() + 60_000)
  const said = () => page.evaluate(() => (window as typeof window & { __said: string[] }).__said)
  // "Loading search…" may come first on a busy machine (the index still on its way): a state, not a result.
  const counts = async () => (await said()).filter((s) => s !== '' && s !== catalogs.en['guide.search.loading'])
  await page.keyboard.type('settlement', { delay: 60 })
  await expect(options(page).first()).toBeVisible()
  await page.clock.runFor(500)
  expect(await counts()).toEqual([])
  await page.clock.runFor(300)
  await expect(status(page)).not.toHaveText('')
  const heard = await counts()
  expect(heard).toHaveLength(1)
  expect(heard[0]).toMatch(/^\d+ matching articles?$/)
})

test('a click on a result opens it in place', async ({ page }) => {
  const docs: string[] = []
  page.on('request', (r) => r.resourceType() === 'document' && docs.push(r.url()))
  await open(page, '/ar/guide/payments/refunds')
  await box(page).fill('بطاقات الاختبار')
  await options(page).first().click()
  await expect(page).toHaveURL(/\/ar\/guide\/testing\/test-cards$/)
  await expect(page.locator('h1')).toHaveText(titleOf('ar', 'testing/test-cards'))
  expect(docs).toHaveLength(1)
  // The new page's box works too.
  await page.locator('#guide-search').focus()
  await box(page).fill('Webhook')
  await expect(options(page).first().locator('span').nth(0)).toHaveText(titleOf('ar', 'webhooks'))
})

test('in Arabic the list mirrors: it lines up with the box on the right, its text starts on the right', async ({
  page,
}) => {
  await open(page, '/ar/guide')
  await box(page).fill('الاسترداد')
  const list = page.getByRole('listbox')
  await expect(list).toBeVisible()
  const field = (await page.locator('#guide-search').locator('xpath=../..').boundingBox())!
  const l = (await list.boundingBox())!
  expect(Math.abs(l.x + l.width - (field.x + field.width))).toBeLessThan(2)
  const title = (await options(page).first().locator('span').nth(0).boundingBox())!
  const option = (await options(page).first().boundingBox())!
  // Starts at the option's right edge (less its padding), not its left.
  expect(option.x + option.width - (title.x + title.width)).toBeLessThan(20)
  expect(await list.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl')
})

for (const locale of localeCodes) {
  test(`${locale}: no accessibility violations with the list open`, async ({ page }) => {
    await open(page, indexOf(locale))
    await box(page).fill(locale === 'en' ? 'refund' : 'مدى')
    await expect(options(page).first()).toBeVisible()
    await page.keyboard.press('ArrowDown')
    await expectAxeClean(page)
  })
}

test('without a script the box is a form to the guide index; with one, `?q=` shows its results', async ({
  browser,
  page,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const noScript = await context.newPage()
  await noScript.goto('/ar/guide/payments/refunds')
  await noScript.locator('#guide-search').fill('مدى')
  await noScript.locator('#guide-search').press('Enter')
  await expect(noScript).toHaveURL(/\/ar\/guide\?q=/)
  await expect(noScript.locator('h1')).toHaveText(catalogs.ar['guide.index.title']!)
  // It says why the list ignores the query.
  await expect(noScript.getByText(catalogs.ar['guide.search.noScript']!)).toBeVisible()
  await context.close()

  await page.goto('/guide?q=webhok')
  await hydrated(page)
  await expect(page.getByText(catalogs.en['guide.search.noScript']!)).toBeHidden()
  await expect(page.locator('#guide-search')).toHaveValue('webhok')
  await expect(options(page).first().locator('span').nth(0)).toHaveText('Webhooks')
})

test('an index that cannot load leaves the form working and says so', async ({ page }) => {
  await page.route('**/search/en.json*', (route) => route.fulfill({ status: 200, body: '{"not":"an index"}' }))
  await open(page, '/guide')
  await box(page).fill('refund')
  await expect(status(page)).toHaveText(catalogs.en['guide.search.unavailable']!)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/guide\?q=refund$/)
})

test('a prose shard that cannot load is not asked for again at once; titles still answer', async ({ page }) => {
  const asked = new Map<string, number>()
  await page.route(/\/search\/en\.\d+\.json/, (route) => {
    const shard = new URL(route.request().url()).pathname
    asked.set(shard, (asked.get(shard) ?? 0) + 1)
    return route.fulfill({ status: 404, body: 'missing' })
  })
  await open(page, '/guide')
  await box(page).fill('webhooks')
  await expect(options(page).first().locator('span').nth(0)).toHaveText('Webhooks')
  await page.waitForTimeout(1500)
  expect(asked.size).toBeGreaterThan(0)
  expect([...asked.values()].every((n) => n === 1)).toBe(true)
  await expect(status(page)).toHaveText(/matching article/)
})

test('the status line is visible too: no match, and an index that cannot load', async ({ page }) => {
  await open(page, '/ar/guide')
  await box(page).fill('zzqqxx')
  await expect(status(page)).toBeVisible()
  await expect(status(page)).toHaveText(catalogs.ar['guide.search.none']!.replace('{query}', '\u2068zzqqxx\u2069'))
})

test('Enter after Escape and the Search button show the results again; a late answer opens no list off focus', async ({
  page,
}) => {
  await open(page, '/guide')
  await box(page).fill('refund')
  await expect(options(page).first()).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('listbox')).toBeHidden()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('listbox')).toBeVisible()
  await expect(page).toHaveURL(/\/guide$/)
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: catalogs.en['guide.search.submit']! }).click()
  await expect(page.getByRole('listbox')).toBeVisible()
  await expect(box(page)).toBeFocused()
  // In place to a page with `?q=`: the box holds the query, the heading keeps the focus, no list over the page.
  await page.evaluate(() => (window as unknown as TestWindow).rasid.navigate('/ar/guide?q=%D9%85%D8%AF%D9%89'))
  await expect(page.locator('h1')).toHaveText(catalogs.ar['guide.index.title']!)
  await expect(page.locator('#guide-search')).toHaveValue('مدى')
  await expect(page.locator('h1')).toBeFocused()
  await page.waitForTimeout(500)
  await expect(page.getByRole('listbox')).toBeHidden()
  await page.locator('#guide-search').focus()
  await expect(options(page).first()).toBeVisible()
})
