// https://vike.dev/htmlAttributes: <html dir> in the prerendered HTML, decided from the locale only.
import type { PageContext } from 'vike/types'
import { dirOf } from '../locales/locales'

export default (pageContext: PageContext) => ({ dir: dirOf(pageContext.locale) })
