// One card, text to PNG bytes: the layout's SVG (./layout.ts) rasterized by resvg (./render.ts).
import { cardSvg } from './layout'
import { startResvg, svgToPng } from './render'
import { type Faces, openFaces } from './shape'
import type { CardText } from './key'

/** A drawer for this thread: the faces opened and resvg started once. */
export async function cardDrawer(root = process.cwd()): Promise<(text: CardText) => Uint8Array> {
  const [faces] = await Promise.all([openFaces(root), startResvg(root)])
  return (text) => drawCard(faces, text)
}

export const drawCard = (faces: Faces, text: CardText) => svgToPng(cardSvg(faces, text))
