import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

// renderer/client/updates.ts in a fake browser: a document that can change visibility, a fetch
// that answers builds/latest.json, and fake timers for the hourly poll.
describe('update checks', () => {
  let latestId = 'test-build'
  const fetch = vi.fn(async (url: string) => ({ ok: true, json: async () => ({ id: latestId, timestamp: 1 }), url }))
  let document: EventTarget

  beforeEach(() => {
    vi.resetModules()
    vi.useFakeTimers()
    // The page names its build in <meta name="build-id">.
    document = Object.assign(new EventTarget(), {
      visibilityState: 'visible',
      querySelector: () => ({ content: 'test-build' }),
    })
    vi.stubGlobal('fetch', fetch)
    vi.stubGlobal('document', document)
    // The window's listeners (the fetch is aborted if the page is left: renderer/client/leaving.ts).
    const window = new EventTarget()
    vi.stubGlobal('addEventListener', window.addEventListener.bind(window))
    fetch.mockClear()
    latestId = 'test-build'
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  test('polls builds/latest.json?<now> every hour, not before', async () => {
    const { startUpdateChecks } = await import('../../renderer/client/updates')
    const notify = vi.fn()
    startUpdateChecks(notify)
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000 - 1)
    expect(fetch).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(fetch.mock.calls[0]![0]).toMatch(/^\/builds\/latest\.json\?\d+$/)
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000)
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(notify).not.toHaveBeenCalled()
  })

  test('a different id stops polling and notifies once; the tab becoming visible checks at once', async () => {
    const { startUpdateChecks, isOutdated } = await import('../../renderer/client/updates')
    const notify = vi.fn()
    startUpdateChecks(notify)
    latestId = 'newer-build'
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(0)
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(notify).toHaveBeenCalledTimes(1)
    expect(isOutdated()).toBe(true)
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(3 * 60 * 60 * 1000)
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(notify).toHaveBeenCalledTimes(1)
  })

  test('a failed poll changes nothing and polling goes on', async () => {
    const { startUpdateChecks, isOutdated } = await import('../../renderer/client/updates')
    fetch.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch')
    })
    startUpdateChecks(vi.fn())
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000)
    expect(isOutdated()).toBe(false)
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000)
    expect(fetch).toHaveBeenCalledTimes(2)
  })
})
