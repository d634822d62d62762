import { lazy, Suspense, useEffect, useState, type ReactElement } from 'react'

const TooltipRadix = lazy(() => import('./TooltipContent'))

/**
 * A Radix tooltip around `children`. The prerendered page and the first render show the bare
 * child; Radix arrives when the browser is idle, so the tooltip costs the first load nothing.
 */
export function Tooltip({ label, children }: { label: string; children: ReactElement }) {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200))
    idle(() => setReady(true))
  }, [])
  if (!ready) return children
  return (
    <Suspense fallback={children}>
      <TooltipRadix label={label}>{children}</TooltipRadix>
    </Suspense>
  )
}
