// An operator's deploy and rollback reach a visitor's open tab (docs/deploy.md): the production
// path on 127.0.0.1 (S3, the key value store, the edge running the stack's functions;
// host/local/localSite.ts), two builds of the site deployed with `npm run deploy` as operators
// run it, and Chromium on the site. The tab on build A hears of build B at its next check, offers
// the reload in its language, and every page it loads afterwards is B's; a rollback brings A back.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { copyBuildAs, startLocalSite } from '../../host/local/localSite'
import { catalogs } from '../routes'
import { expect, headerLink, hydrated, runCommand, test } from './fixtures'

type Site = Awaited<ReturnType<typeof startLocalSite>>
let site: Site
const work = mkdtempSync(join(tmpdir(), 'deploy-e2e-'))

/** `npm run deploy` in a child process; never a synchronous one: the bucket and the store answer from this process. */
async function deploy(...args: string[]): Promise<string> {
  const { code, out } = await runCommand('scripts/deploy.ts', [...site.deployArgs, ...args], {
    ...site.env,
    AWS_EC2_METADATA_DISABLED: 'true',
    DEPLOY_BY: 'e2e',
  })
  expect(code, out).toBe(0)
  return out
}

const buildOf = (page: Page) => page.locator('meta[name="build-id"]').getAttribute('content')

// A deploy uploads the build's changed files (about 700 the first time, 400 pages for the next
// build), beside the suite's other lanes: room for a busy machine, in the hook and in each test.
test.describe.configure({ mode: 'serial', timeout: 240_000 })
test.beforeAll(async () => {
  test.setTimeout(240_000)
  site = await startLocalSite()
  await deploy('--dir', copyBuildAs(work, 'e2e-build-a'))
})
test.afterAll(async () => {
  await site.stop()
  rmSync(work, { recursive: true, force: true })
})

test('a tab on build A hears of build B, offers the reload, and loads only B from then on', async ({ page }) => {
  await page.goto(`${site.edge}/pricing`)
  await hydrated(page)
  expect(await buildOf(page)).toBe('e2e-build-a')
  await deploy('--dir', copyBuildAs(work, 'e2e-build-b'))
  // The tab checks builds/latest.json when the visitor comes back to it.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await expect(page.getByRole('button', { name: catalogs.en['update.toast.reload'] })).toBeVisible()
  // A link followed before reloading loads B's page whole (the runtime refuses a payload of another build).
  await (await headerLink(page, '/services')).click()
  await expect(page).toHaveURL(/\/services$/)
  await expect.poll(() => buildOf(page)).toBe('e2e-build-b')
  await hydrated(page)
})

test('a rollback reaches an Arabic tab the same way, and the reload shows build A again', async ({ page }) => {
  await page.goto(`${site.edge}/ar/pricing`)
  await hydrated(page)
  expect(await buildOf(page)).toBe('e2e-build-b')
  expect(await deploy('--rollback')).toMatch(/Rolled back: build e2e-build-a/)
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  const reload = page.getByRole('button', { name: catalogs.ar['update.toast.reload'] })
  await expect(reload).toBeVisible()
  await reload.click()
  await expect.poll(() => buildOf(page)).toBe('e2e-build-a')
  await expect(page).toHaveURL(/\/ar\/pricing$/)
})
