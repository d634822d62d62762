import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { htmlOfPath } from '../../renderer/shared/paths'
import { localized, routes } from '../routes'
import { expect, hydrated, test } from './fixtures'

// The JavaScript a first visit requests with no interaction (gzip -9 of the files as deployed):
// the light runtime alone on a page without islands; React and the island on a page with one. Each
// page's first load is measured in tests/e2e/pages.spec.ts, against these budgets.
// The budgets: 15.25 KiB for a page without islands (the runtime; /monitoring's live status part is
// the runtime's own module, renderer/client/statusPage.ts, with the status rules it shares with the
// banner: 15,381 B), and 95 KiB for a page with islands (React, react-dom and the island: /checkout
// 97,038 B, /contact-us about 96.4 KB). What the island pages carry besides React: the Intl worker
// (about 0.4 KiB, taking ICU's 100-300 ms load off the main thread before an island hydrates), the
// replay of what was typed before hydration (0.45 KiB), the table of each island's chunks asked for a
// link per task and the island's hold on events until it has hydrated (1.4 KiB), the status rules
// the checkout's banner shares with /monitoring (0.5 KiB), the riyal sign's accessible name and the
// sales form's bands per market, the checkout's order controls and its empty cart's two plans.
// docs/performance.md says why each is there.
const pages = [...routes.flatMap((r) => [localized(r.path, 'en'), localized(r.path, 'ar')]), '/missing', '/ar/missing']

/** Whether the built page places an island (renderer/islands/Island.tsx): only those may load React. */
const hasIsland = (url: string) => {
  try {
    return readFileSync(join('dist', htmlOfPath(url)), 'utf8').includes('data-island=')
  } catch {
    return false
  }
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
