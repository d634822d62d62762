import { getAppManifest } from './appManifest'
import { connection } from './connection'
import { markHydrated } from './chunkErrors'
import { prefetchOnIntent, watchLinks } from './prefetch'
import { toast } from './toasts'
import { startUpdateChecks } from './updates'

/** The light client runtime, started once the first page has hydrated. */
export function startRuntime() {
  markHydrated()
  // About 1 s after hydration, unless the connection is very slow (BEHAVIOUR.md section 4).
  if (connection()?.effectiveType !== 'slow-2g') setTimeout(getAppManifest, 1000)
  startUpdateChecks(() =>
    toast({
      title: 'update.toast.title',
      description: 'update.toast.body',
      action: { label: 'update.toast.reload', altText: 'update.toast.reloadAlt', onClick: () => location.reload() },
    }),
  )
  prefetchOnIntent()
  watchLinks()
}
