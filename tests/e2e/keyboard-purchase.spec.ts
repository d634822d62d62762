// A newcomer buys the Growth plan with the keyboard alone, in English and in Arabic, against the
// built site, the real API and its sandbox hosted payment page (docs/api.md, "The sandbox hosted
// payment page"): /pricing -> Tab to "Get started", Enter -> /checkout, Tab to Pay, Enter -> the
// hosted page, submitted empty first (the error summary takes focus, its links move focus to the
// fields), then filled by typing -> the simulated bank page (3-D Secure) -> the paid checkout.
// After every key press focus is somewhere, never on <body>, except right after a full page load,
// where the first Tab must then reach the skip link (the site) or the first link or field (the hosted
// page, which has no block to skip). axe (WCAG 2.2 AA tags) runs on each of the hosted page's
// states: the form, its errors, the bank page and the closed page. Also: the hosted page's Pay
// button keeps an edge in forced colours.
import type { Page } from '@playwright/test'
import type { CheckoutSession } from '../../api/contract/cart'
import { catalogs, localized } from '../routes'
import { expect, expectAxeClean, hydrated, test } from './fixtures'
import { localeCodes } from '../../locales/locales'

/** The 3-D Secure success card of the test cards guide (locales/guides/en/testing/test-cards.md), and the bank's code. */
const card = { number: '4000 5500 9930 2180', expiry: '12/30', cvc: '123', name: 'Noura Al-Harbi', code: '123456' }

/** What has focus: `body` when nothing does. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body || el === document.documentElement) return 'body'
    const id = el.id ? `#${el.id}` : ''
    const attrs = ['href', 'type', 'data-error-summary'].flatMap((a) =>
      el.hasAttribute(a) ? [`[${a}="${el.getAttribute(a)}"]`] : [],
    )
    return `${el.tagName.toLowerCase()}${id}${attrs.join('')} ${(el.textContent ?? '').trim().slice(0, 60)}`
  })

/**
 * A key press that stays on the document: focus must then be on an element. `key` may be text to
 * type (each character is a key press, each checked).
 */
async function press(page: Page, key: string) {
  await page.keyboard.press(key)
  expect(await focused(page), `after ${key}`).not.toBe('body')
}
async function type(page: Page, text: string) {
  for (const ch of text) await press(page, ch)
}

/** Tab until `matches` holds for the focused element (at most `max` presses, each checked). */
async function tabTo(page: Page, selector: string, max = 120) {
  for (let i = 0; i < max; i++) {
    await press(page, 'Tab')
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return
  }
  throw new Error(`Tab never reached ${selector}`)
}

/** The page was loaded anew (not swapped in place): our mark on its window is gone. */
const marked = (page: Page) => page.evaluate(() => 'keyboardTestMark' in window)
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { keyboardTestMark: true }))

/**
 * After a key press that leads elsewhere: a page swapped in place keeps focus somewhere; a full load
 * may start at the document, and then the first Tab reaches `firstStop`.
 */
async function arrived(page: Page, firstStop: string) {
  if (await marked(page)) {
    expect(await focused(page), 'after an in-place navigation').not.toBe('body')
    return
  }
  await mark(page)
  if ((await focused(page)) !== 'body') return
  await press(page, 'Tab')
  await expect(page.locator(firstStop)).toBeFocused()
}

const skipLink = 'a.frame-skip-link'

// Five pages, some sixty key presses each checked, and axe four times: about a minute on a busy
// two-core machine, more than the default 30 s.
test.describe.configure({ timeout: 180_000 })

for (const l of localeCodes) {
  const t = (id: string) => catalogs[l][id]!

  test(`a newcomer buys the Growth plan with the keyboard alone (${l})`, async ({ page }) => {
    // /pricing, loaded: the first Tab is the skip link.
    await page.goto(localized('/pricing', l))
    await hydrated(page)
    await mark(page)
    expect(await focused(page)).toBe('body')
    await page.keyboard.press('Tab')
    await expect(page.locator(skipLink)).toBeFocused()

    // Tab to the Growth plan's "Get started" (the one the chosen market and period show), Enter.
    await tabTo(page, 'a[href*="add=plan.growth"]')
    await expect(page.locator(':focus')).toHaveText(t('pricing.plans.cta.start'))
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => url.pathname === localized('/checkout', l))
    await hydrated(page)
    const island = page.locator('[data-island="Checkout"]')
    await expect(island.locator('[data-cart-item="plan.growth"]')).toBeVisible()
    await expect(island.locator('[data-quote-state="server"]')).toBeVisible()
    await arrived(page, skipLink)

    // Tab to Pay, Enter: the hosted page, loaded anew; its first Tab is the method chooser's chosen
    // link (the cards, aria-current), and a few more reach the card number.
    await tabTo(page, '[data-price-overview] button[type=button]')
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/api\/v1\/sandbox\/pay\/cs_/)
    const paymentUrl = page.url()
    await expect(page.locator('html')).toHaveAttribute('lang', l)
    await expectAxeClean(page, 'the hosted form')
    await arrived(page, 'a[aria-current="page"]')
    await tabTo(page, '#number', 10)
    await expect(page.locator('[data-closes]')).toBeVisible()

    // Submit it empty: one round with every error; the summary has focus and is read first.
    await tabTo(page, 'button[type=submit]:not(.link)', 6)
    await page.keyboard.press('Enter')
    await page.waitForLoadState()
    const summary = page.locator('[data-error-summary]')
    await expect(summary).toBeFocused()
    await expect(summary.getByRole('heading')).toHaveText(t('sandbox.summary.title'))
    await expect(page).toHaveTitle(new RegExp(`^${t('sandbox.errorPrefix')} `))
    await expect(summary.getByRole('link')).toHaveText([
      t('sandbox.error.missingNumber'),
      t('sandbox.error.invalidExpiry'),
      t('sandbox.error.invalidCvc'),
      t('sandbox.error.invalidName'),
    ])
    await expect(page.locator('#number')).toHaveAccessibleDescription(
      `${t('sandbox.errorPrefix')} ${t('sandbox.error.missingNumber')}`,
    )
    await expectAxeClean(page, 'the hosted form with errors')
    await mark(page)

    // Each summary link moves focus to its field.
    await press(page, 'Tab')
    await expect(summary.getByRole('link').first()).toBeFocused()
    await press(page, 'Enter')
    await expect(page.locator('#number')).toBeFocused()
    await summary.getByRole('link').nth(2).focus()
    await press(page, 'Enter')
    await expect(page.locator('#cvc')).toBeFocused()
    await press(page, 'Shift+Tab')
    await press(page, 'Shift+Tab')
    await expect(page.locator('#number')).toBeFocused()

    // Fill the form by typing, field by field, then Pay.
    await type(page, card.number)
    await press(page, 'Tab')
    await expect(page.locator('#expiry')).toBeFocused()
    await page.keyboard.press('ControlOrMeta+a')
    await type(page, card.expiry)
    await press(page, 'Tab')
    await type(page, card.cvc)
    await press(page, 'Tab')
    await expect(page.locator('#name')).toBeFocused()
    await type(page, card.name)
    await press(page, 'Tab')
    await expect(page.locator('button[type=submit]:not(.link)')).toBeFocused()
    await page.keyboard.press('Enter')

    // The simulated bank page (3-D Secure), loaded anew: its first Tab is the code.
    await expect(page.locator('#code')).toBeVisible()
    await expect(page.locator('[data-closes]')).toBeVisible()
    await expectAxeClean(page, 'the 3-D Secure step')
    await arrived(page, '#code')
    await type(page, card.code)
    await page.keyboard.press('Enter')

    // Back on the site's checkout, paid.
    await page.waitForURL(/\/checkout\?session_id=cs_/)
    expect(new URL(page.url()).pathname).toBe(localized('/checkout', l))
    await hydrated(page)
    await expect(page.locator('[data-pay-state]')).toHaveAttribute('data-pay-state', 'paid')
    await arrived(page, skipLink)

    // The payment page again: closed, in words, with the way back.
    await page.goto(paymentUrl)
    await expect(page.locator('[role=status]')).toContainText(t('sandbox.closed.paid'))
    await expectAxeClean(page, 'the closed page')
    await arrived(page, `a[href$="/checkout?session_id=${new URL(paymentUrl).pathname.split('/').pop()}"]`)
  })

  test(`the hosted page’s Pay button keeps its edge in forced colours; a cancelled payment’s page leads to a new payment (${l})`, async ({
    page,
    request,
  }) => {
    const answer = await request.post('/api/v1/checkout/sessions', {
      headers: { 'Idempotency-Key': `kbd-${l}-${Date.now()}` },
      data: { cart: { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] }, locale: l },
    })
    expect(answer.status()).toBe(201)
    const session = (await answer.json()) as CheckoutSession
    await page.emulateMedia({ forcedColors: 'active' })
    await page.goto(session.paymentUrl!)
    const edge = await page.locator('button[type=submit]:not(.link)').evaluate((button) => {
      const style = getComputedStyle(button)
      return {
        border: Number.parseFloat(style.borderTopWidth) > 0 && style.borderTopStyle !== 'none',
        outline: Number.parseFloat(style.outlineWidth) > 0 && style.outlineStyle !== 'none',
      }
    })
    expect(edge.border || edge.outline, JSON.stringify(edge)).toBe(true)
    await page.emulateMedia({ forcedColors: 'none' })

    // Cancelled (expiry itself is tested on the server's clock, tests/api/sandboxPage.test.ts):
    // the closed page, its way on to a new payment, and axe on it.
    await page.locator('form button.link').click()
    await page.waitForURL(/\/checkout\?session_id=cs_/)
    await page.goto(session.paymentUrl!)
    await expect(page.getByRole('link', { name: t('sandbox.closed.again') })).toHaveAttribute(
      'href',
      `${localized('/checkout', l)}?session_id=${session.id}`,
    )
    await expectAxeClean(page, 'the closed page after a cancel')
  })
}
