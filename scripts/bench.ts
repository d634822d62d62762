// Measures the build and what a first visit downloads: `npm run bench [-- --runs 3]`.
import { execSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { serve } from './serve'
import { pageWeight } from './weight'

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 1
const times: number[] = []
for (let i = 0; i < runs; i++) {
  const start = performance.now()
  execSync('npm run build', { stdio: 'ignore' })
  times.push((performance.now() - start) / 1000)
}
const pages = (readdirSync('dist', { recursive: true }) as string[]).filter((f) => f.endsWith('index.html'))
const kb = (n: number) => (n / 1024).toFixed(1)
console.log(`build: ${times.map((t) => t.toFixed(1)).join(', ')} s (${runs} run${runs > 1 ? 's' : ''}, npm run build end to end)`)
console.log(`pages: ${pages.length} prerendered + 404.html\n`)
console.log('page'.padEnd(34), 'JS files', 'JS gzip KiB', 'CSS gzip KiB', 'HTML gzip KiB')
for (const file of [...pages.sort(), '404.html']) {
  const w = pageWeight('dist', file)
  console.log(file.padEnd(34), String(w.js.files).padStart(8), kb(w.js.gzip).padStart(11), kb(w.css.gzip).padStart(12), kb(w.html.gzip).padStart(13))
}

// In a real browser, with a cold cache, on a throttled connection (Fast 3G: 1.6 Mbit/s, 150 ms RTT)
// and a 4x slower CPU: first contentful paint, largest contentful paint, layout shift (the fonts
// arriving must not move anything) and the time until the page is interactive (hydrated).
const port = 4199
const server = await serve('dist', port)
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})
console.log(`\n${'page (cold cache, Fast 3G, 4x CPU)'.padEnd(34)} ${'FCP ms'.padStart(8)} ${'LCP ms'.padStart(8)} ${'CLS'.padStart(7)} ${'hydrated ms'.padStart(12)}`)
for (const url of ['/', '/ar', '/pricing', '/ar/guide/api-keys']) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number; __lcp: number }
    w.__cls = 0
    w.__lcp = 0
    new PerformanceObserver((list) => list.getEntries().forEach((e) => (w.__cls += (e as unknown as { value: number }).value))).observe({ type: 'layout-shift', buffered: true })
    new PerformanceObserver((list) => list.getEntries().forEach((e) => (w.__lcp = e.startTime))).observe({ type: 'largest-contentful-paint', buffered: true })
  })
  await page.goto(`http://127.0.0.1:${port}${url}`, { waitUntil: 'load' })
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 })
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
  console.log(`${url.padEnd(34)} ${m.fcp.toFixed(0).padStart(8)} ${m.lcp.toFixed(0).padStart(8)} ${m.cls.toFixed(3).padStart(7)} ${m.hydrated.toFixed(0).padStart(12)}`)
  await context.close()
}
await browser.close()
server.close()
