// Hydrates the islands of a page (renderer/islands/Island.tsx places them), once it has painted, by
// their strategy: when visible (the default), when the browser is idle, or at once. The runtime names
// nothing of React's: the code that hydrates and the islands' own code come as loaders from
// renderer/+client.ts.
import { intlLocale } from '../../locales/intlLocale'
import { isLocale } from '../../locales/locales'
import { type HydrateOn, type IslandData, islandAttrs } from '../shared/dom'
import { showError } from './errorState'
import { mayReload } from './reloadGuard'
import { preloadIsland } from './islandChunks'
import { afterPaint, nextTask, noTapUnderWay, whenIdle } from './when'

/** What renderer/islands/hydrate.tsx exports. */
interface Hydrator {
  hydrateIsland(
    root: Element,
    name: string,
    component: unknown,
    data: IslandData,
    onHydrated: () => void,
  ): { unmount(): void }
}

export interface IslandLoaders {
  /** React's DOM renderer alone: its start is the longest step, so it runs in a task of its own. */
  reactDom: () => Promise<unknown>
  /** React and the hydration code, shared by every island. */
  hydrator: () => Promise<Hydrator>
  /** Each island's own code by name (renderer/islands/registry.ts). */
  islands: Record<string, () => Promise<{ default: unknown }>>
}

let loaders: IslandLoaders | undefined
const roots = new Set<{ unmount(): void }>()
let observer: IntersectionObserver | undefined

export function startIslands(islandLoaders: IslandLoaders) {
  loaders = islandLoaders
  // A form inside an island is the island's to send (by fetch): before its code has hydrated, Enter
  // in a field must not submit it natively, which would load the page again with what was typed
  // in the address. Capture, so that the island's own handler still sees the event afterwards.
  document.addEventListener(
    'submit',
    (event) => {
      if ((event.target as Element).closest(`[${islandAttrs.name}]`)) event.preventDefault()
    },
    true,
  )
  hydrateIslands()
}

/**
 * Hydrates every island in `scope` that has not started yet. No island's code is asked for before
 * the page's first paint: it is the largest download a page makes, and must not take the fonts'
 * bandwidth or delay the largest paint.
 */
export function hydrateIslands(scope: ParentNode = document) {
  for (const el of scope.querySelectorAll<HTMLElement>(`[${islandAttrs.name}]`)) {
    if (el.hasAttribute(islandAttrs.state)) continue
    el.setAttribute(islandAttrs.state, 'pending')
    afterPaint(() => {
      void warmIntl()
      schedule(el)
    })
  }
}

/** Per Intl tag: the worker that loads ICU's data for it has answered (or could not be started). */
const warmed = new Map<string, Promise<void>>()

/**
 * Loads ICU's data for the page's locale in a worker (./intlWarm.ts), once per locale: the first
 * formatter made on the main thread would otherwise be one long task inside the island's hydration,
 * just when the visitor taps it (docs/performance.md, "A tap while an island loads"). At most 3 s.
 */
function warmIntl(): Promise<void> {
  const { lang } = document.documentElement
  const tag = intlLocale(isLocale(lang) ? lang : 'en')
  let done = warmed.get(tag)
  if (!done) {
    done = new Promise<void>((resolve) => {
      let worker: Worker | undefined
      const finish = () => {
        worker?.terminate()
        resolve()
      }
      setTimeout(finish, 3000)
      try {
        worker = new Worker(new URL('./intlWarm.ts', import.meta.url), { type: 'module' })
        worker.onmessage = finish
        worker.onerror = finish
        worker.postMessage(tag)
      } catch {
        finish()
      }
    })
    warmed.set(tag, done)
  }
  return done
}

/** Hydrates an island by its strategy: at once (`load`), when the browser is idle, or when visible. */
function schedule(el: HTMLElement) {
  if (!el.isConnected) return
  const on = el.getAttribute(islandAttrs.hydrate) as HydrateOn | null
  if (on === 'load') void hydrate(el)
  else if (on === 'idle') whenIdle(() => void hydrate(el))
  else {
    observer ??= new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue
          observer!.unobserve(entry.target)
          void hydrate(entry.target.closest<HTMLElement>(`[${islandAttrs.name}]`)!)
        }
      },
      { rootMargin: '200px' },
    )
    // The island's wrappers are `display: contents` and have no box of their own to observe.
    observer.observe(el.querySelector(`[${islandAttrs.root}] > *`) ?? el)
  }
}

/** Before a navigation replaces the page (rasid:before-swap): its islands stop. */
export function unmountIslands() {
  observer?.disconnect()
  for (const root of roots) root.unmount()
  roots.clear()
}

/**
 * One step of an island's loading: its modules run at once (their chunks are in) and not inside a
 * tap, and what follows is a task of its own.
 */
async function step<T>(load: () => Promise<T>): Promise<T> {
  await noTapUnderWay()
  const loaded = await load()
  await nextTask()
  return loaded
}

/**
 * Loads an island's code and hydrates it. Each step is a task of its own, so that a visitor who taps
 * the island meanwhile waits for one step at most (docs/performance.md, "A tap while an island
 * loads"): the chunks are asked for a link at a time; once they are all in, react-dom starts, the
 * hydrator's other modules run, then the island's own module, each when no tap is under way; then
 * React hydrates in slices.
 */
async function hydrate(el: HTMLElement) {
  const name = el.getAttribute(islandAttrs.name)!
  const load = loaders?.islands[name]
  let code: [Hydrator, { default: unknown }]
  try {
    if (!loaders || !load) throw new Error(`Unknown island "${name}"`)
    await Promise.all([preloadIsland(name), warmIntl()])
    await step(loaders.reactDom)
    code = [await step(loaders.hydrator), await step(load)]
  } catch (err) {
    chunkFailed(name, err as Error)
    return
  }
  if (!el.isConnected) return
  let data: IslandData
  try {
    data = JSON.parse(el.querySelector(':scope > script[type="application/json"]')?.textContent ?? '') as IslandData
  } catch (err) {
    // The prerendered HTML stays as it is: readable, not interactive.
    console.error(`[rasid] Island ${name} has no readable data: ${(err as Error).message}`)
    el.setAttribute(islandAttrs.state, 'failed')
    return
  }
  const [{ hydrateIsland }, { default: component }] = code
  el.setAttribute(islandAttrs.state, 'hydrating')
  roots.add(
    hydrateIsland(el.querySelector(`:scope > [${islandAttrs.root}]`)!, name, component, data, () =>
      el.setAttribute(islandAttrs.state, 'hydrated'),
    ),
  )
}

/**
 * An island's code that fails to load (a redeploy removed the old chunks): load the page afresh,
 * once per path in 10 s (docs/behaviour.md §4); inside that window, show the error page instead.
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
