import { spawn } from 'node:child_process'
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

/**
 * `errors`: console errors and uncaught exceptions of a page, minus the one a 404 document always
 * logs. `csp` (automatic, in every test): the site's Content-Security-Policy is applied by the
 * preview server (dist/_headers); any violation of it, or a document served without it, fails the test.
 */
export const test = base.extend<{ errors: string[]; csp: undefined }>({
  errors: async ({ page }, use) => {
    const errors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
    await use(errors)
  },
  csp: [
    async ({ page }, use) => {
      const problems: string[] = []
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) problems.push(`${page.url()}: ${m.text()}`)
      })
      page.on('response', async (r) => {
        if (
          r.request().resourceType() === 'document' &&
          r.url().startsWith('http://127.0.0.1') &&
          !(await r.allHeaders())['content-security-policy']
        ) {
          problems.push(`${r.url()}: served without a Content-Security-Policy`)
        }
      })
      await use(undefined)
      expect(problems, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
})

/**
 * `<script> …args` as `npm run` runs it (Node with tsx's loader), in a child process (never a synchronous one: the
 * servers a test starts answer from this process); its exit code and everything it printed.
 */
export function runCommand(script: string, args: string[], env: Record<string, string | undefined> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { env: { ...process.env, ...env } })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  child.stderr.on('data', (d) => (out += d))
  return new Promise<{ code: number | null; out: string }>((done) => child.on('close', (code) => done({ code, out })))
}

export { expect }

/** The page's window as tests see it: `window.rasid` (docs/behaviour.md §6) and what init scripts record. */
export type TestWindow = typeof window & {
  rasid: {
    navigate: (url: string, options?: object) => Promise<void>
    showError: (error: unknown) => void
    clearError: (options?: object) => void
  }
  __frames: string[]
  __transitions: number
}

export async function hydrated(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/**
 * Until the page's build manifest (builds/meta/<id>.json) has arrived whole, read from the page's
 * Resource Timing, which has an entry however the response was answered. Not Playwright's network
 * events: a response from the browser's cache once never reported "finished" (CI timed out).
 */
export async function manifestIn(page: Page) {
  await page.waitForFunction(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).some(
      (e) => e.name.includes('/builds/meta/') && e.responseEnd > 0,
    ),
  )
}

/**
 * axe finds nothing against WCAG 2.2 AA on the page as it is now; else the test fails with a line
 * per finding ("rule: help (targets)"), under `state` if given. In axe's legacy mode, `axe.run` in the page itself: the default runs it
 * frame by frame and then again in a new blank page (for cross-origin frames, which the site has
 * none of), and took 2.7-3.4 s a call here against 1.0-1.2 s, with the same results.
 */
export async function expectAxeClean(page: Page, state?: string) {
  // Colours read mid-transition (a scheme just switched, a card's hover fading) are neither
  // scheme's: axe judges the page once its transitions have ended, as a reader sees it (a spinner
  // turns for as long as it is busy and is left to turn).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  )
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze()
  const findings = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
  expect(findings, state).toEqual([])
}

export const notFoundDocument = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: the server responded with a status of 404/.test(e))

/**
 * The header's link to `href` as a visitor reaches it: a link of a group (Products, Developers)
 * shows once the pointer is over its group, as on a desktop.
 */
export async function headerLink(page: Page, href: string) {
  const link = page.locator(`header #site-menu a[href="${href}"]`).first()
  const group = page.locator('header .nav-group', { has: page.locator(`a[href="${href}"]`) })
  if (await group.count()) await group.hover()
  return link
}
