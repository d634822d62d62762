// When the runtime's own work starts, so that it never competes with what the page needs first:
// the stylesheet, the fonts, the first paint. A small page loads (`load`) before it paints: the
// fonts' block period holds the text back, so neither the load event nor a frame callback means
// the visitor sees the page; the browser's paint timing does.

/**
 * Once the page's first contentful paint has happened, then a task; at the latest after 3 s (a
 * hidden tab paints nothing).
 */
export function afterPaint(cb: () => void) {
  let done = false
  const go = () => {
    if (done) return
    done = true
    setTimeout(cb, 0)
  }
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    // No paint timing (an old browser): the next frame, then a task.
    requestAnimationFrame(go)
    return
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return
    observer.disconnect()
    go()
  })
  observer.observe({ type: 'paint', buffered: true })
  setTimeout(() => {
    observer.disconnect()
    go()
  }, 3000)
}

/** When the browser is idle (at the latest in 2 s). */
export function whenIdle(cb: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(cb, { timeout: 2000 })
  else setTimeout(cb, 200)
}

/** After the page's `load` event (its fonts and the runtime included) and its first paint, once idle. */
export function afterLoad(cb: () => void) {
  const painted = () => afterPaint(() => whenIdle(cb))
  if (document.readyState === 'complete') painted()
  else addEventListener('load', painted, { once: true })
}

/** `scheduler.postTask` (https://wicg.github.io/scheduling-apis/), where the browser has it. */
type PostTask = (cb: () => void, options: { priority: 'background' }) => Promise<void>

/** How long a background task may wait before a plain task runs it instead. */
export const BACKGROUND_WAIT_MS = 250

/**
 * A task of its own, after what the browser has to do first: at background priority where it can
 * say so (`scheduler.postTask`), behind the visitor's input and the frames that answer it, so that
 * a tap meanwhile is not kept waiting by the steps of a background job between its own; elsewhere a
 * plain task. A background task runs only when no other task is waiting, so on a page that stays
 * busy it could wait for ever: after `BACKGROUND_WAIT_MS` a plain task goes on instead (CI saw a
 * focused link's prefetch wait more than 5 s). `user-visible`, for what the visitor has just asked
 * for (a link pointed at or focused): a plain task at once.
 */
export function nextTask(priority: 'background' | 'user-visible' = 'background') {
  const scheduler = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler
  const postTask = scheduler?.postTask
  if (!postTask || priority === 'user-visible') return new Promise<void>((resolve) => setTimeout(resolve, 0))
  return new Promise<void>((resolve) => {
    const bound = setTimeout(resolve, BACKGROUND_WAIT_MS)
    void postTask.call(
      scheduler,
      () => {
        clearTimeout(bound)
        resolve()
      },
      { priority: 'background' },
    )
  })
}

let tapping = false
let settled: (() => void)[] = []

/**
 * Resolves when no tap or click is under way: from a `pointerdown` until its `click` (or
 * `pointercancel`) has been answered by a frame, at most 1 s. A long step of ours that starts
 * between a tap's own tasks (its pointer events, then its click) makes the tap wait for all of it;
 * the island's loading starts each of its long steps after this (renderer/client/islands.ts).
 */
export function noTapUnderWay(): Promise<void> {
  if (!listening) listen()
  if (!tapping) return Promise.resolve()
  return new Promise((resolve) => settled.push(resolve))
}

let listening = false
let timer: ReturnType<typeof setTimeout> | undefined

function listen() {
  listening = true
  const done = () => {
    clearTimeout(timer)
    requestAnimationFrame(() =>
      setTimeout(() => {
        tapping = false
        const waiting = settled
        settled = []
        for (const resolve of waiting) resolve()
      }, 0),
    )
  }
  const options = { capture: true, passive: true }
  addEventListener(
    'pointerdown',
    () => {
      tapping = true
      clearTimeout(timer)
      timer = setTimeout(done, 1000)
    },
    options,
  )
  addEventListener('click', () => tapping && done(), options)
  addEventListener('pointercancel', () => tapping && done(), options)
}
