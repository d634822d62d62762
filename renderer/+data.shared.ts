// https://vike.dev/data: at build time the data is computed from the catalogs and guides; in the
// browser, a client-side navigation reads it from the target's prerendered `_payload.json`.
import type { PageContext } from 'vike/types'
import { localizePath } from '../locales/localizePath'
import type { PageData } from './pageData'
import { shellMessages } from './messageCache'
import { errorStatus } from './pageIntl'
import { loadPayload } from './runtime/payloads'

export async function data(pageContext: PageContext): Promise<PageData> {
  if (import.meta.env.SSR) {
    const { loadPageData } = await import('./pageData.server')
    return loadPageData(pageContext.pageId ?? '/pages/_error', pageContext.locale, pageContext.routeParams?.['*'])
  }
  const isErrorPage = errorStatus(pageContext) !== null
  // An error page reads the shell messages from its language's home page payload.
  const source = isErrorPage ? localizePath('/', pageContext.locale) : pageContext.urlOriginal
  if (isErrorPage) {
    const cached = shellMessages(pageContext.locale)
    if (cached) return { messages: cached }
  }
  try {
    return await loadPayload(new URL(source, location.href).pathname)
  } catch (err) {
    // Without its data the page cannot render: load it as a document instead.
    console.warn(`[rasid] Cannot load the payload of ${source}: ${(err as Error).message}; loading the page instead.`)
    location.assign(pageContext.urlOriginal)
    return new Promise<never>(() => {})
  }
}
