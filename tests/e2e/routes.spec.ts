import { catalogs, fullTitle, localized, routes, shown } from '../routes'
import { expect, hydrated, test } from './fixtures'
import type { Locale } from '../../locales/locales'

const origin = 'https://www.rasid.example'

for (const route of routes) {
  for (const locale of ['en', 'ar'] as Locale[]) {
    const url = localized(route.path, locale)
    test(`${url} renders in ${locale} and hydrates cleanly`, async ({ page, errors }) => {
      const res = await page.goto(url)
      expect(res?.status()).toBe(200)
      await hydrated(page)
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
      // No message id leaks into the page instead of its text.
      expect(await page.locator('body').innerText()).not.toMatch(
        /\b(nav|home|footer|faq|error|pricing)\.[a-z]+\.[a-zA-Z]+/,
      )
      expect(errors).toEqual([])
    })
  }
}

test('/pricing/ and /pricing?query are the same page, never redirected', async ({ page }) => {
  for (const url of ['/pricing/', '/pricing?utm_source=x']) {
    const res = await page.goto(url)
    expect(res?.status()).toBe(200)
    expect(res?.request().redirectedFrom()).toBeNull()
    await expect(page.locator('h1')).toHaveText(catalogs.en['pricing.hero.title']!)
  }
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
