// The brand's icon files, made from the drawn mark (renderer/brand/marks.ts): the favicon and the
// PNGs a phone (`apple-touch-icon`, 180 px) and the web app manifests (192 and 512 px) ask for,
// rasterized by resvg (deterministic). Kept in public/ (scripts/brand-icons.ts writes them); the
// manifests, one per language, are written by the build (`writeWebManifests`).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { localizePath } from '../locales/localizePath'
import { type Locale, locales } from '../locales/locales'
import { pngIcons, webManifestPath } from '../renderer/brand/files'
import { iconSvg, markSvg } from '../renderer/brand/marks'
import { site } from '../site.config'
import { startResvg, svgToPng } from './cards/render'

/** Every icon file of public/, by name. */
export async function brandIcons(): Promise<Record<string, Buffer>> {
  await startResvg()
  const out: Record<string, Buffer> = { 'favicon.svg': Buffer.from(`${markSvg}\n`) }
  for (const [file, size] of Object.entries(pngIcons)) out[file] = Buffer.from(svgToPng(iconSvg(size)))
  return out
}

/** The web app manifest of one language: the site's name in it, its direction, its home page. */
export function webManifest(code: Locale) {
  const locale = locales.find((l) => l.code === code)!
  return {
    name: site.name[locale.code],
    short_name: site.name[locale.code],
    lang: locale.language,
    dir: locale.dir,
    start_url: localizePath('/', locale.code),
    scope: '/',
    display: 'browser',
    theme_color: site.themeColor,
    background_color: '#ffffff',
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      ...Object.entries(pngIcons)
        .filter(([file]) => file.startsWith('icon-'))
        .map(([file, size]) => ({ src: `/${file}`, sizes: `${size}x${size}`, type: 'image/png' })),
    ],
  }
}

/** Writes every language's manifest into dist/. */
export function writeWebManifests(dist: string) {
  for (const { code } of locales)
    writeFileSync(join(dist, webManifestPath(code).slice(1)), `${JSON.stringify(webManifest(code), null, 2)}\n`)
}
