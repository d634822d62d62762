// The cart in a real browser, both languages: a plan chosen on the pricing page lands in the cart
// at /checkout, survives a reload and a language switch, shows its count in the header of every
// page (a page without an island still loads no React), changes with the quantity buttons, and a
// corrupt stored cart is discarded with a notice.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { createIntl } from '@formatjs/intl'
import type { Page } from '@playwright/test'
import { intlLocale } from '../../locales/intlLocale'
import type { MessageId } from '../../locales/messages'
import { formatMoney } from '../../renderer/money'
import { localized, pageMessages } from '../routes'
import { expect, hydrated, test } from './fixtures'
import { localeCodes } from '../../locales/locales'

const checkout = (page: Page) => page.locator('[data-island="Checkout"]')

for (const l of localeCodes) {
  const intl = createIntl({ locale: intlLocale(l), messages: pageMessages[l] })
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: id as MessageId }, values)
  // As the page shows it (renderer/money.ts): the riyal's own sign in Intl's symbol's place.
  const money = (minor: number, currency: string) => formatMoney(intl, minor, currency)

  test.describe(`cart (${l})`, () => {
    test('pricing -> cart -> reload -> another page -> the other language', async ({ page }) => {
      await page.goto(localized('/pricing', l))
      await hydrated(page)
      await page.locator('#market-ae').check({ force: true })
      await page.locator('#billing-yearly').check({ force: true })
      await page.locator('a[href*="add=plan.growth"]:visible').click()
      await expect(page).toHaveURL(new RegExp(`${localized('/checkout', l)}$`))
      const item = checkout(page).locator('[data-cart-item="plan.growth"]')
      await expect(item).toContainText(t('checkout.sku.planGrowth'))
      // AED 299 a month, a year for ten months: 2,990.00, VAT 5%.
      await expect(checkout(page).locator('[data-price="subtotal"]')).toHaveText(money(299000, 'AED'))
      await expect(checkout(page).locator('[data-price="vat"]')).toHaveText(money(14950, 'AED'))
      await expect(checkout(page).locator('[data-price="total"]')).toHaveText(money(313950, 'AED'))
      await expect(page.locator('[data-cart-link]')).toBeVisible()
      await expect(page.locator('[data-cart-count]')).toHaveText('1')

      await checkout(page)
        .getByRole('button', { name: t('checkout.cart.addTerminal') })
        .click()
      await checkout(page)
        .getByRole('button', { name: t('checkout.cart.more') })
        .click()
      await expect(page.locator('[data-cart-count]')).toHaveText('3')
      await page.reload()
      await expect(checkout(page).locator('[data-cart-item="addon.posTerminal"] output')).toHaveText('2')

      // The header shows the count on a page without an island, which still loads only the light
      // runtime (tests/e2e/budgets.spec.ts: 15 KiB), not React.
      const scripts: string[] = []
      page.on('request', (r) => {
        if (r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname)
      })
      await page.goto(localized('/services', l))
      await hydrated(page)
      await expect(page.locator('[data-cart-count]')).toHaveText('3')
      await page.waitForLoadState('networkidle')
      const bytes = scripts.reduce((sum, p) => sum + gzipSync(readFileSync(join('dist', p)), { level: 9 }).length, 0)
      expect(bytes).toBeLessThanOrEqual(15 * 1024)

      const other = l === 'en' ? 'ar' : 'en'
      await page.goto(localized('/checkout', other))
      await expect(checkout(page).locator('[data-cart-item]')).toHaveCount(2)
      await expect(page.locator('html')).toHaveAttribute('lang', other)
    })

    test('an add-on chosen on the pricing page lands in the cart in the chosen market', async ({ page }) => {
      await page.goto(localized('/pricing', l))
      await hydrated(page)
      await page.locator('#market-eg').check({ force: true })
      await page.locator('a[href*="add=addon.posTerminal"]:visible').click()
      await expect(checkout(page).locator('[data-cart-item="addon.posTerminal"]')).toBeVisible()
      // EGP 450 a month, VAT 14%.
      await expect(checkout(page).locator('[data-price="total"]')).toHaveText(money(51300, 'EGP'))
    })

    test('quantity down to nothing empties the cart; the header link goes', async ({ page }) => {
      await page.goto(`${localized('/checkout', l)}?add=addon.posTerminal&market=sa&billing=monthly`)
      await expect(checkout(page).locator('[data-cart-item]')).toHaveCount(1)
      await checkout(page)
        .getByRole('button', { name: t('checkout.cart.less') })
        .click()
      await expect(checkout(page)).toContainText(t('checkout.empty.title'))
      await expect(page.locator('[data-cart-link]')).toBeHidden()
    })

    test('a corrupt stored cart is discarded with a notice, never a crash', async ({ page, errors }) => {
      await page.addInitScript(() => {
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1')
          localStorage.setItem('rasid.cart.v1', '{"v":1,"cart":{"market":"sa","items":[{"sku":"plan.gold"}]}}')
        }
      })
      await page.goto(localized('/checkout', l))
      await expect(checkout(page).locator('[role=status]').first()).toHaveText(t('checkout.cart.corrupt'))
      await expect(checkout(page)).toContainText(t('checkout.empty.title'))
      expect(await page.evaluate(() => localStorage.getItem('rasid.cart.v1'))).toBeNull()
      await expect(page.locator('[data-cart-link]')).toBeHidden()
      expect(errors.filter((e) => !/404|Failed to load resource/.test(e))).toEqual([])
    })
  })
}
