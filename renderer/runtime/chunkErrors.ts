import { mayReload } from './reloadGuard'

let hydrated = false
let target: string | null = null

export function markHydrated() {
  hydrated = true
}

/** The page a client-side navigation is heading to (set by +onPageTransitionStart). */
export function setNavigationTarget(url: string | null) {
  target = url === null ? null : new URL(url, location.href).pathname
}

/**
 * A page's code that fails to load (a redeploy removed the old chunks): load the target page
 * afresh, once per path in 10 s (BEHAVIOUR.md section 4). Inside that window the error is let
 * through, so Vike shows the error page instead of loading again and again.
 */
export function handleChunkErrors() {
  addEventListener('vite:preloadError', (event) => {
    // A prefetch that failed: Vike turns client routing off, so the next click loads a document.
    if (hydrated && !target) return
    const path = target ?? location.pathname
    if (!mayReload(sessionStorage, path)) {
      // Not again: Vike gets no module and renders the error page.
      event.preventDefault()
      return
    }
    if (!hydrated) {
      // Vike does not reload during hydration: do it here.
      event.preventDefault()
      location.reload()
    }
    // During a navigation Vike itself loads the target as a document.
  })
}
