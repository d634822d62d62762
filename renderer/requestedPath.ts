import type { PageContext } from 'vike/types'

/**
 * Stands in for the requested path in the prerendered 404.html, which every unknown address gets;
 * build/postbuild.ts's inline script puts the real path in its place, as text.
 */
export const PATH_TOKEN = '__RASID_REQUESTED_PATH__'

/** The path the visitor asked for, as they typed it (decoded), for "Page not found: <path>". */
export function requestedPath(pageContext: PageContext): string {
  if (typeof window === 'undefined') return pageContext.is404 ? PATH_TOKEN : pageContext.urlPathname
  return currentPath()
}

export function currentPath(): string {
  const raw = location.pathname + location.search + location.hash
  try {
    return decodeURI(raw)
  } catch {
    return raw
  }
}
