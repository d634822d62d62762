import { getAppManifest } from './appManifest'
import { connection } from './connection'
import { hydrateIslands } from './islands'
import { watchLocaleSwitch } from './localeSwitch'
import { startNavigation } from './navigation'
import { prefetchOnIntent, watchLinks } from './prefetch'
import { listenForToastHotkey, toast } from './toasts'
import { startTooltips } from './tooltip'
import { startUpdateChecks } from './updates'
import { clearError, showError } from './errorState'
import { navigate } from './navigate'
import { startCodeCopy } from './codeCopy'

/** The light browser runtime: no React unless a page has islands or a toast shows. */
export function startRuntime() {
  // The page is interactive from here; the manifest is fetched about 1 s later.
  performance.mark('rasid:hydrated')
  // About 1 s after start, unless the connection is very slow (BEHAVIOUR.md section 4).
  if (connection()?.effectiveType !== 'slow-2g') setTimeout(getAppManifest, 1000)
  startNavigation()
  startTooltips()
  startCodeCopy()
  watchLocaleSwitch()
  hydrateIslands()
  listenForToastHotkey()
  startUpdateChecks(() =>
    toast({
      title: 'update.toast.title',
      description: 'update.toast.body',
      action: { label: 'update.toast.reload', altText: 'update.toast.reloadAlt', onClick: () => location.reload() },
    }),
  )
  prefetchOnIntent()
  watchLinks()
  // For islands, operators and tests: the runtime's public functions (BEHAVIOUR.md section 6).
  Object.assign(window, { rasid: { navigate, showError, clearError, toast } })
  // Marks the page as interactive (tests and the benchmark wait for it).
  document.documentElement.dataset.hydrated = ''
}
