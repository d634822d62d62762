import { isPageHeadTag, type HeadTag, type PagePayload } from '../payload'
import { buildId } from './buildInfo'
import { writeLocaleCookie } from './cookie'
import { forgetError } from './errorState'
import { isGuarded } from './guards'
import { hydrateIslands, unmountIslands } from './islands'
import { updateLocaleSwitch } from './localeSwitch'
import { loadPayload } from './payloads'
import { watchLinks } from './prefetch'
import { resetTooltips } from './tooltip'
import { isOutdated } from './updates'

/** Fired on `document` after a navigation swapped the page in. */
export const navigatedEvent = 'rasid:navigated'

type HistoryState = { rasid: true; scroll: number }

let currentPath = ''
let latest = 0

/**
 * Client-side navigation (STYLE.md models: Astro's router and swap functions). A click on an
 * internal link fetches the target's `_payload.json` and swaps the page in place: head tags,
 * `lang`/`dir`, the body, islands. Anything that cannot be done so becomes a full page load.
 */
export function startNavigation() {
  currentPath = location.pathname
  history.scrollRestoration = 'manual'
  if (!(history.state as HistoryState | null)?.rasid)
    history.replaceState({ rasid: true, scroll: scrollY } satisfies HistoryState, '')
  else if (isReturn()) scrollTo(0, (history.state as HistoryState).scroll)
  addEventListener('pagehide', saveScroll)
  document.addEventListener('click', onClick)
  addEventListener('popstate', (event) => {
    // Only the query or the hash changed: the page stays (an island may keep its state in the query).
    if (location.pathname === currentPath) return
    void go(new URL(location.href), { push: false, scroll: (event.state as HistoryState | null)?.scroll ?? 0 })
  })
  ensureAnnouncer()
}

function isReturn() {
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
  return nav?.type === 'reload' || nav?.type === 'back_forward'
}

function saveScroll() {
  history.replaceState({ ...(history.state as object), rasid: true, scroll: scrollY } satisfies HistoryState, '')
}

/** The internal page a click leads to, or null when the browser should handle it. */
export function navigableUrl(a: HTMLAnchorElement | SVGAElement, event?: MouseEvent): URL | null {
  if (
    event &&
    (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
  )
    return null
  const href = a instanceof HTMLAnchorElement ? a.href : a.href.baseVal
  const target = a.getAttribute('target')
  if (
    !href ||
    (target && target !== '_self') ||
    a.hasAttribute('download') ||
    /\bexternal\b/.test(a.getAttribute('rel') ?? '')
  )
    return null
  if (a.getAttribute('data-reload') !== null) return null
  const url = new URL(href, location.href)
  if (url.origin !== location.origin || /\.[a-z0-9]+$/i.test(url.pathname)) return null
  // A link to a place in this same page: the browser scrolls to it.
  if (url.pathname === location.pathname && url.search === location.search && url.hash) return null
  return url
}

function onClick(event: MouseEvent) {
  const a = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null
  if (!a) return
  const url = navigableUrl(a, event)
  if (!url) return
  event.preventDefault()
  void go(url)
}

/** Navigates to an internal URL: in place from its payload, or as a full load when that cannot be. */
export async function go(url: URL, options: { push?: boolean; replace?: boolean; scroll?: number } = {}) {
  const push = options.push ?? true
  const load = () =>
    push ? (options.replace ? location.replace(url.href) : location.assign(url.href)) : location.reload()
  // A newer build is live: its pages need its code, so load the target as a document.
  if (isOutdated() || isGuarded(url.pathname)) return load()
  const ticket = ++latest
  let payload: PagePayload
  try {
    payload = await loadPayload(url.pathname)
    if (payload.buildId !== buildId()) throw new Error(`it belongs to build ${payload.buildId}`)
  } catch (err) {
    console.warn(
      `[rasid] Cannot navigate to ${url.pathname} in place (${(err as Error).message}); loading it as a document.`,
    )
    return load()
  }
  // A later click won the race.
  if (ticket !== latest) return
  if (push) {
    saveScroll()
    const state: HistoryState = { rasid: true, scroll: 0 }
    if (options.replace) history.replaceState(state, '', url.href)
    else history.pushState(state, '', url.href)
  }
  const swap = () => swapPage(payload)
  const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches
  const doc = document as Document & { startViewTransition?: (cb: () => void) => { updateCallbackDone: Promise<void> } }
  if (doc.startViewTransition && !reduce) await doc.startViewTransition(swap).updateCallbackDone.catch(() => {})
  else swap()
  currentPath = location.pathname
  afterSwap(payload, url, options.scroll)
}

function swapPage(payload: PagePayload) {
  unmountIslands()
  forgetError()
  resetTooltips()
  const html = document.documentElement
  html.lang = payload.locale
  html.dir = payload.dir
  document.title = payload.title
  for (const el of document.head.querySelectorAll('meta,link'))
    if (isPageHeadTag(el.localName, (name) => el.getAttribute(name))) el.remove()
  document.head.append(...payload.head.map(headElement))
  const root = document.getElementById('root')!
  const template = document.createElement('template')
  template.innerHTML = payload.body
  root.replaceChildren(template.content)
}

function headElement({ tag, attrs }: HeadTag): HTMLElement {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value)
  return el
}

function afterSwap(payload: PagePayload, url: URL, scroll: number | undefined) {
  writeLocaleCookie(payload.locale)
  updateLocaleSwitch()
  hydrateIslands()
  watchLinks()
  const target = url.hash && document.getElementById(decodeURIComponent(url.hash.slice(1)))
  if (scroll !== undefined) scrollTo(0, scroll)
  else if (target) target.scrollIntoView()
  else scrollTo(0, 0)
  const h1 = document.querySelector<HTMLElement>('main h1')
  if (h1) {
    h1.tabIndex = -1
    h1.focus({ preventScroll: true })
  }
  announce(payload.title)
  document.dispatchEvent(new CustomEvent(navigatedEvent, { detail: { locale: payload.locale } }))
}

/** A polite live region outside the swapped part, which reads the new page's title. */
function ensureAnnouncer(): HTMLElement {
  let el = document.getElementById('route-announcer')
  if (!el) {
    el = document.createElement('div')
    el.id = 'route-announcer'
    el.className = 'sr-only'
    el.setAttribute('aria-live', 'polite')
    el.setAttribute('aria-atomic', 'true')
    document.body.append(el)
  }
  return el
}

function announce(text: string) {
  const el = ensureAnnouncer()
  el.textContent = ''
  // A change after a frame is announced even when the text is the same as before.
  requestAnimationFrame(() => (el.textContent = text))
}
