import type { Browser, BrowserContext } from '@playwright/test'
import { catalogs } from '../routes'
import { expect, hydrated, test } from './fixtures'

/** A first visit from a browser with these languages (`navigator.languages`) and this cookie. */
async function visitor(
  browser: Browser,
  baseURL: string,
  { locale, languages, cookie }: { locale?: string; languages?: string[]; cookie?: string },
) {
  const context = await browser.newContext(locale ? { locale } : {})
  if (languages) {
    await context.addInitScript((langs) => {
      Object.defineProperty(navigator, 'languages', { get: () => langs })
      Object.defineProperty(navigator, 'language', { get: () => langs[0] })
    }, languages)
  }
  if (cookie !== undefined) await context.addCookies([{ name: 'i18n_redirected', value: cookie, url: baseURL }])
  return { context, page: await context.newPage() }
}

const cookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'i18n_redirected')

test.describe('locale detection on the root, before anything is painted', () => {
  test('an Arabic browser on / lands on /ar', async ({ browser, baseURL }) => {
    const { context, page } = await visitor(browser, baseURL!, { locale: 'ar-SA' })
    const documents: string[] = []
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(new URL(r.url()).pathname))
    await page.goto('/?ref=ad#faq-title')
    await expect(page).toHaveURL(/\/ar\?ref=ad#faq-title$/)
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    await expect(page.locator('h1')).toHaveText(catalogs.ar['home.hero.title']!)
    expect(documents).toEqual(['/', '/ar'])
    expect((await cookie(context))?.value).toBe('ar')
    await context.close()
  })

  test('the cookie wins over the browser: cookie en stays on /', async ({ browser, baseURL }) => {
    const { context, page } = await visitor(browser, baseURL!, { locale: 'ar-SA', cookie: 'en' })
    await page.goto('/')
    await hydrated(page)
    await expect(page).toHaveURL(/\/$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await context.close()
  })

  test('cookie ar on / goes to /ar even in an English browser', async ({ browser, baseURL }) => {
    const { context, page } = await visitor(browser, baseURL!, { locale: 'en-US', cookie: 'ar' })
    await page.goto('/')
    await expect(page).toHaveURL(/\/ar$/)
    await context.close()
  })

  test('[fr, ar] picks Arabic: an earlier unsupported language is skipped', async ({ browser, baseURL }) => {
    const { context, page } = await visitor(browser, baseURL!, { languages: ['fr-FR', 'fr', 'ar'] })
    await page.goto('/')
    await expect(page).toHaveURL(/\/ar$/)
    await context.close()
  })

  test('[en-GB, ar] keeps English: the earlier entry wins on its primary subtag', async ({ browser, baseURL }) => {
    const { context, page } = await visitor(browser, baseURL!, { languages: ['en-GB', 'ar'] })
    await page.goto('/')
    await hydrated(page)
    await expect(page).toHaveURL(/\/$/)
    await context.close()
  })

  test('an invalid cookie value counts as absent, and is replaced', async ({ browser, baseURL }) => {
    const { context, page } = await visitor(browser, baseURL!, { locale: 'ar-EG', cookie: 'de' })
    await page.goto('/')
    await expect(page).toHaveURL(/\/ar$/)
    expect((await cookie(context))?.value).toBe('ar')
    await context.close()
  })

  test('only the root detects: /pricing never redirects an Arabic browser', async ({ browser, baseURL }) => {
    const { context, page } = await visitor(browser, baseURL!, { locale: 'ar-SA' })
    const res = await page.goto('/pricing')
    await hydrated(page)
    expect(res?.request().redirectedFrom()).toBeNull()
    await expect(page).toHaveURL(/\/pricing$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    expect((await cookie(context))?.value).toBe('en')
    await context.close()
  })
})

test('every page load writes the cookie for a year, Path=/, SameSite=Lax', async ({ page, context }) => {
  await page.goto('/ar/services')
  const c = await cookie(context)
  expect(c).toMatchObject({ value: 'ar', path: '/', sameSite: 'Lax', secure: false })
  const days = (c!.expires - Date.now() / 1000) / 86400
  expect(days).toBeGreaterThan(364.9)
  expect(days).toBeLessThanOrEqual(365)
})

test('the switcher keeps route, query and hash, navigates client-side and sets lang, dir and the cookie', async ({
  page,
  context,
  errors,
}) => {
  await page.goto('/pricing?plan=growth#faq-title')
  await hydrated(page)
  const documents: string[] = []
  page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()))
  const switcher = page.locator('header a[hreflang="ar"]')
  await expect(switcher).toHaveAttribute('href', '/ar/pricing?plan=growth#faq-title')
  await expect(switcher).toHaveText('العربية')
  await switcher.click()
  await expect(page).toHaveURL(/\/ar\/pricing\?plan=growth#faq-title$/)
  await expect(page.locator('h1')).toHaveText(catalogs.ar['pricing.hero.title']!)
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('header a[hreflang="en"]')).toHaveAttribute('href', '/pricing?plan=growth#faq-title')
  expect((await cookie(context))?.value).toBe('ar')

  await page.locator('header a[hreflang="en"]').click()
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  expect((await cookie(context))?.value).toBe('en')
  expect(documents).toEqual([])
  expect(errors).toEqual([])
})

test('the switcher on a guide article keeps the slug', async ({ page }) => {
  await page.goto('/ar/guide/getting-started/api-keys')
  await expect(page.locator('header a[hreflang="en"]')).toHaveAttribute('href', '/guide/getting-started/api-keys')
})

test('a client-side navigation writes the cookie of the page it lands on', async ({ page, context }) => {
  await page.goto('/ar/pricing')
  await hydrated(page)
  await context.clearCookies()
  await page.getByRole('link', { name: catalogs.ar['nav.services'] }).click()
  await expect(page).toHaveURL(/\/ar\/services$/)
  await expect.poll(async () => (await cookie(context))?.value).toBe('ar')
})
