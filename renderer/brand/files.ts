// Where the brand's icon files are served: the PNGs in public/ (build/brandIcons.ts makes them) and
// each language's web app manifest, which the build writes and every page's head links. Data only.
import type { Locale } from '../../locales/locales'

/** The PNG icons by file name, with their pixel size. */
export const pngIcons = { 'apple-touch-icon.png': 180, 'icon-192.png': 192, 'icon-512.png': 512 } as const

/**
 * `/manifest.en.webmanifest`, `/manifest.ar.webmanifest`: a language's web app manifest, at the root
 * (the language folders are the pages').
 */
export const webManifestPath = (locale: Locale) => `/manifest.${locale}.webmanifest`
