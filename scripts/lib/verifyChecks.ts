// The checks of scripts/verify.ts, on a built output folder read once. HTML is parsed as a browser
// parses it (build/html.ts, parse5), so a page edited by hand is read as the browser would read it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { copyProblems, titleCaseProblem } from '../../build/copyRules'
import { guideSlugs } from '../../build/guides'
import { inlineHashes, parseHeadersFile } from '../../build/headers'
import { scriptImports } from '../../build/scriptImports'
import {
  attrs,
  decodeHtmlText,
  elements,
  type HtmlDocument,
  is,
  parseHtml as parseDocument,
  parseHtmlFragment,
  bidiTextOf,
  shownTextOf,
  textOf,
} from '../../build/html'
import { type FramedPage, payloadOf, rootHtml, shellsOf } from '../../build/payloads'
import { type PageShell, shellPath } from '../../renderer/shared/shell'
import { extractLocale } from '../../locales/extractLocale'
import { dirOf, locales } from '../../locales/locales'
import { localizePath } from '../../locales/localizePath'
import { pageLinks, type Alternate } from '../../renderer/shared/pageLinks'
import type { PagePayload } from '../../renderer/shared/payload'
import { htmlOfPath, isNotFoundFile, pathOfHtml, servedKey } from '../../renderer/shared/paths'
import { STATUS_PREFIX } from '../../host/rules'
import { site } from '../../site.config'
import { safeParse } from 'valibot'
import { apiOriginOf, issuesText, RuntimeConfig, runtimeConfigPath } from '../../api/contract/runtimeConfig'

export const checkNames = [
  'pages',
  'links',
  'payloads',
  'manifest',
  'sitemap',
  'origins',
  'headers',
  'config',
  'copy',
] as const
export type CheckName = (typeof checkNames)[number]

export interface Problem {
  check: CheckName
  /** A path relative to the checked folder. */
  file: string
  message: string
}

type Report = (file: string, message: string) => void

interface Tag {
  name: string
  attrs: Record<string, string>
}

interface Html {
  /** The parsed document (none for a payload's body, a fragment). */
  parsed?: HtmlDocument
  /** The text of its first `<title>`, entities decoded; undefined without one. */
  title?: string
  /** Every element, those of `<template>` contents included, attribute names lower-cased, values decoded. */
  tags: Tag[]
  ids: Set<string>
  /** The CSS of its `<style>` elements and `style` attributes. */
  styles: string[]
}

/** The built folder: its files, its HTML parsed once. */
export interface Build {
  files: Set<string>
  /** Every `.html` file, 404 pages included. */
  html: Map<string, Html>
  /** The prerendered pages: the HTML files but the 404 pages. */
  pages: string[]
  read(file: string): string
}

export function loadBuild(dir: string): Build {
  const files = (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.split('\\').join('/'))
    .filter((f) => statSync(join(dir, f)).isFile())
  const read = (file: string) => readFileSync(join(dir, file), 'utf8')
  const html = new Map(
    files
      .filter((f) => f.endsWith('.html'))
      .sort()
      .map((f) => [f, parseHtml(read(f))] as const),
  )
  const pages = [...html.keys()].filter((f) => !isNotFoundFile(f))
  return { files: new Set(files), html, pages, read }
}

/** A page (or, with `fragment`, a payload's body, as `template.innerHTML` parses it) read once. */
function parseHtml(text: string, { fragment = false } = {}): Html {
  const parsed = fragment ? undefined : parseDocument(text)
  const root = parsed ? parsed.document : parseHtmlFragment(text)
  const all = elements(root)
  const tags = all.map((el) => ({ name: el.tagName.toLowerCase(), attrs: attrs(el) }))
  const styles = all.filter(is('style')).map(textOf)
  for (const tag of tags) if (tag.attrs.style) styles.push(tag.attrs.style)
  const title = all.find(is('title'))
  return {
    parsed,
    title: title && textOf(title),
    tags,
    ids: new Set(tags.flatMap((t) => t.attrs.id ?? [])),
    styles,
  }
}

const relOf = (tag: Tag) => (tag.attrs.rel ?? '').toLowerCase().split(/\s+/)
const isLink = (tag: Tag, rel: string) => tag.name === 'link' && relOf(tag).includes(rel)
const alternatesOf = (page: Html): Alternate[] =>
  page.tags
    .filter((t) => isLink(t, 'alternate') && t.attrs.hreflang !== undefined)
    .map((t) => ({ hreflang: t.attrs.hreflang!, href: t.attrs.href ?? '' }))
const show = (value: unknown) => (value === undefined ? 'missing' : JSON.stringify(value).slice(0, 120))
const decode = (s: string) => {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/** The canonical URL of a built page: `ar/pricing/index.html` -> `<origin>/ar/pricing`. */
function canonicalOf(file: string) {
  const { locale, pathname } = extractLocale(pathOfHtml(file))
  return pageLinks(pathname, locale, site.origin).canonical
}

/** The file the host serves for a decoded path, by the preview's rule (scripts/serve.ts). */
const servedFile = (build: Build, path: string) => servedKey(path, (key) => build.files.has(key))

// ---- pages -------------------------------------------------------------------------------------

const projectRoot = fileURLToPath(new URL('../..', import.meta.url))

/** The route strings of pages' +route.ts files, and the addresses each stands for. */
const routeAddresses: Record<string, () => string[]> = {
  '/guide/*': () => guideSlugs().map((slug) => `/guide/${slug}`),
}

/**
 * The site's logical paths, read off pages/ as Vike routes them: a folder with a +Page is a page at
 * its path, `index` folders add nothing to it, `_error` is the 404 page; a +route.ts route string
 * stands for the addresses routeAddresses gives it.
 */
function projectRoutes(pagesDir = join(projectRoot, 'pages')): string[] {
  const routes: string[] = []
  for (const entry of readdirSync(pagesDir, { recursive: true }) as string[]) {
    const parts = entry.split(/[\\/]/)
    if (!/^\+Page\.[jt]sx?$/.test(parts.pop()!) || parts.some((p) => p.startsWith('_'))) continue
    const routeFile = join(pagesDir, ...parts, '+route.ts')
    if (!existsSync(routeFile)) {
      routes.push(`/${parts.filter((p) => p !== 'index').join('/')}`)
      continue
    }
    const route = /export default\s*(['"`])(.*?)\1/.exec(readFileSync(routeFile, 'utf8'))?.[2]
    const addresses = route === undefined ? undefined : routeAddresses[route]
    if (!addresses)
      throw new Error(
        `pages/${parts.join('/')}/+route.ts: scripts/lib/verifyChecks.ts does not know the addresses of route ${show(route)}`,
      )
    routes.push(...addresses())
  }
  return routes.sort()
}

/** Every route in every locale is there, with its lang, dir, title, canonical and hreflang links. */
function checkPages(build: Build, report: Report) {
  if (!build.files.has('404.html'))
    report('404.html', 'is missing: the host has no page to answer unknown addresses with')
  for (const route of projectRoutes()) {
    for (const { code: locale } of locales) {
      const path = localizePath(route, locale)
      const file = htmlOfPath(path)
      const page = build.html.get(file)
      if (!page) {
        report(file, `is missing: the ${locale} page ${path} (route ${route}) was not built`)
        continue
      }
      const html = page.tags.find((t) => t.name === 'html')?.attrs ?? {}
      if (html.lang !== locale) report(file, `<html lang> is ${show(html.lang)}, expected "${locale}"`)
      if (html.dir !== dirOf(locale)) report(file, `<html dir> is ${show(html.dir)}, expected "${dirOf(locale)}"`)
      if (page.title === undefined) report(file, 'has no <title>')
      else if (!page.title.trim()) report(file, '<title> is empty')
      const expected = pageLinks(route, locale, site.origin)
      const canonicals = page.tags.filter((t) => isLink(t, 'canonical')).map((t) => t.attrs.href)
      if (canonicals.length !== 1)
        report(file, `has ${canonicals.length} <link rel="canonical">, expected one to ${expected.canonical}`)
      else if (canonicals[0] !== expected.canonical)
        report(file, `canonical is ${show(canonicals[0])}, expected "${expected.canonical}"`)
      checkAlternates(file, alternatesOf(page), expected.alternates, report)
    }
  }
  checkReciprocal(build, report)
}

function checkAlternates(file: string, actual: Alternate[], expected: Alternate[], report: Report) {
  for (const { hreflang, href } of expected) {
    const found = actual.filter((a) => a.hreflang === hreflang)
    if (!found.length) report(file, `has no hreflang="${hreflang}" alternate, expected one to ${href}`)
    else if (found.length > 1)
      report(file, `has ${found.length} hreflang="${hreflang}" alternates, expected one to ${href}`)
    else if (found[0]!.href !== href)
      report(file, `hreflang="${hreflang}" alternate is ${show(found[0]!.href)}, expected "${href}"`)
  }
  for (const a of actual)
    if (!expected.some((e) => e.hreflang === a.hreflang))
      report(file, `has an unexpected hreflang="${a.hreflang}" alternate to ${a.href}`)
}

/** A page named as an alternate exists and names the page back. */
function checkReciprocal(build: Build, report: Report) {
  for (const file of build.pages) {
    const self = pathOfHtml(file)
    const named = new Map<string, string[]>()
    for (const { hreflang, href } of alternatesOf(build.html.get(file)!))
      named.set(href, [...(named.get(href) ?? []), hreflang])
    for (const [href, hreflangs] of named) {
      let url: URL
      try {
        url = new URL(href)
      } catch {
        continue // not a URL: checkAlternates has named it
      }
      if (url.origin !== site.origin || url.pathname === self) continue
      const path = decode(url.pathname)
      const target = servedFile(build, path)
      const as = `as its hreflang ${hreflangs.join(', ')} alternate`
      if (!target || !build.html.has(target)) report(file, `names ${href} ${as}, but there is no page ${path}`)
      else if (!alternatesOf(build.html.get(target)!).some((a) => a.href === site.origin + self))
        report(file, `names ${path} ${as}, but ${target} does not name ${self} back`)
    }
  }
}

// ---- links and origins -------------------------------------------------------------------------

interface Ref {
  /** The reference as an operator finds it in the file: `<script src="/x.js">`. */
  what: string
  url: string
  /** Whether the browser fetches it with the page (a script, style, font or image), not a link to follow. */
  loads: boolean
}

// Link types that fetch something; canonical and alternate name addresses (checked by `pages`).
const loadingRels = [
  'stylesheet',
  'preload',
  'modulepreload',
  'prefetch',
  'icon',
  'apple-touch-icon',
  'manifest',
  'preconnect',
  'dns-prefetch',
]

/** The addresses of one tag. */
function tagRefs(tag: Tag): Ref[] {
  const ref = (attr: string, url: string, loads: boolean): Ref => ({
    what:
      tag.name === 'link' ? `<link rel="${tag.attrs.rel ?? ''}" ${attr}="${url}">` : `<${tag.name} ${attr}="${url}">`,
    url,
    loads,
  })
  const { href, src, srcset } = tag.attrs
  switch (tag.name) {
    case 'a':
      return href === undefined ? [] : [ref('href', href, false)]
    case 'link':
      if (href === undefined || isLink(tag, 'canonical') || isLink(tag, 'alternate')) return []
      return [
        ref(
          'href',
          href,
          relOf(tag).some((r) => loadingRels.includes(r)),
        ),
      ]
    case 'script':
    case 'img':
    case 'source':
      return [
        ...(src === undefined ? [] : [ref('src', src, true)]),
        ...srcsetUrls(srcset ?? '').map((u) => ref('srcset', u, true)),
      ]
    default:
      return []
  }
}

/** The URLs of a srcset, `a.png 1x, b.png 2x` -> a.png, b.png: a URL runs to white space, less its final commas. */
function srcsetUrls(srcset: string): string[] {
  return [...srcset.matchAll(/[\s,]*(\S*[^\s,])(?:,+(?=\s|$)|[^,]*)/g)].map((m) => m[1]!)
}

/** The addresses in CSS: url(...) and @import "...". */
function cssRefs(css: string): string[] {
  return [...css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))\s*\)|@import\s*(?:"([^"]*)"|'([^']*)')/gi)]
    .map((m) => m.slice(1).find((g) => g !== undefined)!)
    .filter(Boolean)
}

/** The chunks a script imports (build/scriptImports.ts). */
function jsRefs(code: string): Ref[] {
  const { relative, fromRoot } = scriptImports(code)
  return [
    ...relative.map((url) => ({ what: `import "${url}"`, url, loads: true })),
    ...fromRoot.map((key) => ({ what: `preload "${key}"`, url: `/${key}`, loads: true })),
  ]
}

/**
 * The file an internal reference reaches, from the address `base` it is read at; reports it when
 * none does. Undefined too for other origins and other schemes (mailto:, tel:, data:).
 */
function reach(
  build: Build,
  ref: Ref,
  base: string,
  report: (message: string) => void,
): { file: string; url: URL } | undefined {
  let url: URL
  try {
    url = new URL(ref.url, site.origin + base)
  } catch {
    report(`${ref.what} is not a valid address`)
    return undefined
  }
  if (url.origin !== site.origin) return undefined
  const path = decode(url.pathname)
  // The status document, its summary and feeds are operations', in the bucket: never the build's (docs/status.md).
  if (path.startsWith(`/${STATUS_PREFIX}`)) return undefined
  const file = servedFile(build, path)
  if (!file) report(`${ref.what} leads nowhere: no file serves ${path}`)
  return file === undefined ? undefined : { file, url }
}

/** Every internal address of the HTML, the style sheets and the scripts reaches a file; a page's #fragment, an id. */
function checkLinks(build: Build, report: Report) {
  for (const [file, page] of build.html) {
    for (const tag of page.tags) {
      for (const ref of tagRefs(tag)) {
        const reached = reach(build, ref, pathOfHtml(file), (m) => report(file, m))
        const id = decode(reached?.url.hash.slice(1) ?? '')
        const target = reached && build.html.get(reached.file)
        if (tag.name === 'a' && id && target && !target.ids.has(id))
          report(file, `${ref.what}: ${reached.file} has no element with id="${id}"`)
      }
    }
    for (const css of page.styles)
      for (const url of cssRefs(css))
        reach(build, { what: `url(${url})`, url, loads: true }, pathOfHtml(file), (m) => report(file, m))
  }
  for (const file of build.files) {
    if (file.endsWith('.css'))
      for (const url of cssRefs(build.read(file)))
        reach(build, { what: `url(${url})`, url, loads: true }, `/${file}`, (m) => report(file, m))
    if (file.endsWith('.js'))
      for (const ref of jsRefs(build.read(file))) reach(build, ref, `/${file}`, (m) => report(file, m))
  }
}

/** The origin of an absolute or protocol-relative URL other than the site's. */
function foreignOrigin(url: string): string | undefined {
  if (!/^(?:[a-z][a-z\d+.-]*:)?\/\//i.test(url.trim())) return undefined
  let origin: string
  try {
    origin = new URL(url.trim(), site.origin).origin
  } catch {
    return url
  }
  return origin === site.origin ? undefined : origin
}

function foreignInHtml(page: Html, report: (message: string) => void) {
  for (const tag of page.tags) {
    for (const ref of tagRefs(tag)) {
      const origin = ref.loads && foreignOrigin(ref.url)
      if (origin) report(`${ref.what} loads from ${origin}, not ${site.origin}`)
    }
  }
  for (const css of page.styles) foreignInCss(css, report)
}

function foreignInCss(css: string, report: (message: string) => void) {
  for (const url of cssRefs(css)) {
    const origin = foreignOrigin(url)
    if (origin) report(`url(${url}) loads from ${origin}, not ${site.origin}`)
  }
}

/** Nothing a page shows comes from another origin: its HTML, its payload's content, the style sheets. */
function checkOrigins(build: Build, report: Report) {
  for (const [file, page] of build.html) foreignInHtml(page, (m) => report(file, m))
  for (const page of build.pages) {
    const file = payloadFileOf(page)
    const payload = readJson(build, file)
    const content = 'value' in payload && isRecord(payload.value) ? payload.value.content : undefined
    // Content that is inside its page's own root holds nothing the page's HTML has not shown.
    if (typeof content === 'string' && !rootHtml(build.html.get(page)!.parsed!)?.includes(content))
      foreignInHtml(parseHtml(content, { fragment: true }), (m) => report(file, m))
  }
  for (const file of build.files) if (file.endsWith('.css')) foreignInCss(build.read(file), (m) => report(file, m))
}

// ---- payloads, manifest, sitemap ---------------------------------------------------------------

const payloadFileOf = (page: string) => posix.join(posix.dirname(page), '_payload.json')
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function readJson(build: Build, file: string): { value: unknown } | { error: string } {
  if (!build.files.has(file)) return { error: 'is missing' }
  try {
    return { value: JSON.parse(build.read(file)) }
  } catch (e) {
    return { error: `is not JSON (${(e as Error).message})` }
  }
}

function latestBuildId(build: Build): string | undefined {
  const latest = readJson(build, 'builds/latest.json')
  const id = 'value' in latest && isRecord(latest.value) ? latest.value.id : undefined
  return typeof id === 'string' && id ? id : undefined
}

const payloadFields = ['buildId', 'locale', 'dir', 'layout', 'title', 'head', 'content', 'islands'] as const

/**
 * Each page's _payload.json is what build/payloads.ts makes of the page, and each language's shell
 * (`_shell/<locale>.json`) is the frame its pages share: with it, every payload gives its page's
 * `#root` back, as a navigation composes it.
 */
function checkPayloads(build: Build, report: Report) {
  const buildId = latestBuildId(build)
  const framed: FramedPage[] = []
  for (const page of build.pages) {
    const file = payloadFileOf(page)
    const json = readJson(build, file)
    if ('error' in json) {
      report(file, `${json.error}: a client-side navigation to ${pathOfHtml(page)} cannot use it`)
      continue
    }
    if (!isRecord(json.value)) {
      report(file, `is not a page payload: ${show(json.value)}`)
      continue
    }
    const actual = json.value as Partial<Record<keyof PagePayload, unknown>>
    let expected: PagePayload
    try {
      // Without a latest build (reported by `manifest`), the payload's own id is taken at its word.
      expected = payloadOf(build.html.get(page)!.parsed!, page, buildId ?? String(actual.buildId))
    } catch (e) {
      report(file, `cannot be compared with its page: ${(e as Error).message}`)
      continue
    }
    const differ = payloadFields.filter((k) => !isDeepStrictEqual(actual[k], expected[k]))
    const describe = (k: (typeof payloadFields)[number]) =>
      k === 'head' || k === 'content' ? `${k} differs` : `${k} is ${show(actual[k])}, expected ${show(expected[k])}`
    if (differ.length) report(file, `does not match ${page}: ${differ.map(describe).join('; ')}`)
    else framed.push({ file: page, page: build.html.get(page)!.parsed!, payload: expected })
  }
  let shells: PageShell[]
  try {
    shells = shellsOf(framed)
  } catch (e) {
    return report((e as Error).message.split(':')[0]!, `cannot be rebuilt by a navigation: ${(e as Error).message}`)
  }
  for (const shell of shells) {
    const file = shellPath(shell.locale).slice(1)
    const json = readJson(build, file)
    if ('error' in json) report(file, `${json.error}: a client-side navigation to a ${shell.locale} page cannot use it`)
    else if (!isDeepStrictEqual(json.value, shell))
      report(file, `does not match the ${shell.locale} pages' header and footer: a navigation would build them wrong`)
  }
}

/** builds/latest.json names a build whose meta lists exactly the pages, and every page carries its id. */
function checkManifest(build: Build, report: Report) {
  const latestFile = 'builds/latest.json'
  const latest = readJson(build, latestFile)
  if ('error' in latest) return report(latestFile, `${latest.error}: nothing says which build this is`)
  const { id, timestamp } = isRecord(latest.value) ? latest.value : ({} as Record<string, unknown>)
  if (typeof timestamp !== 'number') report(latestFile, `"timestamp" is ${show(timestamp)}, expected a number`)
  if (typeof id !== 'string' || !id) return report(latestFile, `"id" is ${show(id)}, expected the build id`)
  const metaFile = `builds/meta/${id}.json`
  const meta = readJson(build, metaFile)
  if ('error' in meta) {
    report(
      build.files.has(metaFile) ? metaFile : latestFile,
      build.files.has(metaFile) ? meta.error : `names build "${id}", but there is no ${metaFile}`,
    )
  } else {
    const m = isRecord(meta.value) ? meta.value : {}
    if (m.id !== id) report(metaFile, `"id" is ${show(m.id)}, expected "${id}" as in ${latestFile}`)
    if (m.timestamp !== timestamp)
      report(metaFile, `"timestamp" is ${show(m.timestamp)}, expected ${show(timestamp)} as in ${latestFile}`)
    if (!Array.isArray(m.prerendered))
      report(metaFile, `"prerendered" is ${show(m.prerendered)}, expected the list of pages`)
    else {
      const pages = new Set(build.pages.map(pathOfHtml))
      for (const path of m.prerendered)
        if (!pages.has(path))
          report(
            metaFile,
            `lists ${show(path)} as prerendered, but there is no such page (${htmlOfPath(String(path))})`,
          )
      for (const page of build.pages)
        if (!m.prerendered.includes(pathOfHtml(page)))
          report(metaFile, `does not list ${pathOfHtml(page)} (${page}) as prerendered`)
    }
  }
  for (const [file, page] of build.html) {
    const ids = page.tags.filter((t) => t.name === 'meta' && t.attrs.name === 'build-id').map((t) => t.attrs.content)
    if (ids.length !== 1) report(file, `has ${ids.length} <meta name="build-id">, expected one with "${id}"`)
    else if (ids[0] !== id)
      report(file, `<meta name="build-id"> is ${show(ids[0])}, expected "${id}" as in ${latestFile}`)
  }
}

/** sitemap.xml lists exactly the pages' canonical URLs, and robots.txt names it. */
function checkSitemap(build: Build, report: Report) {
  const canonicals = new Map(build.pages.map((page) => [canonicalOf(page), page]))
  if (!build.files.has('sitemap.xml'))
    report('sitemap.xml', `is missing: search engines get no list of the ${canonicals.size} pages`)
  else {
    const locs = new Set(
      [...build.read('sitemap.xml').matchAll(/<loc>([\s\S]*?)<\/loc>/g)].map((m) => decodeHtmlText(m[1]!).trim()),
    )
    for (const [url, page] of canonicals) if (!locs.has(url)) report('sitemap.xml', `does not list ${url} (${page})`)
    for (const url of locs)
      if (!canonicals.has(url)) report('sitemap.xml', `lists ${url}, which is not the canonical URL of any page`)
  }
  const sitemap = `${site.origin}/sitemap.xml`
  if (!build.files.has('robots.txt'))
    return report('robots.txt', `is missing: expected one with the line "Sitemap: ${sitemap}"`)
  const named = [...build.read('robots.txt').matchAll(/^sitemap:\s*(\S*)/gim)].map((m) => m[1]!)
  if (!named.includes(sitemap))
    report(
      'robots.txt',
      named.length
        ? `names the sitemap ${named.join(', ')}, expected ${sitemap}`
        : `does not name the sitemap: expected the line "Sitemap: ${sitemap}"`,
    )
}

// ---- headers -----------------------------------------------------------------------------------

/**
 * `_headers` gives every path the security headers, and its Content-Security-Policy admits every
 * inline script and style attribute of the pages (by hash): a page edited after the build, or a
 * stale `_headers`, would be blank or unstyled in production.
 */
/** The headers `_headers` gives the pages (the rules that match `/`); undefined without the file. */
function pageHeaders(build: Build): Record<string, string> | undefined {
  if (!build.files.has('_headers')) return undefined
  const rules = parseHeadersFile(build.read('_headers'))
  return Object.fromEntries(rules.filter((r) => r.pattern.test('/')).flatMap((r) => r.headers))
}

/** The sources a Content-Security-Policy directive allows: `script-src` -> `['self', 'sha256-…']`. */
function allowedBy(csp: string, directive: string): string[] {
  return (
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === directive)
      ?.slice(1) ?? []
  )
}

function checkHeaders(build: Build, report: Report) {
  const headers = pageHeaders(build)
  if (!headers)
    return report(
      '_headers',
      'is missing: the host gets no Content-Security-Policy, HSTS or nosniff (run npm run build)',
    )
  for (const name of [
    'Content-Security-Policy',
    'Strict-Transport-Security',
    'X-Content-Type-Options',
    'Referrer-Policy',
    'Permissions-Policy',
  ]) {
    if (!headers[name]) report('_headers', `gives / no ${name}`)
  }
  const csp = headers['Content-Security-Policy'] ?? ''
  if (csp && !/frame-ancestors 'none'/.test(csp))
    report('_headers', "Content-Security-Policy lacks frame-ancestors 'none'")
  if (/'unsafe-inline'|'unsafe-eval'/.test(csp))
    report('_headers', 'Content-Security-Policy allows unsafe-inline or unsafe-eval')
  const allowed = (directive: string) => allowedBy(csp, directive)
  for (const [page, html] of build.html) {
    const hashes = inlineHashes([html.parsed!])
    for (const hash of hashes.scripts)
      if (!allowed('script-src').includes(hash))
        report(page, `has an inline script (${hash}) that the Content-Security-Policy of _headers refuses`)
    for (const hash of hashes.styles)
      if (!allowed('style-src').includes(hash))
        report(page, `has a style attribute (${hash}) that the Content-Security-Policy of _headers refuses`)
  }
}

/** runtime-config.json: valid by the contract, its payment hosts names, and its API reachable under the CSP of _headers. */
function checkConfig(build: Build, report: Report) {
  const file = runtimeConfigPath.slice(1)
  const json = readJson(build, file)
  if ('error' in json) return report(file, json.error)
  const parsed = safeParse(RuntimeConfig, json.value)
  if (!parsed.success) return report(file, `is not a runtime configuration: ${issuesText(parsed.issues)}`)
  // The hosts a checkout may send a buyer to (pages/checkout/payment.ts): real payment pages only.
  const seen = new Set<string>()
  for (const host of parsed.output.paymentHosts) {
    if (seen.has(host)) report(file, `names the payment host ${host} twice`)
    seen.add(host)
    if (/^\d+(\.\d+){3}$/.test(host) || host === 'localhost')
      report(
        file,
        `names the payment host ${host}, an IP address: a hosted payment page is reached by its https name (loopback serves only development, and the site's own origin is always allowed)`,
      )
  }
  const origin = apiOriginOf(parsed.output.apiBase)
  const csp = pageHeaders(build)?.['Content-Security-Policy']
  if (!origin || csp === undefined) return
  if (!allowedBy(csp, 'connect-src').includes(origin))
    report(
      file,
      `names the API ${parsed.output.apiBase}, whose origin the Content-Security-Policy's connect-src (_headers) does not admit: build with PUBLIC_API_BASE=${parsed.output.apiBase}, or keep the API on the same origin`,
    )
}

/**
 * The text every page shows, read once, under the copy rules (build/copyRules.ts): no doubled
 * punctuation (an Arabic amount formatted by Intl ends in the full stop of the riyal's abbreviation,
 * so a message that puts its own after it shows two), no bare percentage after Arabic; English titles and
 * headings in sentence case.
 */
function checkCopy(build: Build, report: Report) {
  for (const [file, { parsed }] of build.html) {
    const body = parsed && elements(parsed.document, is('body'))[0]
    if (!body) continue
    const locale = extractLocale(`/${file}`).locale
    // The glossary's words are i18n:verify's, read in the catalogs and guides themselves.
    const problems = new Set(copyProblems(bidiTextOf(body), locale, { terms: false }))
    if (locale === 'en')
      for (const el of elements(parsed.document, (n) => /^(title|h1|h2|h3)$/.test(n.tagName))) {
        const title = titleCaseProblem(shownTextOf(el).trim())
        if (title) problems.add(title)
      }
    for (const p of problems) report(file, p)
  }
}

export const checks: Record<CheckName, (build: Build, report: Report) => void> = {
  pages: checkPages,
  links: checkLinks,
  payloads: checkPayloads,
  manifest: checkManifest,
  sitemap: checkSitemap,
  origins: checkOrigins,
  headers: checkHeaders,
  config: checkConfig,
  copy: checkCopy,
}
