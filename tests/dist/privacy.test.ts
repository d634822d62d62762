// The privacy notice as built (pages/privacy/, docs/content.md "What each page carries"): the same
// sections under the same anchors in both languages, the facts of site.config.ts and api/contract/privacy.ts in its text, its
// contact and region from the configuration, and a link to it in the footer of every page.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { intlLocale } from '../../locales/intlLocale'
import type { Locale } from '../../locales/locales'
import { localizePath } from '../../locales/localizePath'
import { privacySections } from '../../pages/privacy/sections'
import { cookieMaxAge } from '../../renderer/client/cookie'
import { facts } from '../../site.config'
import { privacy } from '../../api/contract/privacy'
import { catalogs, shown } from '../routes'
import { localeCodes } from '../../locales/locales'

const dist = 'dist'
const read = (file: string) => readFileSync(join(dist, file), 'utf8')
const locales = localeCodes
const html: Record<Locale, string> = { en: read('privacy/index.html'), ar: read('ar/privacy/index.html') }
const main = (l: Locale) => /<main[^>]*>([\s\S]*?)<\/main>/.exec(html[l])![1]!
const decode = (s: string) =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
/** The text of a piece of markup, as a reader gets it. */
const text = (markup: string) => decode(markup.replace(/<[^>]+>/g, ''))
const headings = (l: Locale, level: 2 | 3) =>
  [...main(l).matchAll(new RegExp(`<h${level} id="([^"]+)"[^>]*>([\\s\\S]*?)</h${level}>`, 'g'))]
    .map((m) => ({ id: m[1]!, text: text(m[2]!) }))
    .filter((h) => h.id !== 'toc-title')

describe('the privacy notice', () => {
  test('has every section, in order, under the same anchor in both languages, each titled in its own language', () => {
    for (const l of locales) {
      const h2 = headings(l, 2)
      expect(h2.map((h) => h.id)).toEqual([...privacySections])
      for (const h of h2) expect(h.text).toBe(catalogs[l][`privacy.${h.id}.title`])
      // The table of contents links each section, in the same order.
      const toc = /<nav aria-labelledby="toc-title"[\s\S]*?<\/nav>/.exec(main(l))![0]
      expect([...toc.matchAll(/href="#([^"]+)"/g)].map((m) => m[1])).toEqual([...privacySections])
      // Every anchor is the id of one element only.
      for (const id of privacySections) expect(html[l].split(`id="${id}"`)).toHaveLength(2)
    }
    // The places of "what we collect" (h3) too: the same ids in both languages.
    expect(headings('ar', 3).map((h) => h.id)).toEqual(headings('en', 3).map((h) => h.id))
    expect(headings('en', 3).map((h) => h.id)).toEqual([
      'collect-sales',
      'collect-support',
      'collect-checkout',
      'collect-browser',
    ])
  })

  test('states the retention and reply times of api/contract/privacy.ts, and the cookie’s own lifetime', () => {
    const cases = [
      ['privacy.retention.leads', facts.leadRetentionDays],
      ['privacy.retention.sessions', facts.sessionRetentionDays],
      ['privacy.retention.browser', facts.browserKeepDays],
      ['privacy.retention.backups', facts.backupDays],
      ['privacy.rights.how', facts.privacyReplyDays],
      ['privacy.retention.cookie', cookieMaxAge / 86_400],
    ] as const
    for (const l of locales) {
      const page = text(main(l))
      const number = new Intl.NumberFormat(intlLocale(l))
      for (const [id, days] of cases) {
        const said = shown(l, id, { cookieDays: cookieMaxAge / 86_400, email: privacy.email })
        expect(said, id).toContain(number.format(days))
        expect(page, `${l}: ${id}`).toContain(said)
      }
    }
  })

  test('names its contact and region from api/contract/privacy.ts `privacy`, and its date in each language’s way', () => {
    for (const l of locales) {
      expect(main(l).match(new RegExp(`href="mailto:${privacy.email}"`, 'g'))).toHaveLength(2)
      expect(main(l)).toContain(`<code>${privacy.region}</code>`)
      const time = /<time dateTime="([^"]+)">([^<]+)<\/time>/i.exec(main(l))!
      expect(time[1]).toBe(privacy.updated)
      // British English (day, month, year), and the Arabic Gregorian months with Latin digits.
      const tag = l === 'en' ? 'en-GB' : intlLocale(l)
      expect(time[2]).toBe(
        new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(privacy.updated)),
      )
    }
    // Neither is typed into a message: the notice's words hold no address and no region.
    for (const l of locales)
      for (const [id, message] of Object.entries(catalogs[l]).filter(([id]) => id.startsWith('privacy.')))
        expect(message, id).not.toMatch(new RegExp(`@|${privacy.region}`))
  })

  test('is a page of text: no island, no script of its own, one sample note', () => {
    for (const l of locales) {
      expect(html[l]).not.toContain('data-island')
      expect(main(l).match(/<script/g)).toBeNull()
      expect(main(l).split(catalogs[l]['privacy.sample']!)).toHaveLength(2)
    }
  })

  test('every page with a footer links to it in the page’s language', () => {
    const pages = (readdirSync(dist, { recursive: true }) as string[])
      .map((f) => f.split('\\').join('/'))
      .filter((f) => f.endsWith('index.html'))
    let footers = 0
    for (const file of pages) {
      const footer = /<footer[\s\S]*?<\/footer>/.exec(read(file))?.[0]
      if (!footer) continue
      footers++
      const l: Locale = file.startsWith('ar/') ? 'ar' : 'en'
      expect(footer, file).toContain(`href="${localizePath('/privacy', l)}"`)
      expect(footer, file).toContain(`>${catalogs[l]['footer.privacy']}</a>`)
    }
    expect(footers).toBeGreaterThan(20)
  })
})
