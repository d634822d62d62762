import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import { toastStore } from './runtime/toasts'

const Toaster = lazy(() => import('./Toaster'))

/** Mounts the toaster the first time a toast is shown or F8 is pressed, not before. */
export function ToastHost() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get, () => [])
  const [f8, setF8] = useState(false)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8' && !e.altKey && !e.ctrlKey && !e.metaKey) setF8(true)
    }
    addEventListener('keydown', onKey)
    return () => removeEventListener('keydown', onKey)
  }, [])
  const [mounted, setMounted] = useState(false)
  useEffect(() => {
    if (toasts.length || f8) setMounted(true)
  }, [toasts.length, f8])
  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <Toaster focusOnMount={f8 && !toasts.length} />
    </Suspense>
  )
}
