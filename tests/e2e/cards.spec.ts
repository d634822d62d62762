// The social cards (docs/cards.md): a client-side navigation names the new page's card in <head>;
// and the card code shapes Arabic as Chromium does, compared on ink, not on exact pixels.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, type Page } from '@playwright/test'
import { faces as siteFaces } from '../../build/css'
import { cardFaceFiles } from '../../build/cards/files'
import { startResvg, svgToPng } from '../../build/cards/render'
import { lineSvg, openFaces, type ShapeMode, shapeLine } from '../../build/cards/shape'
import { loadCatalogs } from '../../locales/catalogs'
import { test } from './fixtures'

const cardTags = (page: Page) =>
  page.evaluate(() => ({
    image: document.head.querySelector('meta[property="og:image"]')?.getAttribute('content'),
    alt: document.head.querySelector('meta[property="og:image:alt"]')?.getAttribute('content'),
    count: document.head.querySelectorAll('meta[property^="og:image"], meta[name^="twitter:"]').length,
  }))

test('after a client-side navigation, the head names the new page’s card', async ({ page, errors }) => {
  await page.goto('/ar/guide/getting-started/api-keys')
  const target = await cardTags(page)
  await page.goto('/ar/pricing')
  const before = await cardTags(page)
  expect(before.image).not.toBe(target.image)
  const documents: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'document') documents.push(r.url())
  })
  await page.evaluate(() => {
    const a = Object.assign(document.createElement('a'), {
      href: '/ar/guide/getting-started/api-keys',
      textContent: 'go',
    })
    document.body.append(a)
    a.click()
  })
  await expect(page).toHaveURL(/\/ar\/guide\/getting-started\/api-keys$/)
  await expect(page.locator('h1')).toHaveText('مفاتيح API')
  expect(await cardTags(page)).toEqual(target)
  expect(target.alt).toMatch(/مفاتيح API/)
  expect(documents).toEqual([])
  expect(errors).toEqual([])
})

// ---- Shaping: the card code against Chromium, in the same faces at the same size.

const require = createRequire(import.meta.url)
const SIZE = 64
const WIDTH = 1100
const HEIGHT = 120
const BASELINE = 84
/**
 * Real titles: Arabic guides' (Arabic only; with a Latin run) and a heading of the home page with a
 * Latin run that starts with a digit, in its bidi isolate (docs/content.md).
 */
const titles = [
  'تحويل المستحقات والتسوية',
  'مفاتيح API',
  'أحداث Webhook',
  loadCatalogs().ar['home.trust.threeDs.title']!,
]

/** The stylesheet's Arabic faces (bold, as the card's title), each with its unicode-range, inlined. */
const fontFaces = cardFaceFiles.arabic[700]
  .map((file) => {
    const face = siteFaces.find((f) => f.file === file)!
    const data = readFileSync(require.resolve(file)).toString('base64')
    return `@font-face{font-family:"Card Test";font-weight:700;src:url(data:font/woff2;base64,${data}) format("woff2");unicode-range:${face.range}}`
  })
  .join('')

/** The ink of a PNG: the width of its ink's bounding box and its column profile (dark pixels per column, resampled to 200 bins). */
async function inkOf(page: Page, png: Uint8Array) {
  return page.evaluate(async (b64) => {
    const img = new Image()
    img.src = `data:image/png;base64,${b64}`
    await img.decode()
    const canvas = Object.assign(document.createElement('canvas'), { width: img.width, height: img.height })
    const ctx = canvas.getContext('2d')!
    ctx.drawImage(img, 0, 0)
    const { data, width, height } = ctx.getImageData(0, 0, img.width, img.height)
    const columns = new Array<number>(width).fill(0)
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4
        if ((data[i]! + data[i + 1]! + data[i + 2]!) / 3 < 128) columns[x]!++
      }
    const first = columns.findIndex((c) => c > 0)
    const last = columns.findLastIndex((c) => c > 0)
    const ink = columns.slice(first, last + 1)
    const bins = 200
    const profile = Array.from({ length: bins }, (_, b) => {
      const from = (b * ink.length) / bins
      const to = ((b + 1) * ink.length) / bins
      let sum = 0
      for (let x = Math.floor(from); x < Math.ceil(to); x++) sum += ink[x] ?? 0
      return sum / Math.max(1, Math.ceil(to) - Math.floor(from))
    })
    return { width: last - first + 1, profile }
  }, Buffer.from(png).toString('base64'))
}

function correlation(a: number[], b: number[]) {
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length
  const [ma, mb] = [mean(a), mean(b)]
  let ab = 0
  let aa = 0
  let bb = 0
  for (let i = 0; i < a.length; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb)
    aa += (a[i]! - ma) ** 2
    bb += (b[i]! - mb) ** 2
  }
  return ab / Math.sqrt(aa * bb)
}

test('the card code shapes Arabic titles as Chromium does, and the test can tell when it does not', async ({
  page,
}) => {
  const faces = await openFaces()
  await startResvg()
  const drawn = (text: string, mode: ShapeMode) => {
    const line = shapeLine(faces, text, 'rtl', 'arabic', 700, SIZE, mode)
    return svgToPng(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#fff"/>${lineSvg(line, WIDTH - 20 - line.width, BASELINE, '#000')}</svg>`,
    )
  }
  await page.setContent(
    `<!doctype html><html><head><style>${fontFaces}body{margin:0;background:#fff}p{margin:0;width:${WIDTH}px;height:${HEIGHT}px;line-height:${HEIGHT}px;font:700 ${SIZE}px "Card Test";color:#000;direction:rtl;white-space:nowrap;padding:0 20px;box-sizing:border-box}</style></head><body><p id="t"></p></body></html>`,
  )
  const results: Record<string, { width: number; correlation: number }> = {}
  for (const title of titles) {
    await page.locator('#t').evaluate((p, t) => {
      p.textContent = t
    }, title)
    await page.evaluate(() => document.fonts.ready)
    expect(await page.evaluate(() => document.fonts.check('700 64px "Card Test"', 'مفاتيح API 5'))).toBe(true)
    const chromium = await inkOf(page, await page.locator('#t').screenshot())
    for (const mode of ['shaped', 'unshaped', 'logical'] as const) {
      const ours = await inkOf(page, drawn(title, mode))
      results[`${mode}: ${title}`] = {
        width: ours.width / chromium.width,
        correlation: correlation(ours.profile, chromium.profile),
      }
    }
  }
  test.info().annotations.push({ type: 'ink', description: JSON.stringify(results) })
  for (const title of titles) {
    const shaped = results[`shaped: ${title}`]!
    expect(shaped.width, title).toBeGreaterThan(0.97)
    expect(shaped.width, title).toBeLessThan(1.03)
    expect(shaped.correlation, title).toBeGreaterThan(0.9)
    // The controls: each character shaped alone (isolated forms), and the runs laid out in logical order.
    for (const control of ['unshaped', 'logical'] as const)
      expect(results[`${control}: ${title}`]!.correlation, `${control}: ${title}`).toBeLessThan(0.5)
  }
})
