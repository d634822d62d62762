// A guide article's docs chrome (pages/guide/article/): the sidebar of every section's articles on
// the start side with the current page marked, a "Integration guide" disclosure on a phone, and
// callouts (build/guides.ts) titled in the page's language.
import { catalogs, guides, localized } from '../routes'
import { expect, hydrated, test } from './fixtures'
import { localeCodes } from '../../locales/locales'
import { groupMessage } from '../../build/guides'

for (const l of localeCodes) {
  const sidebar = (page: import('@playwright/test').Page) =>
    page.getByRole('navigation', { name: catalogs[l]['guide.nav.title'] })

  test(`the sidebar lists every section and the current section's articles on the start side, the current one marked (${l})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(localized('/guide/webhooks', l))
    await hydrated(page)
    const nav = sidebar(page)
    const links = nav.getByRole('link')
    const sections = [...new Set(guides[l].map((g) => g.group))]
    const own = guides[l].filter((g) => g.group === 'webhooks')
    // One link per other section (to its first article), one per article of this one.
    await expect(links).toHaveCount(sections.length - 1 + own.length)
    for (const g of own) await expect(nav.getByRole('link', { name: g.title, exact: true })).toBeVisible()
    for (const group of sections.filter((s) => s !== 'webhooks'))
      await expect(nav.getByRole('link', { name: catalogs[l][groupMessage(group)], exact: true })).toBeVisible()
    const current = nav.locator('a[aria-current="page"]')
    await expect(current).toHaveCount(1)
    await expect(current).toHaveText(guides[l].find((g) => g.slug === 'webhooks')!.title)
    expect(await current.evaluate((a) => getComputedStyle(a).color), 'in the brand green').toBe('rgb(11, 107, 58)')
    // Start side: left of the article in English, right of it in Arabic.
    const box = (await nav.boundingBox())!
    const title = (await page.getByRole('heading', { level: 1 }).boundingBox())!
    if (l === 'en') expect(box.x + box.width).toBeLessThan(title.x)
    else expect(box.x).toBeGreaterThan(title.x + title.width)
    // Another section: its first article opens, and is marked there among its section's articles.
    const payments = guides[l].filter((g) => g.group === 'payments')
    await nav.getByRole('link', { name: catalogs[l][groupMessage('payments')], exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`${localized(`/guide/${payments[0]!.slug}`, l)}$`))
    await expect(sidebar(page).locator('a[aria-current="page"]')).toHaveText(payments[0]!.title)
    for (const g of payments)
      await expect(sidebar(page).getByRole('link', { name: g.title, exact: true })).toBeVisible()
  })

  test(`on a phone the sidebar is a disclosure above the article that opens (${l})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 })
    await page.goto(localized('/guide/getting-started/api-keys', l))
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
    await page.goto(localized('/guide/getting-started/api-keys', l))
    await expect(page.getByRole('note').filter({ hasText: catalogs[l]['guide.callout.note']! })).toBeVisible()
  })
}

test('code tabs: the reader picks a language by click or by keys, every block follows, and the choice holds on the next page', async ({
  page,
}) => {
  // A guide with two requests of the API, each a block of tabs.
  await page.goto('/guide/payments/accept-a-payment')
  await hydrated(page)
  const groups = page.locator('.code-tabs')
  await expect(groups.first()).toBeVisible()
  expect(await groups.count()).toBeGreaterThanOrEqual(2)
  const shown = () =>
    groups.evaluateAll((all) =>
      all.map((g) =>
        [...g.querySelectorAll<HTMLElement>('[role="tabpanel"]')].filter((p) => !p.hidden).map((p) => p.dataset.lang),
      ),
    )
  const first = groups.first()
  const tablist = first.getByRole('tablist', { name: catalogs.en['guide.code.tabs'] })
  await expect(tablist.getByRole('tab')).toHaveText(['cURL', 'Node.js', 'Python', 'PHP'])
  await expect(tablist.getByRole('tab', { name: 'cURL' })).toHaveAttribute('aria-selected', 'true')
  expect(new Set((await shown()).flat())).toEqual(new Set(['curl']))

  await tablist.getByRole('tab', { name: 'Python' }).click()
  await expect(tablist.getByRole('tab', { name: 'Python' })).toHaveAttribute('aria-selected', 'true')
  for (const panels of await shown()) expect(panels).toEqual(['python'])
  await expect(first.getByRole('tabpanel')).toContainText('requests.get(')

  // The arrows move along the tabs and choose (wrapping at the ends); Home and End go to the ends.
  await tablist.getByRole('tab', { name: 'Python' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(tablist.getByRole('tab', { name: 'PHP' })).toBeFocused()
  await expect(tablist.getByRole('tab', { name: 'PHP' })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowRight')
  await expect(tablist.getByRole('tab', { name: 'cURL' })).toBeFocused()
  await page.keyboard.press('End')
  await expect(tablist.getByRole('tab', { name: 'PHP' })).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect(tablist.getByRole('tab', { name: 'Python' })).toBeFocused()
  await tablist.getByRole('tab', { name: 'Node.js' }).click()
  for (const panels of await shown()) expect(panels).toEqual(['node'])

  // Another page, in the other language, in a full load: the reader's language is shown there.
  await page.goto('/ar/guide/reference/refunds/create-refund')
  await hydrated(page)
  const arabic = page.locator('.code-tabs').first().getByRole('tablist', { name: catalogs.ar['guide.code.tabs'] })
  await expect(arabic.getByRole('tab', { name: 'Node.js' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.locator('.code-tabs').first().getByRole('tabpanel')).toContainText('await fetch(')
  // The tabs read left to right on an Arabic page, as the code does.
  await expect(page.locator('.code-tabs').first()).toHaveCSS('direction', 'ltr')
})
