import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

// When the island's loading takes its long steps (renderer/client/when.ts, docs/architecture.md
// "A tap while an island loads"): never between a tap's pointer events and its click.
describe('noTapUnderWay', () => {
  const handlers = new Map<string, () => void>()
  let when: typeof import('../../renderer/client/when')

  beforeEach(async () => {
    vi.useFakeTimers()
    handlers.clear()
    vi.stubGlobal('addEventListener', (type: string, handler: () => void) => handlers.set(type, handler))
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => setTimeout(cb, 16))
    vi.resetModules()
    when = await import('../../renderer/client/when')
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  const state = (p: Promise<void>) => {
    let done = false
    void p.then(() => (done = true))
    return () => done
  }

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
