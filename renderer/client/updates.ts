import { buildId, updateCheckInterval } from './buildInfo'
import { fetchHere } from './leaving'

let timer: ReturnType<typeof setTimeout> | undefined
let outdated = false
let onOutdated: (() => void) | undefined

/** Whether a newer build has been deployed since this page loaded. */
export function isOutdated() {
  return outdated
}

/**
 * Polls builds/latest.json?<now> every `updateCheckInterval` ms and whenever the tab becomes
 * visible again; on a different id polling stops and `notify` runs once (docs/behaviour.md §4).
 */
export function startUpdateChecks(notify: () => void) {
  onOutdated = notify
  schedule()
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && !outdated) void checkForUpdate()
  })
}

function schedule() {
  clearTimeout(timer)
  timer = setTimeout(checkForUpdate, updateCheckInterval)
}

async function checkForUpdate() {
  if (outdated) return
  schedule()
  try {
    const latest = await fetchHere(
      `/builds/latest.json?${Date.now()}`,
      async (res): Promise<{ id?: unknown } | undefined> => (res.ok ? res.json() : undefined),
    )
    if (typeof latest?.id === 'string' && latest.id !== buildId() && !outdated) {
      outdated = true
      clearTimeout(timer)
      onOutdated?.()
    }
  } catch {
    // Offline, a bad answer or the page left: try again at the next check.
  }
}
