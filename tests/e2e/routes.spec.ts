// A page's address and its reading without a script. Each page's own render, head and frame, once
// per page: tests/e2e/pages.spec.ts.
import { catalogs, shown } from '../routes'
import { expect, test } from './fixtures'

test('/pricing/ and /pricing?query are the same page, never redirected', async ({ page }) => {
  for (const url of ['/pricing/', '/pricing?utm_source=x']) {
    const res = await page.goto(url)
    expect(res?.status()).toBe(200)
    expect(res?.request().redirectedFrom()).toBeNull()
    await expect(page.locator('h1')).toHaveText(catalogs.en['pricing.hero.title']!)
  }
})

test('a guide that moved answers its old address with a 301 to the new one, in each language, and opens there', async ({
  page,
  request,
}) => {
  for (const [old, now] of [
    ['/guide/refunds', '/guide/payments/refunds'],
    ['/ar/guide/go-live-checklist/', '/ar/guide/going-live/checklist'],
  ] as const) {
    const res = await request.get(old, { maxRedirects: 0 })
    expect([old, res.status(), res.headers().location]).toEqual([old, 301, now])
  }
  await page.goto('/ar/guide/refunds')
  await expect(page).toHaveURL(/\/ar\/guide\/payments\/refunds$/)
  await expect(page.locator('main article h1')).toBeVisible()
})

test('a page can be read and its links followed without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/ar/pricing')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('h1')).toHaveText(catalogs.ar['pricing.hero.title']!)
  await page.locator('summary', { hasText: catalogs.ar['pricing.faq.vat.question']! }).click()
  await expect(page.getByText(shown('ar', 'pricing.faq.vat.answer'))).toBeVisible()
  await page.getByRole('link', { name: catalogs.ar['nav.guide'] }).first().click()
  await expect(page).toHaveURL(/\/ar\/guide$/)
  await page.locator('main a[href^="/ar/guide/"]').first().click()
  await expect(page.locator('main article h1')).toBeVisible()
  await context.close()
})
