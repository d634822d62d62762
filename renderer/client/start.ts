// The composition root of the light browser runtime (as Turbo's Session): it starts each feature
// and wires it to the router's lifecycle events, so that the router imports no feature and no
// feature imports the router. No React here: the loaders of React code come from renderer/+client.ts.
import { isLocale } from '../../locales/locales'
import { dataAttrs, events, type SwapDetail } from '../shared/dom'
import { getAppManifest } from './appManifest'
import { startCartLink } from './cartLink'
import { startCodeCopy } from './codeCopy'
import { connection } from './connection'
import { writeLocaleCookie } from './cookie'
import { type AppError, clearError, forgetError, showError } from './errorState'
import { isGuarded } from './guards'
import { hydrateIslands, type IslandLoaders, startIslands, unmountIslands } from './islands'
import { updateLocaleSwitch, watchLocaleSwitch } from './localeSwitch'
import { prefetchOnIntent, watchLinks } from './prefetch'
import { navigate, startRouter } from './router'
import { startToasts, type ToasterModule, toast } from './toasts'
import { resetTooltips, startTooltips } from './tooltip'
import { isOutdated, startUpdateChecks } from './updates'
import { afterLoad, afterPaint, nextTask } from './when'

export interface RuntimeLoaders extends IslandLoaders {
  toaster: () => Promise<ToasterModule>
}

/** The runtime's public functions, on `window.rasid` for islands, operators and tests (docs/behaviour.md §6). */
interface RasidApi {
  navigate: typeof navigate
  showError: (error: string | Partial<AppError>) => AppError
  clearError: (options?: { redirect?: string }) => Promise<void>
  toast: typeof toast
}

export function startRuntime(loaders: RuntimeLoaders) {
  // The page is interactive from here; the manifest is fetched about 1 s later, unless the
  // connection is very slow (docs/behaviour.md §4).
  performance.mark('rasid:hydrated')
  setTimeout(() => {
    if (connection()?.effectiveType !== 'slow-2g') void getAppManifest()
  }, 1000)

  // A newer build is live (its pages need its code), a guard refuses the path, or the path is the
  // API's (the sandbox's payment page), no page of the site: a full load.
  startRouter({ mustLoad: ({ pathname: p }) => isOutdated() || isGuarded(p) || p.startsWith('/api/') })
  on(events.beforeSwap, () => {
    unmountIslands()
    forgetError()
    resetTooltips()
  })
  on(events.afterSwap, ({ locale }) => {
    writeLocaleCookie(locale)
    updateLocaleSwitch()
    hydrateIslands()
    watchLinks()
  })

  startTooltips()
  startCodeCopy()
  watchCodeTabs()
  watchStatusBanner()
  watchStatusPage()
  watchGuideSearch()
  watchLocaleSwitch()
  startIslands(loaders)
  startToasts(loaders.toaster)
  startUpdateChecks(() =>
    toast({
      title: 'update.toast.title',
      description: 'update.toast.body',
      action: {
        label: 'update.toast.reload',
        altText: 'update.toast.reloadAlt',
        onClick: () => location.reload(),
      },
    }),
  )
  prefetchOnIntent()
  // Visible links' payloads once the page has loaded: a dozen prefetches must not take the
  // bandwidth of the page's own fonts (or delay its largest paint) on a slow connection.
  afterLoad(watchLinks)

  const api: RasidApi = {
    navigate,
    showError,
    // With `redirect`, the error goes and the navigation replaces the page; else the page comes back.
    clearError: async ({ redirect } = {}) => {
      clearError({ restore: !redirect })
      if (redirect) await navigate(redirect)
    },
    toast,
  }
  Object.assign(window, { rasid: api })
  // What waits on the browser process, the cookie jar and localStorage, is a task of its own after
  // this one, the task a tap on the prerendered page meets: a profile of /contact-us's start at 4x
  // found the cookie's write and the cart's first read taking 7-39 ms each, and the start 52-193 ms.
  void nextTask('user-visible').then(() => {
    recordLocale()
    startCartLink()
    // Marks the page as interactive (tests and the benchmark wait for it).
    document.documentElement.setAttribute(dataAttrs.started, '')
  })
}

/** A full load of any page but `/` and the 404 page (whose boot script writes it) records its locale. */
function recordLocale() {
  const { lang } = document.documentElement
  try {
    if (isLocale(lang)) writeLocaleCookie(lang)
  } catch {
    // Cookies blocked (a sandboxed frame): the page is still right.
  }
}

/**
 * The status banner's code (./statusBanner.ts) only for the pages that carry one (the checkout and
 * contact pages), fetched when the first of them is shown: every other page is spared its bytes. On
 * a full load, once the page has painted: asked for at start, its two chunks were a third round trip
 * (after the entry's own chunks) ahead of the largest paint, which Lighthouse then counted in it
 * (`/ar/contact-us` 1.19x `/contact-us`).
 */
function watchStatusBanner() {
  let started = false
  const check = () => {
    if (started || !document.querySelector(`[${dataAttrs.statusNeeds}]`)) return
    started = true
    void import('./statusBanner').then((m) => m.startStatusBanner())
  }
  afterPaint(check)
  document.addEventListener(events.afterSwap, check)
}

/**
 * The code tabs' script (./codeTabs.ts) only for a page that has tabs (the API reference, a guide's
 * request), fetched when the first of them is shown; on each such page it shows the reader's language.
 */
function watchCodeTabs() {
  const check = () => {
    if (document.querySelector('.code-tabs')) void import('./codeTabs').then((m) => m.startCodeTabs())
  }
  check()
  document.addEventListener(events.afterSwap, check)
}

/**
 * The status page's live view (./statusPage.ts) only for the page that carries it (/monitoring),
 * fetched when it is shown: every other page is spared its bytes. It starts again on each visit.
 */
function watchStatusPage() {
  const check = () => {
    const host = document.querySelector<HTMLElement>('[data-status-page]')
    if (host) void import('./statusPage').then((m) => m.startStatusPage(host))
  }
  check()
  document.addEventListener(events.afterSwap, check)
}

/**
 * The guides' search script (./guideSearch.ts) when a visitor shows intent, the first focus of a
 * search box, or on a page opened with `?q=` (the box's form sent before the script arrived).
 */
function watchGuideSearch() {
  const load = (form: Element | null | undefined, query?: 'focus' | 'keep') => {
    if (form?.hasAttribute(dataAttrs.guideSearch))
      void import('./guideSearch').then((m) => m.enhanceSearch(form as HTMLFormElement, query))
  }
  document.addEventListener('focusin', (event) => load((event.target as Element).closest?.('form')))
  // On a full load the box takes the focus; after a swap the router gives it to the page's heading.
  const fromQuery = (focus: 'focus' | 'keep') =>
    location.search.includes('q=') && load(document.querySelector('form'), focus)
  fromQuery('focus')
  document.addEventListener(events.afterSwap, () => fromQuery('keep'))
}

function on(name: string, listener: (detail: SwapDetail) => void) {
  document.addEventListener(name, (event) => listener((event as CustomEvent<SwapDetail>).detail))
}
