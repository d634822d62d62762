// `npm run bench` (no option): `npm run build` (N times), the gzip bytes of HTML, CSS and the
// JavaScript each page requests, and FCP, LCP, layout shift and hydration on a throttled
// connection. dist/ is served on 127.0.0.1 only.
import { existsSync, readFileSync, statSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser } from 'playwright-core'
import { serve } from '../../host/local/previewServer'
import { pathOfHtml } from '../../renderer/shared/paths'
import { chromiumArgs, chromiumPath } from '../../scripts/lib/chromium'
import { type BuildResult, build, indexPages } from '../lib/build'
import { until } from '../lib/inpBench'
import { printTable as table } from '../lib/textTable'
import { pageWeight } from '../lib/weight'

const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length

async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
}

/** Serves dist/ on 127.0.0.1 at a free port. */
async function serveDist() {
  const server = await serve('dist', 0)
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

/**
 * The JavaScript one page requests in its first 3 s, cold cache, no interaction, no throttling:
 * every request of type script or whose path ends in .js (entries, modulepreloads, dynamic imports),
 * each counted once at the gzip -9 size of its file in dist/.
 */
async function requestedJs(browser: Browser, origin: string, url: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const paths = new Set<string>()
  const start = Date.now()
  context.on('request', (req) => {
    if (Date.now() - start > 3000) return
    const u = new URL(req.url())
    if (req.resourceType() === 'script' || u.pathname.endsWith('.js'))
      paths.add(u.origin === origin ? u.pathname : u.href)
  })
  await page.goto(origin + url, { waitUntil: 'commit' })
  await page.waitForTimeout(Math.max(0, 3000 - (Date.now() - start)))
  await context.close()
  let gzip = 0
  const missing: string[] = []
  for (const p of paths) {
    const file = join('dist', decodeURIComponent(p))
    if (p.startsWith('/') && existsSync(file) && statSync(file).isFile()) gzip += gz(readFileSync(file))
    else missing.push(p)
  }
  return { files: paths.size, gzip, missing }
}

export async function defaultMode(runs: number) {
  const builds: BuildResult[] = []
  for (let i = 0; i < runs; i++) builds.push(build())
  table(
    ['npm run build', 'wall s', 'build says s', 'peak RSS MiB'],
    builds.map((b, i) => [`run ${i + 1}`, b.wall.toFixed(1), b.own.toFixed(1), b.maxRssMiB.toFixed(0)]),
  )

  const { server, origin } = await serveDist()
  const browser = await launchBrowser()
  const files = [...indexPages(), '404.html']
  console.log(
    `${files.length - 1} prerendered pages + 404.html. Bytes are gzip -9. JS = what Chromium requests in the first 3 s (cold cache, no interaction).\n`,
  )
  const rows: (string | number)[][] = []
  const notes: string[] = []
  for (const file of files) {
    const w = pageWeight('dist', file)
    // 404.html is what any unknown path gets (with status 404).
    const js = await requestedJs(browser, origin, file === '404.html' ? '/bench-no-such-page' : pathOfHtml(file))
    if (js.missing.length) notes.push(`${file}: not in dist/, not counted: ${js.missing.join(', ')}`)
    rows.push([file, w.html.gzip, w.css.gzip, js.files, js.gzip, w.html.gzip + w.css.gzip + js.gzip])
  }
  table(['page', 'HTML B', 'CSS B', 'JS files', 'JS B', 'total B'], rows)
  for (const n of notes) console.log(n)

  // Cold cache, Fast 3G (1.6 Mbit/s, 150 ms RTT), 4x slower CPU: first and largest contentful paint,
  // layout shift (the fonts arriving must not move anything), and when the page is hydrated.
  const timings: (string | number)[][] = []
  for (const url of ['/', '/ar', '/pricing', '/design', '/ar/guide/getting-started/api-keys']) {
    const context = await browser.newContext()
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    })
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number; __lcp: number }
      w.__cls = 0
      w.__lcp = 0
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__cls += (e as unknown as { value: number }).value
      }).observe({ type: 'layout-shift', buffered: true })
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__lcp = e.startTime
      }).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      })
    })
    await page.goto(origin + url, { waitUntil: 'load' })
    // Not a locator: it would inject Playwright's script (160-230 ms at 4x) while the page hydrates.
    await until(page, 'html[data-hydrated]')
    await page.waitForTimeout(500)
    const m = await page.evaluate(() => {
      const w = window as unknown as { __cls: number; __lcp: number }
      return {
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        lcp: w.__lcp,
        cls: w.__cls,
        hydrated: performance.getEntriesByName('rasid:hydrated')[0]?.startTime ?? NaN,
      }
    })
    timings.push([url, m.fcp.toFixed(0), m.lcp.toFixed(0), m.cls.toFixed(3), m.hydrated.toFixed(0)])
    await context.close()
  }
  console.log()
  table(['cold cache, Fast 3G, 4x CPU', 'FCP ms', 'LCP ms', 'CLS', 'hydrated ms'], timings)
  await browser.close()
  server.close()
}
