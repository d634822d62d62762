// The brand's colours, named: uno.config.ts makes them the theme's `brand`/`primary`, `accent` and
// `neutral` scales, and the stylesheet's custom properties (`--brand-700`, …) for the plain CSS of
// renderer/styles/. Green is the brand and every action; sand is the one warm accent (highlights,
// "Most popular", a chart's second series); blue (`info`) is for information only. Data only.

/** The ink green of dark bands (900), primary actions (700), tinted sections (50). */
export const brand = {
  50: '#ECF7F0',
  100: '#D3EDDC',
  200: '#A8DBBB',
  300: '#72C294',
  400: '#3FA76E',
  500: '#1E8C52',
  600: '#117A45',
  700: '#0B6B3A',
  800: '#08562F',
  900: '#06351F',
  950: '#03200F',
} as const

/** Sand: the warm accent. */
export const accent = {
  50: '#FCF7EC',
  100: '#F8ECD2',
  200: '#F1DBA8',
  300: '#ECC982',
  400: '#E7B75F',
  500: '#D89D3A',
  600: '#B67E25',
  700: '#8E611D',
  800: '#6B4918',
  900: '#4A3312',
  950: '#2B1D0A',
} as const

/** The neutrals, a grey with a little of the brand's green in it: text, rules, surfaces. */
export const neutral = {
  50: '#F6F8F7',
  100: '#EDF1EF',
  200: '#DCE3E0',
  300: '#C2CCC8',
  400: '#919D98',
  500: '#66736E',
  600: '#4B5853',
  700: '#36423D',
  800: '#222D29',
  900: '#141E1A',
  950: '#09110E',
} as const

/** The custom properties of the stylesheet's root: `--brand-700: #0B6B3A;` for every step of each scale. */
export function tokenCss(): string {
  const scales = { brand, accent, neutral }
  const vars = Object.entries(scales).flatMap(([name, scale]) =>
    Object.entries(scale).map(([step, value]) => `--${name}-${step}:${value}`),
  )
  return `:root{${vars.join(';')}}`
}
