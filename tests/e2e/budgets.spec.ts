import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { htmlOfPath } from '../../renderer/shared/paths'
import { localized, routes } from '../routes'
import { expect, hydrated, test } from './fixtures'

// The JavaScript a first visit requests with no interaction (gzip -9 of the files as deployed):
// the light runtime alone on a page without islands; React and the island on a page with one.
// (91 KiB since the guide search: its watcher in the runtime, about 170 B, took /monitoring past 90
// KiB, which it had reached within 34 B. 92 KiB since the states of issue 28: the Intl worker, about
// 0.4 KiB, which takes ICU's 100-300 ms load off the main thread before an island hydrates; the
// replay of what was typed before hydration, about 0.45 KiB; the checkout's focus moves and
// announcements. /checkout was at 93,714 B, 494 B under. 93 KiB since the first tap of issue 28,
// about 1.4 KiB: the table of each island's chunks in the runtime, which asks for them a link per
// task instead of Vite's helper doing all of them in the task that sees the island, 120-230 ms at 4x;
// the island's hold on events until it has hydrated, without which React hydrates it all inside the
// visitor's tap; react-dom's start as a step of its own, taken when no tap is under way. /checkout
// was at 95,215 B. 94 KiB since issue 43: the checkout's status banner judges each component as the
// status page does, by statusRules.ts `stateAt` at the server's clock (an open incident whatever
// the document's age, the probe's verdict only while fresh), in the rules' chunk it shares with
// /monitoring's live status, about 0.5 KiB. /checkout is at 95,701 B.)
// 94.25 KiB since issue 45: the riyal sign (renderer/components/Money.tsx, its accessible name) in the
// islands that show SAR, and the sales form's bands per market: /contact-us 96,356 B, /checkout 96,325 B.
// /monitoring has no island since issue 43: its live status part is the runtime's own module
// (renderer/client/statusPage.ts, with the status rules it shares with the banner), two files more,
// within the content pages' 15 KiB: 15,224 B. It was 94,809 B with React. 15.25 KiB for /monitoring
// since issue 44: every fetch of the runtime and the status page is aborted by the page as it is
// left (renderer/client/leaving.ts), which WebKit would otherwise cancel and log as an error, about
// 50 B in the runtime and 45 B in the status modules: 15,381 B. 94.5 KiB for the island pages since
// the checkout's order drew a quiet icon button for Remove and put its discount code behind a
// disclosure that opens by itself once a code is in the cart, about 190 B: /checkout 96,703 B. 95 KiB
// since the empty cart offers the two plans it can take, each with its price in the panel's market
// and its own Add link, about 300 B.
const KiB = 1024
const pages = [...routes.flatMap((r) => [localized(r.path, 'en'), localized(r.path, 'ar')]), '/missing', '/ar/missing']

/** Whether the built page places an island (renderer/islands/Island.tsx): only those may load React. */
const hasIsland = (url: string) => {
  try {
    return readFileSync(join('dist', htmlOfPath(url)), 'utf8').includes('data-island=')
  } catch {
    return false
  }
}

for (const url of pages) {
  const islands = hasIsland(url)
  const budget = islands ? 95 * KiB : /\/monitoring$/.test(url) ? 15.25 * KiB : 15 * KiB
  test(`${url} requests at most ${budget / KiB} KiB of JavaScript in its first load`, async ({ page }) => {
    const scripts = new Set<string>()
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname
      if (path.endsWith('.js')) scripts.add(path)
    })
    await page.goto(url)
    await hydrated(page)
    if (islands) {
      // An island hydrates when it comes into view: bring it there, as a visitor scrolling would.
      await page.locator('[data-island] [data-island-root] > *').first().scrollIntoViewIfNeeded()
      await page.locator('[data-island][data-state="hydrated"]').waitFor({ state: 'attached' })
    }
    await page.waitForLoadState('networkidle')
    const bytes = [...scripts].reduce((sum, p) => sum + gzipSync(readFileSync(join('dist', p)), { level: 9 }).length, 0)
    expect(bytes).toBeLessThanOrEqual(budget)
    if (!islands) expect(scripts.size).toBeLessThanOrEqual(/\/monitoring$/.test(url) ? 5 : 3)
  })
}

test('only the pages with a widget place an island (and so load React)', () => {
  expect(pages.filter(hasIsland)).toEqual([
    '/pricing',
    '/ar/pricing',
    '/design',
    '/ar/design',
    '/contact-us',
    '/ar/contact-us',
    '/checkout',
    '/ar/checkout',
  ])
})

test('on a first visit, an English page downloads Inter only (three weights); an Arabic page both weights of IBM Plex Sans Arabic (one file per weight, its Latin and its Arabic in it), and no Inter; one stylesheet each', async ({
  browser,
}) => {
  for (const [url, arabic] of [
    ['/pricing', false],
    ['/ar/pricing', true],
  ] as const) {
    // A new context each: a face the browser already holds is requested again (from its cache) by any page.
    const context = await browser.newContext()
    const page = await context.newPage()
    const fonts: string[] = []
    const sheets: string[] = []
    // Who asked for each face, for the message when one is not expected. Under load a page whose own
    // face missed its `font-display: optional` window fell back to the next family of its stack, the
    // other language's web face, and downloaded it; the stacks now go to the system's (uno.config.ts).
    const askedBy: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'font') {
        const file = new URL(r.url()).pathname
        fonts.push(file)
        askedBy.push(`${file} by ${r.frame().url()} (referer ${r.headers().referer ?? 'none'})`)
      }
      if (r.resourceType() === 'stylesheet') sheets.push(new URL(r.url()).pathname)
    })
    await page.goto(url)
    await hydrated(page)
    await page.waitForLoadState('networkidle')
    // The riyal sign's faces, which the pricing pages also ask for, are tests/e2e/riyalSign.spec.ts's.
    const faces = fonts
      .filter((f) => !f.includes('/riyal-sign-'))
      .map((f) => /\/([a-z-]+-\d00)(-normal)?\./.exec(f)?.[1])
      .sort()
    expect(faces, `${url}: ${askedBy.join('; ')}`).toEqual(
      arabic
        ? ['ibm-plex-sans-arabic-400', 'ibm-plex-sans-arabic-700']
        : ['inter-latin-400', 'inter-latin-600', 'inter-latin-700'],
    )
    expect(sheets, url).toHaveLength(1)
    await context.close()
  }
})
