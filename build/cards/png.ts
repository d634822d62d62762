// RGBA pixels to PNG, smaller and faster than resvg's own encoder (which writes every pixel as four
// bytes): a card's flat colours and their anti-aliased edges make about a hundred colours, so it is
// written as an indexed PNG (one byte a pixel, the palette sorted, so the same pixels give the same
// bytes), or as RGB past 256 colours. Deflated by Node's zlib, whose version is part of the cards'
// key (./key.ts): another zlib may pack the same pixels into other bytes.
import { crc32, deflateSync } from 'node:zlib'

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'latin1')
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

/** An opaque image (alpha is ignored) as PNG bytes. */
export function encodePng(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const pixels = width * height
  const colours = new Set<number>()
  for (let i = 0; i < pixels && colours.size <= 256; i++)
    colours.add((rgba[i * 4]! << 16) | (rgba[i * 4 + 1]! << 8) | rgba[i * 4 + 2]!)
  const indexed = colours.size <= 256
  const stride = indexed ? width : width * 3
  const raw = Buffer.alloc(height * (1 + stride)) // each row: filter type 0 (none), then its bytes
  let palette: Buffer | undefined
  if (indexed) {
    const sorted = [...colours].sort((a, b) => a - b)
    const index = new Map(sorted.map((c, i) => [c, i]))
    palette = Buffer.alloc(sorted.length * 3)
    sorted.forEach((c, i) => {
      palette!.writeUIntBE(c, i * 3, 3)
    })
    let last = -1
    let lastIndex = 0
    for (let y = 0; y < height; y++)
      for (let x = 0, o = y * (1 + stride) + 1, s = y * width * 4; x < width; x++, s += 4) {
        const c = (rgba[s]! << 16) | (rgba[s + 1]! << 8) | rgba[s + 2]!
        if (c !== last) {
          last = c
          lastIndex = index.get(c)!
        }
        raw[o + x] = lastIndex
      }
  } else {
    for (let y = 0; y < height; y++)
      for (let x = 0, o = y * (1 + stride) + 1, s = y * width * 4; x < width; x++, s += 4) {
        raw[o + x * 3] = rgba[s]!
        raw[o + x * 3 + 1] = rgba[s + 1]!
        raw[o + x * 3 + 2] = rgba[s + 2]!
      }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = indexed ? 3 : 2 // colour type: indexed, or RGB
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    ...(palette ? [chunk('PLTE', palette)] : []),
    chunk('IDAT', deflateSync(raw, { level: 4 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
