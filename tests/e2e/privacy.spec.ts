// The privacy notice in a real browser, both languages: the footer's link, each contact form's
// consent box and the checkout's pay step lead to the notice in the page's language, and the
// notice states the retention and reply times of api/contract/privacy.ts (docs/content.md "Facts").
import type { Page } from '@playwright/test'
import type { Locale } from '../../locales/locales'
import { facts } from '../../site.config'
import { catalogs, localized } from '../routes'
import { expect, hydrated, test } from './fixtures'
import { localeCodes } from '../../locales/locales'

/** On the notice, in `l`: its address, `<html lang dir>` and its h1. */
async function onNotice(page: Page, l: Locale) {
  await expect(page).toHaveURL(new RegExp(`${localized('/privacy', l)}$`))
  await expect(page.locator('html')).toHaveAttribute('lang', l)
  await expect(page.locator('html')).toHaveAttribute('dir', l === 'ar' ? 'rtl' : 'ltr')
  await expect(page.locator('h1')).toHaveText(catalogs[l]['privacy.hero.title']!)
}

/** The contact forms' island, hydrated (it is in view as the page opens). */
async function contactForms(page: Page, l: Locale, hash = '') {
  await page.goto(`${localized('/contact-us', l)}${hash}`)
  await expect(page.locator('[data-island="ContactForms"]')).toHaveAttribute('data-state', 'hydrated')
}

for (const l of localeCodes) {
  const notice = localized('/privacy', l)

  test.describe(`privacy notice (${l})`, () => {
    test('the footer links to it', async ({ page }) => {
      await page.goto(localized('/pricing', l))
      await hydrated(page)
      await page.locator('footer').getByRole('link', { name: catalogs[l]['footer.privacy']!, exact: true }).click()
      await onNotice(page, l)
      // Its own footer link is the current page.
      await expect(page.locator(`footer a[href="${notice}"]`)).toHaveAttribute('aria-current', 'page')
    })

    test('the sales form’s consent box links to it, and what was typed waits for the visitor’s return', async ({
      page,
    }) => {
      await contactForms(page, l)
      const label = page.locator('label:has(#contact-sales-consent)')
      const link = label.getByRole('link', { name: catalogs[l]['privacy.meta.title']! })
      await expect(link).toHaveAttribute('href', notice)
      // A visible focus style on the link inside the label.
      await link.focus()
      expect(await link.evaluate((a) => getComputedStyle(a).outlineStyle)).not.toBe('none')
      // The link followed at once, well within the draft's 300 ms wait: saved as the form goes.
      await page.fill('#contact-sales-name', 'Noura Al-Harbi')
      await link.click()
      await onNotice(page, l)
      await page.goBack()
      await expect(page.locator('#contact-sales-name')).toHaveValue('Noura Al-Harbi')
      await expect(page.locator('#contact-sales-consent')).not.toBeChecked()
    })

    test('the support form’s consent box links to it', async ({ page }) => {
      await contactForms(page, l, '#support')
      await expect(page.locator('#contact-panel-support')).toBeVisible()
      await page
        .locator('label:has(#contact-support-consent)')
        .getByRole('link', { name: catalogs[l]['privacy.meta.title']! })
        .click()
      await onNotice(page, l)
    })

    test('the checkout links to it beside the pay button', async ({ page }) => {
      await page.goto(`${localized('/checkout', l)}?add=plan.starter&market=sa&billing=monthly`)
      await hydrated(page)
      const overview = page.locator('[data-island="Checkout"] [data-price-overview]')
      await expect(overview.locator('button[type=button]')).toBeVisible()
      await overview.getByRole('link', { name: catalogs[l]['privacy.meta.title']! }).click()
      await onNotice(page, l)
    })

    test('states the retention and reply times the contract keeps, each section under its anchor', async ({ page }) => {
      await page.goto(notice)
      await hydrated(page)
      const number = (n: number) => new RegExp(`(^|\\D)${n}(\\D|$)`)
      const retention = page.locator('section[aria-labelledby="retention"] li')
      await expect(retention).toHaveCount(5)
      await expect(retention.nth(0)).toContainText(number(facts.leadRetentionDays))
      await expect(retention.nth(1)).toContainText(number(facts.sessionRetentionDays))
      await expect(retention.nth(2)).toContainText(number(facts.browserKeepDays))
      await expect(retention.nth(4)).toContainText(number(facts.backupDays))
      await expect(page.locator('section[aria-labelledby="rights"] > p').last()).toContainText(
        number(facts.privacyReplyDays),
      )
      // The table of contents moves to each section.
      await page.locator('nav[aria-labelledby="toc-title"] a[href="#rights"]').click()
      await expect(page).toHaveURL(new RegExp(`${notice}#rights$`))
      await expect(page.locator('h2#rights')).toBeInViewport()
    })
  })
}
