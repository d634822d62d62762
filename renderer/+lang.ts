// https://vike.dev/lang: <html lang> in the prerendered HTML (`dir`: +htmlAttributes.ts). After a
// client-side navigation the runtime's router sets both from the page's payload.
import type { PageContext } from 'vike/types'

export default (pageContext: PageContext) => pageContext.locale
