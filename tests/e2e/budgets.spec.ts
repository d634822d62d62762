import { localized, routes } from '../routes'
import { expect, hydrated, test } from './fixtures'
import { hasIsland } from './scriptBudget'

// What a page loads on a first visit: which pages load React, and which faces. The script budgets
// and each page's first load against them: ./scriptBudget.ts, tests/e2e/pages.spec.ts.
const pages = [...routes.flatMap((r) => [localized(r.path, 'en'), localized(r.path, 'ar')]), '/missing', '/ar/missing']

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
