// Turns Vike's output (.vike/client) into dist/: the folder operations upload to S3 as it is.
// Pages are parsed once (build/html.ts, parse5) and edited at the offsets the parser reports, so
// every byte React wrote outside the edits stays.
// - `_payload.json` beside every prerendered page (docs/behaviour.md §4), read off its HTML
//   (build/payloads.ts), and no `*.pageContext.json` (nothing reads them);
// - one stylesheet with the font faces (build/css.ts) in place of Vike's, the page's own font
//   preloads, the locale boot script (renderer/bootScript.ts) first in <head>;
// - one 404.html that serves every language (docs/behaviour.md §6), with its inline script
//   (renderer/client/inline/localize404.ts, bundled by build/inlineScript.ts);
// - builds/latest.json and builds/meta/<id>.json (build/manifest.ts);
// - sitemap.xml and robots.txt (build/sitemap.ts);
// - _headers with the security headers, and their CloudFront policy in cloudfront/ beside dist/
//   (build/headers.ts, build/cloudfront.ts).
// It fails, naming each file and why, on what the host could not serve: a file whose extension
// has no Content-Type, a page whose path reads as a file (renderer/shared/paths.ts).
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join, posix, resolve } from 'node:path'
import { defaultLocale, isLocale, localeCodes, scriptOf } from '../locales/locales'
import { BOOT_SCRIPT_ID } from '../renderer/bootScript'
import type { Localize404Config } from '../renderer/client/inline/localize404'
import { extensionOf, fileTypes, hostFiles, isFilePath, isNotFoundFile, pathOfHtml } from '../renderer/shared/paths'
import { shellPath } from '../renderer/shared/shell'
import { buildCss, shownText, type SiteCss } from './css'
import { loadCatalogs } from '../locales/catalogs'
import {
  attr,
  element,
  type Element,
  elements,
  hasToken,
  type HtmlDocument,
  inlineScriptTag,
  is,
  isWhitespace,
  outerSource,
  parseHtml,
  rangeOf,
  type Splice,
  applySplices,
  startTag,
  textOf,
} from './html'
import { inlineScript } from './inlineScript'
import { buildMatcher, buildMeta, readRouteInfo, writeManifest } from './manifest'
import { payloadOf, rootHtml, shellMaker } from './payloads'
import { writeSitemap } from './sitemap'
import { writeCloudFront } from './cloudfront'
import { apiOriginOf } from '../api/contract/runtimeConfig'
import { inlineHashes, writeHeaders } from './headers'
import { runtimeConfigFromEnv, writeRuntimeConfig } from './runtimeConfig'
import { scriptImports } from './scriptImports'

export async function postbuild(
  build: { id: string; timestamp: number },
  pages: ReadonlyMap<string, string>,
  from = '.vike/client',
  to = 'dist',
) {
  if (!pages.has('index.html'))
    throw new Error('Vike prerendered no index.html: is `prerender` still on in vike.config.ts?')
  rmSync(to, { recursive: true, force: true })
  // Vike's client build (assets, public files) becomes dist/ as it is: moved, not copied.
  moveDir(from, to)
  // Vike's stylesheets (one per CSS import, in a build-dependent order) give way to build/css.ts's.
  rmSync(join(to, 'assets', 'static'), { recursive: true, force: true })
  // The fonts are cut to what the pages show and what their islands, toasts and error views may show.
  const shown = [
    ...[...pages.values()].map(shownText),
    ...Object.values(loadCatalogs()).flatMap((catalog) => Object.values(catalog)),
  ].join('\n')
  const css = await buildCss(to, shown)
  const prerendered: string[] = []
  const problems: string[] = []
  /** The scripts the pages load (`<script src>`), as keys of dist/: where the pruning starts. */
  const entries = new Set<string>()
  /** The hashes of every page's inline scripts and style attributes, 404 pages included, for the CSP. */
  const hashes = { scripts: new Set<string>(), styles: new Set<string>() }
  /** The shells of the locales, made from the pages as they are written. */
  const shells = shellMaker()
  // Files are written while the next pages are parsed: a directory once, then its files, all awaited
  // at the end (creating 2,000 files one after the other costs about a second here).
  const dirs = new Map<string, Promise<unknown>>()
  const writes: Promise<void>[] = []
  const write = (path: string, text: string) => {
    const dir = dirname(path)
    if (!dirs.has(dir)) dirs.set(dir, mkdir(dir, { recursive: true }))
    writes.push(dirs.get(dir)!.then(() => writeFile(path, text)))
  }
  for (const file of [...pages.keys()].sort()) {
    const path = join(to, file)
    const page = parseHtml(pages.get(file)!)
    for (const script of elements(page.document, is('script'))) {
      const src = attr(script, 'src')
      if (src?.startsWith('/')) entries.add(src.slice(1))
    }
    const splices = headOf(page, file, css)
    if (isNotFoundFile(file)) splices.push(...localize404(page, file, pages))
    const html = applySplices(page.source, splices)
    if (!isNotFoundFile(file)) {
      const pagePath = pathOfHtml(file)
      problems.push(...unservablePage(file))
      // Read off the page as parsed: the edits above touch only what stays in <head> on every page, never
      // a page head tag, the title or #root (`npm run verify` compares the payload with the served page).
      const payload = payloadOf(page, file, build.id)
      write(join(dirname(path), '_payload.json'), JSON.stringify(payload))
      shells.add({ file, page, payload })
      prerendered.push(pagePath)
    }
    write(path, html)
    // A page's edits only move its boot script and touch links in <head>: its inline scripts and style
    // attributes are the parsed page's (parsed once). A 404 page's localization adds its own.
    const own = inlineHashes([isNotFoundFile(file) ? html : page])
    for (const h of own.scripts) hashes.scripts.add(h)
    for (const h of own.styles) hashes.styles.add(h)
  }
  await Promise.all(writes)
  // The frame of each language's pages, once (renderer/shared/shell.ts); throws on a page it cannot rebuild.
  mkdirSync(join(to, '_shell'), { recursive: true })
  for (const shell of shells.done()) writeFileSync(join(to, shellPath(shell.locale)), JSON.stringify(shell))
  pruneUnusedScripts(to, entries)
  const prefixes = localeCodes.map((l) => (l === defaultLocale ? '' : `/${l}`))
  writeManifest(to, buildMeta(build.id, build.timestamp, buildMatcher(readRouteInfo(), prefixes), prerendered))
  writeSitemap(to, prerendered)
  const config = runtimeConfigFromEnv(process.env)
  writeRuntimeConfig(to, config)
  const apiOrigin = apiOriginOf(config.apiBase)
  writeCloudFront(
    join(dirname(resolve(to)), 'cloudfront'),
    writeHeaders(
      to,
      { scripts: [...hashes.scripts].sort(), styles: [...hashes.styles].sort() },
      apiOrigin ? [apiOrigin] : [],
    ),
  )
  problems.push(...unservableFiles(to))
  if (problems.length)
    throw new Error(`dist/ holds what the host cannot serve:\n${problems.map((p) => `  ${p}`).join('\n')}`)
  return { pages: prerendered.length }
}

/**
 * A prerendered page whose path reads as a file (`/guide/v1.json`): the host would look for that
 * file, not for its index.html, and answer 404 (renderer/shared/paths.ts `isFilePath`).
 */
export function unservablePage(file: string): string[] {
  const path = pathOfHtml(file)
  return isFilePath(path)
    ? [
        `${file}: the page ${path} ends in "${extensionOf(path)}", so the host would serve it as a file and answer 404: rename the route`,
      ]
    : []
}

/** Files of dist/ whose extension has no Content-Type (renderer/shared/paths.ts `fileTypes`): S3 would serve them as bytes. */
export function unservableFiles(dist: string): string[] {
  return (readdirSync(dist, { recursive: true }) as string[])
    .map((f) => f.split('\\').join('/'))
    .filter(
      (f) => statSync(join(dist, f)).isFile() && !hostFiles.includes(f) && !Object.hasOwn(fileTypes, extensionOf(f)),
    )
    .sort()
    .map(
      (f) =>
        `${f}: its extension "${extensionOf(f)}" is not one of fileTypes in renderer/shared/paths.ts, so the host has no Content-Type for it: add the type there, or do not emit the file`,
    )
}

/**
 * Vike still emits its client router and an entry per page, which no HTML-only page loads: keep
 * only the scripts a page can reach (its entry, what that imports, statically or on demand).
 */
function pruneUnusedScripts(dist: string, entries: Set<string>) {
  const reached = new Set<string>()
  const visit = (file: string) => {
    if (reached.has(file) || !existsSync(join(dist, file))) return
    reached.add(file)
    const { relative, fromRoot } = scriptImports(readFileSync(join(dist, file), 'utf8'))
    for (const specifier of relative) visit(posix.join(posix.dirname(file), specifier))
    for (const key of fromRoot) visit(key)
  }
  for (const file of [...entries].sort()) visit(file)
  for (const file of readdirSync(join(dist, 'assets'), { recursive: true }) as string[]) {
    const rel = posix.join('assets', file.split('\\').join('/'))
    if (rel.endsWith('.js') && !reached.has(rel)) rmSync(join(dist, rel))
  }
  rmSync(join(dist, '.vite'), { recursive: true, force: true })
}

/** Renames `from` to `to`, or copies it where a rename cannot (another file system). */
function moveDir(from: string, to: string) {
  try {
    renameSync(from, to)
  } catch {
    cpSync(from, to, { recursive: true })
  }
}

/** An element's source and the white space after it, as a splice that deletes them. */
function removal(el: Element): Splice {
  const { start, end } = rangeOf(el)
  const siblings = el.parentNode?.childNodes ?? []
  const next = siblings[siblings.indexOf(el) + 1]
  return { start, end: isWhitespace(next) ? rangeOf(next!).end : end, text: '' }
}

/**
 * The head a page starts with: charset, the locale boot script (it must run before anything, so
 * that a redirect costs nothing; a script after a pending stylesheet would wait for it), the one
 * stylesheet, and preloads of the faces its own text uses (regular and bold: headings are bold),
 * those of its locale's script (locales/locales.ts), so that they are there for the first paint.
 * Vike's stylesheets and font preloads go.
 */
function headOf(page: HtmlDocument, file: string, css: SiteCss): Splice[] {
  const fail = (what: string): never => {
    throw new Error(`${file}: ${what}`)
  }
  const { document } = page
  const html = element(document, is('html')) ?? fail('no <html>')
  const head = element(html, is('head')) ?? fail('no <head>')
  const headStart = head.sourceCodeLocation?.startTag ?? fail('no <head> start tag')
  const lang = attr(html, 'lang')
  const locale = isLocale(lang) ? lang : fail(`<html lang="${lang}"> is not a locale`)
  const boot = element(head, is('script', { id: BOOT_SCRIPT_ID })) ?? fail('the locale boot script is missing')
  const charset = element(head, (el) => el.tagName === 'meta' && attr(el, 'charset') !== undefined)
  const splices: Splice[] = [{ ...rangeOf(boot), text: '' }]
  if (charset) splices.push(removal(charset))
  for (const link of elements(document, is('link')))
    if (hasToken(link, 'rel', 'stylesheet') || (hasToken(link, 'rel', 'preload') && attr(link, 'as') === 'font'))
      splices.push(removal(link))
  const preloads = css.fonts
    .filter((f) => f.script === scriptOf(locale))
    .map((f) => startTag('link', { rel: 'preload', href: f.href, as: 'font', type: 'font/woff2', crossorigin: '' }))
  const start = [
    charset ? outerSource(page, charset) : '<meta charset="UTF-8" />',
    outerSource(page, boot),
    startTag('link', { rel: 'stylesheet', href: css.href }),
    ...preloads,
  ].join('')
  // In place of the white space that starts <head>, if any.
  const first = head.childNodes[0]
  const end = isWhitespace(first) ? rangeOf(first!).end : headStart.endOffset
  splices.push({ start: headStart.endOffset, end, text: `\n${start}\n` })
  return splices
}

/** The id of the <template> that holds a language's 404 markup, less its locale code. */
const L10N_TEMPLATE = 'l10n-root-'

/**
 * The host answers every unknown path with the one 404.html. It carries each other language's
 * markup (read off that language's 404 page) and title; the <head> boot script has already set
 * <html lang dir> from the URL and hidden the page, and the 404 page's script
 * (renderer/client/inline/localize404.ts) swaps the content in before anything is shown or the
 * runtime starts, then writes the requested path into the message as text. Inserted before the
 * runtime's entry script.
 */
function localize404(page: HtmlDocument, file: string, pages: ReadonlyMap<string, string>): Splice[] {
  let templates = ''
  const titles: Record<string, string> = {}
  if (file === '404.html') {
    for (const locale of localeCodes.filter((l) => l !== defaultLocale)) {
      const otherFile = `${locale}/404.html`
      const source = pages.get(otherFile)
      if (source === undefined) throw new Error(`${otherFile}: Vike did not prerender it`)
      const other = parseHtml(source)
      const root = rootHtml(other)
      const title = element(other.document, is('title'))
      if (root === undefined || !title) throw new Error(`${otherFile}: cannot find its root or title`)
      titles[locale] = textOf(title)
      templates += `<template id="${L10N_TEMPLATE}${locale}">${root}</template>`
    }
  }
  const config: Localize404Config = { templatePrefix: L10N_TEMPLATE, titles }
  const script = inlineScriptTag(inlineScript('renderer/client/inline/localize404.ts', 'localize404', config))
  const entry = element(
    page.document,
    (el) => el.tagName === 'script' && (attr(el, 'src') !== undefined || attr(el, 'type') === 'module'),
  )
  if (!entry) throw new Error(`${file}: no client entry script`)
  const at = rangeOf(entry).start
  return [{ start: at, end: at, text: templates + script }]
}
