// The status page's document (docs/status.md), as visitors meet it: one written in the past (the
// measured parts stale, a device clock behind), a malformed one or a failed read, the prerendered
// page before it arrives, the probe against an API stopped for a while, in Chromium on /monitoring,
// /ar/monitoring and the checkout; and a fresh deploy on the production path (local S3 and edge),
// where no document is. The stack is this file's own (./statusStack.ts): the preview serving dist/
// with its status folder, the real API behind /api/*. No React: the status part is the runtime's own
// view (renderer/client/statusPage.ts). The incidents and maintenance `npm run status` opens:
// ./statusCommand.spec.ts.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { StatusDocument } from '../../api/contract/status'
import type { RunningApi } from '../../api/server/serve'
import { catalogs } from '../routes'
import { expect, expectAxeClean, hydrated, runCommand, test } from './fixtures'
import { localeCodes } from '../../locales/locales'
import { component, focus, start, statusStack, stop, view } from './statusStack'

const stack = statusStack()
const { status, readDoc, local, emptyStatus, writeAgo } = stack
let origin: string
let statusDir: string
let api: RunningApi

// Each test runs `npm run status` (a tsx child process, 2-5 s on a busy machine) up to three
// times besides two browser tabs: 30 s was too little when the suite shares the machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 })
test.beforeAll(async () => {
  ;({ origin, statusDir, api } = await stack.open())
})
test.afterAll(() => stack.close())

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
  expect(bytes, 'the budget of tests/e2e/budgets.spec.ts for /monitoring').toBeLessThanOrEqual(15.5 * 1024)
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
