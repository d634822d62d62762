import { render } from 'vike/abort'
import type { PageContext } from 'vike/types'
import { guideSlugs } from 'virtual:guide-slugs'

/**
 * Route guards by name (BEHAVIOUR.md sections 2 and 6). They run on client-side navigation from
 * renderer/+guard.ts; the build only prerenders pages that exist, so a guard never fires there.
 */
const middleware = {
  /** An unknown guide slug is a 404. */
  guide(pageContext: PageContext) {
    const slug = pageContext.routeParams?.['*']
    if (slug !== undefined && !guideSlugs.includes(slug)) {
      throw render(404, `Page Not Found: ${pageContext.urlPathname}`)
    }
  },
} satisfies Record<string, (pageContext: PageContext) => void>

export type MiddlewareName = keyof typeof middleware
export const middlewareNames = Object.keys(middleware) as MiddlewareName[]

export function runMiddleware(name: MiddlewareName, pageContext: PageContext) {
  middleware[name](pageContext)
}
