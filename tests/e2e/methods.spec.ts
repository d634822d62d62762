// Paying on the sandbox hosted payment page in a real browser, as the test cards guide tells a
// developer to (its test data are api/contract/methodFacts.ts, which the guide's `{{sandbox-table}}`
// renders, and the buttons are named by the page's own words, which the guide quotes): a card and an
// account with its one-time code, in both languages, approved and then declined, each ending on the
// site's checkout return that says paid or not paid in the page's language; the method steps under
// axe; the page's own faces. Every other market and method is paid over HTTP, the same flows with
// the same data (tests/api/methods.test.ts), and the 3-D Secure bank step by keyboard alone in
// tests/e2e/keyboard-purchase.spec.ts: the page has no script, so a browser adds only what it draws.
// The session is made through the API (what the checkout's Pay does) and recorded as this
// browser's, so each flow starts on the hosted page; the cart to payment path is checkout.spec's.
// Its own stack (a preview and an API, ./contactStack.ts), with a checkout limit of its own.
import { randomUUID } from 'node:crypto'
import { createIntl } from '@formatjs/intl'
import type { Page } from '@playwright/test'
import type { CheckoutSession } from '../../api/contract/cart'
import { testCards } from '../../api/server/checkout/cards'
import { intlLocale } from '../../locales/intlLocale'
import type { MessageId } from '../../locales/messages'
import { type Brand, markets, methodsOf } from '../../api/contract/markets'
import { methodFacts } from '../../api/contract/methodFacts'
import { pageMessages } from '../routes'
import { type ContactStack, startContactStack } from './contactStack'
import { expect, expectAxeClean, test } from './fixtures'
import { signFamily } from '../../api/server/checkout/fonts'
import { localeCodes } from '../../locales/locales'

// Two flows of a few page loads each per test: a busy two-core machine needs more than 30 s.
test.describe.configure({ timeout: 90_000 })

let stack: ContactStack
test.beforeAll(async () => {
  stack = await startContactStack({ checkout: { rate: { limit: 10_000, windowMs: 60_000 } } })
})
test.afterAll(async () => {
  await stack?.close()
})

/** A card of the brand in the guide's tables: one that succeeds, or one declined without the bank step. */
function cardOf(brand: Brand, approve: boolean): string {
  const found = Object.entries(testCards).find(([, card]) => {
    if (card.brand !== brand) return false
    if (approve) return card.outcome.kind === 'success'
    return card.outcome.kind === 'decline' && !card.outcome.challenge
  })
  if (!found) throw new Error(`no ${approve ? 'approved' : 'declined'} ${brand} test card`)
  return found[0]
}
const failureOf = (number: string) => {
  const { outcome } = testCards[number]!
  return outcome.kind === 'decline' ? outcome.failureCode : ''
}

// A card and an account flow; their market sells both (checked, so that a change of markets fails here).
const cases = (
  [
    ['sa', 'mada'],
    ['sa', 'stcPay'],
  ] as const
).filter(([code, brand]) => {
  const market = markets.find((m) => m.code === code)
  if (!market || !methodsOf(market).includes(brand)) throw new Error(`${code} does not sell ${brand}`)
  return true
})

for (const l of localeCodes) {
  const intl = createIntl({ locale: intlLocale(l), messages: pageMessages[l] })
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: id as MessageId }, values)
  const button = (page: Page, id: string) => page.getByRole('button', { name: t(id), exact: true })

  /** Opens a session for the market (as the checkout's Pay does), kept as this browser's, on its hosted page. */
  async function openHostedPage(page: Page, market: string) {
    const answer = await page.request.post(`${stack.origin}/api/v1/checkout/sessions`, {
      headers: { 'Idempotency-Key': randomUUID() },
      data: { cart: { market, billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] }, locale: l },
    })
    expect(answer.status()).toBe(201)
    const session = (await answer.json()) as CheckoutSession
    await page.goto(`${stack.origin}${session.paymentUrl}`)
    await expect(page.locator('html')).toHaveAttribute('lang', l)
    // What the checkout keeps when its Pay starts a session: the return then shows this one.
    await page.evaluate(
      (id) => localStorage.setItem('rasid.checkout.sessions.v2', JSON.stringify({ ids: [id], savedAt: Date.now() })),
      session.id,
    )
    return session
  }

  /** The guide's row for the method, followed on the page; the decline code it promises. */
  async function follow(page: Page, market: string, brand: Brand, approve: boolean): Promise<string> {
    const flow = methodFacts[brand].sandbox
    if (flow.kind === 'card') {
      const number = cardOf(brand, approve)
      await page.getByLabel(t('sandbox.card.number')).fill(number)
      await page.getByLabel(t('sandbox.card.expiry')).fill('12/30')
      await page.getByLabel(t('sandbox.card.cvc')).fill('123')
      await page.getByLabel(t('sandbox.card.name')).fill('Noura Al-Harbi')
      await page.locator('form button[type=submit]').first().click()
      return failureOf(number)
    }
    // "Choose <method>": the chooser's link, named as the site names the method.
    await page.getByRole('link', { name: t(`method.${brand}`), exact: true }).click()
    await expect(page.getByRole('link', { name: t(`method.${brand}`), exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    if (flow.kind === 'sheet') {
      await button(page, approve ? 'sandbox.sheet.approve' : 'sandbox.sheet.decline').click()
      return flow.failureCode
    }
    if (flow.kind === 'reference') {
      await button(page, 'sandbox.reference.get').click()
      await expect(page.locator('[data-reference]')).toHaveText(/^\d{9}$/)
      await button(page, approve ? 'sandbox.reference.paid' : 'sandbox.reference.expired').click()
      return flow.failureCode
    }
    const account = flow.accounts[market]!
    await page.getByLabel(t('sandbox.account.phone')).fill(approve ? account.approve : account.decline)
    await button(page, 'sandbox.account.continue').click()
    await page.getByLabel(t('sandbox.bank.code')).fill(flow.code)
    await button(page, 'sandbox.bank.confirm').click()
    return flow.failureCode
  }

  for (const [market, brand] of cases)
    test(`${market}: ${brand}, approved and declined, as the guide says (${l})`, async ({ page }) => {
      for (const approve of [true, false]) {
        await openHostedPage(page, market)
        const failureCode = await follow(page, market, brand, approve)
        await page.waitForURL(/\/checkout\?session_id=cs_/, { waitUntil: 'commit' })
        expect(new URL(page.url()).pathname).toBe(l === 'ar' ? '/ar/checkout' : '/checkout')
        // The return asks the API once the island has hydrated: slow on a busy machine, hence the wait.
        const state = page.locator('[data-pay-state]')
        if (approve) {
          await expect(state).toHaveAttribute('data-pay-state', 'paid', { timeout: 20_000 })
          await expect(state).toContainText(t('checkout.return.paid.title'))
        } else {
          await expect(state).toHaveAttribute('data-pay-state', 'failed', { timeout: 20_000 })
          await expect(state).toContainText(t('checkout.return.failed', { reason: failureCode }))
        }
      }
    })

  test(`the method steps pass axe, errors included (${l})`, async ({ page }) => {
    await openHostedPage(page, 'sa')
    await page.getByRole('link', { name: t('method.applePay'), exact: true }).click()
    await expectAxeClean(page, 'the wallet sheet')
    await page.getByRole('link', { name: t('method.stcPay'), exact: true }).click()
    await page.getByLabel(t('sandbox.account.phone')).fill('0555123456')
    await button(page, 'sandbox.account.continue').click()
    await expect(page.locator('[data-error-summary]')).toBeFocused()
    await expect(page.getByLabel(t('sandbox.account.phone'))).toHaveAccessibleDescription(
      `${t('sandbox.errorPrefix')} ${t('sandbox.error.notTestPhone')}`,
    )
    await expectAxeClean(page, 'the mobile number refused')
    const stc = methodFacts.stcPay.sandbox
    if (stc.kind !== 'account') throw new Error('STC Pay is an account flow')
    await page.getByLabel(t('sandbox.account.phone')).fill(stc.accounts.sa!.approve)
    await button(page, 'sandbox.account.continue').click()
    await page.getByLabel(t('sandbox.bank.code')).fill('0000')
    await button(page, 'sandbox.bank.confirm').click()
    await expect(page.locator('[data-error-summary]')).toBeFocused()
    await expectAxeClean(page, 'the one-time code refused')
    await openHostedPage(page, 'eg')
    await page.getByRole('link', { name: t('method.fawry'), exact: true }).click()
    await button(page, 'sandbox.reference.get').click()
    await expectAxeClean(page, 'the reference')
  })

  test(`${l}: the hosted page draws its words in the site's own face, not the system's`, async ({ page }) => {
    // A CSP that allowed no font would draw the page's Arabic in DejaVu Sans here.
    const family = l === 'ar' ? 'IBM Plex Sans Arabic' : 'Inter'
    await openHostedPage(page, 'sa')
    const faces = await page.evaluate(async () => {
      await document.fonts.ready
      return [...document.fonts].map((f) => `${f.family.replace(/"/g, '')} ${f.weight} ${f.status}`)
    })
    expect(faces.filter((f) => f.endsWith(' loaded')).length).toBeGreaterThan(0)
    // The site's face, and the riyal sign's own (U+20C1 alone: api/server/checkout/fonts.ts).
    expect(faces.filter((f) => !f.startsWith(`${signFamily} `)).every((f) => f.startsWith(`${family} `))).toBe(true)
    const h1 = page.locator('h1')
    expect(
      await h1.evaluate((el, name) => document.fonts.check(`700 16px "${name}"`, el.textContent ?? ''), family),
    ).toBe(true)
  })
}
