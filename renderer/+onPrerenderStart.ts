// https://vike.dev/onPrerenderStart: every page (and the 404 page) is prerendered once per locale.
import type { PageContextServer } from 'vike/types'
import { localizePath } from '../locales/localizePath'
import { localeCodes } from '../locales/locales'
import { routeInfoOf, writeRouteInfo } from '../build/manifest'
import { assertMiddleware } from './pageMeta'

export function onPrerenderStart(prerenderContext: { pageContexts: PageContextServer[] }) {
  const pageContexts: PageContextServer[] = []
  for (const pageContext of prerenderContext.pageContexts) {
    assertMiddleware(pageContext.config.pageMeta?.middleware)
    for (const locale of localeCodes) {
      pageContexts.push({ ...pageContext, locale, urlOriginal: localizePath(pageContext.urlOriginal, locale) })
    }
  }
  writeRouteInfo(routeInfoOf(prerenderContext.pageContexts.filter((pc) => !pc.is404)))
  return { prerenderContext: { pageContexts } }
}
