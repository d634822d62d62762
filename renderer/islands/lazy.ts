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
