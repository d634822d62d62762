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
