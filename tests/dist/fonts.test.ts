// The self-hosted faces are cut to what the site shows (build/css.ts): every character of every
// built page that falls in a face's unicode-range is in that face, so no word renders in a fallback
// font by accident, and Arabic still shapes (its letters join).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fontverter from 'fontverter'
import { Blob, Buffer, Face, Font, shape } from 'harfbuzzjs'
import { describe, expect, test } from 'vitest'
import { completeFaces } from '../../api/contract/faces'
import { faces as buildFaces, inRange, messageText, shownText, signFaces } from '../../build/css'
import { showsSign } from '../../build/readPage'
import { type Locale, scriptOf } from '../../locales/locales'
import { loadCatalogs } from '../../locales/catalogs'

const dist = 'dist'
const files = (readdirSync(dist, { recursive: true }) as string[]).map((f) => f.split('\\').join('/'))
const css = readFileSync(join(dist, files.find((f) => /^assets\/site\.[^/]+\.css$/.test(f))!), 'utf8')

/** The stylesheet's faces: file, weight and range. */
const faces = [...css.matchAll(/@font-face\{([^}]*)\}/g)].map(([, body]) => ({
  file: /src:url\(([^)]+)\)/.exec(body!)![1]!,
  family: /font-family:"?([^";]+)/.exec(body!)![1]!,
  weight: /font-weight:(\d+)/.exec(body!)![1]!,
  covers: inRange(/unicode-range:([^;}]+)/.exec(body!)![1]!),
}))

async function openFace(file: string) {
  const sfnt = await fontverter.convert(readFileSync(join(dist, file)), 'truetype')
  const face = new Face(new Blob(sfnt), 0)
  return { face, font: new Font(face), chars: new Set(face.collectUnicodes()) }
}

const pages = files.filter((f) => f.endsWith('.html'))

/** Control characters and invisible format characters (bidi marks and isolates, joiners) draw no glyph. */
const invisible = /[\p{Cc}\p{Cf}]/u

describe('the fonts are cut to the site’s text', () => {
  test('there are faces for both scripts, each much smaller than the whole face', () => {
    expect(faces.map((f) => `${f.family} ${f.weight}`)).toEqual([
      'Inter 400',
      'Inter 600',
      'Inter 700',
      // One file per weight for its Latin and its Arabic (api/contract/faces.ts `completeFaces`).
      'IBM Plex Sans Arabic 400',
      'IBM Plex Sans Arabic 700',
      'Rasid Riyal Sign 400',
      'Rasid Riyal Sign 700',
    ])
    for (const f of faces) expect(readFileSync(join(dist, f.file)).length, f.file).toBeLessThan(20_000)
  })

  test('every character of every page, and of every catalog message, is in the face that draws it', async () => {
    // A page's own script's faces come first in its font stack; a character none of them covers is
    // drawn by a face of another script (an Arabic name on an English page).
    // The riyal sign's faces belong to no script (below): a page's own faces leave the sign to them.
    const scriptOfFace = (file: string) =>
      completeFaces.some((c) => file.includes(`/${c.name}.`))
        ? 'arabic'
        : (buildFaces.find((f) =>
            file.includes(
              `/${f.file
                .split('/')
                .pop()!
                .replace(/\.woff2$/, '')}.`,
            ),
          )?.script ?? 'sign')
    const texts = [
      ...pages.map((file) => {
        const html = readFileSync(join(dist, file), 'utf8')
        const lang = /<html[^>]* lang="([^"]+)"/.exec(html)![1] as Locale
        return { where: file, script: scriptOf(lang), text: shownText(html) }
      }),
      ...Object.entries(loadCatalogs()).map(([locale, catalog]) => ({
        where: `locales/${locale}.json`,
        script: scriptOf(locale as Locale),
        text: Object.values(catalog).map(messageText).join('\n'),
      })),
    ]
    const opened: ((typeof faces)[number] & { script: string; chars: Set<number> })[] = []
    // One at a time: harfbuzzjs reads one face at a time.
    for (const f of faces) opened.push({ ...f, script: scriptOfFace(f.file), ...(await openFace(f.file)) })
    const missing: string[] = []
    for (const { where, script, text } of texts)
      for (const c of new Set(text)) {
        const code = c.codePointAt(0)!
        if (invisible.test(c)) continue
        const own = opened.filter((f) => f.script === script && f.covers(code))
        for (const f of own.length ? own : opened.filter((x) => x.covers(code)))
          if (!f.chars.has(code))
            missing.push(`${where}: "${c}" (U+${code.toString(16).toUpperCase()}) is not in ${f.file}`)
      }
    expect(missing).toEqual([])
  })

  test('Arabic still shapes: a letter has its initial, medial and final forms, and nothing is missing', async () => {
    for (const f of faces.filter((x) => x.family === 'IBM Plex Sans Arabic' && x.covers(0x0645))) {
      const { font } = await openFace(f.file)
      const glyphs = (text: string) => {
        const buffer = new Buffer()
        buffer.addText(text)
        buffer.guessSegmentProperties()
        shape(font, buffer)
        return buffer.getGlyphInfos().map((g) => g.codepoint)
      }
      const forms = glyphs('ممم')
      expect(new Set(forms).size, f.file).toBe(3)
      // The spaces too: the Arabic face draws the spaces between Arabic words.
      expect(glyphs('استقبل المدفوعات في المملكة العربية السعودية'), f.file).not.toContain(0)
    }
  })
})

// The Saudi riyal sign (U+20C1) has faces of its own, cut to that one glyph, which only the
// pages that show the sign preload; the stylesheet declares them with the sign's range alone, so no
// other page fetches them.
describe('the riyal sign’s faces', () => {
  const signs = faces.filter((f) => f.family === signFaces[0].family)

  test('are cut to the sign: one character, a few hundred bytes; declared for the sign alone', async () => {
    expect(signs.map((f) => f.weight)).toEqual(['400', '700'])
    for (const f of signs) {
      const { chars } = await openFace(f.file)
      expect([...chars], f.file).toEqual([0x20c1])
      expect(readFileSync(join(dist, f.file)).length, f.file).toBeLessThan(1_000)
      expect(f.covers(0x20c1) && !f.covers(0x20) && !f.covers(0x30) && !f.covers(0xfdfc)).toBe(true)
    }
    // The sign waits for its face rather than showing as a missing glyph (`optional` would keep it).
    for (const [, body] of css.matchAll(/@font-face\{([^}]*Rasid Riyal Sign[^}]*)\}/g))
      expect(body).toContain('font-display:block')
  })

  test('only the pages that show the sign preload them, and every such page does', () => {
    const preloading: string[] = []
    const showing: string[] = []
    for (const file of pages) {
      const html = readFileSync(join(dist, file), 'utf8')
      const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map((m) => m[1]!)
      const own = preloads.filter((href) => signs.some((f) => f.file === href))
      if (own.length) {
        expect(own.sort(), file).toEqual(signs.map((f) => f.file).sort())
        preloading.push(file)
      }
      if (showsSign(html)) showing.push(file)
      // No page names the files otherwise: the stylesheet declares them.
      for (const f of signs) expect(html.split(f.file).length - 1, `${file} ${f.file}`).toBe(own.length ? 1 : 0)
    }
    expect(preloading).toEqual(showing)
    // The home page's product shot shows an order and a payout in riyals.
    for (const file of [
      'index.html',
      'ar/index.html',
      'pricing/index.html',
      'ar/pricing/index.html',
      'design/index.html',
      'ar/design/index.html',
    ])
      expect(preloading, file).toContain(file)
    // The checkout's empty cart offers the plans at their prices in the first market's riyals
    // (pages/checkout/EmptyCart.tsx); a stored cart is drawn by its island from what the visitor
    // stored (tests/e2e/riyalSign.spec.ts).
    for (const file of ['checkout/index.html', 'ar/checkout/index.html']) expect(preloading, file).toContain(file)
    for (const file of ['services/index.html', 'contact-us/index.html', 'guide/index.html'])
      expect(preloading, file).not.toContain(file)
    // The pages with the sign in their text are the pricing pages, the design page's preview and
    // the English guides that give an amount in riyals; each shows it with its name.
    for (const file of pages) {
      const html = readFileSync(join(dist, file), 'utf8')
      const shown = shownText(html)
      if (!shown.includes('\u20C1')) continue
      expect(preloading, file).toContain(file)
      const name = /<html[^>]* lang="ar"/.test(html) ? 'ريال سعودي' : 'Saudi riyals'
      expect(html, file).toContain(`<span role="img" aria-label="${name}">\u20C1</span>`)
      expect(html.split('\u20C1').length, file).toBe(html.split(`aria-label="${name}">\u20C1<`).length)
    }
  })
})
