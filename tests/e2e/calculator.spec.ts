// The pricing page's fee calculator in a real browser, both languages: the worked cases of
// docs/content.md through the form, the Growth discount, Arabic-Indic digits, an inline message
// (never NaN) for every bad amount, and the choice kept in the URL so that a link shares it.
import { createIntl } from '@formatjs/intl'
import type { Page } from '@playwright/test'
import type { Locale } from '../../locales/locales'
import type { MessageId } from '../../locales/messages'
import { intlLocale } from '../../locales/intlLocale'
import { formatMoney } from '../../renderer/money'
import { localized, pageMessages } from '../routes'
import { expect, test } from './fixtures'
import { localeCodes } from '../../locales/locales'

const calculator = (page: Page) => page.locator('[data-island="FeeCalculator"]')
const result = (page: Page, key: 'fee' | 'vat' | 'net') => page.locator(`[data-result="${key}"]`)

async function open(page: Page, l: Locale, query = '') {
  await page.goto(`${localized('/pricing', l)}${query}`)
  await calculator(page).locator('form').scrollIntoViewIfNeeded()
  await expect(calculator(page)).toHaveAttribute('data-state', 'hydrated')
}

for (const l of localeCodes) {
  const intl = createIntl({ locale: intlLocale(l), messages: pageMessages[l] })
  // As the page shows it (renderer/money.ts): the riyal's own sign in Intl's symbol's place.
  const money = (major: number, currency: string) => formatMoney(intl, Math.round(major * 100), currency)
  const amount = (page: Page) => calculator(page).locator('input[name=amount]')

  test.describe(`fee calculator (${l})`, () => {
    test('the worked cases, typed into the form, give the documented figures', async ({ page, errors }) => {
      await open(page, l)
      for (const [market, scheme, typed, currency, fee, vat, net] of [
        ['sa', 'mada', '200', 'SAR', 4, 0.6, 195.4],
        ['sa', 'cards', '200', 'SAR', 5.2, 0.78, 194.02],
        ['ae', 'cards', '100', 'AED', 3.9, 0.2, 95.9],
        ['eg', 'cards', '1,000', 'EGP', 30.5, 4.27, 965.23],
      ] as const) {
        await calculator(page).locator('select[name=market]').selectOption(market)
        await calculator(page).locator('select[name=scheme]').selectOption(scheme)
        await amount(page).fill(typed)
        await expect(result(page, 'fee')).toHaveText(money(fee, currency))
        await expect(result(page, 'vat')).toHaveText(money(vat, currency))
        await expect(result(page, 'net')).toHaveText(money(net, currency))
      }
      expect(errors).toEqual([])
    })

    test('Growth applies its discount; Arabic-Indic digits are read', async ({ page }) => {
      await open(page, l)
      await amount(page).fill('٢٠٠')
      await expect(result(page, 'net')).toHaveText(money(195.4, 'SAR'))
      await calculator(page).locator('input[name=plan][value=growth]').check()
      await expect(result(page, 'fee')).toHaveText(money(3.4, 'SAR'))
      await expect(result(page, 'net')).toHaveText(money(196.09, 'SAR'))
    })

    test('a bad amount gets an inline message in the page’s language, never NaN', async ({ page }) => {
      await open(page, l)
      for (const [typed, id] of [
        ['', 'pricing.calculator.error.empty'],
        ['abc', 'pricing.calculator.error.invalid'],
        ['-5', 'pricing.calculator.error.negative'],
        ['0', 'pricing.calculator.error.zero'],
        ['1.234', 'pricing.calculator.error.decimals'],
        ['99999999999', 'pricing.calculator.error.tooLarge'],
      ] as const) {
        await amount(page).fill(typed)
        const message = calculator(page).locator(`#${await amount(page).getAttribute('aria-describedby')}`)
        await expect(message).toContainText(intl.formatMessage({ id: id as MessageId }))
        await expect(amount(page)).toHaveAttribute('aria-invalid', 'true')
        await expect(calculator(page)).not.toContainText('NaN')
        await expect(result(page, 'net')).toHaveText('–')
      }
    })

    test('the choice is kept in the URL, and a link gives it back', async ({ page }) => {
      await open(page, l)
      await calculator(page).locator('select[name=market]').selectOption('ae')
      await amount(page).fill('100')
      await calculator(page).locator('input[name=plan][value=growth]').check()
      await expect(page).toHaveURL(/amount=100.*market=ae.*scheme=cards.*plan=growth/)
      const shared = page.url()
      await page.goto('about:blank')
      await page.goto(shared)
      await calculator(page).locator('form').scrollIntoViewIfNeeded()
      await expect(calculator(page)).toHaveAttribute('data-state', 'hydrated')
      await expect(amount(page)).toHaveValue('100')
      await expect(calculator(page).locator('select[name=market]')).toHaveValue('ae')
      // AED 100 by card on Growth: 2.6% + 1.00 = 3.60, VAT 0.18, net 96.22.
      await expect(result(page, 'net')).toHaveText(money(96.22, 'AED'))
    })
  })
}
