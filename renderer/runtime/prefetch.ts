import { prefetch as prefetchCode } from 'vike/client/router'
import { loadedManifest } from './appManifest'
import { isSlowConnection } from './connection'
import { loadPayload } from './payloads'
import { createQueue } from './queue'
import { isOutdated } from './updates'

/** At most 4 preloads in flight; the rest wait (BEHAVIOUR.md section 5). */
export const preloads = createQueue(4)
const done = new Set<string>()
const watched = new WeakSet<Element>()
let observer: IntersectionObserver | undefined

/** The internal page a link leads to, or null when it must not be prefetched. */
function targetOf(a: HTMLAnchorElement): string | null {
  if (!a.href || a.target === '_blank' || a.hasAttribute('download') || a.getAttribute('data-vike') === 'false') return null
  if (/\bexternal\b/.test(a.rel)) return null
  const url = new URL(a.href, location.href)
  if (url.origin !== location.origin || /\.[a-z0-9]+$/i.test(url.pathname)) return null
  if (url.pathname === location.pathname) return null
  return url.pathname
}

/** Page code and `_payload.json` of a link's target, once, through the queue; a failure is forgotten. */
export function prefetchLink(a: HTMLAnchorElement) {
  const path = targetOf(a)
  if (!path || done.has(path) || isSlowConnection() || isOutdated()) return
  // Once the manifest is known, a page that was not prerendered has nothing to prefetch.
  const manifest = loadedManifest()
  if (manifest && !manifest.prerendered.includes(path.replace(/(.)\/$/, '$1'))) return
  done.add(path)
  preloads
    .push(() => Promise.all([prefetchCode(path), loadPayload(path)]))
    .catch(() => done.delete(path))
}

/** Watches the page's links: prefetch when one becomes visible, is hovered or is focused. */
export function watchLinks() {
  if (isSlowConnection()) return
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting || entry.intersectionRatio > 0) {
        observer!.unobserve(entry.target)
        prefetchLink(entry.target as HTMLAnchorElement)
      }
    }
  })
  for (const a of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    if (watched.has(a)) continue
    watched.add(a)
    observer.observe(a)
  }
}

export function prefetchOnIntent() {
  const onIntent = (event: Event) => {
    const a = (event.target as Element | null)?.closest?.('a[href]')
    if (a) prefetchLink(a as HTMLAnchorElement)
  }
  document.addEventListener('pointerover', onIntent, { passive: true })
  document.addEventListener('focusin', onIntent)
}
