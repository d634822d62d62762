/** sessionStorage key of the chunk-error reload marker `{ path, expires }` (docs/behaviour.md §4). */
export const reloadMarkerKey = 'rasid:reload'
const reloadWindowMs = 10_000

/**
 * Whether a full reload of `path` may happen now. It may, unless the same path was reloaded less
 * than 10 s ago; when it may, the marker is written. Storage that throws or holds junk counts as empty.
 */
export function mayReload(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  path: string,
  now = Date.now(),
): boolean {
  try {
    const marker = JSON.parse(storage?.getItem(reloadMarkerKey) ?? 'null') as {
      path?: unknown
      expires?: unknown
    } | null
    if (marker && marker.path === path && typeof marker.expires === 'number' && marker.expires > now) return false
  } catch {
    // A corrupt marker is ignored and overwritten.
  }
  try {
    storage?.setItem(reloadMarkerKey, JSON.stringify({ path, expires: now + reloadWindowMs }))
  } catch {
    // Private mode or a full quota: reload anyway, as without a guard.
  }
  return true
}
