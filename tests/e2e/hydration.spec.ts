// An island while its code loads and hydrates (docs/performance.md, "A tap while an island loads"),
// in both languages: what the visitor types or chooses meanwhile is kept and counted; ICU's data is
// loaded by a worker on pages with islands only; without that worker the island still hydrates.
import type { Page, Route } from '@playwright/test'
import { localized } from '../routes'
import { expect, hydrated, test } from './fixtures'
import { localeCodes } from '../../locales/locales'

const calculator = (page: Page) => page.locator('[data-island="FeeCalculator"]')
const results = (page: Page) => page.locator('[data-island="FeeCalculator"] [data-result]').allTextContents()

/** From now on, every script chunk the page asks for waits until `release()`. */
async function holdChunks(page: Page) {
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  const held: string[] = []
  await page.route('**/assets/chunks/**', async (route: Route) => {
    held.push(route.request().url())
    await gate
    await route.continue()
  })
  return { release, held }
}

for (const l of localeCodes) {
  test.describe(`hydration (${l})`, () => {
    test('what is typed and chosen before the calculator hydrates is kept and computed', async ({ page, errors }) => {
      // What the same choice gives when it comes from the address.
      await page.goto(`${localized('/pricing', l)}?amount=1000&plan=growth`)
      await calculator(page).locator('form').scrollIntoViewIfNeeded()
      await expect(calculator(page)).toHaveAttribute('data-state', 'hydrated')
      await expect(calculator(page).locator('input[name=amount]')).toHaveValue('1000')
      await expect(calculator(page).locator('input[name=plan][value=growth]')).toBeChecked()
      const expected = await results(page)
      expect(expected.join(' ')).not.toContain('–')

      await page.goto(localized('/pricing', l))
      await hydrated(page)
      const { release, held } = await holdChunks(page)
      await calculator(page).locator('form').scrollIntoViewIfNeeded()
      const amount = calculator(page).locator('input[name=amount]')
      await amount.fill('1000')
      await calculator(page).locator('input[name=plan][value=growth]').check()
      await expect.poll(() => held.length).toBeGreaterThan(0)
      await expect(calculator(page)).toHaveAttribute('data-state', 'pending')
      expect(await results(page)).not.toEqual(expected)

      release()
      await expect(calculator(page)).toHaveAttribute('data-state', 'hydrated')
      await expect.poll(() => results(page)).toEqual(expected)
      await expect(amount).toHaveValue('1000')
      await expect(calculator(page).locator('input[name=plan][value=growth]')).toBeChecked()
      // The island's own state has it: the address follows, as after any choice.
      await expect.poll(() => new URL(page.url()).searchParams.get('amount')).toBe('1000')
      expect(new URL(page.url()).searchParams.get('plan')).toBe('growth')
      expect(errors).toEqual([])
    })

    test('a page with islands loads ICU in a worker; a page without does not', async ({ page }) => {
      // The worker's script is in dist/ (the build's pruning keeps what `new Worker` names).
      const workers: number[] = []
      page.on('response', (r) => {
        if (/\/assets\/intlWarm-[\w-]+\.js$/.test(new URL(r.url()).pathname)) workers.push(r.status())
      })
      await page.goto(localized('/', l))
      await hydrated(page)
      await page.waitForLoadState('networkidle')
      expect(workers).toEqual([])
      await page.goto(localized('/pricing', l))
      await expect.poll(() => workers).toEqual([200])
    })

    test('without the worker the island still hydrates and works', async ({ page }) => {
      await page.route(/\/assets\/intlWarm-[\w-]+\.js$/, (route) => route.abort())
      await page.goto(localized('/pricing', l))
      await calculator(page).locator('form').scrollIntoViewIfNeeded()
      await expect(calculator(page)).toHaveAttribute('data-state', 'hydrated')
      const before = await results(page)
      await calculator(page).locator('input[name=amount]').fill('1000')
      await expect.poll(() => results(page)).not.toEqual(before)
    })

    test('a tab pressed while the contact forms hydrate waits for nothing, and is pressed once they have', async ({
      page,
      errors,
    }) => {
      // As the island starts hydrating, a script presses the other tab and notes the island's state
      // straight after. React alone would hydrate the whole island inside that click (react-dom's
      // dispatchEvent), and its effects would have marked it hydrated by then.
      await page.addInitScript(() => {
        const seen = new MutationObserver(() => {
          const island = document.querySelector('[data-island="ContactForms"]')
          if (island?.getAttribute('data-state') !== 'hydrating') return
          seen.disconnect()
          island.querySelector<HTMLElement>('[role="tab"][aria-selected="false"]')!.click()
          ;(window as unknown as { stateAfterClick: string | null }).stateAfterClick = island.getAttribute('data-state')
        })
        seen.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] })
      })
      await page.goto(localized('/contact-us', l))
      const island = page.locator('[data-island="ContactForms"]')
      const tabs = island.getByRole('tab')
      const second = await tabs.nth(1).textContent()
      await island.getByRole('tablist').scrollIntoViewIfNeeded()
      await expect(island).toHaveAttribute('data-state', 'hydrated')
      expect(await page.evaluate(() => (window as unknown as { stateAfterClick: string }).stateAfterClick)).toBe(
        'hydrating',
      )
      await expect(island.getByRole('tab', { selected: true })).toHaveText(second!)
      expect(errors).toEqual([])
    })
  })
}
