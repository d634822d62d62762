import type { PageContext } from 'vike/types'
import { pathToken } from './shared/dom'

/**
 * The path the visitor asked for, for the 404 line ("There is no page at <path>."). Pages render
 * at build time only: the 404 page, which every unknown address gets, carries the token, and the
 * browser writes the path it was asked for in its place.
 */
export function requestedPath(pageContext: PageContext): string {
  return pageContext.is404 ? pathToken : pageContext.urlPathname
}
