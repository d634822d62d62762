// Turns Vike's output (.vike/client, and the pages it prerendered, kept in memory) into dist/: the
// folder operations upload to S3 as it is. Pages are parsed once (build/readPage.ts, while Vike
// renders) and edited at the offsets the parser reports, so every byte React wrote outside the
// edits stays.
// - `_payload.json` beside every prerendered page (docs/behaviour.md §4), read off its HTML
//   (build/payloads.ts) and written by build/readPage.ts;
// - one stylesheet with the font faces (build/css.ts) in place of Vike's, the page's own font
//   preloads, the locale boot script (renderer/bootScript.ts) first in <head>;
// - one 404.html that serves every language (docs/behaviour.md §6), with its inline script
//   (renderer/client/inline/localize404.ts, bundled by build/inlineScript.ts);
// - builds/latest.json and builds/meta/<id>.json (build/manifest.ts);
// - every page's social card, assets/cards/<key>.png (build/cards/, docs/cards.md);
// - sitemap.xml and robots.txt (build/sitemap.ts); .well-known/security.txt (build/securityTxt.ts);
//   _redirects, the pages that moved (build/redirects.ts);
// - search/<locale>.json and search/<locale>.<n>.json, the guide search's indexes (build/search.ts);
// - _headers with the security headers, and their CloudFront policy in cloudfront/ beside dist/
//   (build/headers.ts, host/policies.ts).
// It fails, naming each file and why, on what the host could not serve: a file whose extension
// has no Content-Type, a page whose path reads as a file (renderer/shared/paths.ts).
import {
  copyFileSync,
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
import { dirname, join, posix, resolve } from 'node:path'
import { apiOriginOf } from '../api/contract/runtimeConfig'
import { loadCatalogs } from '../locales/catalogs'
import { defaultLocale, type Locale, localeCodes, type Script, scriptOf } from '../locales/locales'
import type { Localize404Config } from '../renderer/client/inline/localize404'
import { extensionOf, fileTypes, hostFiles, isFilePath, isNotFoundFile, pathOfHtml } from '../renderer/shared/paths'
import { shellPath } from '../renderer/shared/shell'
import type { CardText } from './cards/key'
import { writeCards } from './cards/write'
import { writeCloudFront } from '../host/policies'
import { buildCss, messageText } from './css'
import { inlineHashes, writeHeaders } from './headers'
import { applySplices, attr, element, inlineScriptTag, is, parseHtml, rangeOf, type Splice, textOf } from './html'
import { inlineScript } from './inlineScript'
import { buildMatcher, buildMeta, readRouteInfo, writeManifest } from './manifest'
import { rootHtml } from './payloads'
import { deleteAside, fileWriter, sweep } from './outDir'
import { headSplices, type ReadBack, type ReadPage } from './readPage'
import { runtimeConfigFromEnv, writeRuntimeConfig } from './runtimeConfig'
import { writeStatus } from './status'
import { type SearchFile, writeSearchIndexes } from './search'
import { scriptImports } from './scriptImports'
import { writeSitemap } from './sitemap'
import { writeRedirects } from './redirects'
import { writeSecurityTxt } from './securityTxt'
import { referenceFile } from './reference/document'
import { writeWebManifests } from './brandIcons'
import { writeMarkFiles } from './icons'

export async function postbuild(
  build: { id: string; timestamp: number },
  /**
   * The prerendered pages as build/readPage.ts read them, their payloads already under `from`; what
   * their social cards show (build/cards/); the guide search's indexes, as the thread that builds
   * them from the build's start hands them over (build/search.ts `sourcesThread`); the last build's
   * dist/, set aside when the build started (build/outDir.ts `setAside`), whose files the pages are
   * written over.
   */
  read: ReadBack & { cards: readonly CardText[]; search: Promise<readonly SearchFile[]>; aside: string | null },
  from = '.vike/client',
  to = 'dist',
) {
  const pages = new Map(read.pages.map((page) => [page.file, page]))
  if (!pages.has('index.html'))
    throw new Error('Vike prerendered no index.html: is `prerender` still on in vike.config.ts?')
  // Vike's client build (assets, public files, the payloads) becomes dist/ as it is: moved, not copied.
  moveDir(from, to)
  // Vike's stylesheets (one per CSS import, in a build-dependent order) give way to build/css.ts's.
  rmSync(join(to, 'assets', 'static'), { recursive: true, force: true })
  // The social cards, drawn in threads of their own while this one carries on (docs/cards.md), and
  // the guide search's indexes, built in one of their own since the build started.
  const cards = writeCards(to, read.cards)
  cards.catch(() => {}) // awaited below; a failure before then is the one to report
  const search = read.search.then((files) => writeSearchIndexes(to, files))
  search.catch(() => {})
  // The fonts are cut to what the pages show and what their islands, toasts and error views may show.
  const shown: Record<Script, string> = { latin: '', arabic: '' }
  for (const page of read.pages) shown[scriptOf(page.head.locale)] += `${page.chars}\n`
  for (const [locale, catalog] of Object.entries(loadCatalogs()))
    shown[scriptOf(locale as Locale)] += `${Object.values(catalog).map(messageText).join('\n')}\n`
  const css = await buildCss(to, shown, read.utilities)
  // The pages but the 404 documents, each written by the thread that read it (build/readPage.ts).
  const written = read.writePages(css, to)
  written.catch(() => {}) // awaited below; a failure before then is the one to report
  const prerendered: string[] = []
  const problems: string[] = []
  /** The scripts the pages load (`<script src>`), as keys of dist/: where the pruning starts. */
  const entries = new Set<string>()
  /** The hashes of every page's inline scripts and style attributes, 404 pages included, for the CSP. */
  const hashes = { scripts: new Set<string>(), styles: new Set<string>() }
  const files = fileWriter(to, read.aside)
  for (const page of [...pages.values()].sort((a, b) => (a.file < b.file ? -1 : 1))) {
    const { file } = page
    for (const src of page.scripts) entries.add(src)
    let own = page.hashes
    if (isNotFoundFile(file)) {
      const splices = [...headSplices(page.head, css), ...localize404(page, pages)]
      const html = applySplices(page.source, splices)
      // The 404 page's localization adds its own inline script.
      own = inlineHashes([html])
      files.write(file, html)
    } else {
      problems.push(...unservablePage(file))
      prerendered.push(pathOfHtml(file))
    }
    for (const h of own.scripts) hashes.scripts.add(h)
    for (const h of own.styles) hashes.styles.add(h)
  }
  // The frame of each language's pages, once (renderer/shared/shell.ts); throws on a page it cannot rebuild.
  mkdirSync(join(to, '_shell'), { recursive: true })
  for (const shell of read.shells) writeFileSync(join(to, shellPath(shell.locale)), JSON.stringify(shell))
  pruneUnusedScripts(to, entries)
  const prefixes = localeCodes.map((l) => (l === defaultLocale ? '' : `/${l}`))
  writeManifest(to, buildMeta(build.id, build.timestamp, buildMatcher(readRouteInfo(), prefixes), prerendered))
  writeSitemap(to, prerendered)
  writeRedirects(to, prerendered)
  // The API's OpenAPI document, for download (build/reference/document.ts), as it is in the repository.
  copyFileSync(referenceFile(), join(to, 'openapi.yaml'))
  writeWebManifests(to)
  writeMarkFiles(to)
  const config = runtimeConfigFromEnv(process.env)
  writeRuntimeConfig(to, config)
  writeStatus(to)
  const apiOrigin = apiOriginOf(config.apiBase)
  writeHeaders(
    to,
    { scripts: [...hashes.scripts].sort(), styles: [...hashes.styles].sort() },
    apiOrigin ? [apiOrigin] : [],
  )
  writeCloudFront(join(dirname(resolve(to)), 'cloudfront'))
  const pagesWritten = await written
  // Read off the written security guide's headings: after the reader threads have written it.
  writeSecurityTxt(to, build.timestamp)
  // The pages of the last build that this one has not, out of the folders taken over from it.
  sweep(to, [...read.files, ...pagesWritten, files.done()])
  await Promise.all([cards, search, deleteAside(read.aside)])
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
function localize404({ file, source }: ReadPage, pages: ReadonlyMap<string, ReadPage>): Splice[] {
  const page = parseHtml(source)
  let templates = ''
  const titles: Record<string, string> = {}
  if (file === '404.html') {
    for (const locale of localeCodes.filter((l) => l !== defaultLocale)) {
      const otherFile = `${locale}/404.html`
      const otherPage = pages.get(otherFile)
      if (otherPage === undefined) throw new Error(`${otherFile}: Vike did not prerender it`)
      const other = parseHtml(otherPage.source)
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
