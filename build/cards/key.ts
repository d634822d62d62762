// A card's name and cache key: a hash of everything that decides its pixels (docs/cards.md): its
// text, locale and direction, and the drawing's identity, which is the bytes of the faces, the
// versions of the packages that shape and rasterize and of Node's zlib, and the source of
// build/cards/ itself. Equal
// keys draw equal bytes, so the name is as good as a hash of the PNG, known before it is drawn:
// the page's head names it at render time (renderer/+onBeforeRender.ts) and the post-build draws it
// once (./write.ts). Kept light, without the drawing's packages: Vike's server code imports it.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Dir, Locale } from '../../locales/locales'
import { cardFaceFiles, cardPackages } from './files'

/** What a card shows. */
export interface CardText {
  locale: Locale
  dir: Dir
  /** The page's own title, without the brand that <title> adds. */
  title: string
  /** The short line under it: the page's description, or a guide's group. */
  line: string
  /** The brand's name in the page's language (site.config.ts `site.name`). */
  brand: string
}

/** Where cards go in dist/: with the content-hashed assets, shared by every build (host/rules.ts). */
export const CARDS_DIR = 'assets/cards'
export const CARD_WIDTH = 1200
export const CARD_HEIGHT = 630
/** The most bytes a card may have: WhatsApp shows a large preview only under 300 KB; flat colours keep cards near 30. */
export const CARD_BUDGET = 100_000

let identity: string | undefined

/** The hash of what draws the cards (see above), read once per process from the project's folder. */
export function drawingIdentity(root = process.cwd()): string {
  if (identity !== undefined) return identity
  const require = createRequire(join(root, 'package.json'))
  const h = createHash('sha256')
  const files = [...new Set(Object.values(cardFaceFiles).flatMap((w) => Object.values(w).flat()))].sort()
  for (const file of files) h.update(file).update(readFileSync(require.resolve(file)))
  // Not through `require.resolve`: a package's `exports` may not list its package.json (harfbuzzjs).
  for (const name of cardPackages)
    h.update(name).update(JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version)
  // The PNGs are deflated by Node's zlib (./png.ts).
  h.update(`zlib ${process.versions.zlib}`)
  const dir = join(root, 'build', 'cards')
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort())
    h.update(file).update(readFileSync(join(dir, file)))
  identity = h.digest('hex')
  return identity
}

/** The card's cache key: its text and the drawing's identity. */
export function cardKey(text: CardText, drawing = drawingIdentity()): string {
  const { locale, dir, title, line, brand } = text
  return createHash('sha256')
    .update(JSON.stringify([drawing, locale, dir, title, line, brand]))
    .digest('base64url')
    .slice(0, 16)
}

/** `assets/cards/<key>.png`: its key under dist/. */
export const cardFile = (text: CardText) => `${CARDS_DIR}/${cardKey(text)}.png`
