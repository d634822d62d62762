import { islands, type IslandName } from '../islands/registry'
import type { IslandData } from '../islands/define'
import { showError } from './errorState'
import { mayReload } from './reloadGuard'

// What hydrateIsland() returns, described here so that the runtime names nothing of React's.
const roots = new Set<{ unmount(): void }>()
let observer: IntersectionObserver | undefined

/** The code of an island: the shared React chunks and the island's own; cached by the browser. */
export function loadIslandCode(name: string) {
  const load = islands[name as IslandName]
  if (!load) return Promise.reject(new Error(`Unknown island "${name}"`))
  return Promise.all([import('../islands/hydrate'), load()])
}

/** Hydrates every island in `scope` by its strategy: when visible (the default), when idle, or at once. */
export function hydrateIslands(scope: ParentNode = document) {
  for (const el of scope.querySelectorAll<HTMLElement>('[data-island]')) {
    if (el.dataset.state) continue
    el.dataset.state = 'pending'
    const mount = () => void hydrate(el)
    if (el.dataset.hydrate === 'load') mount()
    else if (el.dataset.hydrate === 'idle') idle(mount)
    else {
      observer ??= new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (!entry.isIntersecting) continue
            observer!.unobserve(entry.target)
            void hydrate(entry.target.closest<HTMLElement>('[data-island]')!)
          }
        },
        { rootMargin: '200px' },
      )
      // The island's wrappers are `display: contents` and have no box of their own to observe.
      observer.observe(el.querySelector('[data-island-root] > *') ?? el)
    }
  }
}

/** Before a navigation replaces the page: its islands stop. */
export function unmountIslands() {
  observer?.disconnect()
  for (const root of roots) root.unmount()
  roots.clear()
}

function idle(cb: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(cb, { timeout: 2000 })
  else setTimeout(cb, 200)
}

async function hydrate(el: HTMLElement) {
  const name = el.dataset.island!
  let code: Awaited<ReturnType<typeof loadIslandCode>>
  try {
    code = await loadIslandCode(name)
  } catch (err) {
    chunkFailed(name, err as Error)
    return
  }
  if (!el.isConnected) return
  const data = JSON.parse(el.querySelector(':scope > script[type="application/json"]')!.textContent!) as IslandData
  const [{ hydrateIsland }, { default: Component }] = code
  roots.add(hydrateIsland(el.querySelector(':scope > [data-island-root]')!, name, Component, data))
  el.dataset.state = 'hydrated'
}

/**
 * An island's code that fails to load (a redeploy removed the old chunks): load the page afresh,
 * once per path in 10 s (BEHAVIOUR.md section 4); inside that window, show the error page instead.
 */
function chunkFailed(name: string, err: Error) {
  const path = location.pathname
  let storage: Storage | undefined
  try {
    storage = sessionStorage
  } catch {
    storage = undefined
  }
  if (mayReload(storage, path)) {
    console.warn(`[rasid] The code of island ${name} did not load (${err.message}); loading ${path} again.`)
    location.reload()
  } else {
    showError({ statusCode: 500, message: `The code of island ${name} did not load: ${err.message}` })
  }
}
