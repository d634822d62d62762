// The guides' sidebar (pages/guide/article/GuideNav.tsx): a long section lists the articles around
// the current one, so a page's size does not grow with the number of guides.
import { describe, expect, test } from 'vitest'
import type { GuideSummary } from '../../build/guides'
import { sectionWindow } from '../../pages/guide/article/GuideNav'

const section = (n: number): GuideSummary[] =>
  Array.from({ length: n }, (_, i) => ({
    slug: `g${i}`,
    title: `G${i}`,
    description: '',
    order: i,
    group: 'getting-started',
  }))
const slugs = (list: GuideSummary[]) => list.map((g) => g.slug)

describe('a section of the sidebar', () => {
  test('of ten articles or fewer lists them all', () => {
    expect(sectionWindow(section(8), 'g3')).toEqual({ shown: section(8), more: false })
  })

  test('of more lists ten around the current one, and says there are more', () => {
    const long = section(2000)
    for (const at of [0, 7, 1000, 1999]) {
      const { shown, more } = sectionWindow(long, `g${at}`)
      expect(more).toBe(true)
      expect(shown).toHaveLength(10)
      expect(slugs(shown)).toContain(`g${at}`)
    }
    expect(slugs(sectionWindow(long, 'g1000').shown)).toEqual(slugs(long.slice(995, 1005)))
    // Not in the section (another section's page): its first ten.
    expect(slugs(sectionWindow(long, 'elsewhere').shown)).toEqual(slugs(long.slice(0, 10)))
  })
})
