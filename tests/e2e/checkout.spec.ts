// From pricing to payment in a real browser, both languages, against the built site, the real API
// and its sandbox hosted payment page (behind /api/* of the preview, as behind CloudFront): plan ->
// cart -> reload -> the other language -> a discount code checked by the server -> pay with a test
// card -> back to a paid checkout with the cart cleared; a declined card and a cancel keep the
// cart; a payment address off the allow-list is refused; the API down at each step; the payment's
// webhook arriving after the buyer is back; a return address naming another browser's paid session
// shows nothing of it and keeps the cart (the tests above return to the buyer's own sessions).
import { createIntl } from '@formatjs/intl'
import type { Page } from '@playwright/test'
import { intlLocale } from '../../locales/intlLocale'
import type { Locale } from '../../locales/locales'
import type { MessageId } from '../../locales/messages'
import { formatMoney } from '../../renderer/money'
import { localized, pageMessages } from '../routes'
import { startContactStack } from './contactStack'
import { expect, hydrated, test } from './fixtures'
import { localeCodes } from '../../locales/locales'

const checkout = (page: Page) => page.locator('[data-island="Checkout"]')
const payState = (page: Page) => page.locator('[data-pay-state]')

const cards = { approved: '4464 0400 9153 1274', declined: '4000 5500 0000 5013' }

/** Pricing -> Growth for a market and billing period -> /checkout, hydrated with the cart. */
async function chooseGrowth(page: Page, l: Locale, origin = '') {
  await page.goto(`${origin}${localized('/pricing', l)}`)
  await hydrated(page)
  await page.locator('#market-sa').check({ force: true })
  await page.locator('a[href*="add=plan.growth"]:visible').click()
  await expect(checkout(page).locator('[data-cart-item="plan.growth"]')).toBeVisible()
  await expect(checkout(page).locator('[data-quote-state="server"]')).toBeVisible()
}

/** The sandbox hosted page: a card, then Pay. */
async function payWith(page: Page, number: string) {
  await page.waitForURL(/\/api\/v1\/sandbox\/pay\//)
  await page.fill('#number', number)
  await page.fill('#expiry', '12/30')
  await page.fill('#cvc', '123')
  await page.fill('#name', 'Noura Al-Harbi')
  await page.locator('form button[type=submit]').first().click()
}

/**
 * An init script: the page's fetches, and when the page goes (`pagehide`), those still in flight
 * that nothing aborted, kept in sessionStorage for the next page. The listener that records is
 * added again at each fetch, so that it comes after any the page added for that fetch.
 */
function recordFetches() {
  const fetches: { url: string; signal?: AbortSignal | null; done?: true }[] = []
  const record = () =>
    sessionStorage.setItem(
      'e2e.left',
      JSON.stringify({
        pending: fetches.filter((f) => !f.done && !f.signal?.aborted).map((f) => f.url),
        aborted: fetches.filter((f) => f.signal?.aborted).map((f) => f.url),
      }),
    )
  const real = window.fetch
  window.fetch = (input, init) => {
    const entry: (typeof fetches)[number] = {
      url: input instanceof Request ? input.url : String(input),
      signal: init?.signal,
    }
    fetches.push(entry)
    removeEventListener('pagehide', record)
    addEventListener('pagehide', record)
    const settled = () => {
      entry.done = true
    }
    return real(input, init).finally(settled)
  }
}

for (const l of localeCodes) {
  const intl = createIntl({ locale: intlLocale(l), messages: pageMessages[l] })
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: id as MessageId }, values)
  const pay = (page: Page) => checkout(page).locator('[data-price-overview] button[type=button]')

  test.describe(`checkout (${l})`, () => {
    test('plan, reload, the other language, a discount code, an approved card: paid, the cart cleared', async ({
      page,
    }) => {
      await chooseGrowth(page, l)
      await page.reload()
      await expect(checkout(page).locator('[data-cart-item="plan.growth"]')).toBeVisible()
      await page.goto(localized('/checkout', l === 'en' ? 'ar' : 'en'))
      await expect(checkout(page).locator('[data-cart-item="plan.growth"]')).toBeVisible()
      await page.goto(localized('/checkout', l))

      // The code's field is behind "Add a discount code".
      await checkout(page).getByText(t('checkout.price.addCode')).click()
      await checkout(page).locator('input[name=discountCode]').fill('nope')
      await checkout(page).locator('input[name=discountCode]').press('Enter')
      await expect(checkout(page)).toContainText(t('checkout.price.codeUnknown', { code: 'nope' }))
      await checkout(page).locator('input[name=discountCode]').fill('welcome10')
      await checkout(page).locator('input[name=discountCode]').press('Enter')
      await expect(checkout(page).locator('[data-price="discount"]')).toBeVisible()
      await expect(checkout(page).locator('[data-quote-state="server"]')).toBeVisible()
      // SAR 299 less 10% = 269.10, VAT 15% 40.37 (half up), total 309.47.
      const total = formatMoney(intl, 30947, 'SAR')
      await expect(checkout(page).locator('[data-price="total"]')).toHaveText(total)

      await pay(page).click()
      await payWith(page, cards.approved)
      await page.waitForURL(/\/checkout\?session_id=cs_/)
      expect(new URL(page.url()).pathname).toBe(localized('/checkout', l))
      await expect(payState(page)).toHaveAttribute('data-pay-state', 'paid')
      await expect(payState(page)).toContainText(t('checkout.return.paid.title'))
      await expect(payState(page)).toContainText(total)
      await expect(checkout(page)).toContainText(t('checkout.empty.title'))
      await expect(page.locator('[data-cart-link]')).toBeHidden()
      expect(await page.evaluate(() => localStorage.getItem('rasid.cart.v1'))).toBeNull()
    })

    test('another browser’s paid session in the return address: a neutral view, no reference, the cart kept', async ({
      page,
      browser,
      baseURL,
      request,
    }) => {
      // Someone pays for an order of their own in their own browser, then sends the return address on.
      const other = await browser.newContext()
      let id: string
      try {
        const theirs = await other.newPage()
        await chooseGrowth(theirs, l, baseURL)
        await pay(theirs).click()
        await payWith(theirs, cards.approved)
        await theirs.waitForURL(/session_id=cs_/)
        await expect(payState(theirs)).toHaveAttribute('data-pay-state', 'paid')
        id = new URL(theirs.url()).searchParams.get('session_id')!
      } finally {
        await other.close()
      }
      const { reference } = await (await request.get(`/api/v1/checkout/sessions/${id}`)).json()
      expect(reference).toMatch(/^pay_/)

      await chooseGrowth(page, l)
      const lookups: string[] = []
      page.on('request', (r) => {
        if (r.url().includes('/api/v1/checkout/sessions/')) lookups.push(r.url())
      })
      await page.goto(`${localized('/checkout', l)}?session_id=${id}`)
      await expect(payState(page)).toHaveAttribute('data-pay-state', 'foreign')
      await expect(payState(page)).toHaveText(t('checkout.return.foreign'))
      await expect(checkout(page).locator('[data-cart-item="plan.growth"]')).toBeVisible()
      await expect(checkout(page)).not.toContainText(reference)
      await expect(checkout(page)).not.toContainText(t('checkout.return.paid.title'))
      await expect(page.locator('[data-cart-count]')).toHaveText('1')
      expect(await page.evaluate(() => localStorage.getItem('rasid.cart.v1'))).not.toBeNull()
      // The session is not even looked up.
      expect(lookups).toEqual([])
    })

    test('Pay loads the hosted page as a document, leaving nothing in flight and nothing logged; the page speaks the buyer’s language and refuses a card that is not a test card', async ({
      page,
    }) => {
      await chooseGrowth(page, l)
      // Prefetches in flight when Pay is pressed (the site's payloads and shells
      // answer never). The runtime aborts its own fetches as the page goes (WebKit would cancel
      // them itself, and log each as an access-control error), those the queue starts meanwhile too.
      const held: string[] = []
      await page.route(
        (url) => /\/_payload\.json$|^\/_shell\//.test(url.pathname) && !url.pathname.startsWith('/api/'),
        (route) => void held.push(new URL(route.request().url()).pathname),
      )
      await page.addInitScript(recordFetches)
      const asked: string[] = []
      const logged: string[] = []
      page.on('request', (r) => {
        const { pathname } = new URL(r.url())
        if (pathname.endsWith('/_payload.json') || pathname === '/favicon.ico') asked.push(pathname)
      })
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') logged.push(`${m.type()}: ${m.text()}`)
      })
      await page.reload()
      await hydrated(page)
      await expect(checkout(page).locator('[data-quote-state="server"]')).toBeVisible()
      await expect.poll(() => held.length, 'prefetches in flight').toBeGreaterThan(0)

      await pay(page).click()
      await page.waitForURL(/\/api\/v1\/sandbox\/pay\//)
      await page.waitForLoadState('load')
      // A payment page is never tried as a page of the site (its _payload.json, a 404).
      expect(asked.filter((path) => path.startsWith('/api/'))).toEqual([])
      // The page names its icon, the empty data: one, so nothing asks for /favicon.ico (which
      // its policy would refuse: Firefox logged it; Chromium asks for no icon a page does not name).
      await expect(page.locator('head link[rel="icon"]')).toHaveAttribute('href', 'data:,')
      expect(asked).not.toContain('/favicon.ico')
      const left = await page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e.left') ?? 'null'))
      expect(left, 'the checkout recorded its fetches when it went').not.toBeNull()
      expect(left.pending, 'in flight when the checkout went').toEqual([])
      expect(left.aborted.length, 'prefetches aborted by the page').toBeGreaterThan(0)
      expect(logged).toEqual([])
      await expect(page.locator('html')).toHaveAttribute('lang', l)
      await expect(page.locator('html')).toHaveAttribute('dir', l === 'ar' ? 'rtl' : 'ltr')
      await payWith(page, '4111 1111 1111 1111')
      await expect(page.locator('[role=alert]')).toBeVisible()
      await expect(page).toHaveURL(/\/api\/v1\/sandbox\/pay\//)
    })

    test('a declined card and a cancel keep the cart, with a way to pay again', async ({ page }) => {
      await chooseGrowth(page, l)
      await pay(page).click()
      await payWith(page, cards.declined)
      await page.waitForURL(/session_id=/)
      await expect(payState(page)).toHaveAttribute('data-pay-state', 'failed')
      // The decline in words, not its code.
      await expect(payState(page)).toContainText(t('checkout.return.failed', { reason: 'do_not_honor' }))
      await expect(payState(page)).not.toContainText('do_not_honor')
      await expect(checkout(page).locator('[data-cart-item="plan.growth"]')).toBeVisible()

      await pay(page).click()
      await page.waitForURL(/\/api\/v1\/sandbox\/pay\//)
      await page.locator('form button.link').click()
      await page.waitForURL(/session_id=/)
      await expect(payState(page)).toHaveAttribute('data-pay-state', 'cancelled')
      await expect(payState(page)).toContainText(t('checkout.return.cancelled'))
      await expect(page.locator('[data-cart-count]')).toHaveText('1')
    })

    test('a payment address off the allow-list is refused and the cart kept', async ({ page }) => {
      await chooseGrowth(page, l)
      await page.route('**/api/v1/checkout/sessions', async (route) => {
        const response = await route.fetch()
        const session = await response.json()
        await route.fulfill({ response, json: { ...session, paymentUrl: 'https://pay.evil.example/cs' } })
      })
      await pay(page).click()
      await expect(payState(page)).toHaveAttribute('data-pay-state', 'refused')
      await expect(payState(page)).toContainText(t('checkout.pay.refused'))
      expect(new URL(page.url()).pathname).toBe(localized('/checkout', l))
      await expect(checkout(page).locator('[data-cart-item="plan.growth"]')).toBeVisible()
    })

    test('the API down at each step: said so, the cart kept, and it works once the API is back', async ({ page }) => {
      // The quote.
      await page.route('**/api/v1/cart/quote', (route) => route.abort('connectionrefused'))
      await page.goto(`${localized('/checkout', l)}?add=plan.growth&market=sa&billing=monthly`)
      await expect(checkout(page).locator('[data-quote-state="unreachable"]')).toHaveText(
        t('checkout.price.unreachable'),
      )
      await page.unroute('**/api/v1/cart/quote')
      // Creating the session.
      await page.route('**/api/v1/checkout/sessions', (route) => route.abort('connectionrefused'))
      await pay(page).click()
      await expect(payState(page)).toContainText(t('checkout.pay.unreachable'))
      await expect(checkout(page).locator('[data-cart-item="plan.growth"]')).toBeVisible()
      await page.unroute('**/api/v1/checkout/sessions')
      // The return: the status cannot be had, then it can.
      await page.route('**/api/v1/checkout/sessions/*', (route) => route.abort('connectionrefused'))
      await pay(page).click()
      await payWith(page, cards.approved)
      await page.waitForURL(/session_id=/)
      await expect(payState(page)).toHaveAttribute('data-pay-state', 'lost')
      await expect(payState(page)).toContainText(t('checkout.return.unreachable'))
      await page.unroute('**/api/v1/checkout/sessions/*')
      await payState(page)
        .getByRole('button', { name: t('checkout.pay.checkAgain') })
        .click()
      await expect(payState(page)).toHaveAttribute('data-pay-state', 'paid')
    })
  })
}

test('the webhook arriving after the buyer is back: confirming, then paid', async ({ page }) => {
  const stack = await startContactStack({ checkout: { sandboxWebhookDelayMs: 2500 } })
  try {
    await page.goto(`${stack.origin}/checkout?add=plan.growth&market=sa&billing=monthly`)
    await expect(checkout(page).locator('[data-quote-state="server"]')).toBeVisible()
    await checkout(page).locator('[data-price-overview] button[type=button]').click()
    await payWith(page, cards.approved)
    await page.waitForURL(/session_id=/)
    await expect(payState(page)).toHaveAttribute('data-pay-state', 'returning')
    await expect(payState(page)).toHaveAttribute('data-pay-state', 'paid', { timeout: 15_000 })
  } finally {
    await stack.close()
  }
})
