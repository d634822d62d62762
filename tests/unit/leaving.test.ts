import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

// renderer/client/payloads.ts when the page is left with fetches in flight: WebKit
// cancels a leaving page's fetches itself, as the navigation starts (after `beforeunload`) and as
// the next page comes (after `pagehide`), and logs each as "Fetch API cannot load … due to access
// control checks"; the runtime aborts them first. A fake window (its listeners, one added with a
// signal gone when it aborts) and a fetch that answers only when told, or fails as an aborted one.
describe('leaving the page with payloads in flight', () => {
  let window: EventTarget
  const calls: { url: string; signal: AbortSignal; answer: (body: unknown) => void }[] = []
  /** The listeners for beforeunload and pagehide, by event. */
  const listeners = { beforeunload: new Set<unknown>(), pagehide: new Set<unknown>() }
  const listening = () => [listeners.beforeunload.size, listeners.pagehide.size]

  const payload = { buildId: 'dev', locale: 'en', dir: 'ltr', title: 'Pricing', content: '', head: [], islands: [] }
  const shell = '/_shell/en.json?dev'
  const pricing = '/pricing/_payload.json?dev'
  const call = (url: string, from = 0) => calls.find((c, i) => i >= from && c.url === url)!

  beforeEach(() => {
    vi.resetModules()
    calls.length = 0
    listeners.beforeunload.clear()
    listeners.pagehide.clear()
    window = new EventTarget()
    vi.stubGlobal(
      'addEventListener',
      (type: string, listener: EventListenerOrEventListenerObject, options?: AddEventListenerOptions) => {
        const set = listeners[type as keyof typeof listeners]
        if (set) {
          set.add(listener)
          options?.signal?.addEventListener('abort', () => set.delete(listener))
        }
        window.addEventListener(type, listener, options)
      },
    )
    vi.stubGlobal(
      'fetch',
      (url: string, init: RequestInit) =>
        new Promise((resolve, reject) => {
          const signal = init.signal!
          signal.addEventListener('abort', () => reject(signal.reason))
          calls.push({ url, signal, answer: (body) => resolve({ ok: true, status: 200, json: async () => body }) })
        }),
    )
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  const fire = (type: 'beforeunload' | 'pagehide') => window.dispatchEvent(new Event(type))

  test('as the leaving starts they are aborted, fail as an AbortError, and are not kept', async () => {
    const { loadPayload } = await import('../../renderer/client/payloads')
    expect(listening(), 'no listener while nothing is in flight').toEqual([0, 0])
    const loading = loadPayload('/pricing')
    // The page's payload and its language's shell, each with its own listeners.
    expect(calls.map((c) => c.url)).toEqual([shell, pricing])
    expect(listening()).toEqual([2, 2])
    fire('beforeunload')
    await expect(loading).rejects.toMatchObject({ name: 'AbortError' })
    expect(calls.every((c) => c.signal.aborted)).toBe(true)
    expect(listening(), 'the listeners go with their fetch').toEqual([0, 0])

    // The page stayed (a download): the next request is a new one, with a signal not aborted.
    const again = loadPayload('/pricing')
    expect(call(pricing, 2).signal.aborted).toBe(false)
    expect(listening()).toEqual([2, 2])
    call(pricing, 2).answer(payload)
    await expect(again).resolves.toEqual(payload)
    expect(listening()).toEqual([1, 1])
    call(shell, 2).answer({})
    await vi.waitFor(() => expect(listening()).toEqual([0, 0]))
  })

  test('one started after `beforeunload` (the queue’s next) is aborted on `pagehide`', async () => {
    const { loadPayload } = await import('../../renderer/client/payloads')
    const first = loadPayload('/pricing')
    fire('beforeunload')
    await expect(first).rejects.toMatchObject({ name: 'AbortError' })
    const next = loadPayload('/ar/pricing')
    expect(calls.slice(2).every((c) => !c.signal.aborted)).toBe(true)
    fire('pagehide')
    await expect(next).rejects.toMatchObject({ name: 'AbortError' })
    expect(calls.every((c) => c.signal.aborted)).toBe(true)
    expect(listening()).toEqual([0, 0])
  })

  test('a fetch answered is not aborted by a later leaving, and keeps no listener', async () => {
    const { loadPayload } = await import('../../renderer/client/payloads')
    const loading = loadPayload('/ar/pricing')
    for (const c of calls) c.answer(c.url.includes('_shell') ? {} : { ...payload, locale: 'ar', dir: 'rtl' })
    await expect(loading).resolves.toMatchObject({ locale: 'ar' })
    await vi.waitFor(() => expect(listening()).toEqual([0, 0]))
    const rejected = vi.fn()
    loading.catch(rejected)
    fire('beforeunload')
    fire('pagehide')
    await Promise.resolve()
    expect(rejected).not.toHaveBeenCalled()
  })

  test('the app manifest in flight is aborted too, with no warning, and asked for again on the next call', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { getAppManifest, loadedManifest } = await import('../../renderer/client/appManifest')
    const first = getAppManifest()
    expect(calls.map((c) => c.url)).toEqual(['/builds/meta/dev.json'])
    expect(listening()).toEqual([1, 1])
    fire('pagehide')
    await expect(first).resolves.toBeNull()
    expect(calls[0]!.signal.aborted).toBe(true)
    expect(warn, 'an abort on leaving is not a failure to report').not.toHaveBeenCalled()
    expect(listening()).toEqual([0, 0])
    // Back from the back/forward cache: fetched anew.
    const again = getAppManifest()
    expect(calls).toHaveLength(2)
    calls[1]!.answer({ prerendered: ['/'] })
    await expect(again).resolves.toEqual({ prerendered: ['/'] })
    expect(loadedManifest()).toEqual({ prerendered: ['/'] })
    warn.mockRestore()
  })

  test('the app manifest that fails for another reason is still reported', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { getAppManifest } = await import('../../renderer/client/appManifest')
    const first = getAppManifest()
    calls[0]!.answer({ no: 'list' })
    await expect(first).resolves.toBeNull()
    expect(warn).toHaveBeenCalledWith('[rasid] Error fetching app manifest: no prerendered list')
    warn.mockRestore()
  })
})
