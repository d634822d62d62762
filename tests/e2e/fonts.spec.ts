// The site's own faces show on a first visit over a normal connection, and nothing moves
// when they arrive. The faces are `font-display: optional` (build/css.ts): a face that misses the
// first paint is not swapped in, so a page that preloaded too much, or a face too big to arrive in
// time, would show the system font instead, and this test would say so.
import { localized } from '../routes'
import { expect, hydrated, test } from './fixtures'

// `optional` gives a face about 100 ms from when the page first needs it. On a loaded machine (the
// other test worker, the preview server on the same two cores) a face can miss that for reasons
// that are not the site's: each case gets two more tries. A page that does not preload a face, or a
// face too big, misses every time.
test.describe.configure({ retries: 2 })

/** DevTools' "Fast 4G": a normal mobile connection (9 Mbps down, 60 ms round trips). */
const normal = {
  offline: false,
  latency: 60,
  downloadThroughput: (9_000_000 / 8) | 0,
  uploadThroughput: (1_500_000 / 8) | 0,
}

const cases = [
  { path: '/', locale: 'en', face: 'Inter' },
  { path: '/', locale: 'ar', face: 'IBM Plex Sans Arabic' },
  { path: '/pricing', locale: 'ar', face: 'IBM Plex Sans Arabic' },
  { path: '/guide', locale: 'ar', face: 'IBM Plex Sans Arabic' },
] as const

for (const { path, locale, face } of cases) {
  const url = localized(path, locale)
  test(`${url}: a first visit over a normal connection shows ${face}, with no layout shift`, async ({ browser }) => {
    // A new context: nothing cached, as on a first visit.
    const context = await browser.newContext()
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', normal)
    await page.addInitScript(() => {
      const w = window as typeof window & { __shift: number }
      w.__shift = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!entry.hadRecentInput) w.__shift += entry.value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto(url)
    await hydrated(page)
    await page.evaluate(() => document.fonts.ready)

    // The faces Chromium drew the heading and the first paragraph with.
    await cdp.send('DOM.enable')
    await cdp.send('CSS.enable')
    const { root } = await cdp.send('DOM.getDocument')
    for (const selector of ['h1', 'main p']) {
      const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector })
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId })
      const drawn = fonts.map((f) => `${f.familyName}${f.isCustomFont ? '' : ' (system)'}`)
      expect(drawn, `${url} ${selector}: drawn in the site's face`).toContain(face)
      expect(
        drawn.filter((f) => f.endsWith('(system)')),
        `${url} ${selector}: no character in a fallback font`,
      ).toEqual([])
    }
    await page.waitForTimeout(500)
    expect(await page.evaluate(() => (window as typeof window & { __shift: number }).__shift)).toBe(0)
    await context.close()
  })
}
