// A guide article's docs chrome (pages/guide/article/): the sidebar of every section's articles on
// the start side with the current page marked, a "Integration guide" disclosure on a phone, and
// callouts (build/guides.ts) titled in the page's language.
import { catalogs, guides, localized } from '../routes'
import { expect, hydrated, test } from './fixtures'
import { localeCodes } from '../../locales/locales'

for (const l of localeCodes) {
  const sidebar = (page: import('@playwright/test').Page) =>
    page.getByRole('navigation', { name: catalogs[l]['guide.nav.title'] })

  test(`the sidebar lists every article on the start side, the current one marked (${l})`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(localized('/guide/webhooks', l))
    await hydrated(page)
    const nav = sidebar(page)
    const links = nav.getByRole('link')
    await expect(links).toHaveCount(guides[l].length)
    for (const g of guides[l]) await expect(nav.getByRole('link', { name: g.title, exact: true })).toBeVisible()
    const current = nav.locator('a[aria-current="page"]')
    await expect(current).toHaveCount(1)
    await expect(current).toHaveText(guides[l].find((g) => g.slug === 'webhooks')!.title)
    expect(await current.evaluate((a) => getComputedStyle(a).color), 'in the brand green').toBe('rgb(11, 107, 58)')
    // Start side: left of the article in English, right of it in Arabic.
    const box = (await nav.boundingBox())!
    const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!
    if (l === 'en') expect(box.x + box.width).toBeLessThan(title.x)
    else expect(box.x).toBeGreaterThan(title.x + title.width)
    // Another article: it is marked there.
    const next = guides[l].find((g) => g.slug === 'refunds')!
    await nav.getByRole('link', { name: next.title, exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`${localized('/guide/refunds', l)}$`))
    await expect(sidebar(page).locator('a[aria-current="page"]')).toHaveText(next.title)
  })

  test(`on a phone the sidebar is a disclosure above the article that opens (${l})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 })
    await page.goto(localized('/guide/api-keys', l))
    await hydrated(page)
    const nav = sidebar(page)
    const first = nav.getByRole('link', { name: guides[l][0]!.title, exact: true })
    await expect(first).toBeHidden()
    const summary = nav.getByText(catalogs[l]['guide.nav.title']!, { exact: true })
    expect((await nav.boundingBox())!.y, 'above the article text').toBeLessThan(
      (await page.locator('.guide-prose').boundingBox())!.y,
    )
    await summary.click()
    await expect(first).toBeVisible()
    await summary.click()
    await expect(first).toBeHidden()
  })

  test(`a callout is a note titled in the page's language (${l})`, async ({ page }) => {
    await page.goto(localized('/guide/getting-started', l))
    const warning = page.getByRole('note').filter({ hasText: catalogs[l]['guide.callout.warning']! })
    await expect(warning).toBeVisible()
    await page.goto(localized('/guide/api-keys', l))
    await expect(page.getByRole('note').filter({ hasText: catalogs[l]['guide.callout.note']! })).toBeVisible()
  })
}
