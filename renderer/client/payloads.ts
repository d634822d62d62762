import { extractLocale } from '../../locales/extractLocale'
import type { Locale } from '../../locales/locales'
import { assertPayload, type PagePayload } from '../shared/payload'
import { payloadPath } from '../shared/paths'
import { assertShell, type PageShell, shellPath } from '../shared/shell'
import { buildId } from './buildInfo'

// One request per page (and per language's shell) and tab: a prefetch and the navigation that
// follows share it.
const cache = new Map<string, Promise<unknown>>()

function load<T>(url: string, check: (value: unknown) => asserts value is T): Promise<T> {
  let loading = cache.get(url) as Promise<T> | undefined
  if (!loading) {
    loading = fetchJson(url, check)
    cache.set(url, loading)
    loading.catch(() => cache.delete(url))
  }
  return loading
}

/**
 * A fetch in flight when the page is left is aborted by the page, before the browser cancels it:
 * WebKit logs a fetch it cancels so as "Fetch API cannot load … due to access control checks", an
 * abort not at all (issue 44, N2). It cancels them as a navigation starts, right after
 * `beforeunload`, and those started since (the prefetches waiting in the queue) once the next page
 * comes, right after `pagehide`. The listeners only while the fetch is in flight (Firefox keeps no
 * page with a `beforeunload` listener in its back/forward cache): the same signal removes them.
 */
async function fetchJson<T>(url: string, check: (value: unknown) => asserts value is T): Promise<T> {
  const leaving = new AbortController()
  const abort = () => leaving.abort()
  const options = { signal: leaving.signal }
  addEventListener('beforeunload', abort, options)
  addEventListener('pagehide', abort, options)
  try {
    const res = await fetch(url, options)
    if (!res.ok) throw new Error(`HTTP ${res.status}`)
    const body: unknown = await res.json()
    check(body)
    return body
  } finally {
    // Over, read whole or failed: the abort only takes the listeners away.
    leaving.abort()
  }
}

/** The frame of a language's pages, `/_shell/<locale>.json?<buildId>`. A failure is not cached. */
const loadShell = (locale: Locale) => load<PageShell>(`${shellPath(locale)}?${buildId()}`, assertShell)

/**
 * The `_payload.json` of a page, as `<path>/_payload.json?<buildId>`, and the shell of its language
 * (which its address names), fetched side by side. A failure is not cached.
 */
export function loadPayload(pathname: string): Promise<PagePayload> {
  void loadShell(extractLocale(pathname).locale).catch(() => {})
  return load<PagePayload>(`${payloadPath(pathname)}?${buildId()}`, assertPayload)
}

/** The page's payload with its language's shell: what a navigation puts together. */
export async function loadPage(pathname: string): Promise<{ payload: PagePayload; shell: PageShell }> {
  const [payload, shell] = await Promise.all([loadPayload(pathname), loadShell(extractLocale(pathname).locale)])
  if (shell.locale !== payload.locale) throw new Error(`the page is in ${payload.locale}, its shell in ${shell.locale}`)
  return { payload, shell }
}
