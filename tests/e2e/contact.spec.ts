// The contact page's forms in a real browser, both languages, against the built site and the real
// API on loopback (./contactStack.ts): each form's happy path, the error summary, Arabic-Indic
// digits, the draft through a failed submit and a reload, one lead per double click, and every
// failure the API or the network can give, each with its message in the page's language and
// nothing the visitor typed lost.
import { shownConsentVersions } from '../../locales/consent'
import { createIntl } from '@formatjs/intl'
import type { Page } from '@playwright/test'
import type { Locale } from '../../locales/locales'
import type { MessageId } from '../../locales/messages'
import { pageMessages } from '../routes'
import { type ContactStack, startContactStack } from './contactStack'
import { test as base, expect } from './fixtures'
import { localeCodes } from '../../locales/locales'

const test = base.extend<{ stack: ContactStack }, { servers: ContactStack }>({
  servers: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function asks for from its first argument.
    async ({}, use) => {
      const stack = await startContactStack()
      await use(stack)
      await stack.close()
    },
    { scope: 'worker' },
  ],
  stack: async ({ servers }, use) => {
    servers.mode = 'pass'
    servers.posts.length = 0
    await use(servers)
  },
})

const locales: Locale[] = localeCodes
const t = (l: Locale, id: string, values?: Record<string, string | number>) =>
  createIntl({ locale: l === 'ar' ? 'ar-u-nu-latn' : l, messages: pageMessages[l] }).formatMessage(
    { id: id as MessageId },
    values,
  )

let emails = 0
/** An address no other test uses, so each test counts its own leads. */
const newEmail = (l: Locale) => `visitor${++emails}.${process.pid}.${l}@example.com`

const island = (page: Page) => page.locator('[data-island="ContactForms"]')

async function open(page: Page, stack: ContactStack, l: Locale, origin = stack.origin, hash = '') {
  await page.goto(`${origin}${l === 'en' ? '' : `/${l}`}/contact-us${hash}`)
  await expect(island(page)).toHaveAttribute('data-state', 'hydrated')
}

async function fillSales(page: Page, email: string) {
  await page.fill('#contact-sales-name', 'Noura Al-Harbi')
  await page.fill('#contact-sales-email', email)
  await page.fill('#contact-sales-company', 'Harbi Trading')
  // Arabic-Indic digits, as an Arabic keyboard types them.
  await page.fill('#contact-sales-phone', '+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧')
  await page.selectOption('#contact-sales-market', 'sa')
  await page.selectOption('#contact-sales-volume', 'sar-200k-1m')
  await page.check('#contact-sales-methods-mada')
  await page.check('#contact-sales-methods-tabby')
  await page.fill('#contact-sales-message', 'We sell furniture online and in two shops.')
  await page.check('#contact-sales-consent')
}

const submit = (page: Page, kind = 'sales') => page.locator(`#contact-panel-${kind} button[type=submit]`).click()
const banner = (page: Page) => page.locator('#contact-panel-sales [role=alert]')

async function expectSent(page: Page, l: Locale, email: string) {
  const heading = page.locator('#contact-panel-sales h2')
  await expect(heading).toHaveText(t(l, 'contact.success.title'))
  await expect(heading).toBeFocused()
  await expect(page.locator('#contact-panel-sales')).toContainText(email)
}

/**
 * A sales lead sent while `fail` holds: the banner says `message` in the page's language, what was
 * typed stays, and once `mend` has run the retry stores exactly one lead under one Idempotency-Key.
 */
async function sendThroughFailure(
  page: Page,
  stack: ContactStack,
  l: Locale,
  failure: {
    message: string
    fail: () => unknown
    afterSubmit?: () => Promise<void>
    whileFailed?: () => Promise<void>
    mend: () => unknown
  },
) {
  await open(page, stack, l)
  const email = newEmail(l)
  await fillSales(page, email)
  await failure.fail()
  try {
    await submit(page)
    await failure.afterSubmit?.()
    await expect(banner(page)).toContainText(t(l, failure.message))
    await failure.whileFailed?.()
  } finally {
    await failure.mend()
  }
  await expect(page.locator('#contact-sales-email')).toHaveValue(email)
  await expect(page.locator('#contact-sales-message')).toHaveValue('We sell furniture online and in two shops.')
  await banner(page)
    .getByRole('button', { name: t(l, 'contact.retry') })
    .click()
  await expectSent(page, l, email)
  expect(new Set(stack.posts).size).toBe(1)
  expect(await stack.leads(email)).toHaveLength(1)
}

for (const l of locales) {
  test.describe(`contact forms (${l})`, () => {
    test('a sales lead reaches the API, phone digits made Latin', async ({ page, stack, errors }) => {
      await open(page, stack, l)
      const email = newEmail(l)
      await fillSales(page, email)
      await page.locator('#contact-sales-phone').blur()
      await expect(page.locator('#contact-sales-phone')).toHaveValue('+966501234567')
      await expect(page.locator('#contact-sales-phone')).toHaveAttribute('dir', 'ltr')
      await expect(page.locator('#contact-sales-email')).toHaveAttribute('dir', 'ltr')
      await submit(page)
      await expectSent(page, l, email)
      const [lead, ...more] = await stack.leads(email)
      expect(more).toEqual([])
      expect(lead).toMatchObject({
        kind: 'sales',
        spam: false,
        data: { phone: '+966501234567', market: 'sa', volume: 'sar-200k-1m', methods: ['mada', 'tabby'] },
        // The consent on record: the version of the consent text and notice this page showed, in its language.
        consent: { version: shownConsentVersions()[l], locale: l, at: lead!.receivedAt },
      })
      // Sent is sent: the draft is gone, so a reload shows an empty form.
      await page.reload()
      await expect(island(page)).toHaveAttribute('data-state', 'hydrated')
      await expect(page.locator('#contact-sales-email')).toHaveValue('')
      expect(errors).toEqual([])
    })

    test('the support tab (keyboard, #support) sends a support request', async ({ page, stack }) => {
      await open(page, stack, l)
      const tabs = page.getByRole('tab')
      await expect(tabs).toHaveText([t(l, 'contact.tab.sales'), t(l, 'contact.tab.support')])
      await tabs.first().focus()
      // The next tab is to the right in English, to the left in Arabic.
      await page.keyboard.press(l === 'ar' ? 'ArrowLeft' : 'ArrowRight')
      await expect(tabs.nth(1)).toBeFocused()
      await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true')
      await expect(page.locator('#contact-panel-sales')).toBeHidden()
      await page.keyboard.press('Home')
      await expect(tabs.first()).toHaveAttribute('aria-selected', 'true')

      await open(page, stack, l, stack.origin, '#support')
      await expect(page.locator('#contact-panel-support')).toBeVisible()
      const email = newEmail(l)
      await page.fill('#contact-support-name', 'Omar Said')
      await page.fill('#contact-support-email', email)
      await page.fill('#contact-support-merchantId', 'M١٢٣٤٥٦')
      await page.fill('#contact-support-transactionId', 'pay_۷۸۹')
      await page.selectOption('#contact-support-topic', 'payouts')
      await page.fill('#contact-support-message', 'My payout of yesterday has not arrived.')
      await page.check('#contact-support-consent')
      await submit(page, 'support')
      await expect(page.locator('#contact-panel-support h2')).toHaveText(t(l, 'contact.success.title'))
      const [lead] = await stack.leads(email)
      expect(lead).toMatchObject({ kind: 'support', data: { merchantId: 'M123456', transactionId: 'pay_789' } })
    })

    test('a page older than the privacy notice: the summary says to reload, nothing typed is lost', async ({
      page,
      stack,
    }) => {
      await open(page, stack, l)
      const email = newEmail(l)
      await fillSales(page, email)
      // The page's version as a page built before the wording changed would send it: not in the archive.
      await page.route('**/api/v1/contact/sales', async (route) => {
        const body = JSON.parse(route.request().postData() ?? '{}')
        await route.continue({ postData: JSON.stringify({ ...body, consentVersion: `${l}-000000000000` }) })
      })
      await submit(page)
      const summary = page.locator('#contact-panel-sales div[tabindex="-1"]')
      await expect(summary).toBeFocused()
      await expect(summary).toContainText(t(l, 'contact.error.consentVersion.invalid'))
      await expect(page.locator('#contact-sales-email')).toHaveValue(email)
      await expect(page.locator('#contact-sales-message')).toHaveValue('We sell furniture online and in two shops.')
      expect(await stack.leads(email)).toHaveLength(0)
      // Reloaded (the current page), the draft fills the form again and the send goes through.
      await page.unroute('**/api/v1/contact/sales')
      await page.reload()
      await expect(island(page)).toHaveAttribute('data-state', 'hydrated')
      await expect(page.locator('#contact-sales-email')).toHaveValue(email)
      await page.check('#contact-sales-consent')
      await submit(page)
      await expectSent(page, l, email)
      expect(await stack.leads(email)).toHaveLength(1)
    })

    test('errors: a summary that takes focus and links to each field, inline messages, the title', async ({
      page,
      stack,
    }) => {
      await open(page, stack, l)
      const title = await page.title()
      await page.fill('#contact-sales-email', 'not an address')
      await page.fill('#contact-sales-phone', '0501234567')
      await submit(page)
      const summary = page.locator('#contact-panel-sales div[tabindex="-1"]')
      await expect(summary).toBeFocused()
      await expect(summary.locator('h2')).toHaveText(t(l, 'contact.summary.title'))
      await expect(page).toHaveTitle(`${t(l, 'contact.errorPrefix')} ${title}`)
      const expected = [
        ['name', 'contact.error.name.required'],
        ['email', 'contact.error.email.invalid'],
        ['company', 'contact.error.company.required'],
        ['phone', 'contact.error.phone.invalid'],
        ['market', 'contact.error.market.required'],
        ['volume', 'contact.error.volume.required'],
        ['message', 'contact.error.message.required'],
        ['consent', 'contact.error.consent.required'],
      ] as const
      await expect(summary.locator('a')).toHaveText(expected.map(([, id]) => t(l, id)))
      for (const [field, id] of expected) {
        const input = page.locator(`#contact-sales-${field}`)
        await expect(input).toHaveAttribute('aria-invalid', 'true')
        const error = page.locator(`#contact-sales-${field}-error`)
        await expect(error).toHaveText(`${t(l, 'contact.errorPrefix')} ${t(l, id)}`)
        expect(await input.getAttribute('aria-describedby')).toContain(`contact-sales-${field}-error`)
      }
      // Each link focuses its field.
      await summary.locator('a').nth(3).click()
      await expect(page.locator('#contact-sales-phone')).toBeFocused()
      // A message goes as soon as its field is right; nothing was sent.
      await page.fill('#contact-sales-phone', '+966501234567')
      await expect(page.locator('#contact-sales-phone-error')).toHaveCount(0)
      await expect(page.locator('#contact-sales-phone')).not.toHaveAttribute('aria-invalid', 'true')
      expect(stack.posts).toEqual([])
    })

    test('the draft survives a failed submit and a reload; the consent is asked again', async ({ page, stack }) => {
      await open(page, stack, l)
      const email = newEmail(l)
      await fillSales(page, email)
      stack.mode = 'server'
      await submit(page)
      await expect(banner(page)).toContainText(t(l, 'contact.status.server'))
      await expect(page.locator('#contact-sales-email')).toHaveValue(email)
      await page.reload()
      await expect(island(page)).toHaveAttribute('data-state', 'hydrated')
      await expect(page.locator('#contact-sales-email')).toHaveValue(email)
      await expect(page.locator('#contact-sales-message')).toHaveValue('We sell furniture online and in two shops.')
      await expect(page.locator('#contact-sales-market')).toHaveValue('sa')
      await expect(page.locator('#contact-sales-methods-tabby')).toBeChecked()
      await expect(page.locator('#contact-sales-consent')).not.toBeChecked()
      stack.mode = 'pass'
      await page.check('#contact-sales-consent')
      await submit(page)
      await expectSent(page, l, email)
      expect(await stack.leads(email)).toHaveLength(1)
    })

    test('a double click sends once and stores one lead', async ({ page, stack }) => {
      await open(page, stack, l)
      const email = newEmail(l)
      await fillSales(page, email)
      stack.mode = 'slow'
      await page.locator('#contact-panel-sales button[type=submit]').dblclick()
      await expect(page.locator('#contact-panel-sales button[type=submit]')).toHaveAttribute('aria-disabled', 'true')
      await expectSent(page, l, email)
      expect(stack.posts).toHaveLength(1)
      expect(await stack.leads(email)).toHaveLength(1)
    })

    test('the API answering 400 with field errors: shown on the fields', async ({ page, stack }) => {
      await open(page, stack, l)
      await fillSales(page, newEmail(l))
      stack.mode = 'fields'
      await submit(page)
      await expect(page.locator('#contact-sales-email-error')).toContainText(t(l, 'contact.error.email.invalid'))
      await expect(page.locator('#contact-panel-sales div[tabindex="-1"]')).toBeFocused()
      await expect(page.locator('#contact-sales-email')).toHaveAttribute('aria-invalid', 'true')
    })

    test('the API answering 429: when to try again, and what was typed kept', async ({ page, stack }) => {
      await open(page, stack, l)
      const email = newEmail(l)
      await fillSales(page, email)
      stack.mode = 'rate'
      await submit(page)
      await expect(banner(page)).toHaveText(
        new RegExp(t(l, 'contact.status.rate', { minutes: 2 }).replace(/[.?*+()[\]\\]/g, '\\$&')),
      )
      await expect(page.locator('#contact-sales-email')).toHaveValue(email)
      expect(await stack.leads(email)).toHaveLength(0)
    })

    test('500, then a retry that succeeds', async ({ page, stack }) => {
      await sendThroughFailure(page, stack, l, {
        message: 'contact.status.server',
        fail: () => {
          stack.mode = 'server'
        },
        whileFailed: () => expect(page).toHaveTitle(new RegExp(`^${t(l, 'contact.errorPrefix')}`)),
        mend: () => {
          stack.mode = 'pass'
        },
      })
    })

    test('an answer that is not JSON is not taken for success; the retry stores nothing twice', async ({
      page,
      stack,
    }) => {
      await sendThroughFailure(page, stack, l, {
        message: 'contact.status.badResponse',
        fail: () => {
          stack.mode = 'bad-json'
        },
        mend: () => {
          stack.mode = 'pass'
        },
      })
    })

    test('an API that hangs past the timeout: the message, then one lead after the retry', async ({ page, stack }) => {
      await page.clock.install()
      await sendThroughFailure(page, stack, l, {
        message: 'contact.status.timeout',
        fail: () => {
          stack.mode = 'hang'
        },
        // The API has the lead; only its answer is lost. Then the page's timer runs out.
        afterSubmit: async () => {
          await expect.poll(() => stack.posts.length).toBe(1)
          await page.clock.runFor(10_500)
        },
        mend: () => {
          stack.mode = 'pass'
        },
      })
    })

    test('the API stopped, then started again: the retry succeeds and one lead is stored', async ({ page, stack }) => {
      await sendThroughFailure(page, stack, l, {
        message: 'contact.status.server',
        fail: () => stack.stopApi(),
        mend: () => stack.startApi(),
      })
    })

    test('offline: said so, and sent when the visitor tries again online', async ({ page, context, stack }) => {
      await sendThroughFailure(page, stack, l, {
        message: 'contact.status.offline',
        fail: () => context.setOffline(true),
        mend: () => context.setOffline(false),
      })
    })

    test('text typed before the island hydrates is kept', async ({ page, stack }) => {
      let release!: () => void
      const released = new Promise<void>((ok) => {
        release = ok
      })
      // Hold the island's own chunk (the one that draws its panels) until the visitor has typed.
      await page.route(/\/assets\/chunks\/.*\.js$/, async (route) => {
        const response = await route.fetch()
        if ((await response.text()).includes('contact-panel')) await released
        await route.fulfill({ response })
      })
      await page.goto(`${stack.origin}${l === 'en' ? '' : `/${l}`}/contact-us`)
      await expect(island(page)).toHaveAttribute('data-state', 'pending')
      const email = newEmail(l)
      await page.fill('#contact-sales-name', 'Noura Al-Harbi')
      await page.fill('#contact-sales-email', email)
      // Enter before hydration submits nothing and leaves the page where it is.
      await page.press('#contact-sales-email', 'Enter')
      release()
      await expect(island(page)).toHaveAttribute('data-state', 'hydrated')
      expect(new URL(page.url()).search).toBe('')
      await expect(page.locator('#contact-sales-name')).toHaveValue('Noura Al-Harbi')
      await expect(page.locator('#contact-sales-email')).toHaveValue(email)
    })

    test('a malformed runtime-config.json: a warning, and the form still sends', async ({ page, stack }) => {
      const warnings: string[] = []
      page.on('console', (m) => {
        if (m.type() === 'warning') warnings.push(m.text())
      })
      const origin = await stack.previewWithConfig('{"apiBase": ')
      await open(page, stack, l, origin)
      const email = newEmail(l)
      await fillSales(page, email)
      await submit(page)
      await expectSent(page, l, email)
      expect(warnings.join('\n')).toMatch(/runtime-config\.json is unusable/)
      expect(await stack.leads(email)).toHaveLength(1)
    })

    test('a corrupt saved draft is cleared with a notice', async ({ page, stack }) => {
      await page.addInitScript(() => {
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1')
          sessionStorage.setItem('rasid.draft.sales.v1', '{"v":1,"values":')
        }
      })
      await open(page, stack, l)
      await expect(page.locator('#contact-panel-sales [role=status]')).toHaveText(t(l, 'contact.draft.corrupt'))
      expect(await page.evaluate(() => sessionStorage.getItem('rasid.draft.sales.v1'))).toBeNull()
    })

    test('without JavaScript the page says how to reach sales and support', async ({ browser, stack }) => {
      const context = await browser.newContext({ javaScriptEnabled: false })
      const page = await context.newPage()
      await page.goto(`${stack.origin}${l === 'en' ? '' : `/${l}`}/contact-us`)
      await expect(page.locator('#contact-panel-sales')).toBeHidden()
      await expect(page.locator('a[href^="mailto:"]')).toHaveCount(2)
      await expect(page.locator('a[href^="mailto:"]').first()).toBeVisible()
      await context.close()
    })
  })
}
