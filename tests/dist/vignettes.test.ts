// The services page as built: a vignette beside each service (renderer/brand/vignettes.ts), its file
// in dist/ under the name the page gives it, loaded lazily with its size set; the drawings
// themselves are tests/unit/brand.test.ts.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { vignetteHref } from '../../build/icons'
import { vignetteKeys, vignetteSvg } from '../../renderer/brand/vignettes'

it('the services page draws one beside each service in both languages, loaded lazily, its size set', () => {
  for (const [html, dir] of [
    [readFileSync('dist/services/index.html', 'utf8'), 'ltr'],
    [readFileSync('dist/ar/services/index.html', 'utf8'), 'rtl'],
  ] as const) {
    for (const key of vignetteKeys)
      expect(html).toContain(`src="${vignetteHref(key)}" width="280" height="160" alt="" loading="lazy"`)
    for (const key of vignetteKeys) {
      const file = join('dist', vignetteHref(key))
      expect(existsSync(file), file).toBe(true)
      expect(readFileSync(file, 'utf8')).toBe(vignetteSvg(key))
    }
    expect(html).toContain(`dir="${dir}"`)
  }
})
