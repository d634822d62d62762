import AxeBuilder from '@axe-core/playwright'
import { localized, routes } from '../routes'
import { expect, hydrated, test } from './fixtures'

// axe on every route x locale and on the 404 page, as Starlight does for its docs.
const urls = [...routes.flatMap((r) => [localized(r.path, 'en'), localized(r.path, 'ar')]), '/missing', '/ar/missing']

for (const url of urls) {
  test(`${url} has no accessibility violations`, async ({ page }) => {
    await page.goto(url)
    await hydrated(page)
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze()
    expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual(
      [],
    )
  })
}
