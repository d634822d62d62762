// The site's interaction states in a real browser, both languages (docs/behaviour.md §7; WCAG 2.2 AA):
// axe in each state (the update toast, the calculator's invalid amount, a rejected discount code, a
// cart row added or removed, the contact form's errors, failure, second failure and sent, the design
// page after changes); what the live regions say at each change, in the page's language; focus
// never left on the document; a toast with an action that waits for the visitor; both contact forms
// sent by keyboard alone against the preview's own API; and Label in Name on every page.
import { createIntl } from '@formatjs/intl'
import type { Page } from '@playwright/test'
import { intlLocale } from '../../locales/intlLocale'
import { type Locale, localeCodes } from '../../locales/locales'
import type { MessageId } from '../../locales/messages'
import { browserRoutes, localized, pageMessages } from '../routes'
import { expect, expectAxeClean, hydrated, test } from './fixtures'

const locales: Locale[] = localeCodes
const intls = Object.fromEntries(
  locales.map((l) => [l, createIntl({ locale: intlLocale(l), messages: pageMessages[l] })]),
)
const t = (l: Locale, id: string, values?: Record<string, string | number>) =>
  intls[l]!.formatMessage({ id: id as MessageId }, values)

/** Focus is on an element of the page, never the document itself. */
async function focusKept(page: Page) {
  expect(
    await page.evaluate(() => document.activeElement?.tagName ?? 'none'),
    'focus fell to the document',
  ).not.toMatch(/^(BODY|HTML|none)$/)
}

/**
 * Records, from the page's start, each new text of every live region (aria-live, status, alert):
 * what a screen reader is given to announce. `busy`: the region was aria-busy then (not announced).
 */
function recordLiveRegions(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { __live: { text: string; busy: boolean }[]; __liveReset: () => void }
    const last = new Map<Element, string>()
    const selector = '[aria-live]:not([aria-live="off"]),[role=status],[role=alert]'
    const scan = (record: boolean) => {
      for (const el of document.querySelectorAll(selector)) {
        const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim()
        if (last.get(el) === text) continue
        last.set(el, text)
        if (record && text) w.__live.push({ text, busy: !!el.closest('[aria-busy="true"]') })
      }
    }
    w.__live = []
    w.__liveReset = () => {
      scan(false)
      w.__live = []
    }
    new MutationObserver(() => scan(true)).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributeFilter: ['aria-busy', 'aria-live', 'role', 'hidden'],
    })
  })
}
const liveReset = (page: Page) => page.evaluate(() => (window as unknown as { __liveReset(): void }).__liveReset())
const announced = (page: Page) =>
  page.evaluate(() => (window as unknown as { __live: { text: string; busy: boolean }[] }).__live)
const heard = async (page: Page) => (await announced(page)).filter((a) => !a.busy).map((a) => a.text)

/** The update toast, as a new deployment brings it: another build id on returning to the tab. */
async function showUpdateToast(page: Page, l: Locale) {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  const toast = toastList(page, l).locator('li', { hasText: t(l, 'update.toast.title') })
  await expect(toast).toBeVisible()
  return toast
}
const toastList = (page: Page, l: Locale) =>
  page.getByRole('region', { name: t(l, 'toast.viewportLabel', { hotkey: 'F8' }) })
const newBuild = (page: Page) =>
  page.route('**/builds/latest.json*', (route) =>
    route.fulfill({ contentType: 'application/json', body: '{"id":"a-newer-build","timestamp":1}' }),
  )

const checkout = (page: Page) => page.locator('[data-island="Checkout"]')
async function openCart(page: Page, l: Locale) {
  await page.goto(`${localized('/checkout', l)}?add=plan.growth&market=sa&billing=monthly`)
  await expect(checkout(page).locator('[data-cart-item="plan.growth"]')).toBeVisible()
  await expect(checkout(page).locator('[data-quote-state="server"]')).toBeVisible()
}

// Several axe runs per test on a shared 2-core machine.
test.describe.configure({ timeout: 120_000 })

for (const l of locales) {
  test.describe(`states (${l})`, () => {
    test('the update toast: axe, announced as "Title. Body", still there after 6 s of fake time', async ({ page }) => {
      await page.clock.install()
      await recordLiveRegions(page)
      await newBuild(page)
      await page.goto(localized('/', l))
      await hydrated(page)
      const toast = await showUpdateToast(page, l)
      const title = t(l, 'update.toast.title')
      const body = t(l, 'update.toast.body')
      // Radix's announcer, span[role=status][aria-live]: the label, then title and body as sentences.
      await expect
        .poll(() => heard(page))
        .toContainEqual(`${t(l, 'toast.label')} ${title}. ${body} ${t(l, 'update.toast.reloadAlt')}`)
      await expectAxeClean(page)
      // Its action waits for the visitor (WCAG 2.2.1): no timeout, however long it stays.
      await page.clock.runFor(6000)
      await expect(toast).toBeVisible()
      await page.clock.runFor(60_000)
      await expect(toast).toBeVisible()
      await expect(page.getByRole('button', { name: t(l, 'update.toast.reload') })).toBeVisible()
    })

    test('a toast without an action still closes by itself after 5 s of fake time', async ({ page }) => {
      await page.clock.install()
      await page.goto(localized('/', l))
      await hydrated(page)
      await page.evaluate(() =>
        (window as unknown as { rasid: { toast(o: object): void } }).rasid.toast({ title: 'update.toast.title' }),
      )
      const toast = toastList(page, l).locator('li')
      await expect(toast).toHaveCount(1)
      await page.mouse.move(1, 1)
      await page.clock.runFor(5500)
      await expect(toast).toHaveCount(0)
    })

    for (const how of ['Escape', 'Close'] as const) {
      test(`closing the toast with ${how} gives focus back to where it was, or to the heading`, async ({ page }) => {
        await newBuild(page)
        await page.goto(localized('/', l))
        await hydrated(page)
        const services = page.locator(`header #site-menu > li > a[href="${localized('/pricing', l)}"]`)
        await services.focus()
        await showUpdateToast(page, l)
        await page.keyboard.press('F8')
        await expect(toastList(page, l).locator('ol')).toBeFocused()
        const close = async () => {
          if (how === 'Escape') await page.keyboard.press('Escape')
          else {
            // Into the toast by keyboard: its Close button.
            const button = toastList(page, l).getByRole('button', { name: t(l, 'toast.close') })
            for (let i = 0; i < 6 && !(await button.evaluate((b) => b === document.activeElement)); i++)
              await page.keyboard.press('Tab')
            await expect(button).toBeFocused()
            await page.keyboard.press('Enter')
          }
          await expect(toastList(page, l).locator('li')).toHaveCount(0)
        }
        await close()
        await expect(services).toBeFocused()
        await focusKept(page)

        // The element focus came from is gone by the time the toast closes: the page's heading.
        await page.evaluate(() =>
          (window as unknown as { rasid: { toast(o: object): void } }).rasid.toast({
            title: 'update.toast.title',
            description: 'update.toast.body',
            action: { label: 'update.toast.reload', altText: 'update.toast.reloadAlt', onClick: () => {} },
          }),
        )
        await expect(toastList(page, l).locator('li')).toHaveCount(1)
        await page.keyboard.press('F8')
        await expect(toastList(page, l).locator('ol')).toBeFocused()
        await services.evaluate((a) => a.remove())
        await close()
        await expect(page.locator('main h1')).toBeFocused()
      })
    }

    test('the calculator announces an invalid amount once, not the dashes; its label names the currency as the page does', async ({
      page,
    }) => {
      await recordLiveRegions(page)
      await page.goto(localized('/pricing', l))
      await hydrated(page)
      const island = page.locator('[data-island="FeeCalculator"]')
      await island.locator('form').scrollIntoViewIfNeeded()
      await expect(island).toHaveAttribute('data-state', 'hydrated')
      // The riyal's sign, named for a screen reader: the label's name says the currency.
      const symbol = t(l, 'common.currencySign.sar')
      const amount = island.getByRole('textbox', {
        name: t(l, 'pricing.calculator.amount', { currency: symbol }),
        exact: true,
      })
      await expect(amount).toHaveAttribute('name', 'amount')
      if (l === 'ar') await expect(island.locator('label[for]').first()).not.toContainText('SAR')
      await liveReset(page)
      await amount.press('End')
      await amount.pressSequentially('x')
      const message = `${t(l, 'pricing.calculator.errorPrefix')} ${t(l, 'pricing.calculator.error.invalid')}`
      await expect.poll(() => heard(page)).toEqual([message])
      await expect(island.locator('dl[aria-live]')).toHaveAttribute('aria-busy', 'true')
      await amount.pressSequentially('y')
      await page.waitForTimeout(200)
      // Once: the same reason is not said again, and the dashes are never given to be announced.
      expect(await heard(page)).toEqual([message])
      await expectAxeClean(page)
      await amount.press('Backspace')
      await amount.press('Backspace')
      await expect(island.locator('dl[aria-live]')).not.toHaveAttribute('aria-busy', 'true')
      await expect.poll(async () => (await heard(page)).length).toBeGreaterThan(1)
      expect((await heard(page)).at(-1)).not.toContain('–')
    })

    test('an unknown discount code: the field is invalid and described, and the rejection is what is heard', async ({
      page,
    }) => {
      await recordLiveRegions(page)
      await openCart(page, l)
      await liveReset(page)
      await checkout(page).getByText(t(l, 'checkout.price.addCode')).click()
      const field = checkout(page).locator('input[name=discountCode]')
      await field.fill('NOPE')
      await field.press('Enter')
      const rejection = t(l, 'checkout.price.codeUnknown', { code: 'NOPE' })
      await expect(field).toHaveAttribute('aria-invalid', 'true')
      const describedBy = (await field.getAttribute('aria-describedby'))!
      await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(rejection)
      await expect.poll(() => heard(page)).toContainEqual(`${rejection} ${t(l, 'checkout.price.confirmed')}`)
      // "Prices confirmed" alone never follows the code: the status says the rejection with it.
      expect(await heard(page)).not.toContainEqual(t(l, 'checkout.price.confirmed'))
      await expectAxeClean(page)
    })

    test('cart rows added and removed: focus moves on, never to the document, and the change is announced', async ({
      page,
    }) => {
      await recordLiveRegions(page)
      await openCart(page, l)
      const terminal = t(l, 'checkout.sku.posTerminal')
      const plan = t(l, 'checkout.sku.planGrowth')
      const add = checkout(page).getByRole('button', { name: t(l, 'checkout.cart.addTerminal') })
      const row = (sku: string) => checkout(page).locator(`[data-cart-item="${sku}"]`)
      const addTerminal = async () => {
        await add.focus()
        await page.keyboard.press('Enter')
        await expect(row('addon.posTerminal').getByRole('button', { name: t(l, 'checkout.cart.more') })).toBeFocused()
        await expect.poll(() => heard(page)).toContainEqual(t(l, 'checkout.cart.added', { item: terminal }))
      }
      await liveReset(page)
      await addTerminal()
      await expectAxeClean(page)

      // − down to zero: the row goes, focus goes to the add button that comes back.
      await liveReset(page)
      await page.keyboard.press('Enter') // + : 2
      await row('addon.posTerminal')
        .getByRole('button', { name: t(l, 'checkout.cart.less') })
        .focus()
      await page.keyboard.press('Enter')
      await page.keyboard.press('Enter')
      await expect(row('addon.posTerminal')).toHaveCount(0)
      await expect(add).toBeFocused()
      await expect.poll(() => heard(page)).toContainEqual(t(l, 'checkout.cart.removed', { item: terminal }))
      await expectAxeClean(page)

      // Remove: the same.
      await addTerminal()
      await row('addon.posTerminal')
        .getByRole('button', { name: t(l, 'checkout.cart.remove', { item: terminal }) })
        .focus()
      await page.keyboard.press('Enter')
      await expect(add).toBeFocused()
      await focusKept(page)

      // The plan's Remove: focus to the next row's Remove; the last row: the (empty) cart's heading.
      await addTerminal()
      await liveReset(page)
      await row('plan.growth')
        .getByRole('button', { name: t(l, 'checkout.cart.remove', { item: plan }) })
        .focus()
      await page.keyboard.press('Enter')
      const removeTerminal = row('addon.posTerminal').getByRole('button', {
        name: t(l, 'checkout.cart.remove', { item: terminal }),
      })
      await expect(removeTerminal).toBeFocused()
      await expect.poll(() => heard(page)).toContainEqual(t(l, 'checkout.cart.removed', { item: plan }))
      await page.keyboard.press('Enter')
      await expect(checkout(page).getByRole('heading', { name: t(l, 'checkout.empty.title') })).toBeFocused()
      await expect.poll(() => heard(page)).toContainEqual(t(l, 'checkout.cart.removed', { item: terminal }))
      await focusKept(page)
      await expectAxeClean(page)
    })

    test('contact form: errors, failed, failed again (focus stays on Try again), sent; axe in each', async ({
      page,
    }) => {
      await recordLiveRegions(page)
      let answer: 'fail' | 'pass' = 'fail'
      await page.route('**/api/v1/contact/**', (route) =>
        answer === 'fail'
          ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"unavailable"}' })
          : route.fulfill({
              status: 201,
              contentType: 'application/json',
              body: JSON.stringify({ id: crypto.randomUUID(), receivedAt: new Date().toISOString() }),
            }),
      )
      await page.goto(localized('/contact-us', l))
      await expect(page.locator('[data-island="ContactForms"]')).toHaveAttribute('data-state', 'hydrated')
      const panel = page.locator('#contact-panel-sales')
      const submit = panel.locator('button[type=submit]')
      await submit.focus()
      await page.keyboard.press('Enter')
      await expect(panel.getByRole('heading', { name: t(l, 'contact.summary.title') })).toBeVisible()
      await expectAxeClean(page)

      await page.fill('#contact-sales-name', 'Noura Al-Harbi')
      await page.fill('#contact-sales-email', `states.${l}@example.com`)
      await page.fill('#contact-sales-company', 'Harbi Trading')
      await page.selectOption('#contact-sales-market', 'sa')
      await page.selectOption('#contact-sales-volume', 'sar-200k-1m')
      await page.fill('#contact-sales-message', 'We sell furniture online and in two shops.')
      await page.check('#contact-sales-consent')
      await submit.focus()
      await page.keyboard.press('Enter')
      const banner = panel.getByRole('alert')
      const retry = banner.getByRole('button', { name: t(l, 'contact.retry') })
      await expect(retry).toBeVisible()
      const failure = (await banner.locator('p').textContent())!.replace(/\s+/g, ' ').trim()
      await focusKept(page)
      await expectAxeClean(page)

      await liveReset(page)
      await retry.focus()
      await page.keyboard.press('Enter')
      // The same failure again: announced again (the banner said "Sending…" meanwhile), focus kept.
      await expect.poll(async () => (await heard(page)).filter((h) => h.includes(failure)).length).toBe(1)
      await expect(retry).toBeFocused()
      await focusKept(page)
      await expectAxeClean(page)

      answer = 'pass'
      await page.keyboard.press('Enter')
      await expect(panel.locator('h2')).toHaveText(t(l, 'contact.success.title'))
      await expect(panel.locator('h2')).toBeFocused()
      await expectAxeClean(page)
    })

    test('the design page after changes: axe, and the corner slider says its unit', async ({ page }) => {
      await page.goto(localized('/design', l))
      await hydrated(page)
      const island = page.locator('[data-island="ThemePreview"]')
      await island.locator('h2').first().scrollIntoViewIfNeeded()
      await expect(island).toHaveAttribute('data-state', 'hydrated')
      const slider = island.getByRole('slider', { name: t(l, 'design.preview.radius') })
      await slider.focus()
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('ArrowRight')
      const value = await slider.inputValue()
      await expect(slider).toHaveAttribute('aria-valuetext', t(l, 'design.preview.radiusValue', { value }))
      for (const el of await page.getByRole('slider').all())
        expect(await el.getAttribute('aria-valuetext'), 'a slider without its unit').toBeTruthy()
      await island.getByLabel(t(l, 'design.preview.font')).selectOption({ index: 2 })
      await expectAxeClean(page)
    })

    for (const kind of ['sales', 'support'] as const) {
      test(`the ${kind} form by keyboard alone, against the preview's API: focus never on the document`, async ({
        page,
      }) => {
        await page.goto(localized('/contact-us', l))
        await expect(page.locator('[data-island="ContactForms"]')).toHaveAttribute('data-state', 'hydrated')
        const press = async (key: string) => {
          await page.keyboard.press(key)
          await focusKept(page)
        }
        const type = async (text: string) => {
          for (const ch of text) {
            await page.keyboard.type(ch)
            await focusKept(page)
          }
        }
        const isFocused = (selector: string) =>
          page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)
        const tabTo = async (selector: string) => {
          for (let i = 0; i < 80 && !(await isFocused(selector)); i++) await press('Tab')
          expect(await isFocused(selector), `Tab reaches ${selector}`).toBe(true)
        }
        const choose = async (selector: string) => {
          await tabTo(selector)
          await press('ArrowDown')
          expect(await page.locator(selector).inputValue()).not.toBe('')
        }
        const id = (field: string) => `#contact-${kind}-${field}`
        await tabTo('[role=tab][aria-selected=true]')
        if (kind === 'support') {
          await press(l === 'ar' ? 'ArrowLeft' : 'ArrowRight')
          await expect(page.locator('#contact-panel-support')).toBeVisible()
        }
        await tabTo(id('name'))
        await type('Noura Al-Harbi')
        await tabTo(id('email'))
        await type(`keys.${kind}.${l}.${Date.now()}@example.com`)
        if (kind === 'sales') {
          await tabTo(id('company'))
          await type('Harbi Trading')
          await choose(id('market'))
          await choose(id('volume'))
          await tabTo(`${id('methods')}-mada`)
          await press('Space')
        } else {
          await tabTo(id('merchantId'))
          await type('M123456')
          await choose(id('topic'))
        }
        await tabTo(id('message'))
        await type('Sent by keyboard.')
        await tabTo(id('consent'))
        await press('Space')
        await press('Shift+Tab')
        await press('Tab')
        await tabTo(`#contact-panel-${kind} button[type=submit]`)
        await press('Enter')
        const heading = page.locator(`#contact-panel-${kind} h2`)
        await expect(heading).toHaveText(t(l, 'contact.success.title'))
        await expect(heading).toBeFocused()
        await focusKept(page)
      })
    }

    test('Label in Name: a link or button named by aria-label contains its visible words', async ({ page }) => {
      const problems: string[] = []
      for (const route of browserRoutes) {
        const url = localized(route.path, l)
        await page.goto(url)
        await hydrated(page)
        const found = await page.evaluate(() => {
          const hidden = (el: Element) => {
            const s = getComputedStyle(el)
            const r = el.getBoundingClientRect()
            return (
              s.display === 'none' ||
              s.visibility === 'hidden' ||
              el.getAttribute('aria-hidden') === 'true' ||
              (s.position === 'absolute' && r.width <= 1 && r.height <= 1)
            )
          }
          const visibleText = (node: Node): string => {
            if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
            if (node instanceof Element && hidden(node)) return ''
            return [...node.childNodes].map(visibleText).join('')
          }
          return [...document.querySelectorAll('a[aria-label], button[aria-label], [role=button][aria-label]')]
            .filter((el) => !hidden(el))
            .map((el) => ({
              name: el.getAttribute('aria-label') ?? '',
              text: visibleText(el).replace(/\s+/g, ' ').trim(),
            }))
        })
        for (const { name, text } of found) {
          // Symbol-only controls (−, +, an icon) have no words to match.
          if (!/[\p{L}\p{N}]/u.test(text)) continue
          const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
          const whole = new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}($|[^\\p{L}\\p{N}])`, 'iu')
          if (!whole.test(name.replace(/\s+/g, ' '))) problems.push(`${url}: "${text}" is not a word of "${name}"`)
        }
      }
      expect(problems).toEqual([])
    })
  })
}
