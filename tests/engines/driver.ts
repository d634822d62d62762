// Two engines behind one interface, so that one plan (./suite.ts) drives both (docs/testing.md,
// "Firefox and WebKit"):
// - firefox: Debian's firefox-esr, headless, over WebDriver BiDi with puppeteer-core; console
//   messages and uncaught errors from BiDi's log events;
// - webkit: WebKitGTK through Debian's WebKitWebDriver, spoken to as plain W3C WebDriver over fetch,
//   on a virtual display (Xvfb), with ./wkshell.py as the browser: its web process writes every
//   console message to a log file that drain() reads back.
// Playwright's own Firefox and WebKit builds cannot be downloaded here; these are Debian's.
import { type ChildProcess, spawn } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from 'puppeteer-core'
import { setTimeout as sleep } from 'node:timers/promises'

export type EngineName = 'firefox' | 'webkit'

/** What a page said: `error` (console.error, a refused resource, a CSP violation), `pageerror` (uncaught), `warn`. */
export interface Message {
  kind: 'error' | 'pageerror' | 'warn'
  text: string
}

/**
 * One browser session. Functions given to `eval` and `waitFor` run in the page: they must use only
 * their arguments and the page's globals (they are sent as source).
 */
export interface Engine {
  name: EngineName
  version: string
  goto(url: string): Promise<void>
  eval<A extends unknown[], R>(fn: (...args: A) => R | Promise<R>, ...args: A): Promise<Awaited<R>>
  /** `fn`'s first truthy value within `ms`, else its last value; a page that was left meanwhile is asked again. */
  waitFor<A extends unknown[], R>(ms: number, fn: (...args: A) => R | Promise<R>, ...args: A): Promise<Awaited<R>>
  /** Clicks the element (a visually hidden radio or checkbox through its `<label>`, as a visitor does). */
  click(selector: string): Promise<void>
  /** Types into the element as keystrokes, after what it holds. */
  type(selector: string, text: string): Promise<void>
  /** Empties the field as a person does (Ctrl+A, Backspace), then types `text`. */
  clearAndType(selector: string, text: string): Promise<void>
  /** Chooses the `<option>` of `value` in the `<select>`. */
  select(selector: string, value: string): Promise<void>
  key(name: 'Enter' | 'Escape' | 'Tab'): Promise<void>
  viewport(width: number, height: number): Promise<void>
  /** The messages since the last call. */
  drain(): Message[]
  close(): Promise<void>
}

/** The browser or its driver is gone (a crash, a hung session): the suite starts a new session once. */
export class SessionLost extends Error {
  override name = 'SessionLost'
}

/** The source that runs `fn` with `args` in the page. `__name`: what a transpiler's keepNames may insert. */
const call = (fn: { toString(): string }, args: unknown[]) =>
  `(function () { var __name = function (f) { return f }; return (${fn.toString()}).apply(null, ${JSON.stringify(args)}) })()`

/** The selector to click for `selector`: its `<label>` when it is a visually hidden input. */
function clickTarget(selector: string) {
  const el = document.querySelector(selector)
  if (!el) return null
  const r = el.getBoundingClientRect()
  if (el instanceof HTMLInputElement && (r.width < 4 || r.height < 4) && el.id) {
    const label = `label[for="${CSS.escape(el.id)}"]`
    if (document.querySelector(label)) return label
  }
  return selector
}

async function poll<R>(ms: number, ask: () => Promise<R>): Promise<R> {
  const end = Date.now() + ms
  for (;;) {
    let value: R | undefined
    try {
      value = await ask()
    } catch (err) {
      if (err instanceof SessionLost) throw err
      // The page was left while it answered (a navigation): ask the next one.
      value = undefined
    }
    if (value || Date.now() > end) return value as R
    await sleep(100)
  }
}

// ------------------------------------------------------------------------------------------ Firefox

export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'

/** Puppeteer's words for a browser that went away. */
const lostFirefox = /Target closed|Connection closed|Session closed|browser has disconnected|Protocol error.*closed/i

export async function launchFirefox(languages: string): Promise<Engine> {
  const { default: puppeteer } = await import('puppeteer-core')
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: firefoxPath,
    headless: true,
    defaultViewport: { width: 1280, height: 900 },
    protocolTimeout: 60_000,
    // The preferred languages (navigator.languages, Accept-Language), as the WebKit shell's --lang.
    extraPrefsFirefox: { 'intl.accept_languages': languages },
  })
  const page: Page = await browser.newPage()
  const messages: Message[] = []
  page.on('console', (m) => {
    const type = m.type() as string
    if (type === 'error') messages.push({ kind: 'error', text: m.text() })
    else if (type === 'warn' || type === 'warning') messages.push({ kind: 'warn', text: m.text() })
  })
  page.on('pageerror', (e) => messages.push({ kind: 'pageerror', text: String((e as Error)?.message ?? e) }))
  const lost = async <R>(work: () => Promise<R>): Promise<R> => {
    try {
      return await work()
    } catch (err) {
      // A navigation over 30 s (puppeteer's TimeoutError) is a stuck session too, as in WebKit's.
      if (
        !browser.connected ||
        (err as Error).name === 'TimeoutError' ||
        lostFirefox.test(String((err as Error).message))
      )
        throw new SessionLost(String(err))
      throw err
    }
  }
  const engine: Engine = {
    name: 'firefox',
    version: await browser.version(),
    // A load the page replaces at once (the locale boot script's redirect from `/` to `/ar`) is
    // reported by Firefox as NS_BINDING_ABORTED: the browser went on to the page it was sent to,
    // which the caller waits for.
    goto: (url) =>
      lost(async () => {
        try {
          await page.goto(url, { waitUntil: 'load', timeout: 30_000 })
        } catch (error) {
          if (!String(error).includes('NS_BINDING_ABORTED')) throw error
        }
      }),
    eval: (fn, ...args) => lost(() => page.evaluate(call(fn, args))) as never,
    waitFor: (ms, fn, ...args) => poll(ms, () => engine.eval(fn, ...args)),
    async click(selector) {
      const target = await engine.eval(clickTarget, selector)
      if (!target) throw new Error(`no element ${selector}`)
      await lost(() => page.click(target))
    },
    async type(selector, text) {
      await lost(async () => {
        await page.focus(selector)
        await page.keyboard.type(text, { delay: 10 })
      })
    },
    async clearAndType(selector, text) {
      await lost(async () => {
        await page.focus(selector)
        await page.keyboard.down('Control')
        await page.keyboard.press('a')
        await page.keyboard.up('Control')
        await page.keyboard.press('Backspace')
        if (text) await page.keyboard.type(text, { delay: 10 })
      })
    },
    select: (selector, value) => lost(async () => void (await page.select(selector, value))),
    key: (name) => lost(() => page.keyboard.press(name)),
    // puppeteer-core sends the viewport and a screen orientation together; a Firefox ESR without
    // BiDi's `emulation.setScreenOrientationOverride` refuses the second after taking the first.
    viewport: (width, height) =>
      lost(async () => {
        try {
          await page.setViewport({ width, height })
        } catch (error) {
          if (!String(error).includes('setScreenOrientationOverride')) throw error
        }
      }),
    drain: () => messages.splice(0),
    close: () => browser.close().catch(() => {}),
  }
  return engine
}

// ------------------------------------------------------------------------------------------- WebKit

/** Where Debian's packages put the programs (xvfb, webkit2gtk-driver; python3-gi for ./wkshell.py). */
export const debianPrograms = {
  xvfb: '/usr/bin/Xvfb',
  webkitDriver: '/usr/bin/WebKitWebDriver',
  python: '/usr/bin/python3',
}

/** A free TCP port on 127.0.0.1. */
const freePort = () =>
  new Promise<number>((ok) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => ok(port))
    })
  })

/** Stops a process started `detached` (a group of its own) and what it started. */
function stopGroup(child: ChildProcess) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    return Promise.resolve()
  }
  return Promise.race([exited, sleep(5000)]).then(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL')
    } catch {
      // Gone already.
    }
  })
}

export interface WebKitDriver {
  url: string
  /** The driver's own output and the X server's, for a failure's report. */
  output(): string
  close(): Promise<void>
}

/**
 * Xvfb on a display it picks itself (-displayfd), and WebKitWebDriver on a free port with that
 * display; each in a process group of its own, stopped by close(), or by a watchdog once this
 * process is gone without closing them (a test run killed by a timeout).
 */
export async function startWebKitDriver(): Promise<WebKitDriver> {
  let output = ''
  const xvfb = spawn(debianPrograms.xvfb, ['-displayfd', '3', '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  })
  xvfb.stderr!.on('data', (d: Buffer) => (output += d))
  const display = await new Promise<string>((ok, fail) => {
    let text = ''
    xvfb.stdio[3]!.on('data', (d: Buffer) => {
      text += d
      if (text.includes('\n')) ok(`:${text.trim()}`)
    })
    xvfb.once('exit', (code) => fail(new Error(`Xvfb exited (${code}): ${output}`)))
    setTimeout(() => fail(new Error(`Xvfb gave no display in 15 s: ${output}`)), 15_000).unref()
  })
  const port = await freePort()
  const driver = spawn(debianPrograms.webkitDriver, [`--port=${port}`], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DISPLAY: display },
  })
  driver.stdout!.on('data', (d: Buffer) => (output += d))
  driver.stderr!.on('data', (d: Buffer) => (output += d))
  const url = `http://127.0.0.1:${port}`
  const ready = await poll(15_000, async () => (await fetch(`${url}/status`).catch(() => null))?.ok)
  const watchdog = spawn(
    'sh',
    [
      '-c',
      'while kill -0 "$0" 2>/dev/null; do sleep 2; done; kill -TERM -"$1" -"$2" 2>/dev/null',
      String(process.pid),
      String(driver.pid),
      String(xvfb.pid),
    ],
    { detached: true, stdio: 'ignore' },
  )
  watchdog.unref()
  const close = async () => {
    watchdog.kill()
    await stopGroup(driver)
    await stopGroup(xvfb)
  }
  if (!ready) {
    await close()
    throw new Error(`WebKitWebDriver did not answer on ${url} in 15 s: ${output}`)
  }
  return { url, output: () => output, close }
}

const shell = fileURLToPath(new URL('./wkshell.py', import.meta.url))

/** One WebDriver command; a driver that does not answer, or a session it no longer has, is SessionLost. */
async function command(driver: string, method: string, path: string, body?: unknown) {
  let res: Response
  let answer: { value: { error?: string; message?: string } & Record<string, unknown> }
  try {
    res = await fetch(`${driver}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      // Above the session's page load and script timeouts (30 s): a command that outlives them hangs.
      signal: AbortSignal.timeout(45_000),
    })
    answer = (await res.json()) as typeof answer
  } catch (err) {
    throw new SessionLost(`${method} ${path}: ${(err as Error).message}`)
  }
  if (!res.ok) {
    const { error, message } = answer.value
    const text = `${method} ${path}: ${error}: ${message}`
    // A page load or a script over the session's 30 s: the site's pages load in about a second, so the
    // session is stuck (seen once on a loaded machine: a blank view that every command then waited
    // out); a new one is tried once, rather than every test after it timing out in turn.
    throw ['invalid session id', 'no such window', 'timeout', 'script timeout'].includes(error ?? '')
      ? new SessionLost(text)
      : new Error(text)
  }
  return answer.value as unknown
}

/**
 * WebKit's ConsoleClient::printConsoleMessage: `url:line:col: CONSOLE [<source> [<type>]] <level> <message>`,
 * the source left out for the console API (`CONSOLE ERROR boom`), else `JS` (uncaught), `NETWORK`, `SECURITY`…
 */
const consoleLine =
  /^(?:.*?: )?CONSOLE (?:(DEBUG|LOG|INFO|WARN|ERROR) |([A-Z][A-Z-]*) (?:(?:CLEAR|DIR|DIRXML|TABLE|TRACE|GROUP|GROUPCOLLAPSED|ENDGROUP|ASSERT|TIMING|PROFILE|PROFILEEND|IMAGE) )?(DEBUG|LOG|INFO|WARN|ERROR) )/

export async function launchWebKit(driver: string, languages: string): Promise<Engine> {
  const dir = mkdtempSync(join(tmpdir(), 'rasid-webkit-'))
  const logFile = join(dir, 'console.log')
  writeFileSync(logFile, '')
  const started = (await command(driver, 'POST', '/session', {
    capabilities: {
      alwaysMatch: {
        pageLoadStrategy: 'normal',
        'webkitgtk:browserOptions': {
          binary: debianPrograms.python,
          args: [shell, '--automation', `--log=${logFile}`, `--lang=${languages}`],
        },
      },
    },
  })) as { sessionId: string; capabilities: { browserVersion?: string } }
  const session = `/session/${started.sessionId}`
  /**
   * A command in this session. When one fails, the session is asked where it is: a web process that
   * crashed first answers `unknown error` with no message, and only the next command says that the
   * session is gone.
   */
  const wd = async (method: string, path: string, body?: unknown) => {
    try {
      return await command(driver, method, `${session}${path}`, body)
    } catch (err) {
      if (err instanceof SessionLost || path === '') throw err
      try {
        await command(driver, 'GET', `${session}/url`)
      } catch (health) {
        if (health instanceof SessionLost || /unknown error/.test(String(health)))
          throw new SessionLost(`${(err as Error).message}; then ${(health as Error).message}`)
      }
      throw err
    }
  }
  await wd('POST', '/timeouts', { pageLoad: 30_000, script: 30_000, implicit: 0 })

  let offset = 0
  let partial = ''
  const readLog = (): Message[] => {
    const size = statSync(logFile).size
    if (size <= offset) return []
    const buffer = Buffer.alloc(size - offset)
    const fd = openSync(logFile, 'r')
    try {
      readSync(fd, buffer, 0, buffer.length, offset)
    } finally {
      closeSync(fd)
    }
    offset = size
    const lines = (partial + buffer.toString('utf8')).split('\n')
    partial = lines.pop()!
    const out: Message[] = []
    for (const line of lines) {
      const m = consoleLine.exec(line.trim())
      if (!m) continue
      const source = m[2] ?? 'CONSOLE'
      const level = m[1] ?? m[3]
      if (level === 'ERROR') out.push({ kind: source === 'JS' ? 'pageerror' : 'error', text: line.trim() })
      else if (level === 'WARN') out.push({ kind: 'warn', text: line.trim() })
    }
    return out
  }
  // execute/async: a returned promise resolves; an exception comes back as { err }.
  const wrap = (source: string) =>
    `var done = arguments[arguments.length - 1];
     try { Promise.resolve(${source}).then(function (v) { done({ ok: v === undefined ? null : v }) }, function (e) { done({ err: String(e && e.stack || e) }) }) }
     catch (e) { done({ err: String(e && e.stack || e) }) }`
  const find = async (selector: string) => {
    const el = (await wd('POST', '/element', { using: 'css selector', value: selector })) as Record<string, string>
    return Object.values(el)[0]!
  }
  const keys = { Enter: '\uE007', Escape: '\uE00C', Tab: '\uE004' } as const

  const engine: Engine = {
    name: 'webkit',
    version: `WebKitGTK ${started.capabilities.browserVersion ?? '?'}`,
    async goto(url) {
      await wd('POST', '/url', { url })
    },
    async eval(fn, ...args) {
      const r = (await wd('POST', '/execute/async', { script: wrap(call(fn, args)), args: [] })) as {
        ok?: unknown
        err?: string
      } | null
      if (r && 'err' in r) throw new Error(r.err)
      return r?.ok as never
    },
    waitFor: (ms, fn, ...args) => poll(ms, () => engine.eval(fn, ...args)),
    async click(selector) {
      const target = await engine.eval(clickTarget, selector)
      if (!target) throw new Error(`no element ${selector}`)
      await wd('POST', `/element/${await find(target)}/click`, {})
    },
    async type(selector, text) {
      await wd('POST', `/element/${await find(selector)}/value`, { text })
    },
    async clearAndType(selector, text) {
      const id = await find(selector)
      await wd('POST', `/element/${id}/click`, {})
      // Ctrl+A, Backspace: React sees the input events a person's emptying makes.
      await wd('POST', `/element/${id}/value`, { text: '\uE009a\uE009\uE003' })
      if (text) await wd('POST', `/element/${id}/value`, { text })
    },
    async select(selector, value) {
      // Element Click on an <option>: WebDriver's way to choose one (input and change fire).
      await wd('POST', `/element/${await find(`${selector} option[value="${value}"]`)}/click`, {})
    },
    async key(name) {
      const value = keys[name]
      await wd('POST', '/actions', {
        actions: [
          {
            type: 'key',
            id: 'keyboard',
            actions: [
              { type: 'keyDown', value },
              { type: 'keyUp', value },
            ],
          },
        ],
      })
      await wd('DELETE', '/actions')
    },
    async viewport(width, height) {
      await wd('POST', '/window/rect', { width, height })
    },
    drain: readLog,
    async close() {
      await wd('DELETE', '').catch(() => {})
      rmSync(dir, { recursive: true, force: true })
    },
  }
  return engine
}
