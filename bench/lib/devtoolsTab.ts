// Chromium driven over the DevTools protocol with only the domains a measurement needs, for
// `npm run bench -- --inp` (./inpBench.ts): Page (load events, a script for each new
// document), Emulation (a phone, its CPU slowed), Input (touch, keys), Fetch (answering a document),
// Runtime.evaluate, and Tracing with IO for a trace when asked (INP_TRACE). Not Playwright, and not Lighthouse or Puppeteer either: each of them enables the
// Runtime domain on every page, and with it V8 collects source positions for each `Error` the page
// creates. react-dom creates five as it starts, in its 203 KB body, which V8 then parses again:
// its start took 55-100 ms at 4x with the Runtime domain enabled and 15-23 ms without (a trace of
// `v8.evaluateModule` on /pricing, 4 loads each). A visitor's phone has no DevTools attached.
// The connection is chrome-remote-interface's, on a port of 127.0.0.1 chosen by Chromium.
import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import CDP from 'chrome-remote-interface'
import { chromiumArgs, chromiumPath } from '../../scripts/lib/chromium'

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

/** A phone's screen and language. */
export interface Phone {
  width: number
  height: number
  deviceScaleFactor: number
  locale: string
}

/** One tab in a browser context of its own (no cookies or storage shared with another). */
export class Tab {
  constructor(
    private readonly client: CDP.Client,
    private readonly done: () => Promise<void>,
  ) {}

  /** Runs `fn(arg)` in the page (its source, as Playwright's evaluate does) and returns its result as JSON. */
  async evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> {
    const { result, exceptionDetails } = await this.client.Runtime.evaluate({
      expression: `(${fn.toString()})(${JSON.stringify(arg) ?? 'undefined'})`,
      awaitPromise: true,
      returnByValue: true,
    })
    if (exceptionDetails)
      throw new Error(`In the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`)
    return result.value as R
  }

  waitForTimeout(ms: number) {
    return sleep(ms)
  }

  /** Loads `url` and waits for its load event (at most 30 s). */
  async goto(url: string) {
    const loaded = this.client.Page.loadEventFired()
    const { errorText } = await this.client.Page.navigate({ url })
    if (errorText) throw new Error(`${url}: ${errorText}`)
    await Promise.race([
      loaded,
      sleep(30_000).then(() => {
        throw new Error(`${url} did not load in 30 s`)
      }),
    ])
  }

  /** A script run at the start of every document this tab loads. */
  async onEveryDocument(fn: () => void) {
    await this.client.Page.addScriptToEvaluateOnNewDocument({ source: `(${fn.toString()})()` })
  }

  /** The page's main thread runs `rate` times slower (a tier's calibrated rate: ./cpuCalibration.ts). */
  async throttle(rate: number) {
    await this.client.Emulation.setCPUThrottlingRate({ rate })
  }

  /** A finger's tap at (x, y) CSS px of the viewport, as Playwright's `touchscreen.tap`. */
  async tap(x: number, y: number) {
    await this.client.Input.dispatchTouchEvent({ type: 'touchStart', touchPoints: [{ x, y }] })
    await this.client.Input.dispatchTouchEvent({ type: 'touchEnd', touchPoints: [] })
  }

  /** Letters and digits typed one key at a time, as Playwright's `keyboard.type` with a delay. */
  async type(text: string, delay: number) {
    for (const key of text) {
      if (!/^[a-z0-9]$/i.test(key)) throw new Error(`type(): only letters and digits, not "${key}"`)
      const code = /\d/.test(key) ? `Digit${key}` : `Key${key.toUpperCase()}`
      const windowsVirtualKeyCode = key.toUpperCase().charCodeAt(0)
      await this.client.Input.dispatchKeyEvent({ type: 'keyDown', key, code, windowsVirtualKeyCode, text: key })
      await sleep(delay)
      await this.client.Input.dispatchKeyEvent({ type: 'keyUp', key, code, windowsVirtualKeyCode })
      await sleep(delay)
    }
  }

  /**
   * Answers requests for `url` (a Fetch URL pattern) as HTML: with `answer` itself, before any request
   * is made, or, given a function, with what it makes of the server's body.
   */
  async answer(url: string, answer: string | ((served: string) => string)) {
    const { Fetch } = this.client
    Fetch.on('requestPaused', (e) => {
      void (async () => {
        let body = ''
        if (e.responseStatusCode !== undefined) {
          const got = await Fetch.getResponseBody({ requestId: e.requestId })
          body = got.base64Encoded ? Buffer.from(got.body, 'base64').toString('utf8') : got.body
        }
        await Fetch.fulfillRequest({
          requestId: e.requestId,
          responseCode: e.responseStatusCode ?? 200,
          responseHeaders: [
            { name: 'Content-Type', value: 'text/html; charset=utf-8' },
            { name: 'Cache-Control', value: 'no-store' },
          ],
          body: Buffer.from(typeof answer === 'string' ? answer : answer(body)).toString('base64'),
        })
      })().catch((err: Error) => console.error(`Answering ${url}: ${err.message}`))
    })
    const requestStage = typeof answer === 'string' ? 'Request' : 'Response'
    await Fetch.enable({ patterns: [{ urlPattern: url, requestStage }] })
  }

  /**
   * Starts a Chrome trace of this tab, with the Performance panel's categories and JavaScript samples
   * (`INP_TRACE`): the sampler makes V8 collect source positions too, as the Runtime domain does, so a
   * traced load is slower than the bench's others; it says where the time goes, not how much.
   */
  async startTrace() {
    await this.client.Tracing.start({
      transferMode: 'ReturnAsStream',
      traceConfig: {
        recordMode: 'recordUntilFull',
        includedCategories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-devtools.timeline.frame',
          'v8.execute',
          'disabled-by-default-v8.cpu_profiler',
          'blink.user_timing',
          'latencyInfo',
          'loading',
        ],
      },
    })
  }

  /** Ends the trace and writes it to `file` (JSON: DevTools' Performance panel opens it). */
  async endTrace(file: string) {
    const complete = this.client.Tracing.tracingComplete()
    await this.client.Tracing.end()
    const { stream } = await complete
    if (!stream) throw new Error('The trace came back without a stream')
    const out = createWriteStream(file)
    for (;;) {
      const { data, eof, base64Encoded } = await this.client.IO.read({ handle: stream })
      out.write(base64Encoded ? Buffer.from(data, 'base64') : data)
      if (eof) break
    }
    await this.client.IO.close({ handle: stream })
    await new Promise((resolve, reject) => out.end(() => resolve(undefined)).once('error', reject))
  }

  /** Closes the tab and its browser context. */
  close() {
    return this.done()
  }
}

/** A Chromium of its own (a fresh profile in a temporary folder), stopped by `close()`. */
export class DevtoolsBrowser {
  private constructor(
    private readonly child: ChildProcess,
    private readonly browser: CDP.Client,
    private readonly port: number,
    private readonly profile: string,
  ) {}

  static async launch(): Promise<DevtoolsBrowser> {
    const profile = mkdtempSync(join(tmpdir(), 'rasid-inp-'))
    const child = spawn(
      chromiumPath,
      [
        ...chromiumArgs,
        '--remote-debugging-address=127.0.0.1',
        '--remote-debugging-port=0',
        `--user-data-dir=${profile}`,
        '--no-default-browser-check',
        // As Playwright launches it: a page is never put off as if in the background.
        '--disable-background-timer-throttling',
        '--disable-backgrounding-occluded-windows',
        '--disable-renderer-backgrounding',
        'about:blank',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    )
    let log = ''
    child.stderr?.on('data', (d) => (log += d))
    // Chromium writes the port it chose, and the browser's endpoint, into the profile.
    const file = join(profile, 'DevToolsActivePort')
    for (let i = 0; i < 200 && !existsSync(file); i++) {
      if (child.exitCode !== null) break
      await sleep(50)
    }
    const [port, path] = existsSync(file) ? readFileSync(file, 'utf8').split('\n') : []
    if (!port || !path) {
      child.kill()
      rmSync(profile, { recursive: true, force: true })
      throw new Error(`Chromium (${chromiumPath}) did not open its DevTools port in 10 s:\n${log.slice(-2000)}`)
    }
    const browser = await CDP({ host: '127.0.0.1', port: Number(port), target: path, local: true })
    return new DevtoolsBrowser(child, browser, Number(port), profile)
  }

  /** A new tab in a browser context of its own, as a phone: `phone`'s screen, touch and language. */
  async newTab(phone: Phone): Promise<Tab> {
    const { Target } = this.browser
    const { browserContextId } = await Target.createBrowserContext({})
    const { targetId } = await Target.createTarget({ url: 'about:blank', browserContextId })
    const client = await CDP({
      host: '127.0.0.1',
      port: this.port,
      target: `/devtools/page/${targetId}`,
      local: true,
    })
    const { width, height, deviceScaleFactor, locale } = phone
    await client.Emulation.setDeviceMetricsOverride({ width, height, deviceScaleFactor, mobile: true })
    await client.Emulation.setTouchEmulationEnabled({ enabled: true, maxTouchPoints: 1 })
    await client.Emulation.setLocaleOverride({ locale })
    await client.Page.enable()
    return new Tab(client, async () => {
      await client.close()
      await Target.disposeBrowserContext({ browserContextId })
    })
  }

  async close() {
    await this.browser.close().catch(() => {})
    const exited = new Promise((r) => (this.child.exitCode !== null ? r(null) : this.child.once('exit', r)))
    this.child.kill()
    await exited
    // Chromium's helpers can still be writing to the profile for a moment after it exits (rmSync
    // retries; a bench once stopped here on ENOTEMPTY all the same): a profile left behind in the
    // temporary folder is not worth the run.
    try {
      rmSync(this.profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
    } catch (err) {
      console.warn(`Could not remove ${this.profile}: ${(err as Error).message}`)
    }
  }
}
