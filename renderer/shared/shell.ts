// A page is its content region inside a frame that every page of its language shares: the layout
// element, the skip link and header above, the footer (or nothing) below. The build writes the
// frame once per locale, `/_shell/<locale>.json`, and each `_payload.json` carries only its content
// (build/payloads.ts); a navigation puts the two together (renderer/client/router.ts). What differs
// from page to page in the frame is computed from the page's path: which link is the current page
// (`aria-current="page"`) and where the language switcher's links point. The build checks, page by
// page, that the composition is the page's own `#root`, character for character. Pure: no DOM.
import { extractLocale } from '../../locales/extractLocale'
import { localizePath } from '../../locales/localizePath'
import { type Locale, locales } from '../../locales/locales'
import type { PagePayload } from './payload'

/** The frame of every page of a locale. */
export interface PageShell {
  buildId: string
  locale: Locale
  /** After the layout element's start tag: the skip link and the header. */
  top: string
  /** Per layout: the layout element's start tag, and what follows the content (the footer, or nothing). */
  layouts: Record<string, { open: string; bottom: string }>
}

/** `/_shell/ar.json`: the frame of a locale's pages. */
export const shellPath = (locale: Locale) => `/_shell/${locale}.json`

const CURRENT = ' aria-current="page"'
/** A language-switcher link as React writes it: `href`, then `hrefLang`, then, later, the data attribute. */
const SWITCH = /<a href="[^"]*"( hrefLang="([^"]+)"[^>]*data-locale-switch)/g

/** A part of a page's frame with what depends on the page taken out (the shell keeps this form). */
export function framePart(html: string): string {
  return html.replaceAll(CURRENT, '').replace(SWITCH, '<a href=""$1')
}

/** A frame part as the page at `pathname` has it: its own link current, the switcher pointing at its other languages. */
function pagePart(part: string, pathname: string): string {
  const logical = extractLocale(pathname).pathname
  return part
    .replaceAll(`<a href="${pathname}"`, `<a href="${pathname}"${CURRENT}`)
    .replace(SWITCH, (_, rest: string, language: string) => {
      const target = locales.find((l) => l.language === language)?.code
      return `<a href="${target ? localizePath(logical, target) : ''}"${rest}`
    })
}

/** The inside of `#root` for the page at `pathname`: its frame from `shell`, its content from `payload`. */
export function composeRoot(shell: PageShell, payload: PagePayload, pathname: string): string {
  const layout = shell.layouts[payload.layout]
  if (!layout) throw new Error(`the shell of ${shell.locale} has no layout "${payload.layout}"`)
  return `${layout.open}${pagePart(shell.top, pathname)}${payload.content}${pagePart(layout.bottom, pathname)}</div>`
}

/** Throws unless `value` has the shape of a PageShell. */
export function assertShell(value: unknown): asserts value is PageShell {
  const s = value as Partial<PageShell> | null
  if (
    !s ||
    typeof s !== 'object' ||
    typeof s.buildId !== 'string' ||
    typeof s.locale !== 'string' ||
    typeof s.top !== 'string' ||
    !s.layouts ||
    typeof s.layouts !== 'object'
  )
    throw new Error('not a page shell')
}
