/**
 * A module an island needs only once the visitor does something (the API client, the schemas):
 * imported on the first call, shared by later calls, and fetched again after a failed attempt
 * (offline), so that one lost request does not break the island for the rest of the visit.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = undefined
      throw err
    })
    return loading
  }
}

/**
 * Starts loading a lazy module once the frame that answers the current interaction has been
 * drawn: a dynamic import adds a `<link rel=modulepreload>` per chunk (Vite's preload helper),
 * 5-10 ms each on a slow phone, which would otherwise delay the paint of the tap that asked for
 * it (docs/performance.md, "A tap while an island loads"). A failed load is left to the call
 * that needs the module.
 */
export function loadSoon(load: () => Promise<unknown>) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      load().catch(() => undefined)
    }, 0),
  )
}
