// The self-hosted faces are cut to what the site shows (build/css.ts): every character of every
// built page that falls in a face's unicode-range is in that face, so no word renders in a fallback
// font by accident, and Arabic still shapes (its letters join).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fontverter from 'fontverter'
import { Blob, Buffer, Face, Font, shape } from 'harfbuzzjs'
import { describe, expect, test } from 'vitest'
import { inRange, shownText } from '../../build/css'
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
      'Inter 700',
      'IBM Plex Sans Arabic 400',
      'IBM Plex Sans Arabic 700',
      'IBM Plex Sans Arabic 400',
      'IBM Plex Sans Arabic 700',
    ])
    for (const f of faces) expect(readFileSync(join(dist, f.file)).length, f.file).toBeLessThan(20_000)
  })

  test('every character of every page, and of every catalog message, is in the face of its script', async () => {
    const texts = [
      ...pages.map((file) => ({ where: file, text: shownText(readFileSync(join(dist, file), 'utf8')) })),
      ...Object.entries(loadCatalogs()).map(([locale, catalog]) => ({
        where: `locales/${locale}.json`,
        text: Object.values(catalog).join('\n'),
      })),
    ]
    const missing: string[] = []
    for (const f of faces) {
      const { chars } = await openFace(f.file)
      for (const { where, text } of texts)
        for (const c of new Set(text)) {
          const code = c.codePointAt(0)!
          if (f.covers(code) && !invisible.test(c) && !chars.has(code))
            missing.push(`${where}: "${c}" (U+${code.toString(16).toUpperCase()}) is not in ${f.file}`)
        }
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
      // Word by word: the space is not in the Arabic face's range, the page's next face draws it.
      for (const word of 'استقبل المدفوعات في المملكة العربية السعودية'.split(' '))
        expect(glyphs(word), `${word} in ${f.file}`).not.toContain(0)
    }
  })
})
