import { localized, routes } from '../routes'
import { expectAxeClean, hydrated, test } from './fixtures'

// axe on every route x locale and on the 404 page, as Starlight does for its docs, in the light and
// the dark scheme: the palette's contrast in both.
const urls = [...routes.flatMap((r) => [localized(r.path, 'en'), localized(r.path, 'ar')]), '/missing', '/ar/missing']

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`in the ${scheme} scheme`, () => {
    test.use({ colorScheme: scheme })
    for (const url of urls) {
      test(`${url} has no accessibility violations`, async ({ page }) => {
        await page.goto(url)
        await hydrated(page)
        await expectAxeClean(page, scheme === 'dark' ? 'dark' : undefined)
      })
    }
  })
}
