// An amount in Saudi riyals shows the riyal's own sign (U+20C1), drawn in its own face
// (api/contract/faces.ts `signFaces`, cut to the sign by build/css.ts), which only the pages that show
// the sign fetch, and named "Saudi riyals" («ريال سعودي») in the accessibility tree
// (renderer/components/Money.tsx).
import { localized } from '../routes'
import { expect, hydrated, test } from './fixtures'
import { localeCodes } from '../../locales/locales'

const sign = '\u20C1'
const names = { en: 'Saudi riyals', ar: 'ريال سعودي' } as const
const signFile = /\/assets\/fonts\/riyal-sign-(400|700)\.[^/]+\.woff2$/

for (const locale of localeCodes) {
  const url = localized('/pricing', locale)

  test(`${url} shows the riyal sign in its own face, named “${names[locale]}”`, async ({ page, context }) => {
    const fetched = new Set<string>()
    page.on('response', (r) => {
      const path = new URL(r.url()).pathname
      if (signFile.test(path) && r.ok()) fetched.add(path)
    })
    await page.goto(url)
    await hydrated(page)

    // The Saudi fee table: "1.5% + ⃁ 1.00", the sign an image named by the currency.
    const table = page.locator('[data-market="sa"] table')
    const signs = table.getByRole('img', { name: names[locale], exact: true })
    await expect(signs.first()).toBeVisible()
    await expect(signs.first()).toHaveText(sign)
    expect(await table.getByRole('img').count()).toBe(await signs.count())
    await expect(table.locator('tbody tr').first().locator('td').first()).toMatchAriaSnapshot(
      `- img "${names[locale]}"`,
    )
    // No figure of the page writes Intl's symbol for the riyal.
    expect(await page.locator('main').innerText()).not.toMatch(/SAR\s?\d|ر\.س\./)
    // The fee calculator, once hydrated, names it the same way, its amount field's label too.
    const calculator = page.locator('[data-island="FeeCalculator"]')
    await calculator.locator('form').scrollIntoViewIfNeeded()
    await expect(calculator).toHaveAttribute('data-state', 'hydrated')
    await expect(calculator.locator('[data-result="net"]').getByRole('img', { name: names[locale] })).toHaveText(sign)
    await expect(calculator.getByRole('textbox', { name: names[locale] })).toHaveAttribute('name', 'amount')

    // The sign's face is loaded and is what Chromium drew the sign with: no fallback font.
    const faces = await page.evaluate(async () => {
      await document.fonts.ready
      return [...document.fonts]
        .filter((f) => f.family.replace(/"/g, '') === 'Rasid Riyal Sign')
        .map((f) => ({ weight: f.weight, status: f.status, range: f.unicodeRange }))
    })
    expect(faces).toContainEqual({ weight: '400', status: 'loaded', range: 'U+20C1' })
    expect(await page.evaluate(() => document.fonts.check('16px "Rasid Riyal Sign"', '\u20C1'))).toBe(true)
    const cdp = await context.newCDPSession(page)
    await cdp.send('DOM.enable')
    await cdp.send('CSS.enable')
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 })
    const { nodeId } = await cdp.send('DOM.querySelector', {
      nodeId: root.nodeId,
      selector: '[data-market="sa"] table tbody td [role="img"]',
    })
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
    expect(fonts, 'the sign drawn in a web font, not a system one').toHaveLength(1)
    expect(fonts[0]!.isCustomFont).toBe(true)
    expect(fonts[0]!.familyName).toMatch(/riyal/i)
    expect([...fetched].length).toBeGreaterThan(0)
  })
}

test('a page without amounts in riyals neither preloads nor fetches the sign’s face', async ({ page }) => {
  const fetched: string[] = []
  page.on('request', (r) => {
    if (signFile.test(new URL(r.url()).pathname)) fetched.push(r.url())
  })
  for (const url of ['/services', '/ar/services']) {
    await page.goto(url)
    await hydrated(page)
    await page.evaluate(() => document.fonts.ready)
    await expect(page.locator('link[rel="preload"][as="font"][href*="riyal-sign"]')).toHaveCount(0)
  }
  expect(fetched).toEqual([])
})

test('a cart in riyals shows the sign, named, in its face, fetched when the cart is drawn', async ({
  page,
  context,
}) => {
  await page.goto(localized('/pricing', 'en'))
  await hydrated(page)
  await page.locator('a[href*="add=plan.growth"]:visible').click()
  await expect(page).toHaveURL(new RegExp(`${localized('/checkout', 'en')}$`))
  // The checkout loaded anew: its cart comes from what the visitor stored. It preloads the sign's
  // two faces: with no cart, it offers the plans at their prices in riyals (pages/checkout/EmptyCart.tsx).
  const fresh = await context.newPage()
  const fetched: string[] = []
  fresh.on('response', (r) => {
    if (signFile.test(new URL(r.url()).pathname) && r.ok()) fetched.push(r.url())
  })
  await fresh.goto(localized('/checkout', 'en'))
  await hydrated(fresh)
  await expect(fresh.locator('link[rel="preload"][href*="riyal-sign"]')).toHaveCount(2)
  const checkout = fresh.locator('[data-island="Checkout"]')
  await expect(checkout.locator('[data-price="total"]').getByRole('img', { name: names.en })).toHaveText(sign)
  // The pay button's name says the currency: "Pay Saudi riyals 343.85".
  await expect(checkout.getByRole('button', { name: new RegExp(`${names.en}\\s*[\\d,]+\\.\\d{2}`) })).toBeVisible()
  const loaded = await fresh.evaluate(async () => {
    await document.fonts.ready
    return [...document.fonts]
      .filter((f) => f.family.replace(/"/g, '') === 'Rasid Riyal Sign' && f.status === 'loaded')
      .map((f) => f.weight)
  })
  // The total is bold: the bold face drew it.
  expect(loaded).toContain('700')
  expect(fetched.length).toBeGreaterThan(0)
})
