import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from '@formatjs/icu-messageformat-parser'
import type { Plugin } from 'vite'
import { localeCodes, type Locale } from '../locales/locales'

/**
 * The few messages the browser needs outside any page, per locale, made at build time:
 * - `virtual:runtime-text`: plain strings for the runtime's error view (renderer/client/errorView.ts),
 *   small enough to ship with the runtime, which must show them even when no other chunk loads;
 * - `virtual:toast-messages`: the toaster's messages, parsed to the ICU AST, in the toaster's chunk.
 */
export function runtimeMessages(): Plugin {
  const ids = { text: 'virtual:runtime-text', toast: 'virtual:toast-messages' }
  const catalog = (l: Locale) =>
    JSON.parse(readFileSync(join(process.cwd(), 'locales', `${l}.json`), 'utf8')) as Record<string, string>
  return {
    name: 'rasid:runtime-messages',
    resolveId: (source) => (source === ids.text || source === ids.toast ? `\0${source}` : undefined),
    load(source) {
      if (source === `\0${ids.text}`) {
        const text: Record<string, Record<string, string>> = {}
        for (const l of localeCodes) {
          const c = catalog(l)
          text[l] = {
            title: c['site.titleTemplate']!.replace('{page}', c['error.server.title']!),
            heading: c['error.server.title']!,
            message: c['error.server.message']!,
            backHome: c['error.backHome']!,
          }
        }
        return `export const runtimeText = ${JSON.stringify(text)}`
      }
      if (source === `\0${ids.toast}`) {
        const out: Record<string, Record<string, unknown>> = {}
        for (const l of localeCodes) {
          const c = catalog(l)
          out[l] = Object.fromEntries(
            Object.entries(c)
              .filter(([id]) => /^(toast|update)\./.test(id))
              .map(([id, text]) => [id, parse(text)]),
          )
        }
        return `export const toastMessages = ${JSON.stringify(out)}`
      }
    },
  }
}
