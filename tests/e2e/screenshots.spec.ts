// A full-page PNG of every route x locale at a phone and a desktop width, kept as an artifact of the
// run: test-results/screenshots/<locale>-<slug>-<width>.png (slug `home` for `/`, else the path with
// `/` as `_`). Playwright empties test-results/ when a run starts, not after, so the folder holds
// the last run's shots. Each shot also checks the page: its h1 is visible and it never scrolls sideways.
import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { localized, routes } from '../routes'
import { expect, hydrated, test } from './fixtures'
import { localeCodes } from '../../locales/locales'

const screenshotsDir = join('test-results', 'screenshots')
const viewports = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]
const slugOf = (path: string) => (path === '/' ? 'home' : path.slice(1).replace(/\//g, '_'))

test.use({ reducedMotion: 'reduce' })

for (const viewport of viewports) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport })
    for (const route of routes) {
      for (const locale of localeCodes) {
        const url = localized(route.path, locale)
        const file = join(screenshotsDir, `${locale}-${slugOf(route.path)}-${viewport.width}.png`)
        test(`${url} at ${viewport.width} px: ${file}`, async ({ page }) => {
          const res = await page.goto(url)
          expect(res?.status()).toBe(200)
          await hydrated(page)
          await page.evaluate(async () => {
            await document.fonts.ready
          })
          // The shot first, so that a page that fails below is there to look at.
          mkdirSync(screenshotsDir, { recursive: true })
          await page.screenshot({ path: file, fullPage: true, animations: 'disabled' })
          // A PNG as wide as the viewport (its IHDR width), as tall as the page.
          const png = readFileSync(file)
          expect(png.subarray(1, 4).toString()).toBe('PNG')
          expect(png.readUInt32BE(16)).toBe(viewport.width)
          expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(viewport.height)
          await expect(page.locator('h1')).toBeVisible()
          const { scrollWidth, innerWidth } = await page.evaluate(() => ({
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: window.innerWidth,
          }))
          expect(scrollWidth, `${url} scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(innerWidth)
        })
      }
    }
  })
}
