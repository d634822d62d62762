// The brand's and the payment methods' icon collections for UnoCSS's icon preset (uno.config.ts):
// `i-rasid-mark`, `i-rasid-wordmark-en`, `i-rasid-wordmark-ar`, and `i-pay-<brand>` for every
// payment method a market offers (site.config.ts `Brand`). Icons become CSS at build time: a mark is
// in the one stylesheet once, whatever the number of pages that show it. A mark with its own colours
// is a background image; one drawn in `currentColor` (the wordmarks) a mask in the text's colour.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { IconifyJSON } from '@iconify/types'
import type { Brand } from '../site.config'
import { markSvg, wordmarkArabic, wordmarkLatin } from '../renderer/brand/marks'
import { drawnMarks, markBox } from '../renderer/brand/paymentMarks'

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

export function iconCollections() {
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
  return {
    rasid: {
      mark: markSvg,
      'wordmark-en': svg(wordmarkLatin.width, wordmarkLatin.height, wordmarkLatin.body),
      'wordmark-ar': svg(wordmarkArabic.width, wordmarkArabic.height, wordmarkArabic.body),
    },
    pay: Object.fromEntries(Object.entries(pay).map(([brand, body]) => [brand, svg(width, height, body)])),
  }
}
