// Pages finished in both languages, checked the way a visitor would notice; each page's text, its
// language and its FAQ, once per page: tests/e2e/pages.spec.ts.
import { componentKeys } from '../../api/contract/status'
import { catalogs, localized, routes } from '../routes'
import { expect, hydrated, test } from './fixtures'
import { localeCodes } from '../../locales/locales'
import { groupMessage, loadGuides } from '../../build/guides'

test('the home page names the organization in JSON-LD, from the site configuration', async ({ page }) => {
  await page.goto('/ar')
  const org = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((s) => s.map((e) => JSON.parse(e.textContent!)).find((d) => d['@type'] === 'Organization'))
  expect(org).toMatchObject({
    name: 'رصيد',
    alternateName: ['Rasid'],
    url: expect.stringMatching(/^https:\/\/.+\/ar$/),
    areaServed: ['SA', 'AE', 'EG'],
  })
  expect(org.contactPoint[0]).toMatchObject({ contactType: 'sales', email: expect.stringContaining('@') })
})

test.describe('small screens', () => {
  test.use({ viewport: { width: 320, height: 640 } })

  for (const locale of localeCodes) {
    test(`the header fits one row at 320 px and its menu works by keyboard (${locale})`, async ({ page }) => {
      for (const route of routes.filter((r) => !r.path.startsWith('/guide/'))) {
        await page.goto(localized(route.path, locale))
        const header = page.locator('header')
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${route.path} overflows`,
        ).toBeLessThanOrEqual(320)
        expect((await header.boundingBox())!.height, `${route.path}: the header wraps`).toBeLessThan(72)
      }
      await page.goto(localized('/pricing', locale))
      await hydrated(page)
      const button = page.getByRole('button', { name: catalogs[locale]['nav.menu'] })
      const firstLink = page.locator('#site-menu a').first()
      await expect(firstLink).toBeHidden()
      await button.focus()
      await page.keyboard.press('Enter')
      await expect(firstLink).toBeVisible()
      expect(await page.evaluate(() => document.getElementById('site-menu')!.matches(':popover-open'))).toBe(true)
      // The links come next in the tab order, then Escape closes and gives the focus back.
      await page.keyboard.press('Tab')
      await expect(firstLink).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(firstLink).toBeHidden()
      await expect(button).toBeFocused()
      // A link followed closes it: the next page starts with the menu closed.
      await page.keyboard.press('Enter')
      await page.locator('#site-menu a[href$="/guide"]').click()
      await expect(page).toHaveURL(new RegExp(`${locale === 'ar' ? '/ar' : ''}/guide$`))
      await expect(page.locator('#site-menu a').first()).toBeHidden()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
    })
  }
})

// The open menu on a phone is a sheet from under the header to the foot of the screen, across its
// width in both directions, the page dimmed behind it: its links in rows of 52 px under their
// groups' names, Start now and Sign in at its foot, the menu button reading "Close". WebKit had once
// given a fit-content menu the viewport's height and spread its rows over it: these rows are the
// links' own.
test.describe('the open menu on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  for (const locale of localeCodes) {
    test(`a sheet under the header, its links 52 px rows, its calls to action at its foot, "Close" to close it (${locale})`, async ({
      page,
    }) => {
      await page.goto(localized('/services', locale))
      await hydrated(page)
      await page.getByRole('button', { name: catalogs[locale]['nav.menu'] }).click()
      const menu = page.locator('#site-menu')
      await expect(menu.locator('a').last()).toBeVisible()
      const measure = () =>
        menu.evaluate((el) => {
          const box = el.getBoundingClientRect()
          return {
            top: box.top,
            bottom: box.bottom,
            left: box.left,
            right: box.right,
            client: el.clientHeight,
            scroll: el.scrollHeight,
            links: [...el.querySelectorAll('.nav-panel a, :scope > li:not(.menu-actions) > a')].map((a) => {
              const r = a.getBoundingClientRect()
              return { top: r.top, height: r.height, row: a.parentElement!.getBoundingClientRect().height }
            }),
            actions: [...el.querySelectorAll('.menu-actions a')].map((a) => a.getBoundingClientRect().bottom),
            backdrop: getComputedStyle(el, '::backdrop').backgroundColor,
          }
        })
      const open = await measure()
      expect(open.top, 'under the header').toBe(60)
      expect(open.bottom, 'to the foot of the screen').toBe(844)
      expect([open.left, open.right], 'the whole width').toEqual([0, 390])
      expect(open.backdrop, 'the page dimmed behind it').not.toBe('rgba(0, 0, 0, 0)')
      expect(open.scroll, 'nothing to scroll').toBe(open.client)
      expect(open.links).toHaveLength(8)
      for (const [i, link] of open.links.entries()) {
        expect(link.height, `link ${i + 1}`).toBeGreaterThanOrEqual(52)
        expect(link.height, `link ${i + 1}`).toBeLessThan(60)
        expect(link.row, `row ${i + 1} is its link`).toBeCloseTo(link.height, 1)
        if (i) expect(link.top, `link ${i + 1} after the one before`).toBeGreaterThan(open.links[i - 1]!.top)
      }
      // Start now and Sign in at the sheet's foot.
      expect(open.actions).toHaveLength(2)
      expect(844 - open.actions[1]!, 'at the foot').toBeLessThanOrEqual(32)
      // The button says what it does now, and does it.
      const close = page.getByRole('button', { name: catalogs[locale]['nav.close'] })
      await expect(close).toBeVisible()
      await close.click()
      await expect(menu.locator('a').first()).toBeHidden()
      await expect(page.getByRole('button', { name: catalogs[locale]['nav.menu'] })).toBeVisible()

      // A short screen (a phone held sideways): the sheet ends at its bottom and scrolls to its last link.
      await page.getByRole('button', { name: catalogs[locale]['nav.menu'] }).click()
      await page.setViewportSize({ width: 390, height: 280 })
      const short = await measure()
      expect(short.bottom, 'on screen').toBeLessThanOrEqual(280)
      expect(short.scroll, 'it scrolls').toBeGreaterThan(short.client)
      await menu.locator('a').last().scrollIntoViewIfNeeded()
      await expect(menu.locator('a').last()).toBeInViewport()
    })
  }
})

/** The caption names the market's currency in prose, as the catalog names it («الريال السعودي»). */
const arabicCurrency = (market: string) => catalogs.ar[`pricing.currencyName.${market}`]!

test('pricing: billing and market switch the prices and fee table without a script, amounts in Latin digits', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/ar/pricing')
  const growth = page.locator('article', { has: page.locator('#plan-growth') })
  await expect(growth.locator('[data-market="sa"] [data-billing="monthly"]')).toBeVisible()
  await expect(growth.locator('[data-market="sa"] [data-billing="monthly"]')).toContainText('299.00')
  await expect(growth.locator('[data-market="sa"] [data-billing="yearly"]')).toBeHidden()
  await page.locator('#billing-yearly').check()
  await expect(growth.locator('[data-market="sa"] [data-billing="yearly"]')).toContainText('2,990.00')
  await expect(growth.locator('[data-market="sa"] [data-billing="monthly"]')).toBeHidden()

  // The market's fee table, then its POS terminals' (a percentage alone, settled as online).
  const tables = page.locator('table:visible')
  await expect(tables).toHaveCount(2)
  const table = tables.first()
  await expect(table.locator('caption')).toContainText(arabicCurrency('sa'))
  const pos = tables.nth(1)
  await expect(pos.locator('tbody tr').first().locator('th')).toHaveText(catalogs.ar['pricing.scheme.mada']!)
  await expect(pos.locator('tbody tr').first().locator('td').first()).toContainText('0.8')
  // mada first, named in Arabic; the fee in Latin digits with the market's currency.
  await expect(table.locator('tbody tr').first().locator('th')).toHaveText(catalogs.ar['pricing.scheme.mada']!)
  await expect(table.locator('tbody tr').first().locator('td').first()).toContainText('1.5')
  expect(await page.locator('main').innerText()).not.toMatch(/[\u0660-\u0669]/)
  await expect(page.locator('[data-market="sa"]').getByText('195.40')).toBeVisible()
  // The fee calculator needs a script: without one it is not shown, and the tables say it all.
  await expect(page.locator('[data-island="FeeCalculator"] form')).toBeHidden()

  await page.locator('#market-ae').check()
  await expect(tables.first().locator('caption')).toContainText(arabicCurrency('ae'))
  await expect(tables.first().locator('tbody tr').first().locator('td').first()).toContainText('2.9')
  await expect(tables.nth(1).locator('tbody tr').first().locator('td').first()).toContainText('2.3')
  await page.locator('#market-eg').check()
  await expect(tables.first().locator('caption')).toContainText(arabicCurrency('eg'))
  await expect(page.locator('[data-market="eg"]').getByText('965.23')).toBeVisible()
  await context.close()
})

test('guides: a table of contents, code left to right in Arabic, highlighted without a script, a copy button', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/ar/guide/webhooks')
  await hydrated(page)
  const toc = page.getByRole('navigation', { name: catalogs.ar['guide.article.toc'] })
  await expect(toc).toBeVisible()
  const entries = toc.locator('a')
  expect(await entries.count()).toBeGreaterThanOrEqual(4)
  const target = (await entries.nth(1).getAttribute('href'))!
  await entries.nth(1).click()
  await expect(page).toHaveURL(new RegExp(`${encodeURI(target).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
  await expect(page.locator(`[id="${decodeURIComponent(target.slice(1))}"]`)).toBeInViewport()

  const block = page.locator('.code-block').first()
  await expect(block.locator('pre')).toHaveCSS('direction', 'ltr')
  expect(await block.locator('.hs, .hk, .ha').count()).toBeGreaterThan(0)
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => /highlight|hljs|shiki|prism/.test(n)),
  )
  expect(scripts).toEqual([])

  // Found by its class: its name changes as it answers.
  const copy = block.locator('button.code-copy')
  await expect(copy).toHaveAccessibleName(catalogs.ar['guide.code.copy']!)
  await copy.click()
  await expect(copy).toHaveText(catalogs.ar['guide.code.copied']!)
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await block.locator('pre').innerText())
  await expect(copy).toHaveText(catalogs.ar['guide.code.copy']!, { timeout: 4000 })
})

test('the guide index groups the articles, and previous/next links walk through them', async ({ page }) => {
  await page.goto('/guide')
  const groups = page.locator('main section h2')
  // Every section that has articles, in the docs tree's order.
  const sections = [...new Set(loadGuides().en.map((g) => g.group))]
  expect(sections[0]).toBe('getting-started')
  await expect(groups).toHaveText(sections.map((group) => catalogs.en[groupMessage(group)]!))
  await page.locator('main a[href="/guide/getting-started"]').click()
  await page.locator('a[rel="next"]').click()
  await expect(page).toHaveURL(/\/guide\/getting-started\/api-keys$/)
  await page.locator('a[rel="prev"]').click()
  await expect(page).toHaveURL(/\/guide\/getting-started$/)
})

test('monitoring: every chart has a text equivalent, and time runs right to left in Arabic', async ({ page }) => {
  for (const locale of localeCodes) {
    await page.goto(localized('/monitoring', locale))
    // The preview's sample (its status folder has no document), rendered by the live view.
    await expect(page.locator('[data-status-view="live"]')).toBeAttached()
    const bars = page.locator('svg[role="img"]')
    // One bar per component (the methods of every market), each named by its figure or,
    // for a component no check measures, as not measured.
    expect(await bars.count()).toBe(componentKeys.length)
    const unmeasured = catalogs[locale]['monitoring.uptime.unmeasured']!.replace('{component}', '')
    for (const label of await bars.evaluateAll((s) => s.map((e) => e.getAttribute('aria-label')!)))
      expect(label.includes(unmeasured) || /\d+\.\d+\u200e?%/.test(label), label).toBe(true)
    await page.locator('figure details summary').click()
    await expect(page.locator('figure details table tbody tr')).toHaveCount(14)
    // Time runs toward the reading direction's end: a marked day sits at its own place from the start.
    const marked = await page
      .locator('svg[role="img"] rect[data-day]')
      .evaluateAll((rects) =>
        rects.map((r) => ({ day: Number(r.getAttribute('data-day')), x: Number(r.getAttribute('x')) })),
      )
    expect(marked.length).toBeGreaterThan(3)
    for (const { day, x } of marked) expect(x).toBe((locale === 'en' ? day : 89 - day) * 5)
    // The operational days are the pattern's bars: every chart is as wide as its 90 days.
    const filled = await bars.evaluateAll((svgs) =>
      svgs.map((svg) => svg.querySelector('rect[fill^="url(#"]')?.getAttribute('width')),
    )
    expect(filled).toEqual(Array(componentKeys.length).fill('449'))
  }
})

test('a guide’s table of contents marks the section the reader is in', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/guide/webhooks')
  await hydrated(page)
  const ids = await page.locator('.toc a').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).hash))
  expect(ids.length).toBeGreaterThan(2)
  const current = () =>
    page.evaluate(() => document.querySelector('.toc a:target-current')?.getAttribute('href') ?? null)
  const last = ids.at(-1)!
  await page.evaluate((id) => document.getElementById(decodeURIComponent(id.slice(1)))!.scrollIntoView(), last)
  await expect.poll(current).toBe(last)
  const color = await page.locator(`.toc a[href="${last}"]`).evaluate((a) => getComputedStyle(a).color)
  expect(color, 'drawn in the brand green').toBe('rgb(11, 107, 58)')
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect.poll(current).toBe(ids[0])
})
