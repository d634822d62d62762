// build/cards/png.ts: the PNG a card is written as decodes to the pixels it was given, indexed up to
// 256 colours and RGB past them, whatever the buffer's offset. Decoded here by hand (inflate, then
// filter type 0 rows), so the test checks the encoder against the format, not against itself.
import { inflateSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { encodePng } from '../../build/cards/png'

function decode(png: Uint8Array) {
  const b = Buffer.from(png)
  let o = 8
  let width = 0
  let height = 0
  let type = 0
  let palette: Buffer | undefined
  const idat: Buffer[] = []
  while (o < b.length) {
    const length = b.readUInt32BE(o)
    const kind = b.toString('latin1', o + 4, o + 8)
    const data = b.subarray(o + 8, o + 8 + length)
    if (kind === 'IHDR') {
      width = data.readUInt32BE(0)
      height = data.readUInt32BE(4)
      type = data[9]!
    } else if (kind === 'PLTE') palette = data
    else if (kind === 'IDAT') idat.push(data)
    o += 12 + length
  }
  const raw = inflateSync(Buffer.concat(idat))
  const per = type === 3 ? 1 : 3
  const rgb: number[] = []
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * per)
    expect(raw[row]).toBe(0)
    for (let x = 0; x < width; x++) {
      const at = row + 1 + x * per
      const px = type === 3 ? palette!.subarray(raw[at]! * 3, raw[at]! * 3 + 3) : raw.subarray(at, at + 3)
      rgb.push(px[0]!, px[1]!, px[2]!)
    }
  }
  return { width, height, type, rgb }
}

/** An opaque RGBA image whose pixel i has colour(i). */
function image(width: number, height: number, colour: (i: number) => [number, number, number]) {
  const rgba = new Uint8Array(width * height * 4)
  const rgb: number[] = []
  for (let i = 0; i < width * height; i++) {
    const c = colour(i)
    rgba.set([...c, 255], i * 4)
    rgb.push(...c)
  }
  return { rgba, rgb }
}

describe('card PNG', () => {
  test('a few colours in runs: indexed, and decodes to the same pixels', () => {
    const { rgba, rgb } = image(40, 12, (i) =>
      i % 40 < 13 ? [255, 255, 255] : i % 40 < 27 ? [15, 118, 110] : [1, 2, 3],
    )
    const png = decode(encodePng(rgba, 40, 12))
    expect(png).toMatchObject({ width: 40, height: 12, type: 3 })
    expect(png.rgb).toEqual(rgb)
  })

  test('256 colours stay indexed; 257 are written as RGB; both decode to the same pixels', () => {
    for (const [n, type] of [
      [256, 3],
      [257, 2],
    ] as const) {
      const { rgba, rgb } = image(n, 3, (i) => [(i % n) & 255, (i % n) >> 8, 7])
      const png = decode(encodePng(rgba, n, 3))
      expect(png.type).toBe(type)
      expect(png.rgb).toEqual(rgb)
    }
  })

  test('alpha is ignored, the same pixels give the same bytes, and an unaligned buffer reads the same', () => {
    const { rgba, rgb } = image(9, 5, (i) => [i * 5, 200 - i, 40])
    const translucent = rgba.map((v, i) => (i % 4 === 3 ? 0 : v))
    expect(decode(encodePng(translucent, 9, 5)).rgb).toEqual(rgb)
    const shifted = new Uint8Array(rgba.length + 1).fill(0)
    shifted.set(rgba, 1)
    const a = encodePng(rgba, 9, 5)
    expect(Buffer.from(encodePng(shifted.subarray(1), 9, 5)).equals(Buffer.from(a))).toBe(true)
    expect(Buffer.from(encodePng(rgba.slice(), 9, 5)).equals(Buffer.from(a))).toBe(true)
  })
})
