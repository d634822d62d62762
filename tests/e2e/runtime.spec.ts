import { readFileSync } from 'node:fs'
import type { Page, Request } from '@playwright/test'
import { catalogs, fullTitle, guides } from '../routes'
import { expect, headerLink, hydrated, manifestIn, test } from './fixtures'
import { localeCodes } from '../../locales/locales'

const buildId = () => (JSON.parse(readFileSync('dist/builds/latest.json', 'utf8')) as { id: string }).id
const path = (r: Request) => new URL(r.url()).pathname
const documents = (page: Page) => {
  const list: string[] = []
  page.on('request', (r) => r.resourceType() === 'document' && list.push(path(r)))
  return list
}
const noPrefetch = (page: Page) =>
  page.addInitScript(() =>
    Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }),
  )

test.describe('build manifest', () => {
  test('builds/meta/<id>.json is fetched about 1 s after hydration; its failure is only logged', async ({
    page,
    errors,
  }) => {
    const id = buildId()
    await page.route(`**/builds/meta/${id}.json`, (route) => route.fulfill({ status: 503, body: 'unavailable' }))
    const warnings: string[] = []
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()))
    // Waited for from before the load: on a slow machine hydration ends late, and the request may
    // already have gone by the time a wait started after it would begin.
    const requested = page.waitForRequest(`**/builds/meta/${id}.json`)
    await page.goto('/pricing')
    await hydrated(page)
    await requested
    const delay = async () =>
      page.evaluate((name) => {
        const meta = performance.getEntriesByType('resource').find((e) => e.name.endsWith(name))
        return meta ? meta.startTime - performance.getEntriesByName('rasid:hydrated')[0]!.startTime : null
      }, `/builds/meta/${id}.json`)
    await expect.poll(delay).not.toBeNull()
    expect(await delay()).toBeGreaterThanOrEqual(1000)
    expect(await delay()).toBeLessThan(1500)
    await expect.poll(() => warnings.join('\n')).toContain('Error fetching app manifest')
    // The site keeps working.
    await page.getByRole('link', { name: catalogs.en['nav.services'] }).click()
    await expect(page.locator('h1')).toHaveText(catalogs.en['services.hero.title']!)
    // The browser reports the failed request itself; nothing else is an error.
    expect(errors.filter((e) => !/status of 503/.test(e))).toEqual([])
  })

  test('on a slow-2g connection the manifest is not fetched', async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', { value: { effectiveType: 'slow-2g' } }),
    )
    const metas: string[] = []
    page.on('request', (r) => r.url().includes('/builds/meta/') && metas.push(r.url()))
    await page.goto('/')
    await hydrated(page)
    await page.waitForTimeout(2000)
    expect(metas).toEqual([])
  })
})

test.describe('client-side navigation from _payload.json', () => {
  for (const [start, linkName, target, h1] of [
    ['/', catalogs.en['nav.pricing']!, '/pricing', catalogs.en['pricing.hero.title']!],
    ['/ar', catalogs.ar['nav.services']!, '/ar/services', catalogs.ar['services.hero.title']!],
    [
      '/ar/guide',
      guides.ar.find((g) => g.slug === 'getting-started/api-keys')!.title,
      '/ar/guide/getting-started/api-keys',
      guides.ar.find((g) => g.slug === 'getting-started/api-keys')!.title,
    ],
  ] as const) {
    test(`${start} -> ${target} requests the payload, not a document`, async ({ page, errors }) => {
      const requests: Request[] = []
      page.on('request', (r) => requests.push(r))
      await page.goto(start)
      await hydrated(page)
      // The link a visitor sees (a group's links in the header show on hover).
      await page.locator(`a[href="${target}"]`).filter({ hasText: linkName, visible: true }).first().click()
      await expect(page).toHaveURL(new RegExp(`${target}$`))
      await expect(page.locator('h1')).toHaveText(h1)
      const payloads = requests.filter((r) => path(r) === `${target}/_payload.json`)
      expect(payloads.length).toBe(1)
      expect(new URL(payloads[0]!.url()).search).toBe(`?${buildId()}`)
      expect(requests.filter((r) => r.resourceType() === 'document').map(path)).toEqual([start])
      expect(errors).toEqual([])
    })
  }

  for (const [name, fulfill] of [
    ['a 404', { status: 404, contentType: 'text/html', body: '<!doctype html><title>Not found</title>' }],
    ['a 500', { status: 500, body: 'error' }],
    ['an HTML page', { status: 200, contentType: 'text/html', body: '<!doctype html><title>x</title>' }],
    ['JSON that is not a page payload', { status: 200, contentType: 'application/json', body: '{"hello":1}' }],
    ['bad JSON', { status: 200, contentType: 'application/json', body: '{"title": "cut sh' }],
    ['a network error', null],
  ] as const) {
    test(`a payload that is ${name} still lands on the right page, as a document`, async ({ page }) => {
      await page.route('**/ar/pricing/_payload.json*', (route) =>
        fulfill ? route.fulfill(fulfill) : route.abort('connectionreset'),
      )
      const docs = documents(page)
      await page.goto('/ar')
      await hydrated(page)
      await page.getByRole('link', { name: catalogs.ar['nav.pricing'] }).first().click()
      await expect(page).toHaveURL(/\/ar\/pricing$/)
      await expect(page.locator('h1')).toHaveText(catalogs.ar['pricing.hero.title']!)
      await expect.poll(() => docs).toEqual(['/ar', '/ar/pricing'])
    })
  }
})

test.describe('prefetch', () => {
  test('visible links are prefetched, never more than 4 at once, the rest queued', async ({ page }) => {
    let inFlight = 0
    let most = 0
    const prefetched = new Set<string>()
    await page.route('**/_payload.json*', async (route) => {
      inFlight++
      most = Math.max(most, inFlight)
      prefetched.add(path(route.request()))
      await new Promise((r) => setTimeout(r, 400))
      inFlight--
      await route.continue()
    })
    // A tall screen: the whole home page in view, its links and its footer's, more than 4 at once.
    await page.setViewportSize({ width: 1280, height: 8000 })
    await page.goto('/')
    await hydrated(page)
    await expect.poll(() => prefetched.size, { timeout: 10_000 }).toBeGreaterThanOrEqual(7)
    expect(most).toBe(4)
    expect([...prefetched]).toEqual(
      expect.arrayContaining(['/services/_payload.json', '/pricing/_payload.json', '/ar/_payload.json']),
    )
  })

  test('hover and focus prefetch; target=_blank does not; a failed prefetch does not break the click', async ({
    page,
  }) => {
    const payloads: string[] = []
    page.on('request', (r) => r.url().includes('_payload.json') && payloads.push(path(r)))
    await page.route('**/guide/getting-started/api-keys/_payload.json*', (route) => route.abort(), { times: 1 })
    await page.goto('/')
    await hydrated(page)
    await page.evaluate(() => {
      // Links added after the page's links were watched: only intent prefetches them.
      const links = [
        ['/guide/getting-started/api-keys', false],
        ['/guide/getting-started', true],
        ['/checkout', false],
      ] as const
      for (const [i, [href, blank]] of links.entries()) {
        const a = Object.assign(document.createElement('a'), { href, textContent: href, target: blank ? '_blank' : '' })
        a.style.cssText = `position:fixed;inset-block-start:${i * 40}px;inset-inline-start:0;z-index:9;background:white`
        a.dataset.test = href
        document.body.append(a)
      }
    })
    await page.locator('[data-test="/guide/getting-started"]').dispatchEvent('pointerover')
    await page.locator('[data-test="/guide/getting-started/api-keys"]').dispatchEvent('pointerover')
    await page.locator('[data-test="/checkout"]').focus()
    await expect.poll(() => payloads).toContain('/guide/getting-started/api-keys/_payload.json')
    await expect.poll(() => payloads).toContain('/checkout/_payload.json')
    expect(payloads).not.toContain('/guide/getting-started/_payload.json')
    // The failed prefetch was forgotten: the navigation fetches again and renders.
    await page.locator('[data-test="/guide/getting-started/api-keys"]').click()
    await expect(page.locator('h1')).toHaveText('API keys')
    expect(payloads.filter((p) => p === '/guide/getting-started/api-keys/_payload.json')).toHaveLength(2)
  })

  test('once the manifest is in, a link to a page that was not prerendered is not prefetched', async ({ page }) => {
    const payloads: string[] = []
    page.on('request', (r) => r.url().includes('_payload.json') && payloads.push(path(r)))
    await page.goto('/guide')
    await hydrated(page)
    // The whole body, then (below) a task turn for the runtime to parse it.
    await manifestIn(page)
    await page.evaluate(async () => {
      await new Promise((turn) => setTimeout(turn, 50))
      for (const href of ['/guide/retired-article', '/ar/guide/getting-started/api-keys']) {
        const a = Object.assign(document.createElement('a'), { href, textContent: href })
        a.dataset.test = href
        document.querySelector('main')!.append(a)
      }
    })
    await page.locator('[data-test="/guide/retired-article"]').hover()
    await page.locator('[data-test="/ar/guide/getting-started/api-keys"]').hover()
    await expect.poll(() => payloads).toContain('/ar/guide/getting-started/api-keys/_payload.json')
    expect(payloads).not.toContain('/guide/retired-article/_payload.json')
  })

  test('nothing is prefetched with saveData on', async ({ page }) => {
    await noPrefetch(page)
    const payloads: string[] = []
    page.on('request', (r) => r.url().includes('_payload.json') && payloads.push(path(r)))
    await page.goto('/')
    await hydrated(page)
    await page.getByRole('link', { name: catalogs.en['nav.design'] }).hover()
    await page.waitForTimeout(500)
    expect(payloads).toEqual([])
  })
})

test.describe('a new deployment', () => {
  for (const locale of localeCodes) {
    test(`a changed latest.json on returning to the tab shows the ${locale} toast and the next navigation loads a document`, async ({
      page,
    }) => {
      const polls: string[] = []
      await page.route('**/builds/latest.json*', (route) => {
        polls.push(new URL(route.request().url()).search)
        return route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ id: 'a-newer-build', timestamp: Date.now() }),
        })
      })
      const docs = documents(page)
      await page.goto(locale === 'en' ? '/pricing' : '/ar/pricing')
      await hydrated(page)
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
      const region = page.getByRole('region', {
        name: catalogs[locale]['toast.viewportLabel']!.replace('{hotkey}', 'F8'),
      })
      await expect(region.locator('li', { hasText: catalogs[locale]['update.toast.title']! })).toBeVisible()
      await expect(page.getByRole('button', { name: catalogs[locale]['update.toast.reload'] })).toBeVisible()
      expect(polls[0]).toMatch(/^\?\d{13}$/)
      // Polling stopped: another visibility change asks nothing.
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
      await page.waitForTimeout(300)
      expect(polls).toHaveLength(1)
      const services = locale === 'en' ? '/services' : '/ar/services'
      await (await headerLink(page, services)).click()
      await expect(page).toHaveURL(new RegExp(`${services}$`))
      await expect.poll(() => docs).toEqual([locale === 'en' ? '/pricing' : '/ar/pricing', services])
    })
  }

  test('the same id changes nothing', async ({ page }) => {
    await page.goto('/pricing')
    await hydrated(page)
    const latest = page.waitForResponse('**/builds/latest.json*')
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    expect((await (await latest).json()).id).toBe(buildId())
    await page.waitForTimeout(300)
    await expect(page.getByRole('status')).toHaveCount(0)
  })
})

test('an island whose code is gone loads the page once more, then shows the error page instead of a loop', async ({
  page,
}) => {
  await noPrefetch(page)
  // The island's own chunk: the one dynamic import that holds the previewer's code.
  await page.route(/\/assets\/.*\.js$/, (route) => {
    const body = readFileSync(`dist${new URL(route.request().url()).pathname}`, 'utf8')
    if (body.includes('design.preview.controlsTitle')) return route.fulfill({ status: 404, body: 'Not Found' })
    return route.fulfill({ contentType: 'text/javascript', body })
  })
  const docs = documents(page)
  await page.goto('/')
  await hydrated(page)
  const clicked = Date.now()
  await page.getByRole('link', { name: catalogs.en['nav.design'] }).click()
  await expect(page.locator('h1')).toHaveText(catalogs.en['error.server.title']!, { timeout: 10_000 })
  await expect(page).toHaveTitle(fullTitle('en', catalogs.en['error.server.title']!))
  await page.waitForTimeout(1500)
  expect(docs).toEqual(['/', '/design'])
  const marker = await page.evaluate(() => JSON.parse(sessionStorage.getItem('rasid:reload') ?? 'null'))
  expect(marker.path).toBe('/design')
  // The window of 10 s began with the first failure, after the click, and is still running: not a
  // wall-clock bound on how fast a busy machine reloads (the two documents above show one reload).
  expect(marker.expires).toBeGreaterThanOrEqual(clicked + 10_000)
  expect(marker.expires).toBeGreaterThan(Date.now())
  expect(marker.expires - Date.now()).toBeLessThanOrEqual(10_000)
})

test.describe('toasts', () => {
  for (const locale of localeCodes) {
    test(`F8 focuses the notifications, placed bottom-${locale === 'en' ? 'right' : 'left'} in ${locale}`, async ({
      page,
    }) => {
      await page.route('**/builds/latest.json*', (route) =>
        route.fulfill({ contentType: 'application/json', body: '{"id":"next","timestamp":1}' }),
      )
      await page.goto(locale === 'en' ? '/' : '/ar')
      await hydrated(page)
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
      const viewport = page.getByRole('region', {
        name: catalogs[locale]['toast.viewportLabel']!.replace('{hotkey}', 'F8'),
      })
      await expect(viewport.locator('li')).toHaveCount(1)
      await page.keyboard.press('F8')
      await expect(viewport.locator('ol')).toBeFocused()
      const box = (await viewport.locator('ol').boundingBox())!
      const width = page.viewportSize()!.width
      if (locale === 'en') expect(width - (box.x + box.width)).toBeLessThan(40)
      else expect(box.x).toBeLessThan(40)
      expect(page.viewportSize()!.height - (box.y + box.height)).toBeLessThan(40)
    })
  }

  test('F8 before any toast loads the toaster and focuses it', async ({ page }) => {
    await page.goto('/pricing')
    await hydrated(page)
    await page.keyboard.press('F8')
    await expect(page.locator('ol[tabindex]')).toBeFocused()
  })
})

test.describe('toast and tooltip timing', () => {
  test('a toast without an action closes after 5000 ms, but not while hovered', async ({ page }) => {
    // Playwright's clock drives the toast's timer: exact however loaded the machine is.
    await page.clock.install()
    await page.goto('/')
    await hydrated(page)
    await page.clock.pauseAt(Date.now() + 60_000)
    // One with an action (the update toast) stays until the visitor acts: tests/e2e/states.spec.ts.
    await page.evaluate(() =>
      (window as unknown as { rasid: { toast(o: object): void } }).rasid.toast({
        title: 'update.toast.title',
        description: 'update.toast.body',
      }),
    )
    const toast = page
      .getByRole('region', { name: 'Notifications (F8)' })
      .locator('li', { hasText: catalogs.en['update.toast.title']! })
    await expect(toast).toBeVisible()
    await toast.hover()
    await page.clock.runFor(6000)
    await expect(toast).toBeVisible()
    await page.mouse.move(5, 5, { steps: 3 })
    // The rest of its 5000 ms starts again once the pointer has left: still there 4 s on, gone after.
    await page.clock.runFor(4000)
    await expect(toast).toBeVisible()
    await page.clock.runFor(1500)
    await expect(toast).toHaveCount(0)
  })

  test('the language tooltip opens after 700 ms, and at once within 300 ms of closing', async ({ page }) => {
    // Playwright's clock drives setTimeout and performance.now, so the delays are exact however
    // loaded the machine is.
    await page.clock.install()
    await page.goto('/pricing')
    await hydrated(page)
    await page.clock.pauseAt(Date.now() + 60_000)
    const switcher = page.locator('header a[hreflang="ar"]')
    const tooltip = page.getByRole('tooltip', {
      name: catalogs.en['locale.switch.accessibleLabel']!.replace('{language}', 'Arabic'),
    })
    const away = () => page.mouse.move(5, 400)
    await switcher.hover()
    await page.clock.runFor(650)
    await expect(tooltip).toHaveCount(0)
    await page.clock.runFor(100)
    await expect(tooltip).toBeVisible()
    // Closed, then back within 300 ms: it opens at once.
    await away()
    await expect(tooltip).toHaveCount(0)
    await page.clock.runFor(250)
    await switcher.hover()
    await page.clock.runFor(1)
    await expect(tooltip).toBeVisible()
    // Closed, then back after 300 ms: the full 700 ms again.
    await away()
    await page.clock.runFor(350)
    await switcher.hover()
    await page.clock.runFor(650)
    await expect(tooltip).toHaveCount(0)
    await page.clock.runFor(100)
    await expect(tooltip).toBeVisible()
    // Escape closes it; keyboard focus opens it at once; the switcher is described by it.
    await page.keyboard.press('Escape')
    await expect(tooltip).toHaveCount(0)
    await expect(switcher).toHaveAccessibleDescription(
      catalogs.en['locale.switch.accessibleLabel']!.replace('{language}', 'Arabic'),
    )
    await away()
    await page.clock.runFor(400)
    // The header's last link before the switcher (the cart's is hidden while the cart is empty).
    await page.locator('header .frame-start').focus()
    await page.keyboard.press('Tab')
    await expect(switcher).toBeFocused()
    await page.clock.runFor(1)
    await expect(tooltip).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(tooltip).toHaveCount(0)
  })

  test('the tooltip brings no React: a page without islands loads only the runtime, even with a toast-free hover', async ({
    page,
  }) => {
    const scripts: string[] = []
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(path(r)))
    await page.goto('/ar/services')
    await hydrated(page)
    await page.locator('header a[hreflang="en"]').hover()
    await expect(page.getByRole('tooltip')).toBeVisible()
    await page.waitForTimeout(300)
    const code = await page.evaluate(
      async (urls) => (await Promise.all(urls.map((u) => fetch(u).then((r) => r.text())))).join(''),
      scripts,
    )
    expect(code).not.toMatch(/react\.transitional\.element|__reactContainer|radix-/)
  })
})

for (const locale of localeCodes) {
  test(`a toast is swiped away towards its edge past 50 px, not before (${locale})`, async ({ page }) => {
    await page.route('**/builds/latest.json*', (route) =>
      route.fulfill({ contentType: 'application/json', body: '{"id":"next","timestamp":1}' }),
    )
    await page.goto(locale === 'en' ? '/' : '/ar')
    await hydrated(page)
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    const region = page.getByRole('region', {
      name: catalogs[locale]['toast.viewportLabel']!.replace('{hotkey}', 'F8'),
    })
    const toast = region.locator('li')
    await expect(toast).toHaveCount(1)
    const box = (await toast.boundingBox())!
    const sign = locale === 'en' ? 1 : -1
    const swipe = async (px: number) => {
      const x = box.x + box.width / 2
      const y = box.y + box.height / 2
      await page.mouse.move(x, y)
      await page.mouse.down()
      await page.mouse.move(x + sign * px, y, { steps: 8 })
      await page.mouse.up()
    }
    await swipe(35)
    await page.waitForTimeout(400)
    await expect(toast).toHaveCount(1)
    await swipe(70)
    await expect(toast).toHaveCount(0)
  })
}
