import { afterEach, describe, expect, test, vi } from 'vitest'
import { createQueue } from '../../renderer/client/queue'
import { mayReload, reloadMarkerKey } from '../../renderer/client/reloadGuard'
import { classifyNavigation, externalNotAllowed } from '../../renderer/client/externalUrl'
import { isSlowConnection } from '../../renderer/client/connection'
import { payloadPath } from '../../renderer/shared/paths'

describe('preload queue', () => {
  test('never runs more than 4 at once, starts the rest in order, and forgets failures', async () => {
    const queue = createQueue(4)
    let running = 0
    let most = 0
    const started: number[] = []
    const tasks = Array.from({ length: 10 }, (_, i) =>
      queue
        .push(async () => {
          started.push(i)
          running++
          most = Math.max(most, running)
          await new Promise((r) => setTimeout(r, 5 + (i % 3)))
          running--
          if (i === 2) throw new Error('failed prefetch')
          return i
        })
        .catch((e: Error) => e.message),
    )
    expect(queue.running).toBe(4)
    expect(queue.waiting).toBe(6)
    expect(await Promise.all(tasks)).toEqual([0, 1, 'failed prefetch', 3, 4, 5, 6, 7, 8, 9])
    expect(most).toBe(4)
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(queue.running).toBe(0)
  })

  test('a task pushed first goes ahead of those waiting, not of those running', async () => {
    const queue = createQueue(1)
    const started: string[] = []
    const task = (name: string) => async () => {
      started.push(name)
      await new Promise((r) => setTimeout(r, 1))
    }
    const all = [
      queue.push(task('in view 1')),
      queue.push(task('in view 2')),
      queue.push(task('in view 3')),
      queue.push(task('pointed at'), { first: true }),
    ]
    await Promise.all(all)
    expect(started).toEqual(['in view 1', 'pointed at', 'in view 2', 'in view 3'])
  })
})

describe('chunk reload guard', () => {
  const storage = () => {
    const data = new Map<string, string>()
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data }
  }

  test('reloads a path once per 10 s and writes the marker {path, expires}', () => {
    const s = storage()
    expect(mayReload(s, '/pricing', 1_000)).toBe(true)
    expect(JSON.parse(s.data.get(reloadMarkerKey)!)).toEqual({ path: '/pricing', expires: 11_000 })
    expect(mayReload(s, '/pricing', 10_999)).toBe(false)
    expect(mayReload(s, '/pricing', 11_001)).toBe(true)
    expect(mayReload(s, '/services', 11_002)).toBe(true)
  })

  test('a corrupt marker or a storage that throws does not block the reload', () => {
    const s = storage()
    s.data.set(reloadMarkerKey, '{not json')
    expect(mayReload(s, '/a', 0)).toBe(true)
    const broken = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
    }
    expect(mayReload(broken, '/a', 0)).toBe(true)
    expect(mayReload(undefined, '/a', 0)).toBe(true)
  })
})

describe('navigate(url, { external })', () => {
  // The page the call is made on: classifyNavigation resolves against it as the browser would.
  const here = 'https://www.rasid.example/ar/checkout?session_id=cs_1'

  test.each([
    ['/pricing', {}, 'internal'],
    ['/ar/guide/webhooks?x=1#y', {}, 'internal'],
    ['pricing', {}, 'internal'],
    ['#top', {}, 'internal'],
    ['https://www.rasid.example/pricing', {}, 'internal'],
    ['https://example.com', { external: true }, 'external'],
    ['mailto:sales@rasid.example', { external: true }, 'external'],
    ['//cdn.example/x', { external: true }, 'external'],
    ['http://www.rasid.example/pricing', { external: true }, 'external'],
    ['https://www.rasid.example:8443/pricing', { external: true }, 'external'],
  ] as const)('%s %o -> %s', (url, options, kind) => {
    expect(classifyNavigation(url, options, here)).toBe(kind)
  })

  test.each([
    'https://example.com',
    'HTTP://x',
    '//evil.example',
    '\\\\evil.example',
    '/\\evil.example',
    '\t//evil.example',
    'mailto:a@b.c',
    'tel:+966',
    'ftp://x',
  ])('%j throws without external: true', (url) => {
    expect(() => classifyNavigation(url, {}, here)).toThrow(externalNotAllowed)
  })

  // The URL parser removes tabs and newlines anywhere and trims C0 controls and spaces at the ends:
  // each of these is a javascript: (data:, vbscript:, blob:) URL once parsed.
  test.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\rscript:alert(1)',
    'jav\ta\nscr\ript:alert(1)',
    '\x01javascript:alert(1)',
    '\x00\x1f javascript:alert(1)',
    'data:text/html,x',
    'd\nata:text/html,x',
    'vbscript:x',
    'vb\tscript:x',
    'blob:https://x/1',
    '\x02blob:https://www.rasid.example/1',
  ])('%j is refused even with external: true', (url) => {
    expect(() => classifyNavigation(url, { external: true }, here)).toThrow(
      /Cannot navigate to a URL with '(javascript|data|vbscript|blob):' protocol/,
    )
    expect(() => classifyNavigation(url, {}, here)).toThrow(/Cannot navigate/)
  })

  test('the message is the one of docs/behaviour.md §6', () => {
    expect(externalNotAllowed).toBe(
      'Navigating to an external URL is not allowed by default. Use navigate(url, { external: true }).',
    )
  })
})

describe('connections that skip prefetch', () => {
  test.each([
    [{}, false],
    [{ effectiveType: '4g' }, false],
    [{ effectiveType: '3g' }, false],
    [{ effectiveType: '2g' }, true],
    [{ effectiveType: 'slow-2g' }, true],
    [{ effectiveType: '4g', saveData: true }, true],
  ])('%o -> %s', (c, slow) => {
    expect(isSlowConnection(c)).toBe(slow)
  })
})

test.each([
  ['/', '/_payload.json'],
  ['/ar', '/ar/_payload.json'],
  ['/pricing/', '/pricing/_payload.json'],
  ['/ar/guide/webhooks/retries', '/ar/guide/webhooks/retries/_payload.json'],
])('payload of %s is %s', (path, payload) => {
  expect(payloadPath(path)).toBe(payload)
})

describe('toasts', () => {
  afterEach(() => vi.useRealTimers())
  test('keep the 5 newest and delete a closed one 200 ms later', async () => {
    vi.useFakeTimers()
    const { addToast: toast, removeToast, toastStore, toastDefaults } = await import('../../renderer/client/toastStore')
    expect(toastDefaults).toEqual({ duration: 5000, max: 5, removeDelay: 200, swipeThreshold: 50, hotkey: ['F8'] })
    const ids = Array.from({ length: 7 }, () => toast({ title: 'update.toast.title' }))
    expect(toastStore.get().map((t) => t.id)).toEqual(ids.slice(2))
    removeToast(ids[6]!)
    expect(toastStore.get().find((t) => t.id === ids[6])?.open).toBe(false)
    vi.advanceTimersByTime(199)
    expect(toastStore.get()).toHaveLength(5)
    vi.advanceTimersByTime(1)
    expect(toastStore.get().map((t) => t.id)).toEqual(ids.slice(2, 6))
  })
})
