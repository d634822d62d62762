// The sandbox hosted payment page's own faces: the site's faces for the page's
// script (api/contract/faces.ts: IBM Plex Sans Arabic on an Arabic page, Inter on an English one),
// served by the sandbox itself under /api/v1/sandbox/fonts/<file>, which the page's
// Content-Security-Policy allows (`font-src 'self'`). The Lambda bundle carries the files in a
// node_modules/ of its own (infra/bundle.ts), where `require.resolve` finds them. A face whose file
// cannot be read answers 404, and the page draws in the system stack after it.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { faces, signFaces } from '../../contract/faces'
import { type Locale, scriptOf } from '../../../locales/locales'

const require = createRequire(import.meta.url)

/**
 * The faces by the file name the page asks for (`ibm-plex-sans-arabic-arabic-400-normal.woff2`); the
 * riyal sign's by their own (`riyal-sign-400.woff2`): its package names both weights alike. Each a
 * kilobyte as the package ships it, a browser fetches it only for an amount in riyals.
 */
const byName = new Map<string, { file: string }>([
  ...faces.map((face) => [face.file.split('/').pop()!, face] as const),
  ...signFaces.map((face) => [`${face.name}.woff2`, face] as const),
])
const files = new Map<string, Promise<Uint8Array | undefined>>()

/** The bytes of a face the page may ask for, read once; undefined for any other name or an unreadable file. */
export function fontFile(name: string): Promise<Uint8Array | undefined> {
  const face = byName.get(name)
  if (!face) return Promise.resolve(undefined)
  let file = files.get(name)
  if (!file) {
    file = (async () => {
      try {
        return new Uint8Array(await readFile(require.resolve(face.file)))
      } catch {
        return undefined
      }
    })()
    files.set(name, file)
  }
  return file
}

/** The page's family, first in its font stack: the site's face for the language's script. */
export const familyOf = (lang: Locale) => faces.find((face) => face.script === scriptOf(lang))!.family

/** The riyal sign's family, next in the page's font stack (its faces draw U+20C1 alone). */
export const signFamily = signFaces[0].family

/**
 * The @font-face rules of the language's faces and of the riyal sign, each with its unicode-range,
 * from `base` (the fonts' path). The sign's `block`: it waits for its face rather than showing as a
 * missing glyph.
 */
export function fontFaces(lang: Locale, base: string): string {
  return [
    ...faces
      .filter((face) => face.script === scriptOf(lang))
      .map(
        (face) =>
          `@font-face{font-family:"${face.family}";src:url(${base}/${face.file.split('/').pop()}) format("woff2");font-weight:${face.weight};font-display:swap;unicode-range:${face.range}}`,
      ),
    ...signFaces.map(
      (face) =>
        `@font-face{font-family:"${face.family}";src:url(${base}/${face.name}.woff2) format("woff2");font-weight:${face.weight};font-display:block;unicode-range:${face.range}}`,
    ),
  ].join('')
}
