// The status page in an incident (docs/status.md), driven by the command as operations drive it:
// `npm run status` run as an operator runs it opens, updates and resolves an incident, schedules and
// cancels maintenance, and Chromium on /monitoring, /ar/monitoring and the checkout shows each. The
// stack is this file's own (./statusStack.ts): the preview serving dist/ with its status folder (what
// `npm run status` writes) and the real API behind /api/*. No rebuild anywhere: every change reaches
// the open pages from the document. The document itself (its age, a malformed one, the probe, none
// at all): ./statusDocument.spec.ts.
import { catalogs } from '../routes'
import { expect, hydrated, test } from './fixtures'
import { localeCodes } from '../../locales/locales'
import { bilingual, component, focus, statusStack, view } from './statusStack'

const stack = statusStack()
const { status, readDoc, local } = stack
let origin: string

// Each test runs `npm run status` (a tsx child process, 2-5 s on a busy machine) up to three
// times besides two browser tabs: 30 s was too little when the suite shares the machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 })
test.beforeAll(async () => {
  ;({ origin } = await stack.open())
})
test.afterAll(() => stack.close())

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
