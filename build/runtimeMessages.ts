import { parse } from '@formatjs/icu-messageformat-parser'
import { type Plugin, runnerImport } from 'vite'
import { loadCatalog, loadCatalogs } from '../locales/catalogs'
import { localeCodes } from '../locales/locales'

/**
 * What the browser needs outside any page, per locale, made at build time:
 * - `virtual:error-views`: the error view's markup and title (404 and 500) for the runtime's own
 *   errors, rendered by renderer/components/ErrorView.tsx (build/errorViews.tsx), small enough to
 *   ship with the runtime, which must show it even when no other chunk loads;
 * - `virtual:toast-messages`: the toaster's messages, parsed to the ICU AST, in the toaster's chunk.
 */
export function runtimeMessages(): Plugin {
  const ids = { views: 'virtual:error-views', toast: 'virtual:toast-messages' }
  return {
    name: 'rasid:runtime-messages',
    resolveId: (source) => (source === ids.views || source === ids.toast ? `\0${source}` : undefined),
    async load(source) {
      if (source === `\0${ids.views}`) {
        // The component is TSX with React: Vite's module runner loads it, as it loads the pages.
        const { module } = await runnerImport<typeof import('./errorViews')>('/build/errorViews.tsx', {
          configFile: false,
          logLevel: 'silent',
        })
        return `export const errorViews = ${JSON.stringify(module.renderErrorViews(loadCatalogs()))}`
      }
      if (source === `\0${ids.toast}`) {
        const out: Record<string, Record<string, unknown>> = {}
        for (const l of localeCodes) {
          out[l] = Object.fromEntries(
            Object.entries(loadCatalog(l))
              .filter(([id]) => /^(toast|update)\./.test(id))
              .map(([id, text]) => [id, parse(text)]),
          )
        }
        return `export const toastMessages = ${JSON.stringify(out)}`
      }
    },
  }
}
