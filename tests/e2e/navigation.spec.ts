import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { browserRoutes, catalogs, guides, localized } from '../routes'
import { expect, hydrated, type TestWindow, test } from './fixtures'
import { localeCodes } from '../../locales/locales'

/** What a visitor (and a crawler) gets of a page: head tags, lang/dir, the body; islands hydrated. */
async function snapshot(page: Page) {
  // An island hydrates when it comes into view: bring each there, as a visitor scrolling would
  // (waiting for one below the fold cost 10 s a page before).
  for (const island of await page.locator('[data-island]').all()) {
    await island.locator('[data-island-root] > *').first().scrollIntoViewIfNeeded()
    await expect(island).toHaveAttribute('data-state', 'hydrated')
  }
  // The status part has read the live document (docs/status.md).
  if (await page.locator('[data-status-view]').count())
    await page.locator('[data-status-view="live"]').waitFor({ timeout: 10_000 })
  return page.evaluate(() => {
    const head = [
      ...document.head.querySelectorAll(
        'meta[name="description"],meta[name="robots"],meta[property^="og:"],link[rel="canonical"],link[rel="alternate"]',
      ),
    ]
      .map((el) => el.outerHTML.replace(/hreflang=/i, 'hreflang='))
      .sort()
    const root = document.getElementById('root')!.cloneNode(true) as HTMLElement
    // Focus lands on the new page's heading after a navigation: the only attribute it adds.
    for (const h of root.querySelectorAll('h1[tabindex="-1"]')) h.removeAttribute('tabindex')
    return {
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
      title: document.title,
      head,
      body: root.innerHTML,
    }
  })
}

const documents = (page: Page) => {
  const list: string[] = []
  page.on('request', (r) => r.resourceType() === 'document' && list.push(new URL(r.url()).pathname))
  return list
}

async function clickTo(page: Page, href: string) {
  await page.evaluate((h) => {
    const a = Object.assign(document.createElement('a'), { href: h, textContent: 'go' })
    document.body.append(a)
    a.click()
  }, href)
}

// After a client-side navigation to a URL, the page is the same as after a full load of that URL,
// for every route x locale, each reached from a page in the other language: the route's two pages
// are loaded, then each is navigated to from the other.
for (const route of browserRoutes) {
  test(`navigating to ${route.path} in each language from the other gives the page a full load gives`, async ({
    page,
    errors,
  }) => {
    const loaded: Record<string, Awaited<ReturnType<typeof snapshot>>> = {}
    // English first: once a language is remembered, a full load of / goes to its home page.
    for (const locale of localeCodes) {
      await page.goto(localized(route.path, locale))
      await hydrated(page)
      loaded[locale] = await snapshot(page)
    }
    const docs = documents(page)
    // Now on the page in the last language: to the first, then on to each in turn, back to the last.
    for (const locale of localeCodes) {
      const url = localized(route.path, locale)
      await test.step(`to ${url}`, async () => {
        await clickTo(page, url)
        await expect(page).toHaveURL(new RegExp(`${url === '/' ? '127.0.0.1:\\d+' : ''}${url}$`))
        await expect(page.locator('h1')).toHaveText(route.h1(locale))
        expect(await snapshot(page)).toEqual(loaded[locale])
      })
    }
    expect(docs).toEqual([])
    expect(errors).toEqual([])
  })
}

test('focus moves to the new heading, a polite live region announces the page, scroll starts at the top', async ({
  page,
}) => {
  await page.goto('/ar/guide/getting-started/api-keys')
  await hydrated(page)
  await page.mouse.wheel(0, 2000)
  await page.locator('footer a[href="/ar/monitoring"]').click()
  await expect(page.locator('h1')).toHaveText(catalogs.ar['monitoring.hero.title']!)
  await expect(page.locator('h1')).toBeFocused()
  const announcer = page.locator('#route-announcer')
  await expect(announcer).toHaveAttribute('aria-live', 'polite')
  await expect(announcer).toHaveText(await page.title())
  expect(await page.evaluate(() => scrollY)).toBe(0)
})

test('back and forward restore the page and its scroll position', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 500 })
  await page.goto('/guide/getting-started')
  await hydrated(page)
  await page.evaluate(() => scrollTo(0, 600))
  await page.waitForTimeout(100)
  const docs = documents(page)
  // A click where the visitor is, without scrolling to the link first.
  await page.evaluate(() =>
    document
      .querySelector<HTMLAnchorElement>('main a[href^="/guide/"]:not([aria-current]), footer a[href="/contact-us"]')!
      .click(),
  )
  await expect(page.locator('h1')).not.toHaveText(guides.en.find((g) => g.slug === 'getting-started')!.title)
  await page.goBack()
  await expect(page.locator('h1')).toHaveText(guides.en.find((g) => g.slug === 'getting-started')!.title)
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(600)
  await page.goForward()
  await expect(page.locator('h1')).not.toHaveText(guides.en.find((g) => g.slug === 'getting-started')!.title)
  expect(await page.evaluate(() => scrollY)).toBe(0)
  expect(docs).toEqual([])
})

test('a link with a hash scrolls to its target', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 500 })
  await page.goto('/services')
  await hydrated(page)
  await clickTo(page, '/pricing#faq-title')
  await expect(page.locator('h1')).toHaveText(catalogs.en['pricing.hero.title']!)
  await expect
    .poll(() => page.evaluate(() => Math.round(document.getElementById('faq-title')!.getBoundingClientRect().top)))
    .toBeLessThan(100)
  await expect(page.locator('header a[hreflang="ar"]')).toHaveAttribute('href', '/ar/pricing#faq-title')
})

test('modified clicks, target, download and other origins are left to the browser', async ({ page, context }) => {
  await page.goto('/')
  await hydrated(page)
  const payloads: string[] = []
  page.on('request', (r) => r.url().includes('_payload.json') && payloads.push(r.url()))
  // Prefetching is not navigating: count only what a click asks for.
  await page.evaluate(() => {
    for (const [href, attrs] of [
      ['/checkout', { target: '_blank' }],
      ['/checkout', { download: '' }],
      ['http://localhost:1/pricing', {}],
    ] as const) {
      const a = Object.assign(document.createElement('a'), { href, textContent: href })
      for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v)
      a.dataset.test = Object.keys(attrs)[0] ?? 'other-origin'
      a.addEventListener('click', (e) => {
        // Record whether the runtime took the click, then stop the browser from leaving.
        document.body.dataset.taken = String(e.defaultPrevented)
        e.preventDefault()
      })
      document.body.append(a)
    }
  })
  for (const name of ['target', 'download', 'other-origin']) {
    await page.evaluate((n) => (document.querySelector(`[data-test="${n}"]`) as HTMLElement).click(), name)
    expect(await page.evaluate(() => document.body.dataset.taken), name).toBe('false')
  }
  const popup = context.waitForEvent('page')
  await page.locator('header #site-menu > li > a[href="/pricing"]').click({ modifiers: ['ControlOrMeta'] })
  await (await popup).close()
  await expect(page.locator('h1')).toHaveText(catalogs.en['home.hero.title']!)
  expect(page.url()).toMatch(/\/$/)
})

test('a payload of another build makes a full load of the target', async ({ page }) => {
  const body = JSON.parse(readFileSync('dist/pricing/_payload.json', 'utf8'))
  await page.route('**/pricing/_payload.json*', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ...body, buildId: 'a-newer-build' }) }),
  )
  await page.goto('/services')
  await hydrated(page)
  const docs = documents(page)
  await page.locator('header #site-menu > li > a[href="/pricing"]').click()
  await expect(page.locator('h1')).toHaveText(catalogs.en['pricing.hero.title']!)
  await expect.poll(() => docs).toEqual(['/pricing'])
})

test('a shell that is missing, malformed or of another build makes a full load of the target; a good one is fetched once per language', async ({
  page,
}) => {
  const shell = JSON.parse(readFileSync('dist/_shell/ar.json', 'utf8'))
  const answers = [
    { status: 404, body: 'Not Found' },
    { status: 200, body: '{"top":' },
    { status: 200, body: JSON.stringify({ ...shell, buildId: 'a-newer-build' }) },
  ]
  for (const answer of answers) {
    await page.unroute('**/_shell/ar.json*')
    await page.route('**/_shell/ar.json*', (route) =>
      route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body }),
    )
    await page.goto('/services')
    await hydrated(page)
    const docs = documents(page)
    await page.locator('header a[data-locale-switch]').click()
    await expect(page.locator('h1')).toHaveText(catalogs.ar['services.hero.title']!)
    await expect.poll(() => docs).toEqual(['/ar/services'])
  }
  // The real shell: in place, one request for the language however many pages follow. The last
  // page goes first, so that none of its late prefetches is counted.
  await page.goto('about:blank')
  await page.unroute('**/_shell/ar.json*')
  const shells: string[] = []
  page.on('request', (r) => r.url().includes('/_shell/') && shells.push(new URL(r.url()).pathname))
  await page.goto('/services')
  await hydrated(page)
  const docs = documents(page)
  await page.locator('header a[data-locale-switch]').click()
  await expect(page.locator('h1')).toHaveText(catalogs.ar['services.hero.title']!)
  await page.locator('header #site-menu > li > a[href="/ar/pricing"]').click()
  await expect(page.locator('h1')).toHaveText(catalogs.ar['pricing.hero.title']!)
  await expect(page.locator('header #site-menu > li > a[href="/ar/pricing"]')).toHaveAttribute('aria-current', 'page')
  await expect(page.locator('header a[data-locale-switch]')).toHaveAttribute('href', '/pricing')
  expect(docs).toEqual([])
  expect(shells.filter((s) => s === '/_shell/ar.json')).toHaveLength(1)
})

for (const reduce of [false, true]) {
  test(`the swap ${reduce ? 'is not animated under prefers-reduced-motion' : 'uses a view transition where the browser has them'}`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ reducedMotion: reduce ? 'reduce' : 'no-preference' })
    const page = await context.newPage()
    await page.addInitScript(() => {
      const d = document as Document & { startViewTransition?: (cb: () => void) => unknown }
      const original = d.startViewTransition?.bind(d)
      ;(window as TestWindow).__transitions = 0
      if (original)
        d.startViewTransition = (cb) => {
          ;(window as TestWindow).__transitions++
          return original(cb)
        }
    })
    await page.goto('/services')
    await hydrated(page)
    await page.locator('header #site-menu > li > a[href="/pricing"]').click()
    await expect(page.locator('h1')).toHaveText(catalogs.en['pricing.hero.title']!)
    const supported = await page.evaluate(() => 'startViewTransition' in document)
    expect(await page.evaluate(() => (window as TestWindow).__transitions)).toBe(!reduce && supported ? 1 : 0)
    await context.close()
  })
}
