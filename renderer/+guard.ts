// https://vike.dev/guard: runs the route guards named in the page's `pageMeta.middleware`.
import type { PageContext } from 'vike/types'
import { runMiddleware } from './middleware'
import { assertMiddleware } from './pageMeta'

export function guard(pageContext: PageContext) {
  const names = pageContext.config.pageMeta?.middleware
  assertMiddleware(names)
  for (const name of names ?? []) runMiddleware(name, pageContext)
}
