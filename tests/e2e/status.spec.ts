// The status page in an incident (docs/status.md), as operations and visitors meet it: the preview
// serving dist/ with its status folder (what `npm run status` writes), the real API behind /api/*,
// `npm run status` run as an operator runs it, and Chromium on /monitoring, /ar/monitoring and the
// checkout. No rebuild anywhere: every change reaches the open pages from the document.
import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { defaultConfig } from '../../api/server/config'
import { type RunningApi, startApiServer } from '../../api/server/serve'
import { memoryStore } from '../../api/server/store/memory'
import type { StatusDocument } from '../../api/contract/status'
import { serve } from '../../scripts/lib/previewServer'
import { catalogs } from '../routes'
import { expect, hydrated, runCommand, test } from './fixtures'

const statusDir = mkdtempSync(join(tmpdir(), 'rasid-status-e2e-'))
let api: RunningApi
let preview: Server
let origin: string

/** `npm run status` in a child process (never a synchronous one: the preview answers from this process). */
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
  preview = await serve('dist', 0, '127.0.0.1', { apiOrigin: api.url, statusDir })
  origin = `http://127.0.0.1:${(preview.address() as { port: number }).port}`
})
test.afterAll(async () => {
  preview.closeAllConnections()
  await new Promise((ok) => preview.close(ok))
  await api.close().catch(() => {})
  rmSync(statusDir, { recursive: true, force: true })
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
  // The build's sample, shown as such until operations write.
  await expect(en.locator('[data-status-view]')).toHaveAttribute('data-revision', '0')
  await expect(en.locator('#status-title')).toContainText(catalogs.en['monitoring.status.sampleTag']!)
  const before = await en.locator('[data-status-view]').boundingBox()

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
    // Real data now: the heading loses its sample tag.
    await expect(page.locator('#status-title')).toHaveText(catalogs[lang]['monitoring.status.title']!)
  }
  // The status block keeps its place and width: nothing above it moved.
  const after = await en.locator('[data-status-view]').boundingBox()
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
        updates: entry?.getElementsByTagNameNS(atom, 'content')[0]?.textContent?.match(/<p>/g)?.length,
      }
    }, text)
    expect(feed).toMatchObject({ error: 0, root: 'http://www.w3.org/2005/Atom feed', updates: 3 })
    expect(feed.title).toContain(title)
  }
  await en.close()
  await ar.close()
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
  for (const lang of ['en', 'ar'] as const) {
    await page.goto(`${origin}${lang === 'en' ? '' : '/ar'}/checkout`)
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

test('the probe, pointed at an API stopped for a while, turns the day of its bar and its figure', async ({ page }) => {
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
})

test('a missing, malformed, future or stale document leaves the build view with a notice that says which', async ({
  page,
}) => {
  const file = join(statusDir, 'status.json')
  const good = readDoc()
  await page.goto(`${origin}/ar/monitoring`)
  await hydrated(page)
  const view = page.locator('[data-status-view]')
  const cases: [string, () => void][] = [
    ['missing', () => unlinkSync(file)],
    ['malformed', () => writeFileSync(file, '{"schema":1,"components":')],
    [
      'future',
      () => writeFileSync(file, JSON.stringify({ ...good, updatedAt: new Date(Date.now() + 3_600_000).toISOString() })),
    ],
    [
      'stale',
      () =>
        writeFileSync(file, JSON.stringify({ ...good, updatedAt: new Date(Date.now() - 11 * 60_000).toISOString() })),
    ],
  ]
  for (const [problem, make] of cases) {
    make()
    // A new tab each: the last good document seen would otherwise still be fresh.
    await page.goto(`${origin}/ar/monitoring`)
    await hydrated(page)
    await expect(view).toHaveAttribute('data-problem', problem)
    await expect(view).toHaveAttribute('data-status-view', 'build')
    await expect(page.locator(`[data-status-notice="${problem}"]`)).toHaveText(
      catalogs.ar[`monitoring.status.notice.${problem}`]!,
    )
    // Said once by a screen reader: the notice is in a live region, the minute-by-minute time is not.
    await expect(page.locator(`[role="status"] > [data-status-notice="${problem}"]`)).toHaveCount(1)
    await expect(page.locator('[data-status-updated]')).not.toHaveAttribute('role', /./)
  }
  writeFileSync(file, JSON.stringify(good))
})
