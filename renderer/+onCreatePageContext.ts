// https://vike.dev/onCreatePageContext: an error page is rendered from a pageContext made before
// routing, so it would not know its locale; derive it from the URL here.
import type { PageContext } from 'vike/types'
import { extractLocale } from '../locales/extractLocale'

export function onCreatePageContext(pageContext: PageContext) {
  pageContext.locale ??= extractLocale(pageContext.urlPathname).locale
}
