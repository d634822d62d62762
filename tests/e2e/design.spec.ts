import type { Page } from '@playwright/test'
import { catalogs } from '../routes'
import { expect, test } from './fixtures'
import { localeCodes, type Locale } from '../../locales/locales'

const ready = (page: Page) =>
  page.locator('[data-island="ThemePreview"][data-state="hydrated"]').waitFor({ state: 'attached' })
const m = (locale: Locale, id: string) => catalogs[locale][`design.preview.${id}`]!

for (const locale of localeCodes) {
  const base = locale === 'en' ? '/design' : '/ar/design'
  test(`the theme previewer hydrates without a mismatch and shows the hosted page in ${locale}`, async ({
    page,
    errors,
  }) => {
    await page.goto(base)
    await ready(page)
    const hosted = page.getByTestId('hosted-page')
    await expect(hosted).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr')
    await expect(hosted).toContainText(m(locale, 'defaultLogo'))
    await expect(hosted).toContainText(m(locale, 'secure'))
    // mada first, in the page's language.
    await expect(hosted.locator('li').first()).toHaveText(catalogs[locale]['method.mada']!)
    await expect(page.getByTestId('hosted-pay')).toContainText('249.00')
    expect(JSON.parse((await page.getByTestId('theme-config').textContent())!)).toMatchObject({
      brandColor: '#0b6b3a',
      cornerRadius: 8,
      locale,
      direction: locale === 'ar' ? 'rtl' : 'ltr',
    })
    expect(errors).toEqual([])
  })

  test(`every control changes the preview and the shared URL, back and forward step through it (${locale})`, async ({
    page,
    errors,
  }) => {
    await page.goto(base)
    await ready(page)
    const hosted = page.getByTestId('hosted-page')
    await page.getByLabel(m(locale, 'logo')).fill('Qahwa House')
    await expect(page.getByTestId('hosted-logo')).toHaveText('Qahwa House')
    await page.getByLabel(m(locale, 'color')).fill('#1d4ed8')
    await expect(page.getByTestId('hosted-pay')).toHaveCSS('background-color', 'rgb(29, 78, 216)')
    await expect(page.getByTestId('hosted-pay')).toHaveCSS('color', 'rgb(255, 255, 255)')
    await page.getByLabel(m(locale, 'radius')).fill('20')
    await expect(hosted).toHaveCSS('border-radius', '20px')
    await page.getByLabel(m(locale, 'font')).selectOption('serif')
    await expect(hosted).toHaveCSS('font-family', /Georgia/)
    await page.getByLabel(m(locale, 'modeDark')).check()
    await expect(hosted).toHaveAttribute('data-mode', 'dark')
    await page.getByLabel(m(locale, locale === 'en' ? 'dirRtl' : 'dirLtr')).check()
    await expect(hosted).toHaveAttribute('dir', locale === 'en' ? 'rtl' : 'ltr')
    // The URL follows once the visitor pauses: wait for the last choice to reach it.
    await expect(page).toHaveURL(/color=%231d4ed8.*radius=20.*font=serif.*mode=dark.*dir=/)
    await expect(page).toHaveURL(/logo=Qahwa\+House/)
    const shared = page.url()
    const config = JSON.parse((await page.getByTestId('theme-config').textContent())!)
    expect(config).toEqual({
      brandColor: '#1d4ed8',
      buttonTextColor: '#ffffff',
      cornerRadius: 20,
      font: 'serif',
      logoText: 'Qahwa House',
      appearance: 'dark',
      direction: locale === 'en' ? 'rtl' : 'ltr',
      locale,
    })
    // The language switcher keeps the choice.
    await expect(page.locator('header a[data-locale-switch]')).toHaveAttribute(
      'href',
      new RegExp(`\\?${new URL(shared).search.slice(1).replace(/[+?]/g, '\\$&')}`),
    )

    // A link shares it: a fresh visit shows the same.
    const other = await page.context().newPage()
    await other.goto(shared)
    await ready(other)
    await expect(other.getByTestId('hosted-logo')).toHaveText('Qahwa House')
    await expect(other.getByTestId('hosted-page')).toHaveAttribute('data-mode', 'dark')
    await other.close()

    // Back goes to the earlier choice, forward returns to it.
    await page.getByLabel(m(locale, 'modeLight')).check()
    await expect(page).toHaveURL(/^(?!.*mode=dark)/)
    await page.goBack()
    await expect(hosted).toHaveAttribute('data-mode', 'dark')
    await page.goForward()
    await expect(hosted).toHaveAttribute('data-mode', 'light')
    expect(errors).toEqual([])
  })
}

test('a query value that is not valid falls back to the default, with no error', async ({ page, errors }) => {
  await page.goto('/design?color=red&radius=99&font=comic&mode=neon&dir=up&logo=%00%01')
  await ready(page)
  await expect(page.getByTestId('hosted-pay')).toHaveCSS('background-color', 'rgb(11, 107, 58)')
  await expect(page.getByTestId('hosted-page')).toHaveCSS('border-radius', '8px')
  await expect(page.getByTestId('hosted-page')).toHaveAttribute('data-mode', 'light')
  await expect(page.getByTestId('hosted-page')).toHaveAttribute('dir', 'ltr')
  await expect(page.getByTestId('hosted-logo')).toHaveText(m('en', 'defaultLogo'))
  await expect(page.getByLabel(m('en', 'font'))).toHaveValue('system')
  expect(errors).toEqual([])
})

test('the configuration is copied to the clipboard, and the previewer keeps working after a navigation', async ({
  page,
  context,
  errors,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/ar')
  await page.getByRole('link', { name: catalogs.ar['nav.design'] }).first().click()
  await ready(page)
  // The value shown is the island's state: on a loaded machine a fill right after hydration can land
  // before React reads it, so fill until the island says 12.
  await expect(async () => {
    await page.getByLabel(m('ar', 'radius')).fill('12')
    await expect(page.locator('output[for$="-radius"]')).toContainText('12', { timeout: 1000 })
  }).toPass({ timeout: 10_000 })
  await page.getByRole('button', { name: m('ar', 'copy') }).click()
  await expect(page.getByRole('status').filter({ hasText: m('ar', 'copied') })).toBeVisible()
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))
  expect(copied).toMatchObject({ cornerRadius: 12, locale: 'ar', direction: 'rtl' })
  expect(errors).toEqual([])
})
