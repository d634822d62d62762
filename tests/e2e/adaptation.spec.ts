// Adaptation (WCAG 2.2 AA, both languages): reflow at 320 CSS px with and without a cart (1.4.10),
// scrolling regions a keyboard reaches and a screen reader names (2.1.1, 4.1.2), the selected state
// and icons in forced colours and at 3:1 in normal colours (1.4.11), the code blocks' focus ring
// (2.4.7) and the skip link (2.4.1). docs/testing.md, "Accessibility".
import { inflateSync } from 'node:zlib'
import type { Locator, Page } from '@playwright/test'
import { browserRoutes, catalogs, localized } from '../routes'
import { expect, expectAxeClean, hydrated, test } from './fixtures'
import { localeCodes } from '../../locales/locales'

const locales = localeCodes
type L = (typeof locales)[number]

async function fillCart(page: Page, l: L) {
  await page.goto(`${localized('/checkout', l)}?add=plan.growth&market=sa&billing=monthly`)
  await expect(page.locator('header [data-cart-link]')).toBeVisible()
}

/** A PNG (8-bit RGB or RGBA, as Chromium writes them) as rows of RGBA pixels. */
function decodePng(png: Buffer) {
  let pos = 8
  let width = 0
  let height = 0
  let channels = 4
  const idat: Buffer[] = []
  while (pos < png.length) {
    const length = png.readUInt32BE(pos)
    const type = png.toString('ascii', pos + 4, pos + 8)
    const data = png.subarray(pos + 8, pos + 8 + length)
    if (type === 'IHDR') {
      width = data.readUInt32BE(0)
      height = data.readUInt32BE(4)
      channels = data[9] === 6 ? 4 : 3
    } else if (type === 'IDAT') idat.push(data)
    pos += 12 + length
  }
  const raw = inflateSync(Buffer.concat(idat))
  const stride = width * channels
  const out = Buffer.alloc(width * height * channels)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x]!
      const a = x >= channels ? out[y * stride + x - channels]! : 0
      const b = y > 0 ? out[(y - 1) * stride + x]! : 0
      const c = x >= channels && y > 0 ? out[(y - 1) * stride + x - channels]! : 0
      const p = a + b - c
      const pa = Math.abs(p - a)
      const pb = Math.abs(p - b)
      const pc = Math.abs(p - c)
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
      const f = [0, a, b, (a + b) >> 1, paeth][filter]!
      out[y * stride + x] = (v + f) & 255
    }
  }
  const pixel = (x: number, y: number) => [...out.subarray((y * width + x) * channels, (y * width + x) * channels + 3)]
  return { width, height, pixel }
}

const distinctColours = (png: Buffer) => {
  const img = decodePng(png)
  const seen = new Set<string>()
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) seen.add(img.pixel(x, y).join())
  return seen.size
}

const luminance = ([r, g, b]: number[]) => {
  const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!)
}
const contrast = (a: number[], b: number[]) => {
  const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m)
  return (x! + 0.05) / (y! + 0.05)
}

/** No focus, no hover: what a control looks like at rest. */
async function rest(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.mouse.move(1, 1)
}

/** Each two-option control: a way to select option `i` and the element that shows option `i`. */
const controls = [
  {
    name: 'billing period',
    path: '/pricing',
    option: (page: Page, i: number) => page.locator(`#billing-${['monthly', 'yearly'][i]} + span`),
    select: (page: Page, i: number) => page.locator(`label:has(#billing-${['monthly', 'yearly'][i]})`).click(),
  },
  {
    name: 'market',
    path: '/pricing',
    option: (page: Page, i: number) => page.locator(`#market-${['sa', 'ae'][i]} + span`),
    select: (page: Page, i: number) => page.locator(`label:has(#market-${['sa', 'ae'][i]})`).click(),
  },
  {
    name: 'contact tabs',
    path: '/contact-us',
    option: (page: Page, i: number) => page.locator(`#contact-tab-${['sales', 'support'][i]}`),
    select: (page: Page, i: number) => page.locator(`#contact-tab-${['sales', 'support'][i]}`).click(),
  },
]

for (const l of locales) {
  test.describe(`${l}`, () => {
    for (const cart of [false, true]) {
      test(`at 320 px no page scrolls sideways and the header's controls are whole, ${cart ? 'with' : 'without'} a cart`, async ({
        page,
      }) => {
        test.setTimeout(120_000)
        await page.setViewportSize({ width: 320, height: 640 })
        if (cart) await fillCart(page, l)
        const problems: string[] = []
        for (const path of [...browserRoutes.map((r) => r.path), '/missing']) {
          const url = localized(path, l)
          await page.goto(url)
          await hydrated(page)
          await page.evaluate(() => document.fonts.ready)
          const width = await page.evaluate(() => document.documentElement.scrollWidth)
          if (width > 320) problems.push(`${url}: the page is ${width} px wide`)
          const controls = ['button[popovertarget=site-menu]', '[data-locale-switch]']
          if (cart) controls.push('[data-cart-link]', '[data-cart-link] [data-cart-count]')
          for (const selector of controls) {
            const box = await page.locator(`header ${selector}`).boundingBox()
            if (!box || box.x < 0 || box.x + box.width > 320 || box.width < 1)
              problems.push(`${url}: ${selector} spans ${box ? `${box.x}..${box.x + box.width}` : 'nothing'}`)
          }
        }
        expect(problems).toEqual([])
      })
    }

    test('every region that scrolls sideways is named, in the tab order and scrolls with the arrow keys', async ({
      page,
    }) => {
      test.setTimeout(120_000)
      let checked = 0
      for (const width of [375, 320]) {
        await page.setViewportSize({ width, height: 700 })
        for (const path of ['/services', '/pricing', '/design', '/guide/webhooks', '/guide/payments/refunds']) {
          const url = localized(path, l)
          await page.goto(url)
          await hydrated(page)
          // Counted in the page's own fonts: at 375 px /ar/pricing's fee table overflows by 21 px in
          // the fallback face and fits in the Arabic one.
          await page.evaluate(() => document.fonts.ready)
          const count = await page.evaluate(() => {
            let n = 0
            for (const el of document.querySelectorAll<HTMLElement>('body *')) {
              const overflow = getComputedStyle(el).overflowX
              if (
                (overflow === 'auto' || overflow === 'scroll') &&
                el.scrollWidth > el.clientWidth + 1 &&
                el.checkVisibility()
              )
                el.dataset.scroller = String(n++)
            }
            return n
          })
          const reached = new Set<string>()
          for (let press = 0; press < 400 && reached.size < count; press++) {
            await page.keyboard.press('Tab')
            const index = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.scroller)
            if (index === undefined || reached.has(index)) continue
            reached.add(index)
            const region = page.locator(`[data-scroller="${index}"]`)
            const what = `${url} at ${width} px, ${await region.evaluate((e) => e.outerHTML.slice(0, 80))}`
            const role = await region.evaluate(
              (e) => e.getAttribute('role') ?? (e.localName === 'section' ? 'region' : ''),
            )
            expect(role, what).toMatch(/^(region|group)$/)
            await expect(region, what).toHaveAccessibleName(/\S/)
            // Forwards is left in a right-to-left box (code stays left to right on Arabic pages).
            const rtl = (await region.evaluate((e) => getComputedStyle(e).direction)) === 'rtl'
            const [forward, back] = rtl ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft']
            const at = () => region.evaluate((e) => e.scrollLeft)
            const start = await at()
            await page.keyboard.press(forward)
            await expect.poll(at, what).not.toBe(start)
            const moved = await at()
            await page.keyboard.press(back)
            await expect.poll(at, what).not.toBe(moved)
            checked++
          }
          expect(reached.size, `${url} at ${width} px: scrolling regions reached by Tab`).toBe(count)
        }
      }
      // The services table, the fee table, the guides' tables and code: at least these scroll.
      expect(checked).toBeGreaterThan(5)
    })

    for (const control of controls) {
      test(`in forced colours the selected ${control.name} looks different from the others`, async ({ page }) => {
        await page.emulateMedia({ forcedColors: 'active' })
        await page.goto(localized(control.path, l))
        await hydrated(page)
        const option = control.option(page, 0)
        await control.select(page, 0)
        await rest(page)
        const selected = await option.screenshot()
        await control.select(page, 1)
        await rest(page)
        const unselected = await option.screenshot()
        expect(selected.equals(unselected), 'the option looks the same selected and not').toBe(false)
      })

      for (const scheme of ['light', 'dark'] as const) {
        test(`the selected ${control.name} stands out at 3:1 in the ${scheme} scheme`, async ({ page }) => {
          await page.emulateMedia({ colorScheme: scheme })
          await page.goto(localized(control.path, l))
          await hydrated(page)
          await control.select(page, 0)
          await rest(page)
          // The colour each option is painted in: its background over its ancestors', or its border.
          const paint = (option: Locator) =>
            option.evaluate((el) => {
              const canvas = document.createElement('canvas')
              canvas.width = canvas.height = 1
              const ctx = canvas.getContext('2d', { willReadFrequently: true })!
              const rgb = (colour: string) => {
                ctx.clearRect(0, 0, 1, 1)
                ctx.fillStyle = colour
                ctx.fillRect(0, 0, 1, 1)
                return [...ctx.getImageData(0, 0, 1, 1).data]
              }
              const chain: Element[] = []
              for (let e: Element | null = el; e; e = e.parentElement) chain.unshift(e)
              ctx.fillStyle = '#fff'
              ctx.fillRect(0, 0, 1, 1)
              const body = getComputedStyle(document.body).backgroundColor
              for (const e of [document.body, ...chain]) {
                ctx.fillStyle = e === document.body ? body : getComputedStyle(e).backgroundColor
                ctx.fillRect(0, 0, 1, 1)
              }
              const background = [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3)
              const style = getComputedStyle(el)
              const border =
                Number.parseFloat(style.borderTopWidth) >= 2 ? rgb(style.borderTopColor).slice(0, 3) : background
              return { background, border }
            })
          const on = await paint(control.option(page, 0))
          const off = await paint(control.option(page, 1))
          const ratio = Math.max(contrast(on.background, off.background), contrast(on.border, off.border))
          expect(ratio, `${JSON.stringify(on)} against ${JSON.stringify(off)}`).toBeGreaterThanOrEqual(3)
        })
      }
    }

    test('in forced colours the cart and Close icons show, and primary buttons keep an edge', async ({ page }) => {
      await page.emulateMedia({ forcedColors: 'active' })
      await fillCart(page, l)
      await page.route('**/builds/latest.json*', (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ id: 'newer', timestamp: Date.now() }),
        }),
      )
      await page.goto(localized('/pricing', l))
      await hydrated(page)
      const cartIcon = page.locator('header [data-cart-link] [class*="i-lucide-"]')
      expect(distinctColours(await cartIcon.screenshot()), 'the cart icon is blank').toBeGreaterThan(1)
      const edge = await page
        .locator('.btn-primary:visible')
        .first()
        .evaluate((el) => {
          const s = getComputedStyle(el)
          return [s.borderTopStyle, s.borderTopWidth, s.outlineStyle, s.outlineWidth]
        })
      expect(
        (edge[0] !== 'none' && Number.parseFloat(edge[1]!) >= 1) ||
          (edge[2] !== 'none' && Number.parseFloat(edge[3]!) >= 1),
        `a primary button's border and outline: ${edge.join(' ')}`,
      ).toBe(true)
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
      const close = page.getByRole('button', { name: catalogs[l]['toast.close'], exact: true })
      expect(
        distinctColours(await close.locator('[class*="i-lucide-"]').screenshot()),
        'the Close icon is blank',
      ).toBeGreaterThan(1)
    })

    test("a guide's code block shows its whole focus ring", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.goto(localized('/guide/webhooks', l))
      await hydrated(page)
      const pre = page.locator('.code-block pre').first()
      await page.locator('.code-block .code-copy').first().focus()
      await page.keyboard.press('Tab')
      await expect(pre).toBeFocused()
      await page.mouse.move(1, 1)
      const box = (await pre.boundingBox())!
      const clip = { x: box.x - 4, y: box.y - 4, width: box.width + 8, height: box.height + 8 }
      const focused = decodePng(await page.screenshot({ clip }))
      await rest(page)
      const blurred = decodePng(await page.screenshot({ clip }))
      const changed = (x: number, y: number) => focused.pixel(x, y).join() !== blurred.pixel(x, y).join()
      // Along each side, within 6 px of the pre's edge, most positions change.
      const side = (along: number, at: (i: number, d: number) => [number, number]) => {
        let hits = 0
        for (let i = 0; i < along; i++) {
          for (let d = 0; d < 10; d++) {
            const [x, y] = at(i, d)
            if (changed(x, y)) {
              hits++
              break
            }
          }
        }
        return hits / along
      }
      const w = focused.width
      const h = focused.height
      const sides = {
        top: side(w - 40, (i, d) => [20 + i, d]),
        bottom: side(w - 40, (i, d) => [20 + i, h - 1 - d]),
        start: side(h - 40, (i, d) => [d, 20 + i]),
        end: side(h - 40, (i, d) => [w - 1 - d, 20 + i]),
      }
      for (const [name, share] of Object.entries(sides)) expect(share, `${name} side of the ring`).toBeGreaterThan(0.9)
    })

    test('the skip link shows over the page, whole, without moving the header', async ({ page }) => {
      await page.goto(localized('/', l))
      await hydrated(page)
      const header = page.locator('header').first()
      const before = (await header.boundingBox())!
      await page.keyboard.press('Tab')
      const skip = page.locator('a[href="#main"]').first()
      await expect(skip).toBeFocused()
      const after = (await header.boundingBox())!
      expect(after.y).toBe(before.y)
      const box = (await skip.boundingBox())!
      const viewport = page.viewportSize()!
      // Its 2 px ring, 2 px out, inside the window too.
      expect(box.x).toBeGreaterThanOrEqual(4)
      expect(box.y).toBeGreaterThanOrEqual(4)
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width - 4)
      expect(await skip.evaluate((el) => getComputedStyle(el).position)).toMatch(/absolute|fixed/)
    })

    test('axe finds nothing at 320 px with a cart', async ({ page }) => {
      test.setTimeout(120_000)
      await page.setViewportSize({ width: 320, height: 640 })
      await fillCart(page, l)
      for (const path of ['/', '/pricing', '/services', '/contact-us', '/checkout', '/guide/webhooks']) {
        await page.goto(localized(path, l))
        await hydrated(page)
        await expectAxeClean(page, path)
      }
    })
  })
}
