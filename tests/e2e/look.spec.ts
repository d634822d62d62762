// The site as a person sees it: the first screen of each page type in both languages, at a desktop
// and a phone width (and dark where the palette changes most), compared with the committed baselines
// in look.spec.ts-snapshots/. A change that moves, mirrors or recolours what a visitor sees fails
// here, in the direction it breaks. After an intended change: `npx playwright test look
// --update-snapshots`, look at the new images, and commit them.
import type { Page } from '@playwright/test'
import { localized } from '../routes'
import { expect, hydrated, test } from './fixtures'
import { localeCodes } from '../../locales/locales'

const pages = [
  ['home', '/'],
  ['services', '/services'],
  ['pricing', '/pricing'],
  ['checkout', '/checkout'],
  ['design', '/design'],
  ['contact', '/contact-us'],
  ['status', '/monitoring'],
  ['guide', '/guide/getting-started'],
] as const
const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const
/** Dark mode where it differs most from light: the home page's bands and the pricing controls. */
const dark = new Set(['home', 'pricing'])

test.use({ reducedMotion: 'reduce' })

/** The page with its faces drawn: the faces are `font-display: optional`, so a second load takes them from the cache. */
async function settle(page: Page, url: string) {
  await page.goto(url)
  await hydrated(page)
  await page.evaluate(() => document.fonts.ready)
  await page.reload()
  await hydrated(page)
  await page.evaluate(async () => {
    await document.fonts.ready
    // The caret and any time-dependent text are not part of the look.
    for (const el of document.querySelectorAll('time')) el.textContent = '—'
  })
}

for (const { name: width, viewport } of widths) {
  test.describe(`the look at ${viewport.width} px`, () => {
    test.use({ viewport })
    for (const [name, path] of pages) {
      for (const locale of localeCodes) {
        for (const scheme of dark.has(name) && width === 'desktop'
          ? (['light', 'dark'] as const)
          : (['light'] as const)) {
          test(`${name}, ${locale}, ${scheme}`, async ({ page }) => {
            await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' })
            await settle(page, localized(path, locale))
            await expect(page).toHaveScreenshot(`${name}-${locale}-${width}-${scheme}.png`, {
              animations: 'disabled',
              caret: 'hide',
              maxDiffPixelRatio: 0.01,
            })
          })
        }
      }
    }
  })
}

/**
 * Parts below the first screen whose layout changes with the width: the fee table and the POS
 * add-on stacked on a phone, the ways to connect as labelled rows, the calculator's panel, the
 * design page's configuration under both columns, and a guide's callout.
 */
const parts = [
  ['pricing-fees', '/pricing', 'phone', 'div[data-market="sa"]:has(> section > table)'],
  ['pricing-addon', '/pricing', 'phone', 'div:has(> div > .i-lucide-credit-card)'],
  ['pricing-calculator', '/pricing', 'desktop', '[data-island="FeeCalculator"] .needs-script'],
  ['services-connect', '/services', 'phone', 'section:has(> #integrations-title)'],
  ['design-config', '/design', 'desktop', 'section:has(> [data-testid="theme-config"])'],
  ['guide-callout', '/guide/getting-started', 'desktop', '.callout'],
] as const

for (const [name, path, width, selector] of parts) {
  const { viewport } = widths.find((w) => w.name === width)!
  test.describe(`the look of a part at ${viewport.width} px`, () => {
    test.use({ viewport })
    for (const locale of localeCodes) {
      test(`${name}, ${locale}`, async ({ page }) => {
        await settle(page, localized(path, locale))
        const part = page.locator(selector).first()
        await expect(part).toBeVisible()
        await expect(part).toHaveScreenshot(`${name}-${locale}-${width}.png`, {
          animations: 'disabled',
          caret: 'hide',
          maxDiffPixelRatio: 0.01,
        })
      })
    }
  })
}
