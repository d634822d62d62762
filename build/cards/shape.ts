// Text to glyph outlines, as a browser would draw it (docs/cards.md): the Unicode bidi algorithm
// (bidi-js, UAX #9) splits a line into runs of one direction and orders them; each run is cut where
// the face changes (the stylesheet's rule: the last declared face whose unicode-range holds the
// character) and shaped by HarfBuzz (joined Arabic letters, ligatures, kerning, mirrored brackets);
// the glyphs become SVG path data.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import bidiFactory from 'bidi-js'
import fontverter from 'fontverter'
import { Blob, Buffer, Direction, Face, Font, shape } from 'harfbuzzjs'
import type { Dir } from '../../locales/locales'
import { faces as siteFaces, inRange } from '../css'
import { cardFaceFiles } from './files'

const bidi = bidiFactory()

export type Weight = 400 | 700
export type FaceScript = keyof typeof cardFaceFiles

interface OpenFace {
  font: Font
  upem: number
  covers: (codePoint: number) => boolean
  /** Glyph outlines in font units, y up, by glyph id. */
  paths: Map<number, string>
}

export interface Faces {
  /** By script and weight, in the stylesheet's order. */
  faces: Record<FaceScript, Record<Weight, OpenFace[]>>
}

/** Opens the card faces (woff2 made TrueType for HarfBuzz). */
export async function openFaces(root = process.cwd()): Promise<Faces> {
  const require = createRequire(join(root, 'package.json'))
  const open = async (file: string): Promise<OpenFace> => {
    const site = siteFaces.find((f) => f.file === file)
    if (!site) throw new Error(`${file} is not one of the site's faces (build/css.ts)`)
    const sfnt = await fontverter.convert(readFileSync(require.resolve(file)), 'truetype')
    const face = new Face(new Blob(sfnt), 0)
    const cmap = new Set(face.collectUnicodes())
    const range = inRange(site.range)
    return { font: new Font(face), upem: face.upem, covers: (c) => range(c) && cmap.has(c), paths: new Map() }
  }
  const faces = {} as Faces['faces']
  for (const [script, weights] of Object.entries(cardFaceFiles) as [FaceScript, Record<Weight, readonly string[]>][]) {
    faces[script] = {} as Record<Weight, OpenFace[]>
    for (const weight of [400, 700] as const) {
      faces[script][weight] = []
      // One at a time: harfbuzzjs's heap is shared.
      for (const file of weights[weight]) faces[script][weight].push(await open(file))
    }
  }
  return { faces }
}

/** A shaped line: its glyphs placed left to right from x = 0 on the baseline, in font units of each face scaled to px. */
export interface ShapedLine {
  width: number
  glyphs: { face: OpenFace; id: number; x: number; y: number; scale: number }[]
}

/** How a line is shaped: `unshaped` and `logical` are the shaping test's negative controls. */
export type ShapeMode = 'shaped' | 'unshaped' | 'logical'

/**
 * Shapes one line of text in the page's direction at `size` px. The faces of the page's script come
 * first; a character none of them has is drawn with the other script's (a Latin brand on an Arabic
 * card, say).
 */
export function shapeLine(
  { faces }: Faces,
  text: string,
  dir: Dir,
  script: FaceScript,
  weight: Weight,
  size: number,
  mode: ShapeMode = 'shaped',
): ShapedLine {
  const order = [
    ...[...faces[script][weight]].reverse(),
    ...[...faces[script === 'latin' ? 'arabic' : 'latin'][weight]].reverse(),
  ]
  const faceOf = (c: number) => order.find((f) => f.covers(c)) ?? order[0]!
  const embedding = bidi.getEmbeddingLevels(text, dir)
  const { levels } = embedding
  // Runs of one level and one face, in logical order (string indices, UTF-16).
  const runs: { start: number; end: number; level: number; face: OpenFace }[] = []
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!
    const n = cp > 0xffff ? 2 : 1
    const face = faceOf(cp)
    const last = runs.at(-1)
    if (last && last.level === levels[i] && last.face === face && mode !== 'unshaped') last.end = i + n
    else runs.push({ start: i, end: i + n, level: levels[i]!, face })
    i += n
  }
  // Visual order of the runs, from bidi-js's reordering of the characters (rule L2).
  let visual = runs
  if (mode !== 'logical') {
    const runOf = new Map<number, (typeof runs)[number]>()
    for (const run of runs) for (let i = run.start; i < run.end; i++) runOf.set(i, run)
    const seen = new Set<(typeof runs)[number]>()
    visual = []
    for (const i of bidi.getReorderedIndices(text, embedding, 0, text.length - 1)) {
      const run = runOf.get(i)
      if (run && !seen.has(run)) {
        seen.add(run)
        visual.push(run)
      }
    }
  }
  const glyphs: ShapedLine['glyphs'] = []
  let x = 0
  const buffer = new Buffer()
  for (const run of visual) {
    buffer.clearContents()
    buffer.addText(text.slice(run.start, run.end))
    buffer.guessSegmentProperties()
    // `logical` lays every run out left to right in the order it was typed.
    buffer.setDirection(mode === 'logical' ? Direction.LTR : run.level % 2 ? Direction.RTL : Direction.LTR)
    shape(run.face.font, buffer)
    const scale = size / run.face.upem
    for (const g of buffer.getGlyphInfosAndPositions()) {
      glyphs.push({
        face: run.face,
        id: g.codepoint,
        x: x + (g.xOffset ?? 0) * scale,
        y: (g.yOffset ?? 0) * scale,
        scale,
      })
      x += (g.xAdvance ?? 0) * scale
    }
  }
  return { width: x, glyphs }
}

const round = (n: number) => Math.round(n * 100) / 100

/**
 * A shaped line as SVG paths, its origin (the start of its baseline) at (x, y) px, y down: each
 * glyph's outline in font units (y up) placed by a matrix.
 */
export function lineSvg(line: ShapedLine, x: number, y: number, fill: string): string {
  let out = ''
  for (const g of line.glyphs) {
    let outline = g.face.paths.get(g.id)
    if (outline === undefined) {
      outline = g.face.font.glyphToPath(g.id)
      g.face.paths.set(g.id, outline)
    }
    if (!outline) continue
    const s = round(g.scale * 10000) / 10000
    out += `<path fill="${fill}" transform="matrix(${s} 0 0 ${-s} ${round(x + g.x)} ${round(y - g.y)})" d="${outline}"/>`
  }
  return out
}
