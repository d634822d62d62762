// The site's one stylesheet, made by the build (the utilities in its second thread while Vite builds,
// build/postbuildWorker.ts; the font faces once the pages are read), not by UnoCSS's Vite plugin:
// - one render-blocking request per page, the font faces included (Vike linked one file per import);
// - faces by script: Inter for English pages; IBM Plex Sans Arabic for Arabic pages, one file per
//   weight for its Latin and its Arabic (api/contract/faces.ts `completeFaces`), so an Arabic page
//   preloads two files as an English one does. Each has its unicode-range, so a page downloads the
//   faces its text uses;
// - `font-display: optional`: a face that is not there for the first paint (the page preloads the
//   ones it needs) is not swapped in later, so text never moves: layout shift stays 0 (with `swap`
//   Lighthouse measured 0.03-0.05 on the home pages);
// - each face cut to the characters its pages draw with it (harfbuzz, through subset-font): the text
//   of the built pages and the literal text of the catalog messages (what islands, toasts and error
//   views show after load), code left out (monospace). Shaping survives: the subset keeps the glyphs
//   the font's substitutions reach (Arabic initial, medial and final forms, ligatures). A new word
//   in a catalog cannot fall back to another font by accident: the subset comes from the built
//   text, and tests/dist/fonts.test.ts checks every character of every page against its face;
// - only the OpenType features text needs (`layoutFeatures`: shaping, marks, ligatures, kerning,
//   the tabular digits of the tables), and no hinting instructions: the faces an Arabic page
//   preloads fell from 49 to about 32 KB, so its largest paint comes as soon as an English one;
// - deterministic: UnoCSS writes theme variables in the order it meets utilities, which varies with
//   the order Vite transforms modules; here the utilities are generated from a sorted list;
// - the Saudi riyal sign (U+20C1), which neither face draws, from faces of its own cut to that one
//   glyph (`signFaces`, api/contract/faces.ts), `unicode-range: U+20C1` and `font-display: block`:
//   only a page that shows the sign fetches them, and those pages preload them (build/readPage.ts).
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { transformSync } from 'esbuild'
import subsetFont from 'subset-font'
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser'
import type { Script } from '../locales/locales'
import { decodeReferences } from './html'
import { completeFaces, faces, signFaces } from '../api/contract/faces'
import { riyalSign } from '../api/contract/currencySign'

const require = createRequire(import.meta.url)

/**
 * The OpenType features a subset keeps (subset-font keeps every feature by default, and with it every
 * glyph a stylistic set, a fraction or a swash can reach): harfbuzz's defaults for Latin and Arabic
 * text, and the digit features (`tabular-nums` in the fee tables and charts).
 */
const layoutFeatures = [
  ...['rvrn', 'ccmp', 'locl', 'mark', 'mkmk', 'rlig', 'liga', 'calt', 'clig', 'curs', 'kern', 'rclt'],
  ...['ltra', 'ltrm', 'rtla', 'rtlm', 'init', 'medi', 'fina', 'isol', 'med2', 'fin2', 'fin3'],
  ...['tnum', 'pnum', 'lnum'],
]
const subsetOptions = { targetFormat: 'woff2', keepFeatures: layoutFeatures, noHinting: true } as const

/** The self-hosted faces (api/contract/faces.ts, shared with the sandbox hosted payment page). @public */
export { faces, signFaces } from '../api/contract/faces'

/** The browsers of Vite's default build target (`baseline-widely-available`), as esbuild names them. */
const cssTargets = ['chrome107', 'edge107', 'firefox104', 'safari16']

const hash = (data: string | Buffer) => createHash('sha256').update(data).digest('base64url').slice(0, 10)

/** The source files UnoCSS reads utilities from: every page, component, island, the runtime and the guide renderer. */
function sourceFiles(root: string): string[] {
  return ['pages', 'renderer']
    .flatMap((dir) =>
      (readdirSync(join(root, dir), { recursive: true }) as string[])
        .filter((f) => /\.(tsx?|md)$/.test(f))
        .map((f) => join(root, dir, f)),
    )
    .concat(join(root, 'build', 'guides.ts')) // the guide HTML's own classes (code blocks)
}

export interface SiteCss {
  /** `/assets/site.<hash>.css` */
  href: string
  /** Font files by script, for the page's preloads. */
  fonts: { href: string; script: 'latin' | 'arabic'; weight: number }[]
  /** The riyal sign's files (regular, bold), preloaded by the pages that show amounts in riyals. */
  signFonts: string[]
}

/** `U+0600-06FF,U+200C` -> whether a code point is in it. @public */
export function inRange(range: string): (codePoint: number) => boolean {
  const spans = range.split(',').map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-')
    return [Number.parseInt(from!, 16), Number.parseInt(to!, 16)] as const
  })
  return (c) => spans.some(([from, to]) => c >= from && c <= to)
}

/**
 * The characters a page shows in its own faces, read off its HTML quickly: scripts, styles and code
 * (drawn in the system's monospace face) out, tags out (their `placeholder`, `alt` and `value` texts
 * in), entities decoded. Over-reading a tag name costs a
 * glyph or two; under-reading would show a fallback font. @public
 */
export function shownText(html: string): string {
  return decodeReferences(
    html
      .replace(/<(script|style|template|pre|code)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<[^>]*?\b(?:placeholder|alt|value)="([^"]*)"[^>]*>/gi, ' $1 ')
      .replace(/<[^>]*>/g, ' '),
  )
}

/**
 * A token the extractor read off TypeScript that is an index into a value, not a class:
 * `m['guide.code.label']` or `m[1]` would become `margin:"guide.code.label"` and `margin:1`,
 * invalid CSS. The site's arbitrary values are written `m-[…]`, never `m[…]`.
 */
const indexAccess = /^[A-Za-z_$][\w$]*\[(['"`]|\d+\])/

/**
 * The utilities and preflight CSS, minified: what UnoCSS makes of the sources (not of the pages), so
 * the build starts it before the prerender, and it runs while Vite waits on its bundler.
 */
export async function utilityCss(root = process.cwd(), key?: string): Promise<string> {
  // Kept between builds under the key of Vike's bundles (build/bundleCache.ts `bundleKey`), which
  // hashes every file the utilities are made from (pages/, renderer/, build/, uno.config.ts and
  // what it reads, the lock): about 1.4 s of the second thread's CPU, whatever the number of pages.
  const cached = key && join(root, 'node_modules', '.cache', 'rasid-css', `${key}.css`)
  if (cached && existsSync(cached)) return readFileSync(cached, 'utf8')
  // Imported here: the build's main thread, which only cuts the fonts, does not load UnoCSS.
  const [{ createGenerator }, { default: config }] = await Promise.all([import('unocss'), import('../uno.config')])
  const uno = await createGenerator(config)
  const tokens = new Set<string>()
  for (const file of sourceFiles(root)) {
    for (const t of await uno.applyExtractors(readFileSync(file, 'utf8'), file)) if (!indexAccess.test(t)) tokens.add(t)
  }
  const { css } = await uno.generate([...tokens].sort(), { preflights: true, minify: true })
  if (cached) keep(cached, css)
  return css
}

/** Writes `file` whole (beside, then renamed), and deletes all but the newest few of its folder. */
function keep(file: string, text: string) {
  const dir = dirname(file)
  mkdirSync(dir, { recursive: true })
  writeFileSync(`${file}.${process.pid}.tmp`, text)
  renameSync(`${file}.${process.pid}.tmp`, file)
  const kept = readdirSync(dir)
    .filter((f) => f.endsWith('.css'))
    .map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t)
  for (const { f } of kept.slice(3)) rmSync(join(dir, f), { force: true })
}

/**
 * The text a catalog message can show: its literal text in every branch, and digits where a number
 * goes (`#`); not its argument names and keywords. What an argument holds at run time is a number
 * or an amount (digits, always in the faces) or a name the pages show too.
 */
export function messageText(message: string): string {
  const out: string[] = []
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type === TYPE.literal) out.push(el.value)
      else if (el.type === TYPE.pound) out.push('0123456789')
      else if (el.type === TYPE.plural || el.type === TYPE.select)
        for (const option of Object.values(el.options)) walk(option.value)
      else if (el.type === TYPE.tag) walk(el.children)
    }
  }
  walk(parse(message))
  return out.join(' ')
}

/**
 * Writes the fonts and the stylesheet (`utilities` after the faces) into `<dist>/assets/`, and returns
 * their addresses. `shown` is the text of each script's pages and catalogs. A face is cut to what the
 * pages of its script show in its range; a face whose range no other script's face covers (the Arabic
 * one) also to what the other pages show there (an Arabic name on an English page).
 */
export async function buildCss(
  dist: string,
  shown: Record<Script, string>,
  utilities: string,
  root = process.cwd(),
): Promise<SiteCss> {
  mkdirSync(join(dist, 'assets', 'fonts'), { recursive: true })
  const codePoints = (text: string) => [...new Set(text)].map((c) => c.codePointAt(0)!)
  // What each face keeps: what the pages of its script show in its range (a face whose range no
  // other script's face covers, the Arabic one, also what the other pages show there).
  const keptChars = faces.map((face) => {
    const covered = inRange(face.range)
    const shared = faces.some((other) => other.script !== face.script && other.range === face.range)
    const text = shared ? shown[face.script] : Object.values(shown).join('\n')
    // The digits and the space always: a price or a count may come from data at run time.
    const wanted = new Set([...codePoints(text), ...codePoints('0123456789 ')].filter(covered))
    return String.fromCodePoint(...[...wanted].sort((a, b) => a - b))
  })
  // The stylesheet's faces: each face, or where its family and weight have a complete font
  // (`completeFaces`), that font cut to what all of them keep, under their ranges together.
  const files: { face: (typeof faces)[number]; name: string; range: string; subset: Promise<Buffer> }[] = []
  for (const [i, face] of faces.entries()) {
    const complete = completeFaces.find((c) => c.family === face.family && c.weight === face.weight)
    if (!complete) {
      const name = face.file
        .split('/')
        .pop()!
        .replace(/\.woff2$/, '')
      files.push({ face, name, range: face.range, subset: cutFace(face.file, keptChars[i]!, root) })
      continue
    }
    if (files.some((f) => f.name === complete.name)) continue
    const members = faces.flatMap((f, j) => (f.family === face.family && f.weight === face.weight ? [j] : []))
    const chars = [...new Set(members.flatMap((j) => [...keptChars[j]!]))].sort().join('')
    files.push({
      face,
      name: complete.name,
      range: members.map((j) => faces[j]!.range).join(','),
      subset: cutFace(complete.file, chars, root),
    })
  }
  const fonts: SiteCss['fonts'] = []
  let fontCss = ''
  for (const { face, name, range, subset } of files) {
    const bytes = await subset
    const href = `/assets/fonts/${name}.${hash(bytes)}.woff2`
    writeFileSync(join(dist, href), bytes)
    fonts.push({ href, script: face.script, weight: face.weight })
    fontCss += `@font-face{font-family:"${face.family}";font-style:normal;font-display:optional;font-weight:${face.weight};src:url(${href}) format("woff2");unicode-range:${range}}`
  }
  const signFonts: string[] = []
  for (const face of signFaces) {
    const subset = await signSubset(face.file, root)
    const href = `/assets/fonts/${face.name}.${hash(subset)}.woff2`
    writeFileSync(join(dist, href), subset)
    signFonts.push(href)
    // The regular sign draws at about three quarters of the digits' height: scaled up to theirs.
    const sizeAdjust = face.weight === 400 ? 'size-adjust:128%;' : ''
    fontCss += `@font-face{font-family:"${face.family}";font-style:normal;font-display:block;font-weight:${face.weight};${sizeAdjust}src:url(${href}) format("woff2");unicode-range:${face.range}}`
  }
  // UnoCSS minifies what it generates, not the preflight CSS of renderer/styles/: esbuild minifies the
  // whole, and writes out the nested rules of a few utilities (`divide-y`) for the browsers the
  // bundles target (Vite's default), which read no CSS nesting before Safari 16.5 and Chrome 112.
  const text = transformSync(fontCss + utilities, { loader: 'css', minify: true, target: cssTargets }).code
  const href = `/assets/site.${hash(text)}.css`
  writeFileSync(join(dist, href), text)
  return { href, fonts, signFonts }
}

/** A font file cut to `chars`, kept between builds under node_modules/.cache. */
async function cutFace(
  file: string,
  chars: string,
  root: string,
  options: typeof subsetOptions | typeof signOptions = subsetOptions,
): Promise<Buffer> {
  const source = readFileSync(require.resolve(file))
  // The same face cut to the same characters is the same file: kept between builds.
  const key = hash(`${hash(source)}:${JSON.stringify(options)}:${chars}`)
  const cached = join(root, 'node_modules', '.cache', 'rasid-fonts', `${key}.woff2`)
  if (existsSync(cached)) return readFileSync(cached)
  const subset: Buffer = await subsetFont(source, chars, options)
  mkdirSync(dirname(cached), { recursive: true })
  writeFileSync(cached, subset)
  return subset
}

/**
 * A face of the riyal sign (api/contract/faces.ts `signFaces`) cut to the sign: its package also
 * draws a few letters and private-use copies of it, which no page needs. No layout features (the
 * sign is one glyph), no hinting.
 */
const signSubset = (file: string, root: string) => cutFace(file, riyalSign, root, signOptions)
const signOptions = { targetFormat: 'woff2', noHinting: true } as const
