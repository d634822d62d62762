import { localized, routes } from '../routes'
import { expectAxeClean, hydrated, test } from './fixtures'

// axe on every route x locale and on the 404 page, as Starlight does for its docs.
const urls = [...routes.flatMap((r) => [localized(r.path, 'en'), localized(r.path, 'ar')]), '/missing', '/ar/missing']

for (const url of urls) {
  test(`${url} has no accessibility violations`, async ({ page }) => {
    await page.goto(url)
    await hydrated(page)
    await expectAxeClean(page)
  })
}
