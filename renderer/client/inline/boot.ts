// The locale boot script (docs/behaviour.md §3): inlined first in every page's <head> by
// renderer/bootScript.ts, bundled and minified by esbuild (build/inlineScript.ts) into an IIFE that
// calls boot() with its config. It runs before anything is painted, so it imports only pure code.
import { pickLocale } from '../../../locales/pickLocale'
import { cookieName, writeLocaleCookie } from '../cookie'

export interface BootConfig {
  /** The locale of an unprefixed path (`/pricing`). */
  defaultLocale: string
  /** Every locale: its code (URL prefix), the `language` browsers name it by, its direction. */
  locales: { code: string; language: string; dir: 'ltr' | 'rtl' }[]
}

/**
 * - On `/` only, detect the locale (the cookie, then navigator.languages) and replace the location
 *   with `/ar` when Arabic wins;
 * - otherwise write the `i18n_redirected` cookie with the locale of the page it landed on;
 * - when the document's language is not the URL's (the host served the English 404.html for an
 *   /ar/ address), switch <html lang dir> and hide the page until the 404 page's script
 *   (./localize404.ts) has put that language's markup in place, so English never flashes.
 */
export function boot({ defaultLocale, locales }: BootConfig): void {
  const html = document.documentElement
  const path = location.pathname
  let locale = locales.find((l) => l.code === defaultLocale)!
  for (const l of locales)
    if (l.code !== defaultLocale && (path === `/${l.code}` || path.startsWith(`/${l.code}/`))) locale = l
  try {
    if (path === '/') {
      // The cookie holds a locale code; pickLocale speaks in the `language` browsers name it by.
      const cookie = new RegExp(`(?:^|; )${cookieName}=([^;]*)`).exec(document.cookie)?.[1]
      const picked = pickLocale(
        locales.find((l) => l.code === cookie)?.language,
        navigator.languages || [navigator.language],
        locales.map((l) => l.language),
      )
      const target = locales.find((l) => l.language === picked)
      if (target && target.code !== locale.code) {
        location.replace(`/${target.code}${location.search}${location.hash}`)
        return
      }
    }
    writeLocaleCookie(locale.code)
  } catch {
    // Cookies blocked (a sandboxed frame): the page is still right.
  }
  if (html.lang !== locale.code) {
    html.lang = locale.code
    html.dir = locale.dir
    html.style.visibility = 'hidden'
  }
}
