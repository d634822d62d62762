// Which clicks the router takes: a leaf module that the router and the prefetcher both import
// (as Vike's isLinkSkipped.ts), so that neither imports the other.
import { dataAttrs } from '../shared/dom'
import { isFilePath } from '../shared/paths'

/**
 * The page a link's address leads to, if the router may swap it in place: same origin, a page
 * rather than a file (renderer/shared/paths.ts), and not a place in the page `here` shows.
 */
export function pageUrl(href: string, here: URL): URL | null {
  const url = new URL(href, here)
  if (url.origin !== here.origin || isFilePath(url.pathname)) return null
  // A link to a place in this same page: the browser scrolls to it.
  if (url.pathname === here.pathname && url.search === here.search && url.hash) return null
  return url
}

/** The internal page a click on `a` leads to, or null when the browser should handle it. */
export function navigableUrl(a: HTMLAnchorElement | SVGAElement, event?: MouseEvent): URL | null {
  if (
    event &&
    (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
  )
    return null
  const href = a instanceof HTMLAnchorElement ? a.href : a.href.baseVal
  const target = a.getAttribute('target')
  if (!href || (target && target !== '_self') || a.hasAttribute('download')) return null
  if (/\bexternal\b/.test(a.getAttribute('rel') ?? '') || a.hasAttribute(dataAttrs.reload)) return null
  return pageUrl(href, new URL(location.href))
}
