// `npm run bench -- --inp`: how fast each island answers a tap, as a phone would: Chromium on a
// 412 x 823 touch viewport with its CPU slowed 4x (as Lighthouse's mobile profile does), the site
// and its API served by the preview on 127.0.0.1. Interaction to Next Paint is read from Chromium's
// Event Timing entries (the latency of an interaction is its longest event's duration, rounded to
// 8 ms by the browser; entries under 16 ms are not reported, shown as "<16"), and the long tasks
// from the Long Tasks API. Two moments per page and language, each the median of --runs loads:
// - first tap: the island's control is scrolled into view (or, for an island that hydrates at load
//   or when idle, the page has painted) and tapped every 40 ms until the island has hydrated, so
//   that one tap lands on whatever the main thread is doing meanwhile; its worst tap, and the
//   longest task from the scroll until 1 s after hydration;
// - hydrated: once hydrated, the visitor's own steps (typing, choosing); the worst interaction;
// and, beside them, "no script": the same first tap on the page without its scripts (its HTML and
// CSS, no code of ours). The first row, "(one field)", is the same on a page of one text field and
// nothing else: one tap ("no script") and, as the first moment is, the worst of taps every 40 ms for
// 1.5 s ("first tap"): what a tap costs on this machine whatever the page, the floor under each column.
// Nothing here is a test: the numbers vary with the machine (docs/testing.md, "Speed").
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { DevtoolsBrowser, type Tab } from './devtoolsTab'
import { median } from './median'

/** What a visitor does on an island page, once hydrated. */
type Step = { tap: string } | { type: string; into: string } | { select: string; option: string }

interface IslandPage {
  path: string
  island: string
  /** Cart to hold before the page loads (the checkout shows its controls only with one). */
  cart?: boolean
  /** What is tapped as the island comes into view (or, for the checkout, as it hydrates at load). */
  firstTap: string
  steps: Step[]
}

const inpPages: IslandPage[] = [
  {
    path: '/pricing',
    island: 'FeeCalculator',
    firstTap: '[data-island=FeeCalculator] input[inputmode=decimal]',
    steps: [
      { tap: '[data-island=FeeCalculator] input[inputmode=decimal]' },
      { type: '2500', into: '[data-island=FeeCalculator] input[inputmode=decimal]' },
      { tap: '[data-island=FeeCalculator] input[name=plan][value=growth]' },
      { select: '[data-island=FeeCalculator] select[name=scheme]', option: '1' },
    ],
  },
  {
    path: '/checkout',
    island: 'Checkout',
    cart: true,
    // The page's heading, beside the island: as the cart replaces the prerendered empty state, a
    // point inside the island can become a Remove button or a market select, and a tap there would
    // change the cart (the cart's own heading moves in Arabic). What is measured is the same: how
    // long a tap waits while the island loads and hydrates.
    firstTap: 'main h1',
    steps: [
      { tap: '[data-island=Checkout] input[name=discountCode]' },
      { type: 'SAVE', into: '[data-island=Checkout] input[name=discountCode]' },
      { tap: '[data-island=Checkout] [data-cart-section] button' },
    ],
  },
  {
    path: '/contact-us',
    island: 'ContactForms',
    firstTap: '[data-island=ContactForms] input[name=name]',
    steps: [
      { tap: '[data-island=ContactForms] input[name=name]' },
      { type: 'Layla', into: '[data-island=ContactForms] input[name=name]' },
      { tap: '[data-island=ContactForms] input[name=methods][value=mada]' },
      { tap: '[data-island=ContactForms] [role=tab][aria-selected=false]' },
    ],
  },
  {
    path: '/design',
    island: 'ThemePreview',
    firstTap: '[data-island=ThemePreview] input[type=text]',
    steps: [
      { tap: '[data-island=ThemePreview] input[type=radio][value=dark]' },
      { tap: '[data-island=ThemePreview] input[type=radio][value=rtl]' },
      { tap: '[data-island=ThemePreview] input[type=text]' },
      { type: 'Shop', into: '[data-island=ThemePreview] input[type=text]' },
      { select: '[data-island=ThemePreview] select', option: '1' },
    ],
  },
]

interface Sample {
  firstTap: number
  longTask: number
  hydrated: number
}

/** Records Event Timing and long tasks from the document's start. */
const observe = () => {
  const w = window as unknown as {
    __events: { id: number; d: number; t: number }[]
    __long: { t: number; d: number }[]
  }
  w.__events = []
  w.__long = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[])
      if (e.interactionId)
        w.__events.push({ id: e.interactionId, d: e.duration, t: e.startTime, name: e.name } as never)
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__long.push({ t: e.startTime, d: e.duration })
  }).observe({ type: 'longtask', buffered: true })
}

/** The worst interaction that started at or after `since` (ms on the page's clock); 0 if none reached 16 ms. */
async function worstInteraction(page: Tab, since: number) {
  // Event Timing entries arrive after the next paint: let two frames pass.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
  await page.waitForTimeout(100)
  return page.evaluate((s) => {
    const w = window as unknown as { __events: { id: number; d: number; t: number }[] }
    return Math.max(0, ...w.__events.filter((e) => e.t >= s).map((e) => e.d))
  }, since)
}

// The page is driven over a bare DevTools connection (./devtoolsTab.ts), not Playwright: Playwright
// enables the Runtime domain, which made react-dom's start 3-4 times as long as on a phone with no
// DevTools attached, and its locators inject Playwright's own script, whose hit-target listeners
// (capturing, not passive, on window: pointerdown, touchstart, click and more) then ran on every tap,
// 4-9 ms at 4x before the page's own handlers. A visitor's phone has neither.

/** The middle of the first element matching `selector`, in CSS px of the viewport. */
async function center(page: Tab, selector: string) {
  const box = await page.evaluate((sel) => {
    const r = document.querySelector(sel)?.getBoundingClientRect()
    return r && r.width > 0 ? { x: r.x + r.width / 2, y: r.y + r.height / 2 } : null
  }, selector)
  if (!box) throw new Error(`No box for ${selector}`)
  return box
}

/** An attribute of the first element matching `selector` (null if none). */
const attribute = (page: Tab, selector: string, name: string) =>
  page.evaluate(([sel, n]) => document.querySelector(sel!)?.getAttribute(n!) ?? null, [selector, name])

/** A page that runs a function in it (a Tab here, a Playwright page in the default mode). */
interface Evaluates {
  evaluate(fn: (selector: string) => boolean, selector: string): Promise<boolean>
  waitForTimeout(ms: number): Promise<void>
}

/** Waits until an element matches `selector` (at most `timeout` ms), without a locator. */
export async function until(page: Evaluates, selector: string, timeout = 30_000) {
  const stop = Date.now() + timeout
  while (!(await page.evaluate((sel) => document.querySelector(sel) !== null, selector))) {
    if (Date.now() > stop) throw new Error(`Nothing matched ${selector} in ${timeout} ms`)
    await page.waitForTimeout(50)
  }
}

/** Brings the first element matching `selector` to the middle of the screen at once; the page's time just before. */
const toMiddle = (page: Tab, selector: string) =>
  page.evaluate((sel) => {
    const t = performance.now()
    document.querySelector(sel)!.scrollIntoView({ block: 'center', behavior: 'instant' })
    return t
  }, selector)

/** A phone: 412 x 823, touch, in the page's language. */
const phone = (browser: DevtoolsBrowser, locale: 'en' | 'ar') =>
  browser.newTab({ width: 412, height: 823, deviceScaleFactor: 1.75, locale: locale === 'ar' ? 'ar' : 'en-US' })

async function once(browser: DevtoolsBrowser, origin: string, p: IslandPage, locale: 'en' | 'ar'): Promise<Sample> {
  const page = await phone(browser, locale)
  await page.onEveryDocument(observe)
  const url = origin + path(p, locale)
  if (p.cart) {
    // The pricing page's own "Get started" link, unthrottled: it writes the cart and lands on the checkout.
    const base = locale === 'ar' ? '/ar/checkout' : '/checkout'
    await page.goto(`${origin}${base}?add=plan.growth&market=sa&billing=monthly`)
    await until(page, '[data-island=Checkout][data-state=hydrated]')
    // Stored: the header counts it (a load before then could find the cart still empty).
    await until(page, 'header [data-cart-link] [data-cart-count]')
  }
  await page.throttle(4)
  await page.goto(url)
  const island = `[data-island=${p.island}]`
  const strategy = await attribute(page, island, 'data-hydrate')
  // The first paint has happened: the runtime's islands wait for it (renderer/client/islands.ts).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))))
  const since = strategy === 'visible' ? await toMiddle(page, p.firstTap) : await page.evaluate(() => performance.now())
  // Tap every 40 ms until the island has hydrated (at most 5 s), plus one tap after.
  const { x, y } = await center(page, p.firstTap)
  const stop = Date.now() + 5000
  for (;;) {
    const done = (await attribute(page, island, 'data-state')) === 'hydrated'
    await page.tap(x, y)
    if (done || Date.now() > stop) break
    await page.waitForTimeout(40)
  }
  await page.waitForTimeout(1000)
  const firstTap = await worstInteraction(page, since)
  // INP_DEBUG=1: each tap of the first moment (ms after the scroll, duration) and the long tasks.
  if (process.env.INP_DEBUG)
    console.error(
      `${path(p, locale)} taps`,
      await page.evaluate((s) => {
        const w = window as unknown as {
          __events: { id: number; d: number; t: number; name: string }[]
          __long: { t: number; d: number }[]
        }
        const byId = new Map<number, { t: number; d: number }>()
        for (const e of w.__events.filter((e) => e.t >= s)) {
          const cur = byId.get(e.id)
          if (!cur || e.d > cur.d) byId.set(e.id, { t: Math.round(e.t - s), d: e.d })
        }
        return JSON.stringify({
          taps: [...byId.values()],
          long: w.__long.filter((l) => l.t + l.d >= s).map((l) => [Math.round(l.t - s), Math.round(l.d)]),
        })
      }, since),
    )
  const longTask = await page.evaluate(
    (s) =>
      Math.max(
        0,
        ...(window as unknown as { __long: { t: number; d: number }[] }).__long
          .filter((l) => l.t + l.d >= s)
          .map((l) => l.d),
      ),
    since,
  )
  // Then the visitor's own steps.
  const start = await page.evaluate(() => performance.now())
  for (const step of p.steps) {
    if ('tap' in step) {
      // To the middle of the screen, as a visitor brings a control into view before using it. Not
      // scrollIntoViewIfNeeded: that leaves a control below the fold on the viewport's bottom edge,
      // where headless Chromium's mobile emulation presents no frame for what is typed into it, and
      // Event Timing then dates each key's paint from the next input (typing into /checkout's
      // discount code read 650-900 ms there and 80-96 ms in the middle).
      await toMiddle(page, step.tap)
      const c = await center(page, step.tap)
      await page.tap(c.x, c.y)
    } else if ('type' in step) {
      await page.type(step.type, 60)
    } else {
      // A phone's own picker chooses outside the page; the page sees the choice and its events. As
      // Playwright's selectOption does, these are script's events, which Event Timing does not time:
      // what counts of this step is the work it leaves for the next interaction.
      await page.evaluate(
        ([sel, i]) => {
          const select = document.querySelector(sel!) as HTMLSelectElement
          select.selectedIndex = Number(i)
          select.dispatchEvent(new Event('input', { bubbles: true }))
          select.dispatchEvent(new Event('change', { bubbles: true }))
        },
        [step.select, step.option],
      )
    }
    await page.waitForTimeout(150)
  }
  const hydrated = await worstInteraction(page, start)
  // INP_DEBUG=1: every interaction entry and long task of the steps, to find where one went.
  if (process.env.INP_DEBUG)
    console.error(
      path(p, locale),
      await page.evaluate((s) => {
        const w = window as unknown as { __events: { t: number }[]; __long: { t: number }[] }
        return JSON.stringify({ events: w.__events.filter((e) => e.t >= s), long: w.__long.filter((e) => e.t >= s) })
      }, start),
    )
  await page.close()
  return { firstTap, longTask, hydrated }
}

/**
 * The browser's own share: the same first tap, at the same moment after the scroll, on the page
 * with its scripts taken out (the prerendered HTML and its stylesheet only). What a tap costs here
 * before any code of ours runs: the page's style, layout and paint, hit testing, focus.
 */
async function noScriptTap(browser: DevtoolsBrowser, origin: string, p: IslandPage, locale: 'en' | 'ar') {
  const url = origin + path(p, locale)
  return scriptlessTap(browser, locale, url, p.firstTap, (body) =>
    body
      .replace(/<script\b[^>]*type="module"[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, ''),
  )
}

/**
 * The machine's own share: the same tap on a page with one text field between two screens of
 * nothing, no style, no script (answered by the bench itself, not the site). On this kind of machine
 * (2 cores, headless Chromium without a GPU, touch sent over the DevTools protocol) it is 32-200 ms:
 * a trace's EventLatency stages put the time in the input's way to the page (the tap reaches the
 * browser's main thread 15-45 ms after it is made) and the renderer's main thread slowed 4x (a focus
 * there takes 13-86 ms), not in anything a page can change.
 */
async function barePageTap(browser: DevtoolsBrowser, origin: string, tapsFor = 0) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>One field</title></head><body><div style="block-size: 150vh"></div><input id="bare" aria-label="Amount"><div style="block-size: 150vh"></div></body></html>`
  return scriptlessTap(browser, 'en', `${origin}/__bench/one-field`, '#bare', html, tapsFor)
}

/**
 * Loads `url` (its document answered by `answer`, as `Tab.answer`) at 4x, scrolls `selector` to the
 * middle at once and taps it: once, or every 40 ms for `tapsFor` ms; the worst tap.
 */
async function scriptlessTap(
  browser: DevtoolsBrowser,
  locale: 'en' | 'ar',
  url: string,
  selector: string,
  answer: string | ((served: string) => string),
  tapsFor = 0,
) {
  const page = await phone(browser, locale)
  await page.answer(url, answer)
  await page.onEveryDocument(observe)
  await page.throttle(4)
  await page.goto(url)
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))))
  const since = await toMiddle(page, selector)
  const { x, y } = await center(page, selector)
  const stop = Date.now() + tapsFor
  for (;;) {
    await page.tap(x, y)
    if (Date.now() >= stop) break
    await page.waitForTimeout(40)
  }
  await page.waitForTimeout(1000)
  const tap = await worstInteraction(page, since)
  await page.close()
  return tap
}

/** A free port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

/** `npm run preview` on the built dist/ with its API in memory, on a free loopback port. */
async function startPreview() {
  const port = await freePort()
  const child = spawn('npx', ['tsx', 'scripts/serve.ts'], {
    env: { ...process.env, PORT: String(port), API_STORE: 'memory' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: npx, tsx and the server stop together.
    detached: true,
  })
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {}
  }
  let log = ''
  child.stdout.on('data', (d) => (log += d))
  child.stderr.on('data', (d) => (log += d))
  const origin = `http://127.0.0.1:${port}`
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`The preview stopped:\n${log}`)
    try {
      if ((await fetch(`${origin}/`)).ok) return { origin, stop }
    } catch {}
    await new Promise((r) => setTimeout(r, 100))
  }
  stop()
  throw new Error(`The preview did not answer on ${origin}:\n${log}`)
}

const path = (p: IslandPage, locale: 'en' | 'ar') => (locale === 'ar' ? `/ar${p.path}` : p.path)
const ms = (n: number) => (n < 16 ? '<16' : String(Math.round(n)))

export async function runInpBench(runs: number, only?: string[]) {
  const browser = await DevtoolsBrowser.launch()
  const preview = await startPreview()
  const rows: string[][] = []
  try {
    const bare: number[] = []
    const bareTaps: number[] = []
    for (let i = 0; i < runs; i++) {
      bare.push(await barePageTap(browser, preview.origin))
      bareTaps.push(await barePageTap(browser, preview.origin, 1500))
    }
    rows.push(['(one field)', ms(median(bare)), ms(median(bareTaps)), '-', '-', ms(Math.max(...bare, ...bareTaps))])
    console.error(`  (one field): ${bare.map((b, i) => `${ms(b)}/${ms(bareTaps[i]!)}`).join('  ')}`)
    for (const p of inpPages) {
      for (const locale of ['en', 'ar'] as const) {
        const url = path(p, locale)
        if (only && !only.includes(url)) continue
        const samples: Sample[] = []
        const floor: number[] = []
        for (let i = 0; i < runs; i++) {
          samples.push(await once(browser, preview.origin, p, locale))
          floor.push(await noScriptTap(browser, preview.origin, p, locale))
        }
        const col = (k: keyof Sample) => median(samples.map((s) => s[k]))
        rows.push([
          url,
          ms(median(floor)),
          ms(col('firstTap')),
          String(Math.round(col('longTask'))),
          ms(col('hydrated')),
          ms(Math.max(...samples.map((s) => Math.max(s.firstTap, s.hydrated)))),
        ])
        console.error(
          `  ${url}: ${samples.map((s, i) => `${ms(floor[i]!)}/${ms(s.firstTap)}/${Math.round(s.longTask)}/${ms(s.hydrated)}`).join('  ')}`,
        )
      }
    }
  } finally {
    preview.stop()
    await browser.close()
  }
  return rows
}
