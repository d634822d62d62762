// dist/sitemap.xml, dist/robots.txt (build/sitemap.ts) and dist/.well-known/security.txt (build/securityTxt.ts), as the build wrote them (tests/dist: after `npm run build`).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { robotsTxt } from '../../build/sitemap'
import { pathOfHtml } from '../../renderer/shared/paths'
import { pageHead } from '../../renderer/shared/shell'
import { site } from '../../site.config'
import { parseSitemap } from '../sitemap'
import { isNotFoundFile } from '../../renderer/shared/paths'

const dist = 'dist'
const read = (file: string) => readFileSync(join(dist, file), 'utf8')
const pages = (readdirSync(dist, { recursive: true }) as string[])
  .map((f) => f.split('\\').join('/'))
  .filter((f) => f.endsWith('.html') && !isNotFoundFile(f))

const entries = parseSitemap(read('sitemap.xml'))

describe('dist/sitemap.xml', () => {
  test('is a sitemap with xhtml alternates, in its namespaces, without dates', () => {
    const xml = read('sitemap.xml')
    expect(xml).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9" xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml">\n/,
    )
    expect(xml.trimEnd()).toMatch(/<\/urlset>$/)
    expect(xml).not.toMatch(/lastmod|changefreq|priority/)
  })

  test('lists every prerendered page of every language exactly once, on site.origin, and nothing else', () => {
    expect(pages.length).toBeGreaterThan(10)
    const locs = entries.map((e) => e.loc)
    expect(new Set(locs).size).toBe(locs.length)
    expect([...locs].sort()).toEqual(pages.map((f) => site.origin + pathOfHtml(f)).sort())
    for (const loc of locs) expect(loc.startsWith(`${site.origin}/`), loc).toBe(true)
    expect(locs).toContain(`${site.origin}/`)
    expect(locs).toContain(`${site.origin}/ar`)
    expect(locs).toContain(`${site.origin}/ar/guide/getting-started`)
    expect(locs.filter((l) => /404|_payload|\.json$|\.html$/.test(l))).toEqual([])
  })

  test('is sorted by address', () => {
    const locs = entries.map((e) => e.loc)
    expect(locs).toEqual([...locs].sort())
  })

  test('every page has en, ar and x-default (English) alternates, reciprocal: each alternate lists the same set', () => {
    const byLoc = new Map(entries.map((e) => [e.loc, e]))
    for (const { loc, alternates } of entries) {
      expect(Object.keys(alternates), loc).toEqual(['en', 'ar', 'x-default'])
      expect(alternates['x-default'], loc).toBe(alternates.en)
      expect(Object.values(alternates), `${loc} is one of its own alternates`).toContain(loc)
      for (const href of Object.values(alternates)) {
        expect(byLoc.get(href)?.alternates, `${loc} -> ${href}`).toEqual(alternates)
      }
    }
  })

  test("each page's alternates are the hreflang links of its own head", () => {
    for (const file of pages) {
      // The page's head as a navigation rebuilds it: its payload with its language's shell.
      const payload = JSON.parse(read(file.replace(/index\.html$/, '_payload.json')))
      const tags = pageHead(JSON.parse(read(`_shell/${payload.locale}.json`)), payload)
      const head = tags
        .filter((t: { attrs: Record<string, string> }) => t.attrs.hreflang)
        .map((t: { attrs: Record<string, string> }) => [t.attrs.hreflang, t.attrs.href])
      const canonical = payload.head.find((t: { attrs: Record<string, string> }) => t.attrs.rel === 'canonical').attrs
        .href
      const entry = entries.find((e) => e.loc === canonical)
      expect(entry, file).toBeDefined()
      expect(Object.entries(entry!.alternates), file).toEqual(head)
      // And the HTML says the same as its payload.
      const html = read(file).toLowerCase()
      for (const [lang, href] of head)
        expect(html, file).toContain(`<link rel="alternate" hreflang="${lang}" href="${href}"/>`.toLowerCase())
    }
  })
})

test('dist/robots.txt allows everything and points to the sitemap on site.origin', () => {
  const robots = read('robots.txt')
  expect(robots.split('\n')).toEqual(
    expect.arrayContaining(['User-agent: *', 'Allow: /', `Sitemap: ${site.origin}/sitemap.xml`]),
  )
  expect(robots).toBe(robotsTxt())
})

test('dist/.well-known/security.txt says, as RFC 9116 asks, whom to write, until when, and the policy in both languages', () => {
  const text = read('.well-known/security.txt')
  const fields = text
    .trim()
    .split('\n')
    .map((line) => /^([\w-]+): (.+)$/.exec(line)!)
  const values = (name: string) => fields.filter((f) => f[1] === name).map((f) => f[2]!)
  expect(values('Contact')).toEqual([`mailto:${site.email.security}`])
  expect(values('Canonical')).toEqual([`${site.origin}/.well-known/security.txt`])
  // One Expires, less than a year after the build (the RFC's advice), in the future of it.
  const { timestamp } = JSON.parse(read('builds/latest.json')) as { timestamp: number }
  const [expires] = values('Expires')
  expect(values('Expires')).toHaveLength(1)
  expect(expires).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
  const days = (Date.parse(expires!) - timestamp) / 86_400_000
  expect(days).toBeGreaterThan(30)
  expect(days).toBeLessThan(365)
  // Each policy is a built page, and its anchor the heading of its section on that page.
  const policies = values('Policy')
  expect(policies).toHaveLength(2)
  for (const policy of policies) {
    const url = new URL(policy)
    expect(url.origin).toBe(site.origin)
    const html = read(join(url.pathname.slice(1), 'index.html'))
    expect(html, policy).toContain(`id="${decodeURIComponent(url.hash.slice(1))}"`)
    // The security guide names the same address.
    expect(html).toContain(site.email.security)
  }
  expect(values('Preferred-Languages')).toEqual(['en, ar'])
})
