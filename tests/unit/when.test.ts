import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

/** A fresh copy of renderer/client/when.ts, on fake timers, after the globals each test stubs. */
const freshWhen = async () => {
  vi.useFakeTimers()
  vi.resetModules()
  return import('../../renderer/client/when')
}
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** Whether `p` has resolved yet. */
const state = (p: Promise<void>) => {
  let done = false
  void p.then(() => (done = true))
  return () => done
}

// When the island's loading takes its long steps (renderer/client/when.ts, docs/performance.md
// "A tap while an island loads"): never between a tap's pointer events and its click.
describe('noTapUnderWay', () => {
  const handlers = new Map<string, () => void>()
  let when: typeof import('../../renderer/client/when')

  beforeEach(async () => {
    handlers.clear()
    vi.stubGlobal('addEventListener', (type: string, handler: () => void) => handlers.set(type, handler))
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => setTimeout(cb, 16))
    when = await freshWhen()
  })

  test('resolves at once when no tap is under way', async () => {
    const done = state(when.noTapUnderWay())
    await vi.advanceTimersByTimeAsync(0)
    expect(done()).toBe(true)
  })

  test('from a pointerdown, waits for its click and the frame after it', async () => {
    await when.noTapUnderWay()
    handlers.get('pointerdown')!()
    const done = state(when.noTapUnderWay())
    await vi.advanceTimersByTimeAsync(200)
    expect(done()).toBe(false)
    handlers.get('click')!()
    await vi.advanceTimersByTimeAsync(5)
    expect(done()).toBe(false)
    await vi.advanceTimersByTimeAsync(20)
    expect(done()).toBe(true)
    // The tap is over: the next step does not wait.
    const next = state(when.noTapUnderWay())
    await vi.advanceTimersByTimeAsync(0)
    expect(next()).toBe(true)
  })

  test('a cancelled tap ends it, and a tap that never clicks holds it 1 s at most', async () => {
    await when.noTapUnderWay()
    handlers.get('pointerdown')!()
    const cancelled = state(when.noTapUnderWay())
    handlers.get('pointercancel')!()
    await vi.advanceTimersByTimeAsync(20)
    expect(cancelled()).toBe(true)

    handlers.get('pointerdown')!()
    const stuck = state(when.noTapUnderWay())
    await vi.advanceTimersByTimeAsync(990)
    expect(stuck()).toBe(false)
    await vi.advanceTimersByTimeAsync(40)
    expect(stuck()).toBe(true)
  })
})

// A background job's steps (prefetches, an island's chunk links): behind everything else, but
// never starved by a page that stays busy (renderer/client/when.ts).
describe('nextTask', () => {
  let when: typeof import('../../renderer/client/when')
  const posted: { cb: () => void; priority: string }[] = []

  beforeEach(async () => {
    posted.length = 0
    vi.stubGlobal('scheduler', {
      postTask(cb: () => void, options: { priority: string }) {
        posted.push({ cb, priority: options.priority })
        return Promise.resolve()
      },
    })
    when = await freshWhen()
  })

  test('a background task resolves when the browser runs it', async () => {
    const done = state(when.nextTask())
    expect(posted.map((p) => p.priority)).toEqual(['background'])
    await vi.advanceTimersByTimeAsync(10)
    expect(done()).toBe(false)
    posted[0]!.cb()
    await vi.advanceTimersByTimeAsync(0)
    expect(done()).toBe(true)
  })

  test('a background task the browser keeps putting off gives way to a plain task', async () => {
    const done = state(when.nextTask())
    await vi.advanceTimersByTimeAsync(when.BACKGROUND_WAIT_MS - 1)
    expect(done()).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done()).toBe(true)
    // Run late, it changes nothing.
    posted[0]!.cb()
  })

  test('what the visitor asked for is a plain task at once', async () => {
    const done = state(when.nextTask('user-visible'))
    expect(posted).toEqual([])
    await vi.advanceTimersByTimeAsync(0)
    expect(done()).toBe(true)
  })
})
