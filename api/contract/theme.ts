// The merchant's theme of the hosted payment page (docs/content.md, Design): one model for the
// design page (pages/design/, which re-exports this) and the reference server's sandbox hosted page
// (api/server/checkout/page.ts). Pure: it imports nothing.

/** The writing direction of the page (locales/locales.ts `Dir`, restated: the contract imports nothing of the site). */
type Dir = 'ltr' | 'rtl'

/** The theme of the hosted payment page (docs/content.md, Design): what a merchant chooses. */
export interface Theme {
  color: string
  radius: number
  font: FontChoice
  logo: string
  mode: 'light' | 'dark'
  dir: Dir
}

export const fonts = ['system', 'inter', 'plex', 'serif'] as const
export type FontChoice = (typeof fonts)[number]

export const fontStacks: Record<FontChoice, string> = {
  system: 'system-ui, sans-serif',
  inter: '"Inter", system-ui, sans-serif',
  plex: '"IBM Plex Sans Arabic", system-ui, sans-serif',
  serif: 'Georgia, "Times New Roman", serif',
}

export const radiusRange = { min: 0, max: 24, step: 2 }
export const logoMaxLength = 24

export function defaultTheme(dir: Dir, logo: string): Theme {
  return { color: '#0b6b3a', radius: 8, font: 'system', logo, mode: 'light', dir }
}

/**
 * The theme a query string asks for. Each value that is missing or not valid falls back to the
 * default, without an error: a shared link that was cut short still shows a page.
 */
export function themeFromQuery(search: string, defaults: Theme): Theme {
  const q = new URLSearchParams(search)
  const color = q.get('color')
  const radiusText = q.get('radius') ?? ''
  const radius = Number(radiusText)
  const font = q.get('font')
  const logo = q.get('logo')?.trim()
  const mode = q.get('mode')
  const dir = q.get('dir')
  return {
    color: color && /^#[0-9a-f]{6}$/i.test(color) ? color.toLowerCase() : defaults.color,
    radius:
      /^\d{1,2}$/.test(radiusText) && radius >= radiusRange.min && radius <= radiusRange.max ? radius : defaults.radius,
    font: (fonts as readonly string[]).includes(font ?? '') ? (font as FontChoice) : defaults.font,
    // Printable text only, and not longer than the field allows.
    logo: logo && logo.length <= logoMaxLength && !/[\p{Cc}\p{Cf}]/u.test(logo) ? logo : defaults.logo,
    mode: mode === 'light' || mode === 'dark' ? mode : defaults.mode,
    dir: dir === 'ltr' || dir === 'rtl' ? dir : defaults.dir,
  }
}

/** The query string of a theme: only what differs from the defaults, so the plain page stays `/design`. */
export function themeToQuery(theme: Theme, defaults: Theme): string {
  const q = new URLSearchParams()
  for (const key of ['color', 'radius', 'font', 'logo', 'mode', 'dir'] as const) {
    if (theme[key] !== defaults[key]) q.set(key, String(theme[key]))
  }
  const s = q.toString()
  return s ? `?${s}` : ''
}

/** The configuration a merchant pastes into the dashboard or sends with a payment. */
export function themeConfig(theme: Theme, locale: string) {
  return {
    brandColor: theme.color,
    buttonTextColor: textOn(theme.color),
    cornerRadius: theme.radius,
    font: theme.font,
    logoText: theme.logo,
    appearance: theme.mode,
    direction: theme.dir,
    locale,
  }
}

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** Black or white, whichever reads better on `hex`. */
export function textOn(hex: string): '#000000' | '#ffffff' {
  return contrast(hex, '#ffffff') >= contrast(hex, '#000000') ? '#ffffff' : '#000000'
}

/** The brand colour for large text on `background`, or `fallback` where it would not read (under 3:1). */
export function readableOn(hex: string, background: string, fallback: string): string {
  return contrast(hex, background) >= 3 ? hex : fallback
}
