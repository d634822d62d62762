// SVG to PNG: rasterized by resvg (WebAssembly, deterministic: no system fonts, no text; the glyphs
// are paths already), started once per thread, and encoded by ./png.ts.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { initWasm, Resvg } from '@resvg/resvg-wasm'
import { encodePng } from './png'

let ready: Promise<void> | undefined

export function startResvg(root = process.cwd()): Promise<void> {
  ready ??= initWasm(readFileSync(createRequire(join(root, 'package.json')).resolve('@resvg/resvg-wasm/index_bg.wasm')))
  return ready
}

/** The PNG of an SVG, at its own size. Call `startResvg()` first. */
export function svgToPng(svg: string): Uint8Array {
  const resvg = new Resvg(svg, { font: { loadSystemFonts: false }, shapeRendering: 2 })
  try {
    const image = resvg.render()
    try {
      return encodePng(image.pixels, image.width, image.height)
    } finally {
      image.free()
    }
  } finally {
    resvg.free()
  }
}
