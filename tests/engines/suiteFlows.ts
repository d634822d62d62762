// The engines' flows between pages and on them, in a language's session of ./suite.ts, which runs
// them around the forms of ./suiteForms.ts: in-place navigation and history and the language switch
// before the forms; the guide search, the status page and the mobile menu at 390 px after them.
import { componentKeys } from '../../api/contract/status'
import type { Locale } from '../../locales/locales'
import { expect } from 'vitest'
import { builtTitle } from './site'
import { at, dirOf, type Probe, type Session } from './suiteSession'

/** In-place navigation, history back and forward, and the language switch. */
export function navigationFlows({ e, l, check, go, started, state, arrived, mark }: Session) {
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
      performance.getEntriesByType('resource').some((r) => new URL(r.name).pathname.endsWith('/pricing/_payload.json')),
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
}

/** The guide search, the status page's live view and the mobile menu at 390 px. */
export function pageFlows({ e, l, check, go, started, state, arrived, mark }: Session) {
  check('guide search: results as typed, Enter opens the first in place', async () => {
    await go(at('/guide', l))
    expect(await started()).toBe(true)
    const query = l === 'en' ? 'refund' : 'الاسترداد'
    const expected = builtTitle(at('/guide/payments/refunds', l)).split(' · ')[0]
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
    expect(await arrived(at('/guide/payments/refunds', l)), 'Enter opens the first result').toBe(true)
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
        expect(await e.waitFor(5000, () => document.querySelector('#site-menu')?.matches(':popover-open'))).toBe(true)
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
}
