// `npm run bench -- --lighthouse`: one build, then Lighthouse's default mobile run (performance
// only) three times per page, on a copy of dist/ served on 127.0.0.1, in a Chromium started with a
// DevTools port for Lighthouse to drive; the medians beside the goals (../lib/lighthouseTable.ts).
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '../../host/local/previewServer'
import { chromiumArgs, chromiumPath } from '../../scripts/lib/chromium'
import { build } from '../lib/build'
import { type LighthousePage, lighthouseHead, lighthouseRows, lighthouseSummary } from '../lib/lighthouseTable'
import { median } from '../lib/median'
import { printTable as table } from '../lib/textTable'

/** Starts Chromium with a DevTools port on 127.0.0.1 (picked by Chromium) for Lighthouse to drive. */
async function startDebuggableChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'rasid-bench-lh-'))
  const args = [
    ...chromiumArgs,
    '--remote-debugging-address=127.0.0.1',
    '--remote-debugging-port=0',
    `--user-data-dir=${profile}`,
    '--lang=en-US',
    '--mute-audio',
    '--disable-extensions',
    'about:blank',
  ]
  const child = spawn(process.env.CHROME_PATH ?? chromiumPath, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  // Never leave it running, even if this script dies on an error.
  const killOnExit = () => child.kill('SIGKILL')
  process.on('exit', killOnExit)
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((ok) => child.once('exit', ok))
      child.kill()
      await Promise.race([exited, new Promise((ok) => setTimeout(ok, 5000))])
      killOnExit()
    }
    process.off('exit', killOnExit)
    rmSync(profile, { recursive: true, force: true, maxRetries: 5 })
  }
  try {
    const port = await new Promise<number>((ok, fail) => {
      let err = ''
      const timer = setTimeout(
        () => fail(new Error(`Chromium did not open a DevTools port in 20 s: ${err.slice(-500)}`)),
        20_000,
      )
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString()
        const m = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(err)
        if (m) {
          clearTimeout(timer)
          ok(Number(m[1]))
        }
      })
      child.on('exit', (code) => {
        clearTimeout(timer)
        fail(new Error(`Chromium exited (${code}): ${err.slice(-500)}`))
      })
      child.on('error', (e) => {
        clearTimeout(timer)
        fail(e)
      })
    })
    return { port, stop }
  } catch (err) {
    await stop()
    throw err
  }
}

/** The machine's load average over the last minute. */
const loadAverage = () => loadavg()[0]!

/** `only`: the paths to measure, by default both languages of home, pricing, design, contact, checkout and a guide. */
export async function lighthouseMode(only?: string[]) {
  const b = build()
  console.log(`npm run build: ${b.wall.toFixed(1)} s\n`)
  let lighthouse: typeof import('lighthouse').default
  try {
    lighthouse = (await import('lighthouse')).default
  } catch (err) {
    console.log(`Lighthouse could not be loaded: ${err instanceof Error ? err.message : err}`)
    return
  }
  // A copy of the build, served for the whole run: a build started meanwhile (another bench, a test)
  // rewrites dist/ under the pages being measured (a guide that 404s, a 503 mid-build).
  const snapshot = mkdtempSync(join(tmpdir(), 'rasid-bench-lh-dist-'))
  cpSync('dist', snapshot, { recursive: true })
  const server = await serve(snapshot, 0)
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const loads: number[] = [loadAverage()]
  let chrome: Awaited<ReturnType<typeof startDebuggableChromium>> | undefined
  try {
    chrome = await startDebuggableChromium()
    const pages: LighthousePage[] = []
    const urls = only ?? [
      '/',
      '/ar',
      '/pricing',
      '/ar/pricing',
      '/design',
      '/ar/design',
      '/contact-us',
      '/ar/contact-us',
      '/checkout',
      '/ar/checkout',
      '/guide/getting-started/api-keys',
      '/ar/guide/getting-started/api-keys',
    ]
    for (const url of urls) {
      // Lighthouse's default config: a mobile device, simulated slow 4G and 4x CPU; performance only.
      const got: { score: number; fcp: number; lcp: number; tbt: number; cls: number }[] = []
      /** What Lighthouse names as the largest paint, per run (its selector). */
      const elements: string[] = []
      let failure = ''
      for (let i = 0; i < 3; i++) {
        try {
          const result = await lighthouse(origin + url, {
            port: chrome.port,
            hostname: '127.0.0.1',
            logLevel: 'error',
            output: 'json',
            onlyCategories: ['performance'],
          })
          const lhr = result?.lhr
          if (!lhr) throw new Error('no result')
          if (lhr.runtimeError) throw new Error(lhr.runtimeError.message)
          const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN
          const lcpTable = lhr.audits['largest-contentful-paint-element']?.details as
            | { items?: { items?: { node?: { selector?: string } }[] }[] }
            | undefined
          elements.push(lcpTable?.items?.[0]?.items?.[0]?.node?.selector?.split(' > ').slice(-2).join(' > ') ?? '?')
          got.push({
            score: (lhr.categories.performance?.score ?? NaN) * 100,
            fcp: audit('first-contentful-paint'),
            lcp: audit('largest-contentful-paint'),
            tbt: audit('total-blocking-time'),
            cls: audit('cumulative-layout-shift'),
          })
        } catch (err) {
          failure = err instanceof Error ? err.message : String(err)
        }
      }
      loads.push(loadAverage())
      if (!got.length) console.log(`${url}: Lighthouse failed: ${failure}`)
      else if (got.length < 3) console.log(`${url}: ${3 - got.length} of 3 Lighthouse runs failed: ${failure}`)
      pages.push({ url, runs: got, elements })
    }
    console.log(
      'Lighthouse, default mobile settings (simulated throttling), performance only; median of 3 runs per metric.',
    )
    console.log(
      `Load average (1 min) over the runs: ${Math.min(...loads).toFixed(2)}-${Math.max(...loads).toFixed(2)}, median ${median(loads).toFixed(2)}, on ${availableParallelism()} cores; a busy machine lengthens the traced tasks that Lighthouse scales by 4, so TBT and LCP read higher.`,
    )
    table(lighthouseHead, lighthouseRows(pages))
    console.log(lighthouseSummary(pages))
  } catch (err) {
    console.log(`Lighthouse could not run: ${err instanceof Error ? err.message : err}`)
  } finally {
    await chrome?.stop()
    server.close()
    rmSync(snapshot, { recursive: true, force: true })
  }
}
