import { extractLocale } from '../../locales/extractLocale'
import type { Locale } from '../../locales/locales'
import { assertPayload, type PagePayload } from '../shared/payload'
import { payloadPath } from '../shared/paths'
import { assertShell, type PageShell, shellPath } from '../shared/shell'
import { buildId } from './buildInfo'
import { fetchHere } from './leaving'

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

/** A JSON file checked by `check`, aborted if the page is left meanwhile (./leaving.ts). */
const fetchJson = <T>(url: string, check: (value: unknown) => asserts value is T): Promise<T> =>
  fetchHere(url, async (res) => {
    if (!res.ok) throw new Error(`HTTP ${res.status}`)
    const body: unknown = await res.json()
    check(body)
    return body
  })

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
