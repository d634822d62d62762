// Every built page names its social card (docs/cards.md): the tags once each, the card's file in
// dist/ (a 1200 x 630 PNG within the budget), its alternative text in the page's language, the same
// tags in what a navigation rebuilds from the page's payload and its language's shell; and none of the card code in the browser's scripts.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { CARD_BUDGET, CARD_HEIGHT, CARD_WIDTH, CARDS_DIR } from '../../build/cards/key'
import { attr, element, elements, is, parseHtml } from '../../build/html'
import { isPageHeadTag, type PagePayload } from '../../renderer/shared/payload'
import { type PageShell, pageHead } from '../../renderer/shared/shell'
import { site } from '../../site.config'

const dist = 'dist'
const files = (readdirSync(dist, { recursive: true }) as string[]).map((f) => f.split('\\').join('/'))
const pages = files.filter((f) => f.endsWith('.html')).sort()
const read = (file: string) => readFileSync(join(dist, file), 'utf8')

/** The card's tags: how each is named, and what it must say (null: checked below). */
const expected: [kind: 'property' | 'name', name: string, content: string | null][] = [
  ['property', 'og:image', null],
  ['property', 'og:image:width', String(CARD_WIDTH)],
  ['property', 'og:image:height', String(CARD_HEIGHT)],
  ['property', 'og:image:type', 'image/png'],
  ['property', 'og:image:alt', null],
  ['name', 'twitter:card', 'summary_large_image'],
]

function cardTags(file: string) {
  const doc = parseHtml(read(file)).document
  const html = element(doc, is('html'))!
  const head = element(html, is('head'))!
  const metas = elements(head, is('meta'))
  const tags = Object.fromEntries(
    expected.map(([kind, name]) => [name, metas.filter((m) => attr(m, kind) === name).map((m) => attr(m, 'content'))]),
  )
  return { lang: attr(html, 'lang')!, tags }
}

const arabic = /\p{Script=Arabic}/u

describe('social cards', () => {
  test.each(pages)('%s names its card once, and the card is there', (file) => {
    const { lang, tags } = cardTags(file)
    for (const [kind, name, content] of expected) {
      expect(tags[name], `${file}: <meta ${kind}="${name}">`).toHaveLength(1)
      expect(
        isPageHeadTag('meta', (a) => (a === kind ? name : null)),
        `${name} is a page head tag`,
      ).toBe(true)
      if (content !== null) expect(tags[name]![0]).toBe(content)
    }
    const url = tags['og:image']![0]!
    expect(url.startsWith(`${site.origin}/${CARDS_DIR}/`), url).toBe(true)
    const key = url.slice(site.origin.length + 1)
    expect(existsSync(join(dist, key)), key).toBe(true)
    const png = readFileSync(join(dist, key))
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
    expect(png.toString('latin1', 12, 16)).toBe('IHDR')
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([CARD_WIDTH, CARD_HEIGHT])
    expect(png.length).toBeLessThan(CARD_BUDGET)
    const alt = tags['og:image:alt']![0]!
    if (lang === 'ar') expect(alt).toMatch(arabic)
    else expect(alt).not.toMatch(arabic)
    expect(alt).toContain(lang === 'ar' ? site.name.ar : site.name.en)
  })

  test.each(pages.filter((f) => !f.endsWith('404.html')))(
    'the payload of %s and its shell carry the same card tags',
    (file) => {
      const payload = JSON.parse(read(file.replace(/index\.html$/, '_payload.json'))) as PagePayload
      const shell = JSON.parse(read(`_shell/${payload.locale}.json`)) as PageShell
      const { tags } = cardTags(file)
      for (const [kind, name] of expected) {
        const carried = pageHead(shell, payload)
          .filter((t) => t.tag === 'meta' && t.attrs[kind] === name)
          .map((t) => t.attrs.content)
        expect(carried, `${file}: ${name}`).toEqual(tags[name])
      }
    },
  )

  test('pages in two languages have cards of their own, and dist/ holds no card that no page names', () => {
    const named = new Set(pages.map((f) => cardTags(f).tags['og:image']![0]!.slice(site.origin.length + 1)))
    const held = files.filter((f) => f.startsWith(`${CARDS_DIR}/`))
    expect(held.sort()).toEqual([...named].sort())
    expect(cardTags('pricing/index.html').tags['og:image']).not.toEqual(
      cardTags('ar/pricing/index.html').tags['og:image'],
    )
  })

  test('no card code reaches the browser', () => {
    for (const f of files.filter((f) => f.endsWith('.js'))) {
      const js = read(f)
      for (const word of ['glyphToPath', 'resvg', 'getEmbeddingLevels', 'rasid-cards', 'drawingIdentity'])
        expect(js.includes(word), `${f} holds ${word}`).toBe(false)
    }
  })
})
