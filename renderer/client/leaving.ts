/**
 * `fetch` for the runtime, aborted by the page itself when the page is left. WebKit
 * cancels a leaving page's fetches itself, as a navigation starts (right after `beforeunload`) and
 * as the next page comes (right after `pagehide`), and logs each one so as "Fetch API cannot load …
 * due to access control checks"; a fetch the page aborts first it does not log. `read` takes the
 * answer whole (its body too) while the abort still applies. The listeners live only while the
 * fetch is in flight (Firefox keeps no page with a `beforeunload` listener in its back/forward
 * cache): the same signal removes them. A fetch aborted so fails with an AbortError (`wasLeft`).
 */
export async function fetchHere<T>(url: string, read: (res: Response) => Promise<T>, init?: RequestInit): Promise<T> {
  const leaving = new AbortController()
  const abort = () => leaving.abort()
  const options = { signal: leaving.signal }
  addEventListener('beforeunload', abort, options)
  addEventListener('pagehide', abort, options)
  try {
    // keepalive: one the page could not abort in time (started after `beforeunload`, cancelled by
    // WebKit before `pagehide`) is let finish instead of cancelled and logged; a GET has no body to
    // count against keepalive's quota, and its answer goes nowhere.
    return await read(await fetch(url, { keepalive: true, ...init, ...options }))
  } finally {
    // Over, read whole or failed: the abort only takes the listeners away.
    leaving.abort()
  }
}

/** Whether a failure is the abort of a page being left: nothing to log or show. */
export const wasLeft = (err: unknown) => (err as Error)?.name === 'AbortError'
