// The locale boot script's text, for the <head> of the pages that need it (renderer/+Head.tsx;
// build/readPage.ts `headSplices` puts it first in <head>): renderer/client/inline/boot.ts bundled and
// minified, called with the locale table. Build time only: the browser gets the text, not this module.
import { inlineScript } from '../build/inlineScript'
import { defaultLocale, type Locale, locales } from '../locales/locales'
import type { BootConfig } from './client/inline/boot'

/** The id of its <script> element, by which build/postbuild.ts finds it. */
export const BOOT_SCRIPT_ID = 'boot'

/**
 * Only two documents have work for it before the first paint: `/`, where it detects the locale, and
 * the 404 page, which the host serves for any unknown address in either language. On every other
 * page the locale is the page's own, and the runtime writes the cookie (renderer/client/start.ts):
 * 1.2 KB less on each page.
 */
export function needsBootScript(logicalPath: string, locale: Locale, isError: boolean): boolean {
  return isError || (logicalPath === '/' && locale === defaultLocale)
}

let cached: string | undefined

/** The same text on every page (its hash is in the Content-Security-Policy): bundled once per build. */
export function bootScript(): string {
  const config: BootConfig = {
    defaultLocale,
    locales: locales.map(({ code, language, dir }) => ({ code, language, dir })),
  }
  cached ??= inlineScript('renderer/client/inline/boot.ts', 'boot', config)
  return cached
}
