// https://vike.dev/data: at build time the data is computed from the catalogs and guides; in the
// browser, a client-side navigation reads it from the target's prerendered `_payload.json`.
import type { PageContext } from 'vike/types'
import { localizePath } from '../locales/localizePath'
import type { PageData } from './pageData'
import { payloadPath } from './payload'
import { shellMessages } from './messageCache'

declare const __BUILD_ID__: string

export async function data(pageContext: PageContext): Promise<PageData> {
  if (import.meta.env.SSR) {
    const { loadPageData } = await import('./pageData.server')
    return loadPageData(pageContext.pageId ?? '/pages/_error', pageContext.locale, pageContext.routeParams?.['*'])
  }
  const isErrorPage = pageContext.is404 || pageContext.abortStatusCode !== undefined || pageContext.errorWhileRendering
  if (isErrorPage) {
    const cached = shellMessages(pageContext.locale)
    if (cached) return { messages: cached }
    return fetchPayload(payloadPath(localizePath('/', pageContext.locale)), localizePath('/', pageContext.locale))
  }
  const pathname = new URL(pageContext.urlOriginal, location.href).pathname
  return fetchPayload(payloadPath(pathname), pageContext.urlOriginal)
}

async function fetchPayload(url: string, fallbackHref: string): Promise<PageData> {
  try {
    const res = await fetch(`${url}?${__BUILD_ID__}`)
    if (!res.ok) throw new Error(`HTTP ${res.status}`)
    const body = (await res.json()) as PageData
    if (!body || typeof body.messages !== 'object') throw new Error('no messages in payload')
    return body
  } catch (err) {
    // Without its data the page cannot render: load it as a document instead.
    console.warn(`[rasid] Cannot load payload ${url}: ${(err as Error).message}; loading the page instead.`)
    location.assign(fallbackHref)
    return new Promise<never>(() => {})
  }
}
