import { isPrerendered } from '../shared/manifest'
import { loadedManifest } from './appManifest'
import { isSlowConnection } from './connection'
import { preloadIsland } from './islandChunks'
import { navigableUrl } from './links'
import { loadPayload } from './payloads'
import { createQueue } from './queue'
import { isOutdated } from './updates'
import { nextTask } from './when'

/** At most 4 preloads in flight; the rest wait (docs/behaviour.md §5). */
const preloads = createQueue(4)
const payloadsDone = new Set<string>()
const codeDone = new Set<string>()
const watched = new WeakSet<Element>()
let observer: IntersectionObserver | undefined

/** The internal page a link leads to, or null when it must not be prefetched. */
function targetOf(a: HTMLAnchorElement): string | null {
  const url = navigableUrl(a)
  if (!url || url.pathname === location.pathname) return null
  if (isSlowConnection() || isOutdated()) return null
  // Once the manifest is known, a page that was not prerendered has nothing to prefetch.
  const manifest = loadedManifest()
  if (manifest && !isPrerendered(manifest, url.pathname)) return null
  return url.pathname
}

/**
 * A payload in a task of its own: a `fetch` costs 10-20 ms of the main thread on a slow phone, and
 * links come into view together (an observer's callback, the island's included, is one task), so
 * four at once would be one long task just as the visitor scrolls (docs/performance.md, "A tap
 * while an island loads"). A link merely in view waits at background priority; one the visitor
 * points at or focuses (`intent`) is likely the next click, so its task is a plain one.
 */
const payloadSoon = (path: string, intent = false) =>
  nextTask(intent ? 'user-visible' : 'background').then(() => loadPayload(path))

/**
 * A visible link: its target's `_payload.json`. Hovered or focused (`intent`): the code of the
 * target's islands as well, fetched (`modulepreload`) but not run. Each once, through the queue; a
 * failure is forgotten, so the navigation that follows tries again.
 */
function prefetchLink(a: HTMLAnchorElement, intent = false) {
  const path = targetOf(a)
  if (!path) return
  if (!payloadsDone.has(path)) {
    payloadsDone.add(path)
    preloads.push(() => payloadSoon(path, intent), { first: intent }).catch(() => payloadsDone.delete(path))
  }
  if (intent && !codeDone.has(path)) {
    codeDone.add(path)
    preloads
      .push(async () => {
        const { islands } = await payloadSoon(path, true)
        for (const name of islands) await preloadIsland(name)
      })
      .catch(() => codeDone.delete(path))
  }
}

/** A page's payload through the same queue as the prefetches (the guide search's excerpts). */
export function queuedPayload(path: string) {
  return preloads.push(() => payloadSoon(path))
}

/** Watches the page's links: prefetch a payload when its link becomes visible. */
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
    if (a) prefetchLink(a as HTMLAnchorElement, true)
  }
  document.addEventListener('pointerover', onIntent, { passive: true })
  document.addEventListener('focusin', onIntent)
}
