// The card's layout, as SVG (docs/cards.md): 1200 x 630, the brand (the header's mark and the
// brand's name, in the theme colour) at the top on the start side, the page's title in bold (at most
// three lines, wrapped at spaces by shaped width, smaller type before a fourth line), the short line
// at the foot (two lines under a title of one or two, else one; ellipsized at a word past them), a
// band of the theme colour along the bottom edge. Text is
// aligned to the start: right on an Arabic card, left on an English one.
import lucide from '@iconify-json/lucide/icons.json'
import { scriptOf } from '../../locales/locales'
import { site } from '../../site.config'
import { CARD_HEIGHT, CARD_WIDTH, type CardText } from './key'
import { type Faces, lineSvg, type ShapedLine, type ShapeMode, shapeLine, type Weight } from './shape'

const MARGIN = 80
const INNER = CARD_WIDTH - 2 * MARGIN
const INK = '#171717' // neutral-900, the site's headings
const MUTED = '#525252' // neutral-600, the site's secondary text
const BRAND = site.themeColor
/** Title sizes tried in turn, px: the first that holds the title in three lines wins. */
const TITLE_SIZES = [76, 68, 60, 52] as const
const TITLE_LINES = 3
const LINE_SIZE = 32
/** The short line's leading, px, when it takes two lines. */
const LINE_LEADING = 44
const BRAND_SIZE = 44
const MARK = 56
const ELLIPSIS = '…'

/** The header's mark (renderer/components/Header.tsx: lucide's circle-dollar-sign), in the theme colour. */
const markBody = lucide.icons['circle-dollar-sign'].body.replaceAll('currentColor', BRAND)

type Shaper = (text: string, weight: Weight, size: number) => ShapedLine

/** Wraps words greedily into lines no wider than `width`; null if a word alone is wider. */
function wrap(shaper: Shaper, text: string, weight: Weight, size: number, width: number): ShapedLine[] | null {
  const words = text.split(' ').filter(Boolean)
  const lines: ShapedLine[] = []
  let current: string[] = []
  let shaped: ShapedLine | null = null
  for (const word of words) {
    const candidate = shaper([...current, word].join(' '), weight, size)
    if (candidate.width <= width || current.length === 0) {
      if (candidate.width > width) return null
      current.push(word)
      shaped = candidate
    } else {
      lines.push(shaped!)
      current = [word]
      shaped = shaper(word, weight, size)
      if (shaped.width > width) return null
    }
  }
  if (shaped) lines.push(shaped)
  return lines
}

/** The text, shortened at a word (or, for one long word, a character) with an ellipsis until it fits. */
function ellipsize(shaper: Shaper, text: string, weight: Weight, size: number, width: number): ShapedLine {
  const whole = shaper(text, weight, size)
  if (whole.width <= width) return whole
  const words = text.split(' ')
  for (let n = words.length - 1; n >= 1; n--) {
    const cut = shaper(
      `${words
        .slice(0, n)
        .join(' ')
        .replace(/[\s,.;:،؛]+$/u, '')}${ELLIPSIS}`,
      weight,
      size,
    )
    if (cut.width <= width) return cut
  }
  const chars = [...text]
  for (let n = chars.length - 1; n >= 1; n--) {
    const cut = shaper(`${chars.slice(0, n).join('')}${ELLIPSIS}`, weight, size)
    if (cut.width <= width) return cut
  }
  return shaper(ELLIPSIS, weight, size)
}

/** The title's lines and size: the largest size that holds it in three lines, else the smallest, its third line ellipsized. */
function titleLines(shaper: Shaper, title: string): { size: number; lines: ShapedLine[] } {
  for (const size of TITLE_SIZES) {
    const lines = wrap(shaper, title, 700, size, INNER)
    if (lines && lines.length <= TITLE_LINES) return { size, lines }
  }
  const size = TITLE_SIZES.at(-1)!
  // Fill two lines, then the rest on the third, ellipsized.
  const words = title.split(' ')
  const lines: ShapedLine[] = []
  let rest = words
  while (lines.length < TITLE_LINES - 1 && rest.length) {
    let n = rest.length
    while (n > 1 && shaper(rest.slice(0, n).join(' '), 700, size).width > INNER) n--
    lines.push(ellipsize(shaper, rest.slice(0, n).join(' '), 700, size, INNER))
    rest = rest.slice(n)
  }
  if (rest.length) lines.push(ellipsize(shaper, rest.join(' '), 700, size, INNER))
  return { size, lines }
}

/** The short line in at most `room` lines: words while they fit, the last line ellipsized. */
function footLines(shaper: Shaper, text: string, room: number): ShapedLine[] {
  const out: ShapedLine[] = []
  let rest = text.split(' ').filter(Boolean)
  while (rest.length && out.length < room - 1) {
    let n = rest.length
    while (n > 1 && shaper(rest.slice(0, n).join(' '), 400, LINE_SIZE).width > INNER) n--
    if (n === rest.length) break
    out.push(ellipsize(shaper, rest.slice(0, n).join(' '), 400, LINE_SIZE, INNER))
    rest = rest.slice(n)
  }
  if (rest.length) out.push(ellipsize(shaper, rest.join(' '), 400, LINE_SIZE, INNER))
  return out
}

/** The card as an SVG document. `mode` is for the shaping test's controls only. */
export function cardSvg(faces: Faces, text: CardText, mode: ShapeMode = 'shaped'): string {
  const script = scriptOf(text.locale)
  const rtl = text.dir === 'rtl'
  const shaper: Shaper = (t, weight, size) => shapeLine(faces, t, text.dir, script, weight, size, mode)
  /** The x of a line's start on the baseline: right-aligned in right-to-left text. */
  const startX = (width: number, from = MARGIN, to = CARD_WIDTH - MARGIN) => (rtl ? to - width : from)
  let body = ''
  // The brand: the mark at the start edge, the name beside it.
  const markX = rtl ? CARD_WIDTH - MARGIN - MARK : MARGIN
  const markY = 64
  body += `<g transform="translate(${markX} ${markY}) scale(${MARK / 24})">${markBody}</g>`
  const brand = shaper(text.brand, 700, BRAND_SIZE)
  const gap = 18
  const brandX = rtl ? markX - gap - brand.width : markX + MARK + gap
  body += lineSvg(brand, brandX, markY + MARK / 2 + BRAND_SIZE * 0.36, BRAND)
  // The title, from below the brand.
  const { size, lines } = titleLines(shaper, text.title)
  const leading = Math.round(size * 1.22)
  let y = 236 + size * 0.75
  for (const line of lines) {
    body += lineSvg(line, startX(line.width), y, INK)
    y += leading
  }
  // The short line, at the foot: a second line where the title leaves room for it.
  if (text.line) {
    const shown = footLines(shaper, text.line, lines.length < TITLE_LINES ? 2 : 1)
    shown.forEach((line, i) => {
      body += lineSvg(line, startX(line.width), CARD_HEIGHT - 84 - (shown.length - 1 - i) * LINE_LEADING, MUTED)
    })
  }
  body += `<rect x="0" y="${CARD_HEIGHT - 16}" width="${CARD_WIDTH}" height="16" fill="${BRAND}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}"><rect width="100%" height="100%" fill="#ffffff"/>${body}</svg>`
}
