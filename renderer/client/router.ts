// Client-side navigation (docs/behaviour.md §4; the model is Astro's router and swap functions).
// A click on an internal link fetches the target's `_payload.json` (and its language's shell, the
// header and footer every page of it shares) and swaps the page in place: head tags, `lang`/`dir`,
// the body. Anything that cannot be done so becomes a full page load.
// The router only swaps and announces it: it dispatches `rasid:before-swap` and `rasid:after-swap`
// on `document`, and the features (islands, prefetch, errors, tooltips, the cookie, ...) subscribe
// in start.ts. It imports no feature.
import { events, type SwapDetail } from '../shared/dom'
import { type HeadTag, isPageHeadTag, type PagePayload } from '../shared/payload'
import { composeRoot, pageHead } from '../shared/shell'
import { stripTrailingSlash } from '../shared/paths'
import { buildId } from './buildInfo'
import { classifyNavigation } from './externalUrl'
import { navigableUrl } from './links'
import { loadPage } from './payloads'

type HistoryState = { rasid: true; scroll: number }

export interface RouterOptions {
  /** Whether a URL must be loaded as a document rather than swapped in (a newer build, a guard). */
  mustLoad(url: URL): boolean
}

let options: RouterOptions = { mustLoad: () => false }
let currentPath = ''
let latest = 0

export function startRouter(routerOptions: RouterOptions) {
  options = routerOptions
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

/**
 * Navigates to an internal path client-side; an external address throws unless `external: true`,
 * and `javascript:`, `data:`, `vbscript:` and `blob:` are refused always (docs/behaviour.md §6).
 */
export async function navigate(url: string, opts: { external?: boolean; replace?: boolean } = {}) {
  if (classifyNavigation(url, opts) === 'external') {
    if (opts.replace) location.replace(url)
    else location.href = url
    return
  }
  await go(new URL(url, location.href), { replace: opts.replace })
}

function isReturn() {
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
  return nav?.type === 'reload' || nav?.type === 'back_forward'
}

function saveScroll() {
  history.replaceState({ ...(history.state as object), rasid: true, scroll: scrollY } satisfies HistoryState, '')
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
async function go(url: URL, opts: { push?: boolean; replace?: boolean; scroll?: number } = {}) {
  const push = opts.push ?? true
  const load = () =>
    push ? (opts.replace ? location.replace(url.href) : location.assign(url.href)) : location.reload()
  if (options.mustLoad(url)) return load()
  const ticket = ++latest
  let payload: PagePayload
  let root: string
  let head: HeadTag[]
  try {
    const page = await loadPage(url.pathname)
    payload = page.payload
    for (const { buildId: id } of [payload, page.shell])
      if (id !== buildId()) throw new Error(`it belongs to build ${id}`)
    root = composeRoot(page.shell, payload, stripTrailingSlash(url.pathname))
    head = pageHead(page.shell, payload)
  } catch (err) {
    // The page is being left (./payloads.ts aborts its fetches): that navigation goes on.
    if ((err as Error).name === 'AbortError') return
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
    if (opts.replace) history.replaceState(state, '', url.href)
    else history.pushState(state, '', url.href)
  }
  const swap = () => swapPage(payload, head, root)
  const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches
  const doc = document as Document & {
    startViewTransition?: (cb: () => void) => { updateCallbackDone: Promise<void> }
  }
  if (doc.startViewTransition && !reduce) await doc.startViewTransition(swap).updateCallbackDone.catch(() => {})
  else swap()
  currentPath = location.pathname
  dispatch(events.afterSwap, { locale: payload.locale })
  settle(url, opts.scroll, payload.title)
}

function dispatch(name: string, detail: SwapDetail) {
  document.dispatchEvent(new CustomEvent<SwapDetail>(name, { detail }))
}

/** The swap itself, as named steps: what every navigation changes. */
function swapPage(payload: PagePayload, head: HeadTag[], root: string) {
  dispatch(events.beforeSwap, { locale: payload.locale })
  swapRootAttributes(payload)
  swapHeadElements(payload.title, head)
  swapBody(root)
}

function swapRootAttributes(payload: PagePayload) {
  const html = document.documentElement
  html.lang = payload.locale
  html.dir = payload.dir
}

function swapHeadElements(title: string, head: HeadTag[]) {
  document.title = title
  // The structured data of the page left (build/readPage.ts puts it in <head>, for crawlers, which
  // read documents) goes too: a payload carries none.
  for (const el of document.head.querySelectorAll('meta,link,script'))
    if (
      el.localName === 'script'
        ? el.getAttribute('type') === 'application/ld+json'
        : isPageHeadTag(el.localName, (name) => el.getAttribute(name))
    )
      el.remove()
  document.head.append(...head.map(headElement))
}

/** `#root` becomes the page: its language's frame around its content (renderer/shared/shell.ts). */
function swapBody(root: string) {
  const template = document.createElement('template')
  template.innerHTML = root
  document.getElementById('root')!.replaceChildren(template.content)
}

function headElement({ tag, attrs }: HeadTag): HTMLElement {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value)
  return el
}

/** After the swap: scroll (the saved position, the hash's target or the top), focus the h1, announce the title. */
function settle(url: URL, scroll: number | undefined, title: string) {
  const target = url.hash && document.getElementById(decodeURIComponent(url.hash.slice(1)))
  if (scroll !== undefined) scrollTo(0, scroll)
  else if (target) target.scrollIntoView()
  else scrollTo(0, 0)
  const h1 = document.querySelector<HTMLElement>('main h1')
  if (h1) {
    h1.tabIndex = -1
    h1.focus({ preventScroll: true })
  }
  announce(title)
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
  requestAnimationFrame(() => {
    el.textContent = text
  })
}
