import { catalogs, fullTitle } from '../routes'
import { expect, hydrated, manifestIn, notFoundDocument, type TestWindow, test } from './fixtures'
import { localeCodes } from '../../locales/locales'

for (const [locale, path] of [
  ['en', '/no-such-page'],
  ['ar', '/ar/no-such-page'],
  ['en', '/guide/no-such-guide'],
  ['ar', '/ar/guide/no-such-guide/deeper'],
] as const) {
  test(`${path} is a 404 page in ${locale}`, async ({ page, errors }) => {
    const res = await page.goto(`${path}?q=1`)
    expect(res?.status()).toBe(404)
    await hydrated(page)
    await expect(page.locator('html')).toHaveAttribute('lang', locale)
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr')
    await expect(page).toHaveTitle(fullTitle(locale, catalogs[locale]['error.notFound.title']!))
    await expect(page.locator('h1')).toHaveText(catalogs[locale]['error.notFound.title']!)
    await expect(page.getByTestId('error-message')).toHaveText(
      catalogs[locale]['error.notFound.message']!.replace('{path}', `${path}?q=1`),
    )
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    await expect(page.getByRole('link', { name: catalogs[locale]['error.backHome'] })).toHaveAttribute(
      'href',
      locale === 'en' ? '/' : '/ar',
    )
    expect(notFoundDocument(errors)).toEqual([])
  })
}

test('an unknown /ar/ path never shows English, not even before hydration', async ({ page }) => {
  // Sample every frame from the first one: the English 404 markup must never be visible.
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as TestWindow).__frames = seen
    const sample = () => {
      const root = document.getElementById('root')
      const visible = document.documentElement.style.visibility !== 'hidden'
      if (root && visible) seen.push(root.innerText)
      if (document.readyState !== 'complete' || seen.length < 3) requestAnimationFrame(sample)
    }
    requestAnimationFrame(sample)
  })
  await page.goto('/ar/missing')
  await hydrated(page)
  const frames: string[] = await page.evaluate(() => (window as TestWindow).__frames)
  expect(frames.length).toBeGreaterThan(0)
  for (const text of frames) {
    expect(text).not.toContain('Page Not Found')
    expect(text).not.toContain('Page not found')
  }
  await expect(page.locator('h1')).toHaveText(catalogs.ar['error.notFound.title']!)
})

test('a path full of markup is shown as text, never run as HTML', async ({ page, errors }) => {
  let dialog = false
  page.on('dialog', async (d) => {
    dialog = true
    await d.dismiss()
  })
  const evil = `/ar/<img src=x onerror=alert(1)><script>alert(2)</script>`
  const res = await page.goto(evil)
  expect(res?.status()).toBe(404)
  await hydrated(page)
  const message = page.getByTestId('error-message')
  await expect(message).toContainText('<img src=x onerror=alert(1)><script>alert(2)</script>')
  await expect(page.locator('main img, main script')).toHaveCount(0)
  expect(dialog).toBe(false)
  expect(notFoundDocument(errors)).toEqual([])
})

test('the guide guard: a client-side navigation to an unknown slug ends on the 404 page of its language', async ({
  page,
}) => {
  for (const locale of localeCodes) {
    await page.goto(locale === 'en' ? '/guide' : '/ar/guide')
    await hydrated(page)
    // Once the manifest is in, the guard knows the slug was never built and asks for no payload.
    await manifestIn(page)
    const requests: string[] = []
    page.on('request', (r) => requests.push(new URL(r.url()).pathname))
    const target = locale === 'en' ? '/guide/not-a-guide' : '/ar/guide/not-a-guide'
    // The click is left to a timer, so that evaluate() has returned before the document it ran in
    // is replaced by the full load the guard makes.
    await page.evaluate((href) => {
      setTimeout(() => {
        const a = Object.assign(document.createElement('a'), { href, textContent: 'x' })
        document.querySelector('main')!.append(a)
        a.click()
      }, 50)
    }, target)
    await expect(page).toHaveURL(new RegExp(`${target}$`))
    await expect(page.locator('h1')).toHaveText(catalogs[locale]['error.notFound.title']!)
    await expect(page.getByTestId('error-message')).toHaveText(
      catalogs[locale]['error.notFound.message']!.replace('{path}', target),
    )
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr')
    expect(requests).not.toContain(`${target}/_payload.json`)
    page.removeAllListeners('request')
  }
})

test('showError() shows Internal Server Error (500) in the page language; clearError() brings the page back or goes home', async ({
  page,
  errors,
}) => {
  await page.goto('/ar/guide')
  await hydrated(page)
  const title = await page.title()
  await page.evaluate(() => (window as TestWindow).rasid.showError('Payment service unavailable'))
  await expect(page.locator('h1')).toHaveText(catalogs.ar['error.server.title']!)
  await expect(page.locator('h1')).toBeFocused()
  await expect(page.getByText('500', { exact: true })).toBeVisible()
  await expect(page.getByTestId('error-message')).toHaveText(catalogs.ar['error.server.message']!)
  await expect(page).toHaveTitle(fullTitle('ar', catalogs.ar['error.server.title']!))
  await page.evaluate(() => (window as TestWindow).rasid.clearError())
  await expect(page.locator('h1')).toHaveText(catalogs.ar['guide.index.title']!)
  await expect(page).toHaveTitle(title)
  await page.evaluate(() => (window as TestWindow).rasid.showError({ statusCode: 503 }))
  await page.getByRole('link', { name: catalogs.ar['error.backHome'] }).click()
  await expect(page).toHaveURL(/\/ar$/)
  await expect(page.locator('h1')).toHaveText(catalogs.ar['home.hero.title']!)
  expect(errors).toEqual(['[rasid] Payment service unavailable'])
})

for (const locale of localeCodes) {
  test(`showError({ statusCode: 404 }) shows Page Not Found with the path as text, in ${locale}`, async ({ page }) => {
    const path = locale === 'en' ? '/pricing' : '/ar/pricing'
    await page.goto(`${path}?q=<b>x</b>`)
    await hydrated(page)
    await page.evaluate(() => (window as TestWindow).rasid.showError({ statusCode: 404 }))
    await expect(page.locator('h1')).toHaveText(catalogs[locale]['error.notFound.title']!)
    await expect(page.getByText('404', { exact: true })).toBeVisible()
    await expect(page.getByTestId('error-message')).toHaveText(
      catalogs[locale]['error.notFound.message']!.replace('{path}', `${path}?q=<b>x</b>`),
    )
    await expect(page.locator('main b')).toHaveCount(0)
    await expect(page).toHaveTitle(fullTitle(locale, catalogs[locale]['error.notFound.title']!))
  })
}

test('navigate() refuses external addresses unless told, and never javascript:', async ({ page }) => {
  await page.goto('/')
  await hydrated(page)
  const result = (url: string, options?: object) =>
    page.evaluate(
      ([u, o]) =>
        (window as TestWindow).rasid.navigate(u, o).then(
          () => 'ok',
          (e: Error) => e.message,
        ),
      [url, options] as const,
    )
  expect(await result('https://example.com/')).toBe(
    'Navigating to an external URL is not allowed by default. Use navigate(url, { external: true }).',
  )
  expect(await result('javascript:alert(1)', { external: true })).toMatch(/javascript:/)
  await result('/ar/pricing')
  await expect(page.locator('h1')).toHaveText(catalogs.ar['pricing.hero.title']!)
})
