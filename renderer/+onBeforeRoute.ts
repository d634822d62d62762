// https://vike.dev/onBeforeRoute: one route serves both locales; the prefix only picks the language.
import type { PageContext } from 'vike/types'
import { modifyUrl } from 'vike/modifyUrl'
import { extractLocale } from '../locales/extractLocale'

export function onBeforeRoute(pageContext: PageContext) {
  const { locale, pathname } = extractLocale(pageContext.urlParsed.pathname)
  return {
    pageContext: {
      locale,
      // Vike routes on the logical URL, so `/ar/pricing` matches pages/pricing.
      urlLogical: modifyUrl(pageContext.urlParsed.href, { pathname }),
    },
  }
}
