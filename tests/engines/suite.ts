// What a visitor depends on, in one engine (./firefox.test.ts, ./webkit.test.ts), in both languages:
// every page of tests/routes.ts (the guides by two: `browserRoutes`) and an unknown address load with the right lang/dir, the runtime
// started and every island hydrated; then the flows, once each: in-place navigation and history, the
// language switch, the fee calculator, the cart and checkout to a paid return through the sandbox
// page, both contact forms, the guide search, the status page and the mobile menu at 390 px.
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
import { componentKeys } from '../../api/contract/status'
import { browserRoutes, catalogs, localized } from '../routes'
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
import { localeCodes } from '../../locales/locales'
import { setTimeout as sleep } from 'node:timers/promises'

const locales: Locale[] = localeCodes
/** The browser's preferred languages in each language's session. */
const preferred: Record<Locale, string> = { en: 'en-US,en', ar: 'ar-SA,ar,en' }
const dirOf = (l: Locale) => (l === 'ar' ? 'rtl' : 'ltr')
/** A site path in a language: `/pricing` -> `/ar/pricing`, `/` -> `/ar` (the site's own links). */
const at = (path: string, l: Locale) => localized(path, l)

type Probe = Window & { __probe?: number }

/** Problems that a test expects: the 404 document of an unknown address. */
interface Expected {
  /** `404 GET /no-such-page`, once. */
  answers?: string[]
  /** A console message of the browser about that answer (WebKit: `Failed to load resource … 404`). */
  messages?: RegExp[]
}

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

      check('navigation: header and content links swap in place; history back and forward', async () => {
        await go(at('/', l))
        expect(await started()).toBe(true)
        await mark(1)
        await e.click(`header nav a[href="${at('/pricing', l)}"]`)
        expect(await arrived(at('/pricing', l)), 'header link to /pricing').toBe(true)
        let s = await state()
        expect(s, 'swapped in place, focus on the h1').toMatchObject({
          probe: 1,
          lang: l,
          dir: dirOf(l),
          focusH1: true,
        })
        const payload = await e.eval(() =>
          performance
            .getEntriesByType('resource')
            .some((r) => new URL(r.name).pathname.endsWith('/pricing/_payload.json')),
        )
        expect(payload, "the page's payload fetched").toBe(true)
        await e.eval(() => history.back())
        expect(await arrived(at('/', l)), 'history.back()').toBe(true)
        expect((await state()).probe, 'back: in place').toBe(1)
        await e.eval(() => history.forward())
        expect(await arrived(at('/pricing', l)), 'history.forward()').toBe(true)
        expect((await state()).probe, 'forward: in place').toBe(1)
        // A link inside the content: the guide index's first article.
        await go(at('/guide', l))
        expect(await started()).toBe(true)
        await mark(2)
        const article = await e.eval(
          () =>
            [...document.querySelectorAll<HTMLAnchorElement>('main a[href*="/guide/"]')]
              .find((a) => a.offsetParent)
              ?.getAttribute('href') ?? null,
        )
        expect(article).toBeTruthy()
        await e.click(`main a[href="${article}"]`)
        expect(await arrived(article!), `content link to ${article}`).toBe(true)
        s = await state()
        expect(s, 'swapped in place').toMatchObject({ probe: 2, lang: l, dir: dirOf(l) })
      })

      check('language switch: the same page in the other language, in place; back restores the language', async () => {
        const other: Locale = l === 'en' ? 'ar' : 'en'
        await go(at('/pricing', l))
        expect(await started()).toBe(true)
        await mark(3)
        const href = await e.eval(() => document.querySelector('a[data-locale-switch]')?.getAttribute('href') ?? null)
        expect(href).toBe(at('/pricing', other))
        await e.click('a[data-locale-switch]')
        expect(await arrived(at('/pricing', other)), 'the switcher').toBe(true)
        const s = await state()
        expect(s, 'in place, language and direction swapped').toMatchObject({
          probe: 3,
          lang: other,
          dir: dirOf(other),
        })
        expect(await e.eval(() => document.cookie)).toContain(`i18n_redirected=${other}`)
        await e.eval(() => history.back())
        expect(await arrived(at('/pricing', l)), 'back across the language change').toBe(true)
        expect(await state()).toMatchObject({ probe: 3, lang: l, dir: dirOf(l) })
      })

      check('fee calculator on /pricing', async () => {
        await go(at('/pricing', l))
        expect(await started()).toBe(true)
        const calc = '[data-island="FeeCalculator"]'
        await e.eval((calc) => document.querySelector(`${calc} form`)!.scrollIntoView({ block: 'center' }), calc)
        expect(
          await e.waitFor(
            15_000,
            (calc) => document.querySelector(calc)?.getAttribute('data-state') === 'hydrated',
            calc,
          ),
        ).toBe(true)
        await e.select(`${calc} select[name=market]`, 'sa')
        await e.select(`${calc} select[name=scheme]`, 'mada')
        const result = () =>
          e.eval(() => ({
            fee: document.querySelector('[data-result="fee"]')?.textContent ?? null,
            net: document.querySelector('[data-result="net"]')?.textContent ?? null,
          }))
        const shows = (fee: string, net: string) =>
          e.waitFor(
            5000,
            (fee, net) =>
              (document.querySelector('[data-result="fee"]')?.textContent ?? '').includes(fee) &&
              (document.querySelector('[data-result="net"]')?.textContent ?? '').includes(net),
            fee,
            net,
          )
        await e.clearAndType(`${calc} input[name=amount]`, '200')
        expect(await shows('4.00', '195.40'), `200 SAR by mada: ${JSON.stringify(await result())}`).toBe(true)
        await e.clearAndType(`${calc} input[name=amount]`, '1000')
        expect(await shows('16.00', '981.60'), `1000 SAR: ${JSON.stringify(await result())}`).toBe(true)
        await e.clearAndType(`${calc} input[name=amount]`, '٢٠٠')
        expect(await shows('4.00', '195.40'), `٢٠٠ read as 200: ${JSON.stringify(await result())}`).toBe(true)
        await e.clearAndType(`${calc} input[name=amount]`, 'abc')
        const invalid = await e.waitFor(
          5000,
          (calc) => document.querySelector(`${calc} input[name=amount]`)?.getAttribute('aria-invalid') === 'true',
          calc,
        )
        expect(invalid, 'a bad amount is marked invalid').toBe(true)
        expect(await e.eval((calc) => document.querySelector(calc)!.textContent!.includes('NaN'), calc)).toBe(false)
      })

      const threeDS = l === 'ar'
      check(
        `cart and checkout: a plan from /pricing, paid on the sandbox page (${threeDS ? 'mada with 3-D Secure' : 'Visa'}), back paid`,
        async () => {
          await go(at('/pricing', l))
          expect(await started()).toBe(true)
          await e.eval(() => localStorage.clear())
          const market = l === 'en' ? 'ae' : 'sa'
          const billing = l === 'en' ? 'yearly' : 'monthly'
          await e.click(`#market-${market}`)
          await e.click(`#billing-${billing}`)
          const links = await e.eval(() =>
            [...document.querySelectorAll<HTMLAnchorElement>('a[href*="add=plan.growth"]')]
              .filter((a) => a.offsetParent && a.getClientRects().length)
              .map((a) => a.getAttribute('href')!),
          )
          expect(links, 'the one link of the chosen market and period shows (:has())').toEqual([
            `${at('/checkout', l)}?add=plan.growth&market=${market}&billing=${billing}`,
          ])
          await mark(4)
          await e.click(`a[href="${links[0]}"]`)
          const inCart = await e.waitFor(
            15_000,
            (path) => location.pathname === path && !!document.querySelector('[data-cart-item="plan.growth"]'),
            at('/checkout', l),
          )
          expect(inCart, 'the plan in the cart on /checkout').toBe(true)
          expect(await e.waitFor(10_000, () => !!document.querySelector('[data-quote-state="server"]'))).toBe(true)
          const cart = await e.eval(() => ({
            count: document.querySelector('[data-cart-count]')?.textContent ?? null,
            shown: !!document.querySelector<HTMLElement>('[data-cart-link]')?.offsetParent,
            probe: (window as Probe).__probe ?? null,
          }))
          expect(cart, "in place, the header's cart count 1").toEqual({ count: '1', shown: true, probe: 4 })

          await e.click('[data-price-overview] button[type=button]')
          const onPage = await e.waitFor(
            15_000,
            () =>
              location.pathname.startsWith('/api/v1/sandbox/pay/') &&
              document.readyState === 'complete' &&
              !!document.querySelector('#number'),
          )
          expect(onPage, 'the sandbox payment page').toBe(true)
          expect(await state(), "in the buyer's language").toMatchObject({ lang: l, dir: dirOf(l) })
          await e.type('#number', threeDS ? '4464 0400 7731 8456' : '4000 5500 1284 7360')
          await e.type('#expiry', '12/30')
          await e.type('#cvc', '123')
          await e.type('#name', 'Noura Al-Harbi')
          await e.click('form button[type=submit]')
          if (threeDS) {
            const bank = await e.waitFor(
              15_000,
              () => document.readyState === 'complete' && !!document.querySelector('#code'),
            )
            expect(bank, 'the 3-D Secure bank page').toBe(true)
            await e.type('#code', '123456')
            await e.click('button[name=decision][value=confirm]')
          }
          const paid = await e.waitFor(
            20_000,
            (path) =>
              location.pathname === path &&
              /session_id=cs_/.test(location.search) &&
              document.querySelector('[data-pay-state]')?.getAttribute('data-pay-state') === 'paid',
            at('/checkout', l),
          )
          const after = await e.eval(() => ({
            url: location.pathname + location.search,
            text: document.querySelector('[data-pay-state]')?.textContent ?? null,
            cartHidden: document.querySelector<HTMLElement>('[data-cart-link]')?.hidden ?? null,
            stored: localStorage.getItem('rasid.cart.v1'),
          }))
          expect(paid, `back on the checkout, paid: ${JSON.stringify(after)}`).toBe(true)
          expect(after.text).toContain(catalogs[l]['checkout.return.paid.title'])
          expect(after, 'the cart emptied').toMatchObject({ cartHidden: true, stored: null })
        },
      )

      /** The contact page, its forms hydrated. */
      async function contactPage() {
        await go(at('/contact-us', l))
        expect(await started()).toBe(true)
        const island = await e.waitFor(
          15_000,
          () => document.querySelector('[data-island="ContactForms"]')?.getAttribute('data-state') === 'hydrated',
        )
        expect(island, 'the forms hydrated').toBe(true)
      }
      /** The success heading of a form's panel, and whether it has the focus. */
      async function sent(kind: 'sales' | 'support') {
        const title = catalogs[l]['contact.success.title']!
        const ok = await e.waitFor(
          15_000,
          (kind, title) => document.querySelector(`#contact-panel-${kind} h2`)?.textContent?.trim() === title,
          kind,
          title,
        )
        // The focus follows the heading's render (an effect): waited for, as a visitor's screen reader would.
        const focused = await e.waitFor(
          5000,
          (kind) => document.activeElement === document.querySelector(`#contact-panel-${kind} h2`),
          kind,
        )
        const s = await e.eval(
          (kind) => ({
            h2: document.querySelector(`#contact-panel-${kind} h2`)?.textContent?.trim() ?? null,
            focus: document.activeElement?.outerHTML.slice(0, 120) ?? null,
            alert: document.querySelector(`#contact-panel-${kind} [role=alert]`)?.textContent?.trim() ?? null,
          }),
          kind,
        )
        expect(ok, `sent: ${JSON.stringify(s)}`).toBe(true)
        expect(focused, `the success heading has the focus: ${JSON.stringify(s)}`).toBe(true)
      }
      const email = (kind: string) => `${kind}.${name}.${l}.${Date.now()}@example.com`

      check('contact: the sales form reaches the API', async () => {
        await contactPage()
        await e.type('#contact-sales-name', 'Noura Al-Harbi')
        await e.type('#contact-sales-email', email('sales'))
        await e.type('#contact-sales-company', 'Harbi Trading')
        // Arabic-Indic digits, as an Arabic keyboard types them.
        await e.type('#contact-sales-phone', l === 'ar' ? '+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧' : '+966 50 123 4567')
        await e.select('#contact-sales-market', 'sa')
        await e.select('#contact-sales-volume', 'sar-200k-1m')
        await e.click('#contact-sales-methods-mada')
        await e.type('#contact-sales-message', 'We sell furniture online and in two shops.')
        await e.click('#contact-sales-consent')
        await e.click('#contact-panel-sales button[type=submit]')
        await sent('sales')
      })

      check('contact: the support form reaches the API', async () => {
        await contactPage()
        await e.click('#contact-tab-support')
        const shown = await e.waitFor(
          5000,
          () => !!document.querySelector<HTMLElement>('#contact-panel-support #contact-support-name')?.offsetParent,
        )
        expect(shown, 'the support tab shows its form').toBe(true)
        await e.type('#contact-support-name', 'Omar Said')
        await e.type('#contact-support-email', email('support'))
        await e.type('#contact-support-merchantId', l === 'ar' ? 'M١٢٣٤٥٦' : 'M123456')
        await e.type('#contact-support-transactionId', 'pay_789')
        await e.select('#contact-support-topic', 'payouts')
        await e.type('#contact-support-message', 'My payout of yesterday has not arrived.')
        await e.click('#contact-support-consent')
        await e.click('#contact-panel-support button[type=submit]')
        await sent('support')
      })

      check('guide search: results as typed, Enter opens the first in place', async () => {
        await go(at('/guide', l))
        expect(await started()).toBe(true)
        const query = l === 'en' ? 'refund' : 'الاسترداد'
        const expected = builtTitle(at('/guide/refunds', l)).split(' · ')[0]
        await e.click('#guide-search')
        const combobox = await e.waitFor(
          10_000,
          () => document.querySelector('#guide-search')?.getAttribute('role') === 'combobox',
        )
        expect(combobox, 'the box becomes a combobox on focus').toBe(true)
        await e.type('#guide-search', query)
        const found = await e.waitFor(10_000, () => {
          const options = [...document.querySelectorAll('[role=listbox] [role=option]')]
          return options.length ? options.map((o) => o.querySelector('span')?.textContent?.trim() ?? '') : null
        })
        expect(found?.[0], `"${query}": ${JSON.stringify(found)}`).toBe(expected)
        await mark(5)
        await e.key('Enter')
        expect(await arrived(at('/guide/refunds', l)), 'Enter opens the first result').toBe(true)
        expect((await state()).probe, 'in place').toBe(5)
      })

      check(`status page: the live view with its ${componentKeys.length} components`, async () => {
        await go(at('/monitoring', l))
        expect(await started()).toBe(true)
        await e.eval(() => document.querySelector('[data-status-view]')?.scrollIntoView({ block: 'start' }))
        const live = await e.waitFor(
          15_000,
          (count: number) =>
            document.querySelector('[data-status-view]')?.getAttribute('data-status-view') === 'live' &&
            document.querySelectorAll('[data-component]').length === count,
          componentKeys.length,
        )
        const s = await e.eval(() => ({
          view: document.querySelector('[data-status-view]')?.getAttribute('data-status-view') ?? null,
          components: document.querySelectorAll('[data-component]').length,
        }))
        expect(live, JSON.stringify(s)).toBe(true)
      })

      check(
        'mobile menu at 390 px: a sheet from under the header to the foot of the screen, links 52 px rows, one after another',
        async () => {
          await e.viewport(390, 844)
          try {
            await go(at('/pricing', l))
            expect(await started()).toBe(true)
            const screen = await e.eval(() => ({
              width: innerWidth,
              height: innerHeight,
              overflowX: document.documentElement.scrollWidth - document.documentElement.clientWidth,
            }))
            expect(screen.width, 'a phone-sized viewport').toBeLessThan(400)
            expect(screen.overflowX, 'no sideways scroll').toBeLessThanOrEqual(0)
            await e.click('.menu-button')
            const open = await e.waitFor(5000, () => document.querySelector('#site-menu')?.matches(':popover-open'))
            expect(open, 'the menu opens as a popover').toBe(true)
            const menu = await e.eval(() => {
              const box = document.querySelector('#site-menu')!.getBoundingClientRect()
              const links = [
                ...document.querySelectorAll('#site-menu .nav-panel a, #site-menu > li:not(.menu-actions) > a'),
              ].map((a) => a.getBoundingClientRect())
              return {
                top: Math.round(box.top),
                height: Math.round(box.height),
                bottom: Math.round(box.bottom),
                viewport: innerHeight,
                linkHeights: links.map((r) => Math.round(r.height)),
                pitches: links.slice(1).map((r, i) => Math.round(r.top - links[i]!.top)),
              }
            })
            const detail = JSON.stringify(menu)
            expect(menu.top, `under the header: ${detail}`).toBe(60)
            expect(menu.bottom, `to the foot of the screen: ${detail}`).toBe(menu.viewport)
            for (const h of menu.linkHeights) expect(h, `each link 52 px high: ${detail}`).toBeGreaterThanOrEqual(52)
            for (const h of menu.linkHeights) expect(h, `each link 52 px high: ${detail}`).toBeLessThan(60)
            // One after another: a link's row, or a group's name between two rows.
            for (const p of menu.pitches) expect(p, `links one after another: ${detail}`).toBeLessThan(100)
            await e.key('Escape')
            expect(
              await e.waitFor(3000, () => !document.querySelector('#site-menu')!.matches(':popover-open')),
              'Escape closes it',
            ).toBe(true)
            // A link in the open menu: the page swaps in place and the new header's menu starts closed.
            await mark(6)
            await e.click('.menu-button')
            expect(await e.waitFor(5000, () => document.querySelector('#site-menu')?.matches(':popover-open'))).toBe(
              true,
            )
            await e.click(`#site-menu a[href="${at('/services', l)}"]`)
            expect(await arrived(at('/services', l)), 'a link in the menu').toBe(true)
            const after = await e.eval(() => ({
              probe: (window as Probe).__probe ?? null,
              open: document.querySelector('#site-menu')!.matches(':popover-open'),
            }))
            expect(after, 'in place, the menu closed').toEqual({ probe: 6, open: false })
          } finally {
            await e.viewport(1280, 900)
          }
        },
      )
    })
  }
}
