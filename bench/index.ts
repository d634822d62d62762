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
//
// This file reads the options, prints the help and starts one mode (modes/<name>.ts, each loaded
// only when it runs, so that `--help` and wrong usage load no browser, build or Lighthouse code);
// what the modes share is in lib/.
import { parseCommand, runCommand, UsageError } from '../scripts/lib/cli/command'
import { guideCounts } from './lib/peerBench'

const usage = `Usage: npm run bench [-- --runs N | --lighthouse | --guides N[,M] [--no-peers] | --search | --api | --deploy | --help]

  (no option)    build (--runs N times), the gzip bytes of HTML, CSS and the JavaScript each page requests,
                 and FCP, LCP, layout shift on a throttled connection; then the API part (--api)
  --lighthouse   build once, then Lighthouse (mobile, performance), median of 3 runs per page, on a copy of
                 dist/: score, FCP, LCP, TBT, CLS, each Arabic page's LCP over its English page's, and the
                 goals each page misses (score 100, TBT under 50 ms, ar/en <= 1.05x; bench/lib/lighthouseTable.ts)
  --pages P,Q    with --lighthouse or --inp: only these pages (e.g. --pages /checkout,/ar/checkout)
  --inp          build once, calibrate the CPU slowdown as Chrome DevTools does (the rate at which Lighthouse's
                 BenchmarkIndex in the page reads 1000, a mid-tier phone, and 264, a low-tier one), then at each
                 tier's rate each island page in both languages on a 412 px touch viewport: the worst first tap
                 while the island loads and hydrates, the longest task meanwhile, and the worst interaction once
                 hydrated (Event Timing), beside a page of one field loaded at the same rate, median of --runs
                 (default 3) loads; one table per tier with its goal (mid under 100 ms, low under 200 ms)
                 (bench/lib/inpBench.ts, bench/lib/cpuCalibration.ts)
  --guides N[,M] the same N (then M) synthetic guides per language built by bare Astro 7 (the peer kit's:
                 $PEERS_KIT, default ../shared/peers), by Astro with what ours does for every page (an Open
                 Graph image drawn with Satori + resvg, a Pagefind index: bench/peers/astro-like/) and by
                 ours, all on the kit's Node 22, each cold (its caches emptied) then warm (again, caches
                 kept): one table of pages, wall seconds, ms and KiB per page, ours / each peer and the goals
                 (ours <= 0.80x like-for-like Astro cold and warm, <= 1.00x bare Astro warm, flat per page
                 from N to M). Minutes; the peers' npm installs are made once in $PEERS_WORK (default
                 <tmp>/peers-kit) and kept (bench/lib/peerBench.ts)
  --no-peers     with --guides: only ours, in place: each count's build with its cards cold, then warm,
                 then the real site rebuilt: time, phases, pages per second, memory, bytes per page
  --search       the guide search, on the built dist/: its indexes' bytes, what focusing the box and each query
                 of tests/searchQueries.ts fetch, and the time to build, load and answer (Node and Chromium),
                 at the site's guides and at 500 per language (bench/modes/search.ts)
  --api          only the API, no build: \`npm run api\` (SQLite, in a temp dir) in a child process, 200 warm-up
                 requests, then POST /api/v1/contact/sales (each a new lead, its own Idempotency-Key and email)
                 over keep-alive connections: req/s, p50/p95/p99/max ms; each lead replayed once; then every
                 accepted lead must be in the store exactly once, else the bench exits 1
  --api-requests N      measured API requests (default 2000)
  --api-concurrency N   API requests in flight at once (default 16)
  --deploy       the built dist/ as two builds, deployed one after the other to a local S3 while clients load
                 every page and payload: the mixed-build window, the switch and the rollback
                 (bench/modes/deploy.ts)

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
const pages = options.pages?.split(',')
const guides = options.guides === undefined ? undefined : guideCounts(options.guides)
const api = { requests: Number(options['api-requests'] ?? 2000), concurrency: Number(options['api-concurrency'] ?? 16) }
/** A count the bench refuses, as wrong usage (exit 2). */
const wrongCount = (en: string) => new UsageError({ en, ar: en })

await runCommand(cmd, async () => {
  if (!Number.isInteger(api.requests) || api.requests < 1)
    throw wrongCount('--api-requests needs a positive integer, e.g. --api-requests 2000')
  if (!Number.isInteger(api.concurrency) || api.concurrency < 1)
    throw wrongCount('--api-concurrency needs a positive integer, e.g. --api-concurrency 16')
  if (options.guides !== undefined) {
    if (!guides) throw wrongCount('--guides needs positive integers, e.g. --guides 500 or --guides 500,2000')
    if (options['no-peers']) {
      const { guidesMode } = await import('./modes/guides')
      for (const n of guides) guidesMode(n)
    } else await (await import('./modes/peers')).peersMode(guides)
  } else if (options.lighthouse) {
    await (await import('./modes/lighthouse')).lighthouseMode(pages)
  } else if (options.api) {
    await (await import('./modes/api')).apiMode(api)
  } else if (options.deploy) {
    await (await import('./modes/deploy')).runDeployBench()
  } else if (options.search) {
    await (await import('./modes/search')).runSearchBench()
  } else if (options.inp) {
    await (await import('./modes/inp')).inpMode(Number(options.runs ?? 3) || 3, pages)
  } else {
    await (await import('./modes/default')).defaultMode(Number(options.runs ?? 1) || 1)
    console.log()
    await (await import('./modes/api')).apiMode(api)
  }
  // Each part sets process.exitCode itself when it fails.
  return undefined
})
