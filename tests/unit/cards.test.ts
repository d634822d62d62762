// The social cards' drawing (build/cards/, docs/cards.md): deterministic, keyed by what decides the
// pixels, 1200 x 630 and small. No build: the faces come from node_modules.
import { beforeAll, describe, expect, test } from 'vitest'
import { drawCard } from '../../build/cards/draw'
import { CARD_BUDGET, CARD_HEIGHT, CARD_WIDTH, type CardText, cardKey, drawingIdentity } from '../../build/cards/key'
import { startResvg } from '../../build/cards/render'
import { type Faces, openFaces } from '../../build/cards/shape'

const ar: CardText = {
  locale: 'ar',
  dir: 'rtl',
  title: 'مفاتيح API',
  line: 'البدء',
  brand: 'رصيد',
}
const en: CardText = {
  locale: 'en',
  dir: 'ltr',
  title: 'A title long enough to need three lines on the card, and more words than fit on them: it is cut',
  line: 'A description far too long for the one line under the title, which the card shortens with an ellipsis at a word.',
  brand: 'Rasid',
}

const ihdr = (png: Uint8Array) => {
  const view = Buffer.from(png)
  expect(view.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  expect(view.toString('latin1', 12, 16)).toBe('IHDR')
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) }
}

let faces: Faces
beforeAll(async () => {
  ;[faces] = await Promise.all([openFaces(), startResvg()])
})

describe('cards', () => {
  test('the same text draws the same bytes, with faces opened again too', async () => {
    const again = await openFaces()
    for (const text of [ar, en]) {
      const a = drawCard(faces, text)
      expect(Buffer.from(drawCard(faces, text)).equals(Buffer.from(a))).toBe(true)
      expect(Buffer.from(drawCard(again, text)).equals(Buffer.from(a))).toBe(true)
    }
  })

  test('a card is a 1200 x 630 PNG within the budget, even with a title and line too long for it', () => {
    for (const text of [ar, en]) {
      const png = drawCard(faces, text)
      expect(ihdr(png)).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT })
      expect(png.length).toBeLessThan(CARD_BUDGET)
    }
  })

  test('a changed title, line, locale or brand, or another drawing, is another key; the same text the same key', () => {
    const key = cardKey(ar)
    expect(cardKey({ ...ar })).toBe(key)
    expect(cardKey({ ...ar, title: 'مفاتيح API الجديدة' })).not.toBe(key)
    expect(cardKey({ ...ar, line: 'الاختبار والتشغيل الفعلي' })).not.toBe(key)
    expect(cardKey({ ...ar, brand: 'Rasid' })).not.toBe(key)
    expect(cardKey({ ...ar, locale: 'en', dir: 'ltr' })).not.toBe(key)
    expect(cardKey(ar, 'another drawing')).not.toBe(key)
    expect(drawingIdentity()).toMatch(/^[0-9a-f]{64}$/)
  })

  test('a changed title draws different pixels', () => {
    const a = drawCard(faces, ar)
    const b = drawCard(faces, { ...ar, title: 'مفاتيح الاختبار' })
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false)
  })
})
