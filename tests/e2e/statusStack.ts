// What the status-page tests (./statusCommand.spec.ts, ./statusDocument.spec.ts) share: the stack
// each spec file starts for itself (the preview serving dist/ with a status folder of its own, what
// `npm run status` writes, and the real API behind /api/*), `npm run status` run as an operator
// runs it, and the helpers that read the document and the page. Each stack has its own folders and
// ports, so the two files can run at once in two workers; one worker running both in turn gets two
// stacks, one after the other.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Page } from '@playwright/test'
import type { StatusDocument } from '../../api/contract/status'
import { defaultConfig } from '../../api/server/config'
import { type RunningApi, startApiServer } from '../../api/server/serve'
import { memoryStore } from '../../api/server/store/memory'
import type { Locale } from '../../locales/locales'
import { expect, runCommand } from './fixtures'

// The preview, the local production path and the store's writes run as commands, in processes of
// their own: their modules import the catalogs as JSON, which this test runner's loader refuses on
// Node 20 ("needs an import attribute of type json"); tsx takes them.

/** A command as `npm run` starts it, its output gathered; resolves once `ready` matches it. */
export function start(script: string, env: Record<string, string>, ready: RegExp) {
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
export const stop = (child: ChildProcess) =>
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

export const bilingual = (name: string, en: string, ar: string) => [`--${name}-en`, en, `--${name}-ar`, ar]
/** What a visitor returning to the tab triggers: the page asks for the document again. */
export const focus = (page: Page) => page.evaluate(() => dispatchEvent(new Event('focus')))
export const component = (page: Page, key: string) => page.locator(`[data-component="${key}"]`)
export const view = (page: Page) => page.locator('[data-status-view]')

type ProbeResult = { component: string; ok: boolean }
const module = (path: string) => JSON.stringify(pathToFileURL(resolve(path)).href)

/** What `open` started: the preview's origin, its status folder and the API behind it. */
interface Opened {
  origin: string
  statusDir: string
  api: RunningApi
}

/**
 * A spec file's stack: `open()` in its beforeAll, `close()` in its afterAll. Its helpers read and
 * write the stack opened last, so a spec file may take them at its top level.
 */
export function statusStack() {
  let statusDir: string
  let work: string
  let api: RunningApi
  let preview: ChildProcess
  let origin: string

  /** `npm run status` in a child process (never a synchronous one: the API answers from this process). */
  async function status(...args: string[]): Promise<string> {
    const { code, out } = await runCommand('scripts/status.ts', args, { STATUS_DIR: statusDir, DEPLOY_BY: 'e2e' })
    expect(code, out).toBe(0)
    return out
  }

  const readDoc = () => JSON.parse(readFileSync(join(statusDir, 'status.json'), 'utf8')) as StatusDocument
  const local = (lang: Locale, path: string) => `${origin}${lang === 'en' ? '' : '/ar'}${path}`

  /** An empty status folder: what a preview with no document serves (the sample). */
  function emptyStatus() {
    for (const f of readdirSync(statusDir)) rmSync(join(statusDir, f), { recursive: true, force: true })
  }

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

  async function open(): Promise<Opened> {
    statusDir = mkdtempSync(join(tmpdir(), 'rasid-status-e2e-'))
    work = mkdtempSync(join(tmpdir(), 'rasid-status-e2e-work-'))
    api = await startApiServer({
      config: { ...defaultConfig },
      store: memoryStore(),
      port: 0,
      log: () => {},
    })
    // `npm run preview` with this stack's status folder, the API above behind /api/*.
    const port = await freePort()
    const run = start('scripts/serve.ts', { PORT: String(port), STATUS_DIR: statusDir, API_ORIGIN: api.url }, /Serving/)
    preview = run.child
    await run.started
    origin = `http://127.0.0.1:${port}`
    return { origin, statusDir, api }
  }

  async function close() {
    if (preview) await stop(preview)
    await api?.close().catch(() => {})
    if (statusDir) rmSync(statusDir, { recursive: true, force: true })
    if (work) rmSync(work, { recursive: true, force: true })
  }

  return { open, close, status, readDoc, local, emptyStatus, writeAgo }
}
