// The brand's marks and the payment methods' marks. The brand's mark is an icon for UnoCSS's icon
// preset (uno.config.ts `i-rasid-mark`): CSS at build time, in the one stylesheet once, a background
// image in its own colours. The wordmarks and the payment methods' marks are SVG files,
// one per brand (api/contract/markets.ts `Brand`) under a name that holds a hash of its bytes
// (`/assets/pay/<brand>.<hash>.svg`): only the pages that show a method load its mark, never
// before the first paint, and the stylesheet every page waits for stays the same size.
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { IconifyJSON } from '@iconify/types'
import type { Brand } from '../api/contract/markets'
import { markSvg, wordmarkArabic, wordmarkLatin } from '../renderer/brand/marks'
import { drawnMarks, markBox } from '../renderer/brand/paymentMarks'
import { type VignetteKey, vignetteKeys, vignetteSvg } from '../renderer/brand/vignettes'

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">${body}</svg>`

function iconSet(name: string): IconifyJSON {
  const require = createRequire(join(process.cwd(), 'package.json'))
  return JSON.parse(readFileSync(require.resolve(`@iconify-json/${name}/icons.json`), 'utf8')) as IconifyJSON
}

/** A set's icon, centred in the drawn marks' box at the height they use (28 of 40), in `fill` if it is drawn in currentColor. */
function fromSet(set: IconifyJSON, icon: string, fill?: string): string {
  const found = set.icons[icon]
  if (!found) throw new Error(`@iconify-json/${set.prefix} has no icon ${icon}`)
  const width = found.width ?? set.width ?? 16
  const height = found.height ?? set.height ?? 16
  const scale = Math.min(24 / height, 80 / width)
  const x = (markBox.width - width * scale) / 2
  const y = (markBox.height - height * scale) / 2
  const body = fill ? found.body.replaceAll('currentColor', fill) : found.body
  return `<g transform="translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(${scale.toFixed(4)})">${body}</g>`
}

/** Every payment method's mark, as an SVG document, by brand. */
export function paymentMarks(): Record<Brand, string> {
  const logos = iconSet('logos')
  const simple = iconSet('simple-icons')
  const { width, height } = markBox
  const pay: Record<Brand, string> = {
    ...drawnMarks,
    visa: fromSet(logos, 'visa'),
    mastercard: fromSet(logos, 'mastercard'),
    applePay: fromSet(logos, 'apple-pay'),
    googlePay: fromSet(logos, 'google-pay'),
    fawry: fromSet(simple, 'fawry', '#0B4DA2'),
    // No one brand: a wallet, in the neutral ink.
    wallets: `<g transform="translate(34 6) scale(1.1667)" fill="none" stroke="#36423D" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M19 7V4a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4h-3a2 2 0 0 0 0 4h3a1 1 0 0 0 1-1v-2a1 1 0 0 0-1-1"/><path d="M3 5v14a2 2 0 0 0 2 2h15a1 1 0 0 0 1-1v-4"/></g>`,
  }
  return Object.fromEntries(Object.entries(pay).map(([brand, body]) => [brand, svg(width, height, body)])) as Record<
    Brand,
    string
  >
}

/** The brand's mark for the icon preset (`i-rasid-mark`): a few hundred bytes, on every page. */
export function iconCollections() {
  return { rasid: { mark: markSvg } }
}

/**
 * The wordmarks, files of their own (`/assets/brand/wordmark-<script>.<hash>.svg`) that the
 * stylesheet masks in the text's colour (uno.config.ts `wordmarkCss`): a page fetches its own
 * script's, and the stylesheet every page waits for carries two addresses, not two outlines.
 */
export function wordmarks(): Record<'wordmark-en' | 'wordmark-ar', string> {
  return {
    'wordmark-en': svg(wordmarkLatin.width, wordmarkLatin.height, wordmarkLatin.body),
    'wordmark-ar': svg(wordmarkArabic.width, wordmarkArabic.height, wordmarkArabic.body),
  }
}

const hashed = (folder: string, name: string, text: string) =>
  `/assets/${folder}/${name}.${createHash('sha256').update(text).digest('base64url').slice(0, 10)}.svg`

let hrefs: Record<Brand, string> | undefined

/** `/assets/pay/mada.<hash>.svg`: where a payment method's mark is served. */
export function paymentMarkHref(brand: Brand): string {
  hrefs ??= Object.fromEntries(
    Object.entries(paymentMarks()).map(([b, text]) => [b, hashed('pay', b, text)]),
  ) as Record<Brand, string>
  return hrefs[brand]
}

/** `/assets/brand/wordmark-en.<hash>.svg`: where a wordmark is served. */
export function wordmarkHref(name: keyof ReturnType<typeof wordmarks>): string {
  return hashed('brand', name, wordmarks()[name])
}

/** `/assets/brand/links.<hash>.svg`: where a service's vignette is served (renderer/brand/vignettes.ts). */
export function vignetteHref(key: VignetteKey): string {
  return hashed('brand', key, vignetteSvg(key))
}

/**
 * Writes every payment method's mark into `<dist>/assets/pay/`, the wordmarks and the services'
 * vignettes into `<dist>/assets/brand/`.
 */
export function writeMarkFiles(dist: string) {
  mkdirSync(join(dist, 'assets', 'pay'), { recursive: true })
  mkdirSync(join(dist, 'assets', 'brand'), { recursive: true })
  for (const [brand, text] of Object.entries(paymentMarks()))
    writeFileSync(join(dist, paymentMarkHref(brand as Brand).slice(1)), text)
  for (const [name, text] of Object.entries(wordmarks()))
    writeFileSync(join(dist, wordmarkHref(name as keyof ReturnType<typeof wordmarks>).slice(1)), text)
  for (const key of vignetteKeys) writeFileSync(join(dist, vignetteHref(key).slice(1)), vignetteSvg(key))
}
