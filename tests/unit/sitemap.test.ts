// build/sitemap.ts on its own; the sitemap the build wrote is tests/dist/sitemap.test.ts.
import { describe, expect, test } from 'vitest'
import { sitemapXml } from '../../build/sitemap'
import { parseSitemap } from '../sitemap'

describe('sitemapXml', () => {
  test('does not depend on the order of the pages, and takes another origin', () => {
    const paths = ['/pricing', '/ar', '/', '/ar/pricing']
    const xml = sitemapXml(paths, 'https://example.org')
    expect(sitemapXml([...paths].reverse(), 'https://example.org')).toBe(xml)
    expect(parseSitemap(xml).map((e) => e.loc)).toEqual([
      'https://example.org/',
      'https://example.org/ar',
      'https://example.org/ar/pricing',
      'https://example.org/pricing',
    ])
    expect(parseSitemap(xml)[2]!.alternates).toEqual({
      en: 'https://example.org/pricing',
      ar: 'https://example.org/ar/pricing',
      'x-default': 'https://example.org/pricing',
    })
  })
  test('escapes what XML needs escaped', () => {
    expect(sitemapXml(['/a&b'], 'https://example.org')).toContain('<loc>https://example.org/a&amp;b</loc>')
  })
})
