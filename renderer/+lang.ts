// https://vike.dev/lang: vike-react re-applies it on client-side navigation (`dir` is synced in +Layout).
import type { PageContext } from 'vike/types'

export default (pageContext: PageContext) => pageContext.locale
