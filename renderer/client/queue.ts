/**
 * Runs async tasks with at most `limit` in flight; the rest wait in order (docs/behaviour.md §5:
 * at most 4 preloads at once), except a task pushed `first`, which goes ahead of those waiting (a
 * link the visitor points at, ahead of the links merely in view). A task that fails is forgotten:
 * it frees its slot like any other.
 */
export function createQueue(limit: number) {
  let running = 0
  const waiting: (() => void)[] = []
  const next = () => {
    if (running >= limit) return
    const start = waiting.shift()
    if (start) start()
  }
  return {
    get running() {
      return running
    },
    get waiting() {
      return waiting.length
    },
    push<T>(task: () => Promise<T>, { first = false } = {}): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        waiting[first ? 'unshift' : 'push'](() => {
          running++
          task()
            .then(resolve, reject)
            .finally(() => {
              running--
              next()
            })
        })
        next()
      })
    },
  }
}
