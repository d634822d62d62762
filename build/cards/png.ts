// RGBA pixels to PNG, smaller and faster than resvg's own encoder (which writes every pixel as four
// bytes): a card's flat colours and their anti-aliased edges make about a hundred colours, so it is
// written as an indexed PNG (one byte a pixel), or as RGB past 256 colours. One pass over the
// pixels read 32 bits at a time: the palette is numbered in the order its colours first appear
// (so the same pixels give the same bytes), and a run of one colour looks it up once. Deflated by
// Node's zlib with run-length matching only (Z_RLE): rows of one colour are what a card is made of,
// and it packs them as tightly as level 4 in a third of the time. Node's zlib version is part of
// the cards' key (./key.ts): another zlib may pack the same pixels into other bytes.
import { endianness } from 'node:os'
import { constants, crc32, deflateSync } from 'node:zlib'

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const LITTLE = endianness() === 'LE'

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'latin1')
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

/** A pixel's colour as 0xRRGGBB from its 32-bit word (alpha dropped). */
const rgb = LITTLE
  ? (word: number) => ((word & 0xff) << 16) | (word & 0xff00) | ((word >>> 16) & 0xff)
  : (word: number) => word >>> 8

/** Each pixel's palette index, one byte per pixel after each row's filter byte; undefined past 256 colours. */
function indexed(words: Uint32Array, width: number, height: number) {
  const raw = Buffer.alloc(height * (1 + width)) // each row: filter type 0 (none), then its bytes
  const index = new Map<number, number>()
  const colours: number[] = []
  let last = -1
  let lastIndex = 0
  for (let y = 0, s = 0; y < height; y++)
    for (let x = 0, o = y * (1 + width) + 1; x < width; x++, s++) {
      const word = words[s]!
      if (word !== last) {
        last = word
        const c = rgb(word)
        let i = index.get(c)
        if (i === undefined) {
          if (colours.length === 256) return undefined
          i = colours.push(c) - 1
          index.set(c, i)
        }
        lastIndex = i
      }
      raw[o + x] = lastIndex
    }
  const palette = Buffer.alloc(colours.length * 3)
  colours.forEach((c, i) => {
    palette.writeUIntBE(c, i * 3, 3)
  })
  return { raw, palette }
}

function truecolour(rgba: Uint8Array, width: number, height: number): Buffer {
  const stride = width * 3
  const raw = Buffer.alloc(height * (1 + stride))
  for (let y = 0; y < height; y++)
    for (let x = 0, o = y * (1 + stride) + 1, s = y * width * 4; x < width; x++, s += 4) {
      raw[o + x * 3] = rgba[s]!
      raw[o + x * 3 + 1] = rgba[s + 1]!
      raw[o + x * 3 + 2] = rgba[s + 2]!
    }
  return raw
}

/** An opaque image (alpha is ignored) as PNG bytes. */
export function encodePng(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const aligned = rgba.byteOffset % 4 === 0 ? rgba : rgba.slice()
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, width * height)
  const found = indexed(words, width, height)
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = found ? 3 : 2 // colour type: indexed, or RGB
  const raw = found ? found.raw : truecolour(rgba, width, height)
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    ...(found ? [chunk('PLTE', found.palette)] : []),
    chunk('IDAT', deflateSync(raw, { level: 9, strategy: constants.Z_RLE })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
