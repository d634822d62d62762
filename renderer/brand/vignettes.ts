// The services page's vignettes: one small picture of each service's product, 280 by 160, drawn
// without words in the brand's colours (so one file serves both languages, mirrored on an Arabic
// page), light and dark by the viewer's scheme. build/icons.ts writes them as files; data only.
import { accent, brand, neutral } from './tokens'

export const vignetteKeys = ['gateway', 'links', 'invoicing', 'pos', 'fraud', 'payouts'] as const
export type VignetteKey = (typeof vignetteKeys)[number]
export const vignetteSize = { width: 280, height: 160 } as const

// Classes of the drawing: s surface, l line (text as bars), r rule, b brand, a accent, k the backdrop.
const style = `<style>.k{fill:${brand[50]}}.s{fill:#fff;stroke:${neutral[200]}}.l{fill:${neutral[200]}}.r{stroke:${neutral[200]}}.b{fill:${brand[700]}}.bl{fill:${brand[100]}}.a{fill:${accent[300]}}.w{fill:#fff}.o{fill:none;stroke:${brand[700]};stroke-width:3;stroke-linecap:round;stroke-linejoin:round}
@media (prefers-color-scheme:dark){.k{fill:${brand[950]}}.s{fill:${neutral[900]};stroke:${neutral[700]}}.l{fill:${neutral[700]}}.r{stroke:${neutral[700]}}.b{fill:${brand[500]}}.bl{fill:${brand[900]}}.o{stroke:${brand[400]}}}</style>`

const bar = (x: number, y: number, w: number, cls = 'l', h = 6) =>
  `<rect class="${cls}" x="${x}" y="${y}" width="${w}" height="${h}" rx="${h / 2}"/>`
const box = (x: number, y: number, w: number, h: number, cls = 's', rx = 8) =>
  `<rect class="${cls}" x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}"/>`
const check = (cx: number, cy: number) =>
  `<circle class="b" cx="${cx}" cy="${cy}" r="11"/><path d="M${cx - 5} ${cy}l3.5 3.5 6.5-7" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>`

const drawings: Record<VignetteKey, string> = {
  // A checkout in a browser window: fields, the card, a Pay button.
  gateway:
    box(40, 20, 200, 124) +
    `<path class="r" d="M40 42h200"/>` +
    [54, 64, 74].map((x) => `<circle class="l" cx="${x}" cy="31" r="3.5"/>`).join('') +
    bar(60, 56, 70) +
    box(60, 70, 160, 18, 's', 5) +
    bar(68, 76, 60) +
    box(60, 94, 76, 18, 's', 5) +
    box(144, 94, 76, 18, 's', 5) +
    box(60, 120, 160, 16, 'b', 5) +
    bar(116, 125, 48, 'w') +
    box(176, 8, 72, 46, 'b', 7) +
    box(186, 20, 14, 11, 'a', 2) +
    bar(186, 40, 40, 'w', 4),
  // A payment link in a chat: the customer's message, the merchant's link with its Pay button.
  links:
    box(92, 8, 96, 148, 's', 16) +
    box(102, 22, 62, 22, 'bl', 10) +
    bar(110, 30, 40) +
    box(114, 54, 64, 62, 's', 10) +
    box(114, 54, 64, 26, 'k', 10) +
    bar(122, 86, 44) +
    box(122, 98, 48, 12, 'b', 6) +
    box(102, 126, 48, 18, 'bl', 9) +
    `<path class="o" d="M42 80h30m-8-8 8 8-8 8"/><path class="o" d="M208 80h30"/>` +
    check(238, 80),
  // An invoice: its lines, its total, its Pay button; paid.
  invoicing:
    box(70, 10, 140, 140) +
    bar(84, 24, 40, 'b') +
    bar(84, 40, 80) +
    `<path class="r" d="M84 56h112M84 76h112M84 96h112"/>` +
    bar(84, 62, 60) +
    bar(170, 62, 26) +
    bar(84, 82, 50) +
    bar(170, 82, 26) +
    bar(84, 104, 40, 'b') +
    bar(160, 104, 36, 'b') +
    box(84, 120, 112, 18, 'b', 5) +
    bar(124, 126, 32, 'w') +
    check(210, 20),
  // A POS terminal: its screen with the amount, its keys, a tap.
  pos:
    box(100, 12, 80, 136, 's', 14) +
    box(110, 24, 60, 36, 'k', 6) +
    bar(120, 34, 28, 'b') +
    bar(120, 46, 40) +
    [0, 1, 2].flatMap((row) => [0, 1, 2].map((col) => box(112 + col * 20, 70 + row * 18, 16, 12, 'l', 3))).join('') +
    box(112, 124, 56, 12, 'b', 4) +
    `<path class="o" d="M200 64a22 22 0 0 1 0 32M210 56a34 34 0 0 1 0 48"/>` +
    box(44, 52, 40, 56, 'b', 6) +
    box(52, 62, 10, 8, 'a', 2),
  // Risk: a shield that checked the payment, and the score on its scale.
  fraud:
    `<path class="bl" d="M110 18l40-10 40 10v38c0 30-18 50-40 60-22-10-40-30-40-60z"/>` +
    `<path class="o" d="M132 60l12 12 24-26"/>` +
    box(60, 132, 160, 10, 'l', 5) +
    box(60, 132, 96, 10, 'b', 5) +
    box(156, 132, 32, 10, 'a', 0) +
    `<path class="o" d="M112 122v26"/>`,
  // Payouts: the day's statement, each payout in, the bank.
  payouts:
    box(40, 14, 150, 132) +
    [0, 1, 2, 3]
      .map(
        (i) =>
          `${bar(54, 32 + i * 28, 56)}${bar(142, 32 + i * 28, 34, 'b')}<path class="r" d="M54 ${48 + i * 28}h122"/>`,
      )
      .join('') +
    `<circle class="k" cx="226" cy="80" r="36"/>` +
    `<path class="b" d="M204 72l22-14 22 14zM206 96h40v6h-40z"/>` +
    [210, 221, 232, 243].map((x) => `<rect class="b" x="${x - 3}" y="76" width="5" height="18"/>`).join(''),
}

/** A vignette as an SVG document. */
export function vignetteSvg(key: VignetteKey): string {
  const { width, height } = vignetteSize
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}">${style}<rect class="k" width="${width}" height="${height}" rx="16"/>${drawings[key]}</svg>`
}
