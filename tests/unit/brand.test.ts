// The brand's files: public/ holds the icons the drawn mark makes (scripts/brand-icons.ts writes
// them), each language's manifest names the site in that language, and every payment method a
// market offers has a mark.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { brandIcons, webManifest } from '../../build/brandIcons'
import { paymentMarks, vignetteHref } from '../../build/icons'
import { brand } from '../../renderer/brand/tokens'
import { vignetteKeys, vignetteSvg } from '../../renderer/brand/vignettes'
import { locales } from '../../locales/locales'
import { allMethods } from '../../api/contract/markets'
import { site } from '../../site.config'

describe('the brand', () => {
  it('public/ holds the icons the mark makes (run `npx tsx scripts/brand-icons.ts` after changing it)', async () => {
    for (const [file, bytes] of Object.entries(await brandIcons())) {
      expect(readFileSync(`public/${file}`).equals(bytes), `public/${file}`).toBe(true)
    }
  })

  it('each PNG icon is the size its name says', async () => {
    const icons = await brandIcons()
    for (const [file, size] of [
      ['apple-touch-icon.png', 180],
      ['icon-512.png', 512],
    ] as const) {
      const png = icons[file]!
      expect(png.subarray(1, 4).toString()).toBe('PNG')
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size])
    }
  })

  for (const { code, dir, language } of locales) {
    it(`the ${code} manifest names the site in its language and starts on its home page`, () => {
      const m = webManifest(code)
      expect(m).toMatchObject({
        name: site.name[code],
        lang: language,
        dir,
        start_url: code === 'en' ? '/' : `/${code}`,
      })
      expect(m.icons.map((i) => i.sizes)).toEqual(['any', '192x192', '512x512'])
    })
  }

  it('every payment method has a mark', () => {
    const pay = paymentMarks()
    for (const brand of allMethods) expect(pay[brand], brand).toMatch(/^<svg [^>]*viewBox="0 0 96 40">/)
  })
})

describe("the services' vignettes", () => {
  it('each is a wordless drawing of 280 by 160, in the brand tokens, light and dark, under a hashed name', () => {
    const hrefs = new Set<string>()
    for (const key of vignetteKeys) {
      const svg = vignetteSvg(key)
      expect(svg, key).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 280 160">/)
      // One file for both languages: no text to translate, mirrored on an Arabic page instead.
      expect(svg, key).not.toMatch(/<text|<tspan/)
      expect(svg, key).toContain('@media (prefers-color-scheme:dark)')
      expect(svg, key).toContain(brand[700])
      const href = vignetteHref(key)
      expect(href).toMatch(new RegExp(`^/assets/brand/${key}\\.[\\w-]{10}\\.svg$`))
      hrefs.add(href)
    }
    expect(hrefs.size).toBe(vignetteKeys.length)
  })
})
