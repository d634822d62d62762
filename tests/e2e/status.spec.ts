// The status page in an incident (docs/status.md), as operations and visitors meet it: the preview
// serving dist/ with its status folder (what `npm run status` writes), the real API behind /api/*,
// `npm run status` run as an operator runs it, and Chromium on /monitoring, /ar/monitoring and the
// checkout; and a fresh deploy on the production path (local S3 and edge), where no document is.
// No rebuild anywhere: every change reaches the open pages from the document. No React either: the
// status part is the runtime's own view (renderer/client/statusPage.ts).
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import type { StatusDocument } from '../../api/contract/status'
import { defaultConfig } from '../../api/server/config'
import { type RunningApi, startApiServer } from '../../api/server/serve'
import { memoryStore } from '../../api/server/store/memory'
import { catalogs } from '../routes'
import { expect, expectAxeClean, hydrated, runCommand, test } from './fixtures'
import { localeCodes, type Locale } from '../../locales/locales'

// The preview, the local production path and the store's writes run as commands, in processes of
// their own: their modules import the catalogs as JSON, which this test runner's loader refuses on
// Node 20 ("needs an import attribute of type json"); tsx takes them.
const statusDir = mkdtempSync(join(tmpdir(), 'rasid-status-e2e-'))
const work = mkdtempSync(join(tmpdir(), 'rasid-status-e2e-work-'))
let api: RunningApi
let preview: ChildProcess
let origin: string

/** A command as `npm run` starts it, its output gathered; resolves once `ready` matches it. */
function start(script: string, env: Record<string, string>, ready: RegExp) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env } })
  let out = ''
  const started = new Promise<string>((ok, fail) => {
    const seen = (d: Buffer) => {
      out += d
      if (ready.test(out)) ok(out)
    }
    child.stdout!.on('data', seen)
    child.stderr!.on('data', seen)
    child.once('exit', (code) => fail(new Error(`${script} exited (${code}): ${out}`)))
  })
  return { child, started }
}
const stop = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null) return done()
    child.once('exit', () => done())
    child.kill('SIGTERM')
  })
const freePort = () =>
  new Promise<number>((ok) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => ok(port))
    })
  })

/** `npm run status` in a child process (never a synchronous one: the API answers from this process). */
async function status(...args: string[]): Promise<string> {
  const { code, out } = await runCommand('scripts/status.ts', args, { STATUS_DIR: statusDir, DEPLOY_BY: 'e2e' })
  expect(code, out).toBe(0)
  return out
}

const bilingual = (name: string, en: string, ar: string) => [`--${name}-en`, en, `--${name}-ar`, ar]
const readDoc = () => JSON.parse(readFileSync(join(statusDir, 'status.json'), 'utf8')) as StatusDocument
/** What a visitor returning to the tab triggers: the page asks for the document again. */
const focus = (page: Page) => page.evaluate(() => dispatchEvent(new Event('focus')))
const component = (page: Page, key: string) => page.locator(`[data-component="${key}"]`)
const view = (page: Page) => page.locator('[data-status-view]')
const local = (lang: Locale, path: string) => `${origin}${lang === 'en' ? '' : '/ar'}${path}`

/** An empty status folder: what a preview with no document serves (the sample). */
function emptyStatus() {
  for (const f of readdirSync(statusDir)) rmSync(join(statusDir, f), { recursive: true, force: true })
}

type ProbeResult = { component: string; ok: boolean }
const module = (path: string) => JSON.stringify(pathToFileURL(resolve(path)).href)
/**
 * A document written with the store's own API (api/status/store.ts `mutate`), as the command and
 * the probe write it, `ago` ms in the past: the probe's results then (`recordProbe`) and, with
 * `incident`, an incident on the hosted payment page opened then.
 */
async function writeAgo(ago: number, options: { incident?: boolean; results?: ProbeResult[] } = {}) {
  const writer = join(work, 'write-status.mts')
  writeFileSync(
    writer,
    `import { openIncident, recordProbe } from ${module('api/status/doc.ts')}
import { folderStore, mutate } from ${module('api/status/store.ts')}
const [dir, ago, incident, results] = process.argv.slice(2)
await mutate(
  folderStore(dir),
  {
    action: 'e2e: the probe and an incident, written in the past',
    by: 'e2e',
    apply: (doc, at) => {
      const probed = recordProbe(doc, JSON.parse(results), at)
      return incident === 'yes'
        ? openIncident(probed, {
            id: 'card-errors-stale',
            impact: 'partial',
            components: ['checkout'],
            title: { en: 'Card payments failing', ar: 'تعذّر الدفع بالبطاقات' },
            text: { en: 'Some card payments fail. We are investigating.', ar: 'يتعذّر بعض الدفع بالبطاقات، ونتحقق من السبب.' },
            at,
          }).doc
        : probed
    },
  },
  { now: () => Date.now() - Number(ago), timeZone: 'Asia/Riyadh', siteUrl: 'https://www.rasid.example' },
)
`,
  )
  const results = options.results ?? [
    { component: 'site', ok: true },
    { component: 'api', ok: true },
    { component: 'checkout', ok: true },
  ]
  const { code, out } = await runCommand(writer, [
    statusDir,
    String(ago),
    options.incident ? 'yes' : 'no',
    JSON.stringify(results),
  ])
  expect(code, out).toBe(0)
}

// Each test runs `npm run status` (a tsx child process, 2-5 s on a busy machine) up to three
// times besides two browser tabs: 30 s was too little when the suite shares the machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 })
test.beforeAll(async () => {
  api = await startApiServer({
    config: { ...defaultConfig },
    store: memoryStore(),
    port: 0,
    log: () => {},
  })
  // `npm run preview` with this test's status folder, the API above behind /api/*.
  const port = await freePort()
  const run = start('scripts/serve.ts', { PORT: String(port), STATUS_DIR: statusDir, API_ORIGIN: api.url }, /Serving/)
  preview = run.child
  await run.started
  origin = `http://127.0.0.1:${port}`
})
test.afterAll(async () => {
  await stop(preview)
  await api.close().catch(() => {})
  rmSync(statusDir, { recursive: true, force: true })
  rmSync(work, { recursive: true, force: true })
})

test('an incident opened with the command reaches both monitoring pages within 60 s, then its update and its resolution', async ({
  browser,
}) => {
  const en = await browser.newPage()
  // The English tab keeps the page's own minute: its clock is moved on, not waited for.
  await en.clock.install()
  await en.goto(`${origin}/monitoring`)
  await hydrated(en)
  const ar = await browser.newPage()
  await ar.goto(`${origin}/ar/monitoring`)
  await hydrated(ar)
  // No document yet: the preview serves its sample, shown as one, with a notice that says so.
  for (const [page, lang] of [
    [en, 'en'],
    [ar, 'ar'],
  ] as const) {
    await expect(view(page)).toHaveAttribute('data-sample', '')
    await expect(page.locator('#status-title')).toContainText(catalogs[lang]['monitoring.status.sampleTag']!)
    await expect(page.locator('[data-status-notice="sample"]')).toHaveText(
      catalogs[lang]['monitoring.status.notice.sample']!,
    )
  }
  const before = await view(en).boundingBox()

  await status(
    'incident',
    'open',
    '--id',
    'card-errors',
    '--component',
    'checkout,api',
    '--impact',
    'partial',
    ...bilingual('title', 'Card payments failing', 'تعذّر الدفع بالبطاقات'),
    ...bilingual(
      'text',
      'Some card payments fail. We are investigating.',
      'يتعذّر بعض الدفع بالبطاقات، ونتحقق من السبب.',
    ),
  )
  // Within the minute: the English tab at its next poll, the Arabic one when the visitor comes back to it.
  await en.clock.runFor(60_000)
  await focus(ar)
  for (const [page, lang] of [
    [en, 'en'],
    [ar, 'ar'],
  ] as const) {
    const incident = page.locator('[data-incident="card-errors"]')
    await expect(incident).toBeVisible()
    await expect(incident.getByRole('heading')).toHaveText(
      lang === 'en' ? 'Card payments failing' : 'تعذّر الدفع بالبطاقات',
    )
    await expect(incident).toHaveAttribute('data-stage', 'investigating')
    await expect(component(page, 'checkout')).toHaveAttribute('data-state', 'partial')
    await expect(component(page, 'checkout')).toContainText(catalogs[lang]['monitoring.state.partial']!)
    await expect(page.locator('[data-status-summary]')).toContainText(catalogs[lang]['status.component.checkout']!)
    // Real data now: the heading loses its sample tag, the notice goes, and nothing is "measured".
    await expect(page.locator('#status-title')).toHaveText(catalogs[lang]['monitoring.status.title']!)
    await expect(page.locator('[data-status-notice]')).toHaveCount(0)
    await expect(component(page, 'checkout').locator('[data-uptime]')).toHaveText(
      catalogs[lang]['monitoring.uptime.notMeasured']!,
    )
  }
  // The status block keeps its place and width: nothing above it moved.
  const after = await view(en).boundingBox()
  expect(after?.y).toBe(before?.y)
  expect(after?.width).toBe(before?.width)

  await status(
    'incident',
    'update',
    'card-errors',
    '--stage',
    'identified',
    ...bilingual(
      'text',
      'A card network link failed; traffic has moved.',
      'تعطّل الربط بإحدى شبكات البطاقات، ونُقلت الحركة إلى ربط بديل.',
    ),
  )
  await en.clock.runFor(60_000)
  await expect(en.locator('[data-incident="card-errors"]')).toHaveAttribute('data-stage', 'identified')
  await expect(en.locator('[data-incident="card-errors"] li')).toHaveCount(2)

  await status(
    'incident',
    'resolve',
    'card-errors',
    ...bilingual('text', 'Card payments work normally.', 'يعمل الدفع بالبطاقات بشكل طبيعي.'),
  )
  await en.clock.runFor(60_000)
  await focus(ar)
  await expect(en.locator('[data-incident="card-errors"]')).toHaveAttribute('data-stage', 'resolved')
  await expect(ar.locator('[data-incident="card-errors"]')).toContainText(catalogs.ar['monitoring.stage.resolved']!)
  await expect(component(ar, 'checkout')).toHaveAttribute('data-state', 'operational')
  // Every update kept, newest first, in the document and the feed.
  expect(readDoc().incidents[0]!.updates.map((u) => u.stage)).toEqual(['resolved', 'identified', 'investigating'])
  // The history (who changed what) stays with operations: not served.
  for (const path of ['/status/history/0000000001.json', '/status/.lock', '/status/../status.json'])
    expect((await fetch(`${origin}${path}`)).status, path).toBe(404)
  // Both feeds are well-formed Atom, as the browser's own XML parser reads them, and carry the incident.
  for (const [path, title] of [
    ['/status/incidents.atom', 'Card payments failing'],
    ['/status/incidents.ar.atom', 'تعذّر الدفع بالبطاقات'],
  ] as const) {
    const res = await fetch(`${origin}${path}`)
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8')
    const text = await res.text()
    const feed = await en.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml')
      const atom = 'http://www.w3.org/2005/Atom'
      const entry = doc.getElementsByTagNameNS(atom, 'entry')[0]
      return {
        error: doc.getElementsByTagName('parsererror').length,
        root: `${doc.documentElement.namespaceURI} ${doc.documentElement.localName}`,
        title: entry?.getElementsByTagNameNS(atom, 'title')[0]?.textContent,
        updates: entry?.getElementsByTagNameNS(atom, 'content')[0]?.textContent?.match(/<p[ >]/g)?.length,
      }
    }, text)
    expect(feed).toMatchObject({ error: 0, root: 'http://www.w3.org/2005/Atom feed', updates: 3 })
    expect(feed.title).toContain(title)
  }
  await en.close()
  await ar.close()
})

test('maintenance scheduled with the command shows on both pages, and its cancellation', async ({ page }) => {
  const hour = 3_600_000
  const wall = (ms: number) => new Date(ms).toISOString()
  const out = await status(
    'maintenance',
    'schedule',
    '--id',
    'payouts-upgrade',
    '--component',
    'payouts',
    '--from',
    wall(Date.now() + 2 * hour),
    '--to',
    wall(Date.now() + 3 * hour),
    ...bilingual('title', 'Payouts upgrade', 'ترقية تحويل المستحقات'),
    ...bilingual('text', 'Payouts pause for an hour.', 'تتوقف تحويلات المستحقات ساعة.'),
  )
  expect(out).toContain('payouts-upgrade')
  for (const lang of localeCodes) {
    await page.goto(local(lang, '/monitoring'))
    const card = page.locator('[data-maintenance="payouts-upgrade"]')
    await expect(card).toContainText(lang === 'en' ? 'Payouts upgrade' : 'ترقية تحويل المستحقات')
    await expect(card).toContainText(catalogs[lang]['monitoring.maintenance.upcoming']!)
    // Not under way yet: the component is operational.
    await expect(component(page, 'payouts')).toHaveAttribute('data-state', 'operational')
  }
  await status('maintenance', 'cancel', 'payouts-upgrade', ...bilingual('text', 'Postponed.', 'أُجّلت الصيانة.'))
  await focus(page)
  await expect(page.locator('[data-maintenance="payouts-upgrade"]')).toContainText(
    catalogs.ar['monitoring.maintenance.cancelled']!,
  )
  await expect(page.locator('[data-maintenance="payouts-upgrade"]')).toContainText('أُجّلت الصيانة.')
})

test('the checkout shows its banner while the hosted payment page is degraded, and not after; pages that need nothing ask for nothing', async ({
  page,
}) => {
  const asked: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/status/')) asked.push(new URL(r.url()).pathname)
  })
  await page.goto(`${origin}/pricing`)
  await hydrated(page)
  await page.waitForLoadState('networkidle')
  expect(asked).toEqual([])

  const banner = page.locator('[data-status-banner]')
  await page.goto(`${origin}/checkout`)
  await hydrated(page)
  await expect.poll(() => asked.length).toBe(1)
  await expect(banner).toBeHidden()

  await status(
    'incident',
    'open',
    '--id',
    'slow-payment-page',
    '--component',
    'checkout',
    '--impact',
    'degraded',
    ...bilingual('title', 'Hosted payment page slow', 'بطء صفحة الدفع المستضافة'),
    ...bilingual('text', 'The payment page loads slowly.', 'تُحمَّل صفحة الدفع ببطء.'),
  )
  for (const lang of localeCodes) {
    await page.goto(local(lang, '/checkout'))
    await hydrated(page)
    await expect(banner).toBeVisible()
    await expect(banner).toContainText(catalogs[lang]['status.banner.title']!)
    await expect(banner.locator('[data-status-affected]')).toHaveText(catalogs[lang]['status.component.checkout']!)
    await expect(banner.getByRole('link')).toHaveAttribute('href', lang === 'en' ? '/monitoring' : '/ar/monitoring')
  }
  // The contact forms need the API only: no banner for the payment page.
  await page.goto(`${origin}/contact-us`)
  await hydrated(page)
  await page.waitForLoadState('networkidle')
  await expect(banner).toBeHidden()

  await status('incident', 'resolve', 'slow-payment-page', ...bilingual('text', 'Resolved.', 'حُلّت المشكلة.'))
  await page.goto(`${origin}/checkout`)
  await hydrated(page)
  await page.waitForLoadState('networkidle')
  await expect(banner).toBeHidden()
})

test('an incident written 16 minutes ago stays on both pages, the measured parts marked stale with their age, and the checkout keeps its banner', async ({
  page,
}) => {
  emptyStatus()
  // The probe stopped 16 minutes ago, when the incident was opened, and two failed API checks then
  // made it a major outage: stale now, so the API's state is no longer the probe's.
  await writeAgo(16 * 60_000 + 40_000, {
    incident: true,
    results: [
      { component: 'site', ok: true },
      { component: 'api', ok: false },
      { component: 'checkout', ok: true },
    ],
  })
  // 16 minutes and some seconds: the Date header counts whole seconds, and the page loads after.
  await writeAgo(16 * 60_000 + 20_000, {
    incident: false,
    results: [
      { component: 'site', ok: true },
      { component: 'api', ok: false },
      { component: 'checkout', ok: true },
    ],
  })
  expect(readDoc().components.find((c) => c.key === 'api')?.probe?.failures).toBe(2)
  for (const lang of localeCodes) {
    await page.goto(local(lang, '/monitoring'))
    await hydrated(page)
    await expect(view(page)).toHaveAttribute('data-status-view', 'live')
    await expect(page.locator('[data-incident="card-errors-stale"]')).toBeVisible()
    await expect(component(page, 'checkout')).toHaveAttribute('data-state', 'partial')
    await expect(component(page, 'api')).toHaveAttribute('data-state', 'operational')
    await expect(view(page)).toHaveAttribute('data-stale', '')
    await expect(component(page, 'site')).toHaveAttribute('data-measured', 'stale')
    await expect(component(page, 'webhooks')).toHaveAttribute('data-measured', 'none')
    await expect(page.locator('[data-status-measured="stale"]')).toContainText(
      lang === 'en' ? 'Measured 16 minutes ago' : 'آخر قياس قبل 16 دقيقة',
    )
    await expect(page.locator('[data-status-measured="stale"]')).toContainText(
      catalogs[lang]['monitoring.status.stale']!,
    )
    // Nothing went wrong with the read itself: no notice.
    await expect(page.locator('[data-status-notice]')).toHaveCount(0)
    await expectAxeClean(page, `${lang}: stale measurements`)

    await page.goto(local(lang, '/checkout'))
    await hydrated(page)
    const banner = page.locator('[data-status-banner]')
    await expect(banner).toBeVisible()
    await expect(banner.locator('[data-status-affected]')).toHaveText(catalogs[lang]['status.component.checkout']!)
  }
  // The contact page needs the API, whose failures are stale: no banner.
  await page.goto(`${origin}/contact-us`)
  await hydrated(page)
  await page.waitForLoadState('networkidle')
  await expect(page.locator('[data-status-banner]')).toBeHidden()
})

test('a device clock 3 minutes behind changes nothing: ages come from the server’s Date', async ({ browser }) => {
  emptyStatus()
  await writeAgo(0, { incident: true })
  const page = await browser.newPage()
  await page.clock.install({ time: Date.now() - 3 * 60_000 })
  // As the feeds link an incident: the prerendered page has none, the live view scrolls to it.
  await page.goto(`${origin}/monitoring#incident-card-errors-stale`)
  await hydrated(page)
  await expect(view(page)).toHaveAttribute('data-status-view', 'live')
  await expect(page.locator('[data-incident="card-errors-stale"]')).toBeInViewport()
  // Not "dated ahead", not stale, measured just now.
  await expect(page.locator('[data-status-notice]')).toHaveCount(0)
  await expect(view(page)).not.toHaveAttribute('data-stale', /.*/)
  await expect(page.locator('[data-status-measured="fresh"]')).toHaveText(
    /^Measured (less than a minute|1 minute) ago$/,
  )
  await page.goto(`${origin}/checkout`)
  await hydrated(page)
  await expect(page.locator('[data-status-banner]')).toBeVisible()
  await page.close()
})

test('a malformed document or a failed read keeps the last good one, with a notice that says which; 404 and 403 are "No status published yet"', async ({
  page,
}) => {
  const file = join(statusDir, 'status.json')
  const good = readFileSync(file, 'utf8')
  await page.goto(`${origin}/ar/monitoring`)
  await hydrated(page)
  await expect(view(page)).toHaveAttribute('data-status-view', 'live')
  const revision = await view(page).getAttribute('data-revision')

  writeFileSync(file, '{"schema":1,"components":')
  await focus(page)
  const notice = page.locator('[role="status"] > [data-status-notice="malformed"]')
  await expect(notice).toHaveText(
    `${catalogs.ar['monitoring.status.notice.malformed']} نعرض آخر حالة وصلتنا، وسنحاول مجددًا بعد دقيقة.`,
  )
  await expect(view(page)).toHaveAttribute('data-problem', 'malformed')
  await expect(view(page)).toHaveAttribute('data-revision', revision!)
  await expect(page.locator('[data-incident="card-errors-stale"]')).toBeVisible()
  // Said once by a screen reader: the notice is in a live region, the minute-by-minute time is not.
  await expect(page.locator('[data-status-updated]')).not.toHaveAttribute('role', /./)

  // A document the schema refuses in what the page shows (a stage it does not know): malformed too.
  const doc = JSON.parse(good) as StatusDocument
  writeFileSync(
    file,
    JSON.stringify({
      ...doc,
      revision: doc.revision + 1,
      incidents: doc.incidents.map((i) => ({ ...i, updates: [{ ...i.updates[0], stage: 'done' }] })),
    }),
  )
  await focus(page)
  await expect(view(page)).toHaveAttribute('data-revision', revision!)
  await expect(page.locator('[data-status-notice="malformed"]')).toBeVisible()

  // The network fails: the same document, with what happened.
  await page.route('**/status/status.json', (route) => route.abort())
  await focus(page)
  await expect(page.locator('[data-status-notice="unreachable"]')).toHaveText(
    `${catalogs.ar['monitoring.status.notice.unreachable']} نعرض آخر حالة وصلتنا، وسنحاول مجددًا بعد دقيقة.`,
  )
  await page.unroute('**/status/status.json')
  writeFileSync(file, good)
  await focus(page)
  await expect(page.locator('[data-status-notice]')).toHaveCount(0)
  await expect(view(page)).not.toHaveAttribute('data-problem', /.*/)

  // On a fresh tab, a 403 (S3's answer for a missing key to a reader that may not list the bucket)
  // is no document: said as such, in both languages, with no incident and no sample.
  for (const lang of localeCodes) {
    await page.route('**/status/status.json', (route) => route.fulfill({ status: 403, body: 'AccessDenied' }))
    await page.goto(local(lang, '/monitoring'))
    await hydrated(page)
    await expect(view(page)).toHaveAttribute('data-status-view', 'none')
    await expect(page.locator('[data-status-summary]')).toHaveText(catalogs[lang]['monitoring.status.none']!)
    await expect(page.locator('[data-incident]')).toHaveCount(0)
    await page.unroute('**/status/status.json')
  }
})

test('the prerendered page is neutral and keeps its layout when the live document arrives; no React is loaded', async ({
  page,
}) => {
  const scripts = new Set<string>()
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (path.endsWith('.js')) scripts.add(path)
  })
  let release!: () => void
  const held = new Promise<void>((ok) => (release = ok))
  await page.route('**/status/status.json', async (route) => {
    await held
    await route.continue()
  })
  await page.goto(`${origin}/monitoring`)
  await hydrated(page)
  // What crawlers and readers without JavaScript get: no figure, no incident, no sample.
  await expect(view(page)).toHaveAttribute('data-status-view', 'loading')
  await expect(page.locator('[data-status-summary]')).toHaveText(catalogs.en['monitoring.status.loading']!)
  await expect(page.locator('[data-incident], [data-state], [data-sample]')).toHaveCount(0)
  const boxes = () =>
    page.evaluate(() =>
      ['[data-status-summary]', '[data-component="site"]', '[data-component="payouts"]'].map((s) => {
        const r = document.querySelector(s)!.getBoundingClientRect()
        return [r.y, r.height, r.width]
      }),
    )
  const before = await boxes()
  release()
  await expect(view(page)).toHaveAttribute('data-status-view', 'live')
  await expect(page.locator('[data-incident="card-errors-stale"]')).toBeVisible()
  expect(await boxes()).toEqual(before)
  await expectAxeClean(page, 'the live status')

  await page.waitForLoadState('networkidle')
  const files = [...scripts].map((p) => readFileSync(join('dist', p)))
  expect(files.filter((f) => f.includes('react.transitional.element'))).toHaveLength(0)
  expect(await page.locator('[data-island]').count()).toBe(0)
  const bytes = files.reduce((sum, f) => sum + gzipSync(f, { level: 9 }).length, 0)
  expect(bytes, 'the budget of tests/e2e/budgets.spec.ts for /monitoring').toBeLessThanOrEqual(15.25 * 1024)
})

test('the probe, pointed at an API stopped for a while, turns the day of its bar and its figure', async ({ page }) => {
  emptyStatus()
  await status('probe', '--api', `${api.url}/api/v1`, '--timeout', '2000')
  await page.goto(`${origin}/monitoring`)
  await hydrated(page)
  const api0 = component(page, 'api')
  await expect(api0.locator('[data-uptime]')).toContainText('100')
  await api.close()
  // Two runs a minute apart in production: two failed checks in a row are an outage.
  for (let i = 0; i < 2; i++) {
    const run = await runCommand('scripts/status.ts', ['probe', '--api', `${api.url}/api/v1`, '--timeout', '2000'], {
      STATUS_DIR: statusDir,
    })
    expect(run.code, run.out).toBe(1)
  }
  const doc = readDoc()
  const today = doc.components.find((c) => c.key === 'api')!.days.at(-1)!
  expect(today).toMatchObject({ checks: 3, failed: 2, state: 'major' })
  // Each run's results kept as they came, in the private history.
  const runsDir = join(statusDir, 'history', 'probes', new Date().toISOString().slice(0, 10))
  const runs = readdirSync(runsDir).map((f) => JSON.parse(readFileSync(join(runsDir, f), 'utf8')))
  expect(runs.map((r) => r.results[0].ok)).toEqual([true, false, false])
  expect(runs[2].results[0]).toMatchObject({ component: 'api', ok: false, detail: expect.stringContaining('/health') })
  await focus(page)
  await expect(api0).toHaveAttribute('data-state', 'major')
  // Today's bar (the last of the 90, at the reading end) shows the outage, and the figure fell.
  await expect(api0.locator('rect[data-day="89"]')).toHaveAttribute('data-state', 'major')
  await expect(api0.locator('[data-uptime]')).toContainText('33.33')
  // Only what a check measures has a figure.
  await expect(component(page, 'webhooks').locator('[data-uptime]')).toHaveText(
    catalogs.en['monitoring.uptime.notMeasured']!,
  )
})

test('a fresh deploy on the production path says "No status published yet" in both languages', async ({ page }) => {
  // `npm run s3:local`: S3, the key value store and the edge, on ports of their own; it prints how
  // to deploy to it.
  const run = start('scripts/local-s3.ts', { S3_PORT: '0', KVS_PORT: '0', PORT: '0' }, /npm run deploy -- .*\n/)
  try {
    const out = await run.started
    const edge = /the site on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!
    const [, env, args] = /\n\s+(\S+=\S+(?: \S+=\S+)*) npm run deploy -- (.*)\n/.exec(out)!
    const { code, out: deployed } = await runCommand('scripts/deploy.ts', [...args!.split(' '), '--dir', 'dist'], {
      ...Object.fromEntries(env!.split(' ').map((pair) => pair.split('=') as [string, string])),
      AWS_EC2_METADATA_DISABLED: 'true',
      DEPLOY_BY: 'e2e',
    })
    expect(code, deployed).toBe(0)
    // Nothing seeds a document: the bucket's status/ is empty.
    expect((await fetch(`${edge}/status/status.json`)).status).toBe(404)
    for (const lang of localeCodes) {
      await page.goto(`${edge}${lang === 'en' ? '' : '/ar'}/monitoring`)
      await hydrated(page)
      await expect(view(page)).toHaveAttribute('data-status-view', 'none')
      await expect(page.locator('[data-status-summary="none"]')).toHaveText(catalogs[lang]['monitoring.status.none']!)
      await expect(page.locator('[data-incident], [data-sample], [data-state]')).toHaveCount(0)
      await expect(page.locator('#status-title')).toHaveText(catalogs[lang]['monitoring.status.title']!)
      await expectAxeClean(page, `${lang}: no status published`)
    }
  } finally {
    await stop(run.child)
  }
})
