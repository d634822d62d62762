// What a visitor depends on, in one engine (./firefox.test.ts, ./webkit.test.ts), in both languages:
// every page of tests/routes.ts (the guides by two: `browserRoutes`) and an unknown address load with the right lang/dir, the runtime
// started and every island hydrated; then the flows, once each (./suiteFlows.ts, ./suiteForms.ts):
// in-place navigation and history, the language switch, the fee calculator, the cart and checkout to
// a paid return through the sandbox page, both contact forms, the guide search, the status page and
// the mobile menu at 390 px. This file composes them: the sessions, the checks and the page loads.
// One browser session per language (its preferred languages those of a visitor of that language),
// reused by every test of that language. The full matrix of states is Chromium's (tests/e2e/).
//
// After every test, and before a session closes, nothing may be wrong in what was reported since the
// test before: a console error or an uncaught error (Firefox: BiDi's log events; WebKit: the shell's
// console log), one of the site's own `[rasid]` warnings (a fallback ran), or an answer of 400 or
// more from the server (./site.ts). Other warnings are the engine's (WebKit: unused preloads) and are
// listed at the end of each session, never counted. A lost session (a crash, a hang) is started again
// once per engine and said so; its test runs again from its start. Nothing else is retried.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Locale } from '../../locales/locales'
import { browserRoutes } from '../routes'
import {
  type Engine,
  type EngineName,
  launchFirefox,
  launchWebKit,
  type Message,
  SessionLost,
  startWebKitDriver,
  type WebKitDriver,
} from './driver'
import { builtTitle, type Site, startSite } from './site'
import { navigationFlows, pageFlows } from './suiteFlows'
import { formFlows } from './suiteForms'
import { at, currentEngine, dirOf, type Expected, type Probe, type Session } from './suiteSession'
import { localeCodes } from '../../locales/locales'
import { setTimeout as sleep } from 'node:timers/promises'

const locales: Locale[] = localeCodes
/** The browser's preferred languages in each language's session. */
const preferred: Record<Locale, string> = { en: 'en-US,en', ar: 'ar-SA,ar,en' }

/** One engine's suite: registers its tests (call it at the top level of a test file). */
export function engineSuite(name: EngineName) {
  let site: Site
  let webkitDriver: WebKitDriver | undefined
  let restarted = false
  const began = Date.now()

  beforeAll(async () => {
    site = await startSite()
    if (name === 'webkit') webkitDriver = await startWebKitDriver()
  }, 60_000)
  afterAll(async () => {
    await webkitDriver?.close()
    await site?.close()
    console.log(`engines: ${name} took ${Math.round((Date.now() - began) / 1000)} s`)
  })

  for (const l of locales) {
    describe(`${name}, ${l}`, () => {
      let e: Engine
      /** The test in which this session was lost for good (the one restart was spent). */
      let lostIn: string | undefined
      const warnings = new Map<string, number>()
      const launch = () =>
        name === 'firefox' ? launchFirefox(preferred[l]) : launchWebKit(webkitDriver!.url, preferred[l])

      /** What went wrong since the last call: messages, the site's answers of 400 or more, less what `expected` names. */
      const problems = (expected: Expected = {}) => {
        const answers = [...(expected.answers ?? [])]
        const messages = [...(expected.messages ?? [])]
        const out: string[] = []
        for (const answer of site.failures()) {
          const i = answers.indexOf(answer)
          if (i >= 0) answers.splice(i, 1)
          else out.push(`answer ${answer}`)
        }
        for (const m of e.drain() as Message[]) {
          const i = messages.findIndex((re) => re.test(m.text))
          if (i >= 0) messages.splice(i, 1)
          else if (m.kind !== 'warn' || m.text.includes('[rasid]')) out.push(`${m.kind}: ${m.text}`)
          else {
            const key = m.text.replace(/https?:\/\/\S+/g, '<url>').slice(0, 200)
            warnings.set(key, (warnings.get(key) ?? 0) + 1)
          }
        }
        return out
      }

      beforeAll(async () => {
        e = await launch()
        console.log(`engines: ${name} ${e.version}, ${l} session (languages ${preferred[l]})`)
      }, 60_000)
      afterAll(async () => {
        const left = e ? problems() : []
        await e?.close()
        for (const [text, count] of warnings)
          console.log(`engines: ${name} ${l} warning (not counted) x${count}: ${text}`)
        expect(left, `${name} ${l}: reported after the last test`).toEqual([])
      })

      /**
       * A test run in this language's session: `body`, then no problem since the test before. A
       * session lost on the way is started again once per engine, and the test run again.
       */
      const check = (
        title: string,
        body: () => Promise<void>,
        options: { expected?: Expected; timeout?: number } = {},
      ) =>
        test(
          title,
          async () => {
            // Not one lost session's timeouts in every test after it.
            if (lostIn) throw new Error(`the ${name} ${l} session was lost in "${lostIn}"`)
            try {
              try {
                await body()
              } catch (err) {
                if (!(err instanceof SessionLost) || restarted) throw err
                restarted = true
                console.warn(
                  `engines note: ${name} ${l}: the session was lost during "${title}" (${err.message}); ` +
                    'a new session runs the test again (once per engine and run)',
                )
                await e.close().catch(() => {})
                e = await launch()
                await body()
              }
            } catch (err) {
              if (err instanceof SessionLost) lostIn = title
              // What the page and the server reported says more than a timeout does.
              const seen = e ? problems() : []
              if (seen.length && err instanceof Error) err.message += `\nreported meanwhile:\n  ${seen.join('\n  ')}`
              throw err
            }
            // A late message (a prefetch, a log line) has a moment to arrive.
            await sleep(300)
            expect(
              problems(options.expected),
              'console errors, uncaught errors, [rasid] warnings, answers >= 400',
            ).toEqual([])
          },
          // Above two lost sessions' command timeouts (45 s each, ./driver.ts): Vitest's is the last resort.
          options.timeout ?? 180_000,
        )

      const go = (path: string) => e.goto(`${site.origin}${path}`)
      /** The runtime started (`html[data-hydrated]`). */
      const started = () =>
        e.waitFor(
          15_000,
          () => document.readyState === 'complete' && document.documentElement.hasAttribute('data-hydrated'),
        )
      /** Each island scrolled into view (most hydrate when seen) until it is hydrated; their names and states. */
      async function islandsHydrated() {
        const names = await e.eval(() =>
          [...document.querySelectorAll('[data-island]')].map((x) => x.getAttribute('data-island')!),
        )
        for (let i = 0; i < names.length; i++) {
          await e.eval(
            (i) =>
              // The wrapper is `display: contents`, without a box to scroll to: its first box, as the runtime observes.
              (
                document.querySelectorAll('[data-island]')[i]!.querySelector('[data-island-root] > *') ??
                document.querySelectorAll('[data-island]')[i]!
              ).scrollIntoView({ block: 'center' }),
            i,
          )
          await e.waitFor(
            15_000,
            (i) => {
              const state = document.querySelectorAll('[data-island]')[i]?.getAttribute('data-state')
              return state === 'hydrated' || state === 'failed'
            },
            i,
          )
        }
        await e.eval(() => scrollTo(0, 0))
        return {
          expected: names.map((n) => `${n}: hydrated`),
          seen: await e.eval(() =>
            [...document.querySelectorAll('[data-island]')].map(
              (x) => `${x.getAttribute('data-island')}: ${x.getAttribute('data-state')}`,
            ),
          ),
        }
      }
      /** The page's own state: path, language, direction, title, whether the window is the same one. */
      const state = () =>
        e.eval(() => ({
          path: location.pathname,
          lang: document.documentElement.lang,
          dir: document.documentElement.dir,
          title: document.title,
          probe: (window as Probe).__probe ?? null,
          focusH1: document.activeElement === document.querySelector('main h1'),
        }))
      /** Swapped to `path` (its address and its title); then the swap's View Transition ends before the next click. */
      async function arrived(path: string) {
        const ok = await e.waitFor(
          10_000,
          (path, title) => location.pathname === path && document.title === title,
          path,
          builtTitle(path),
        )
        // During the cross-fade (about 0.3 s) a click hits the transition's pseudo-elements, in every engine.
        await sleep(800)
        return ok
      }
      /** Marks the window: a page swapped in place keeps the mark, a full load loses it. */
      const mark = (n: number) =>
        e.eval((n) => {
          ;(window as Probe).__probe = n
        }, n)

      // ------------------------------------------------------------------ first visit and every page

      check("first visit: / follows the browser's language", async () => {
        await go('/')
        const went = await e.waitFor(
          10_000,
          (l) => document.readyState === 'complete' && document.documentElement.lang === l,
          l,
        )
        const s = await state()
        expect(went, JSON.stringify(s)).toBe(true)
        expect(s).toMatchObject({ path: at('/', l), lang: l, dir: dirOf(l) })
      })

      // Not blind: what the checks after every test read does see a page's errors and warnings.
      check('the checks see a console.error, an uncaught error, a rejection, a warning and a 404', async () => {
        await go(at('/privacy', l))
        expect(await started()).toBe(true)
        expect(problems(), 'before the self-test').toEqual([])
        await e.eval(async () => {
          console.error('engines self-test: console.error')
          console.warn('[rasid] engines self-test: console.warn')
          setTimeout(() => {
            throw new Error('engines self-test: uncaught')
          }, 0)
          void Promise.reject(new Error('engines self-test: rejection'))
          await fetch('/engines-self-test')
        })
        await sleep(1000)
        const seen = problems().join('\n')
        expect(seen).toMatch(/error: .*engines self-test: console\.error/)
        expect(seen).toMatch(/warn: .*\[rasid\] engines self-test: console\.warn/)
        expect(seen).toMatch(/pageerror: .*engines self-test: uncaught/)
        expect(seen).toMatch(/pageerror: .*engines self-test: rejection/)
        expect(seen).toMatch(/answer 404 GET \/engines-self-test/)
      })

      for (const path of [...browserRoutes.map((r) => at(r.path, l)), at('/no-such-page', l)]) {
        const unknown = path.endsWith('/no-such-page')
        check(
          `${path} loads: ${l}/${dirOf(l)}, runtime started, every island hydrated`,
          async () => {
            await go(path)
            expect(await started(), 'html[data-hydrated]').toBe(true)
            const islands = await islandsHydrated()
            expect(islands.seen).toEqual(islands.expected)
            const s = await state()
            expect(s).toMatchObject({ path, lang: l, dir: dirOf(l) })
            if (!unknown) expect(s.title).toBe(builtTitle(path))
          },
          {
            timeout: 120_000,
            // The unknown address's own 404, and the browser's message about it (WebKit).
            expected: unknown
              ? {
                  answers: [`404 GET ${path}`],
                  messages: [
                    /CONSOLE NETWORK ERROR Failed to load resource: the server responded with a status of 404/,
                  ],
                }
              : undefined,
          },
        )
      }

      // ------------------------------------------------------------------------------------- flows

      const session: Session = { name, l, e: currentEngine(() => e), check, go, started, state, arrived, mark }
      navigationFlows(session)
      formFlows(session)
      pageFlows(session)
    })
  }
}
