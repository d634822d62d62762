// Turns Vike's output (.vike/client) into dist/: the folder operations upload to S3 as it is.
// - `_payload.json` beside every prerendered page (BEHAVIOUR.md section 4), read off its HTML
//   (build/payloads.ts), and no `*.pageContext.json` (nothing reads them);
// - one stylesheet with the font faces (build/css.ts) in place of Vike's, the page's own font
//   preloads, the locale boot script first in <head>;
// - one 404.html that serves every language (BEHAVIOUR.md section 6);
// - builds/latest.json and builds/meta/<id>.json (build/manifest.ts);
// - sitemap.xml and robots.txt (build/sitemap.ts);
// - _headers with the security headers, and their CloudFront policy in cloudfront/ beside dist/
//   (build/headers.ts, build/cloudfront.ts).
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, posix, resolve } from 'node:path'
import { defaultLocale, localeCodes } from '../locales/locales'
import { PATH_TOKEN } from '../renderer/requestedPath'
import { buildCss, type SiteCss } from './css'
import { buildMatcher, buildMeta, pathOfHtml, readRouteInfo, writeManifest } from './manifest'
import { decodeEntities, payloadOf, rootHtml } from './payloads'
import { writeSitemap } from './sitemap'
import { writeCloudFront } from './cloudfront'
import { writeHeaders } from './headers'
import { scriptImports } from './scriptImports'

export async function postbuild(build: { id: string; timestamp: number }, from = '.vike/client', to = 'dist') {
  if (!existsSync(join(from, 'index.html'))) throw new Error(`${from}/index.html is missing: run \`vike build\` first`)
  rmSync(to, { recursive: true, force: true })
  cpSync(from, to, { recursive: true })
  // Vike's stylesheets (one per CSS import, in a build-dependent order) give way to build/css.ts's.
  rmSync(join(to, 'assets', 'static'), { recursive: true, force: true })
  const css = await buildCss(to)
  const files = (readdirSync(to, { recursive: true }) as string[]).map((f) => f.split('\\').join('/'))
  const prerendered: string[] = []
  // The 404 pages last: the root one takes in the others.
  const htmlFiles = files
    .filter((f) => f.endsWith('.html'))
    .sort((a, b) => Number(a.endsWith('404.html')) - Number(b.endsWith('404.html')) || b.length - a.length)
  for (const file of files) if (file.endsWith('.pageContext.json')) rmSync(join(to, file))
  for (const file of htmlFiles) {
    const path = join(to, file)
    let html = headOf(readFileSync(path, 'utf8'), path, css)
    if (/(^|\/)404\.html$/.test(file)) {
      html = localize404(html, to, file)
    } else {
      writeFileSync(join(dirname(path), '_payload.json'), JSON.stringify(payloadOf(html, file, build.id)))
      prerendered.push(pathOfHtml(file))
    }
    writeFileSync(path, html)
  }
  pruneUnusedScripts(to, htmlFiles)
  const prefixes = localeCodes.map((l) => (l === defaultLocale ? '' : `/${l}`))
  writeManifest(to, buildMeta(build.id, build.timestamp, buildMatcher(readRouteInfo(), prefixes), prerendered))
  writeSitemap(to, prerendered)
  writeCloudFront(join(dirname(resolve(to)), 'cloudfront'), writeHeaders(to))
  return { pages: prerendered.length }
}

/**
 * Vike still emits its client router and an entry per page, which no HTML-only page loads: keep
 * only the scripts a page can reach (its entry, what that imports, statically or on demand).
 */
function pruneUnusedScripts(dist: string, htmlFiles: string[]) {
  const reached = new Set<string>()
  const visit = (file: string) => {
    if (reached.has(file) || !existsSync(join(dist, file))) return
    reached.add(file)
    const { relative, fromRoot } = scriptImports(readFileSync(join(dist, file), 'utf8'))
    for (const specifier of relative) visit(posix.join(posix.dirname(file), specifier))
    for (const key of fromRoot) visit(key)
  }
  for (const file of htmlFiles) {
    for (const m of readFileSync(join(dist, file), 'utf8').matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)) visit(m[1]!)
  }
  for (const file of readdirSync(join(dist, 'assets'), { recursive: true }) as string[]) {
    const rel = posix.join('assets', file.split('\\').join('/'))
    if (rel.endsWith('.js') && !reached.has(rel)) rmSync(join(dist, rel))
  }
  rmSync(join(dist, '.vite'), { recursive: true, force: true })
}

/**
 * The head a page starts with: charset, the locale boot script (it must run before anything, so
 * that a redirect costs nothing; a script after a pending stylesheet would wait for it), the one
 * stylesheet, and preloads of the faces its own text uses (regular and bold: headings are bold),
 * Arabic on an Arabic page, Latin on an English one, so that they are there for the first paint.
 */
function headOf(html: string, file: string, css: SiteCss): string {
  const boot = /<script id="boot">[\s\S]*?<\/script>/.exec(html)?.[0]
  if (!boot) throw new Error(`${file}: the locale boot script is missing`)
  const lang = /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1]
  const preloads = css.fonts
    .filter((f) => f.script === (lang === 'ar' ? 'arabic' : 'latin'))
    .map((f) => `<link rel="preload" href="${f.href}" as="font" type="font/woff2" crossorigin>`)
  const start = `<meta charset="UTF-8" />${boot}<link rel="stylesheet" href="${css.href}">${preloads.join('')}`
  return html
    .replace(boot, '')
    .replace(/<link rel="stylesheet"[^>]*>\s*/g, '')
    .replace(/<link rel="preload" href="[^"]+" as="font"[^>]*>\s*/g, '')
    .replace(/<meta charset="UTF-8" \/>\s*/, '')
    .replace(/<head>\s*/, `<head>\n${start}\n`)
}

/**
 * The host answers every unknown path with the one 404.html. It carries each other language's
 * markup and title; the <head> boot script has already set <html lang dir>
 * from the URL and hidden the page, and this script swaps the content in before anything is shown
 * or the runtime starts, then writes the requested path into the message as text.
 */
function localize404(html: string, dir: string, file: string): string {
  let extra = ''
  const titles: Record<string, string> = {}
  if (file === '404.html') {
    for (const locale of localeCodes.filter((l) => l !== defaultLocale)) {
      const other = readFileSync(join(dir, locale, '404.html'), 'utf8')
      const root = rootHtml(other)
      const title = /<title>([\s\S]*?)<\/title>/.exec(other)?.[1]
      if (!root || !title) throw new Error(`${join(dir, locale, '404.html')}: cannot find its root or title`)
      titles[locale] = decodeEntities(title)
      extra += `<template id="l10n-root-${locale}">${root}</template>`
    }
  }
  const script = `<script>(function(){var d=document,h=d.documentElement,l=h.lang,T=${JSON.stringify(PATH_TOKEN)},titles=${JSON.stringify(titles)},r=d.getElementById('root'),t=d.getElementById('l10n-root-'+l);
if(t){r.innerHTML=t.innerHTML;d.title=titles[l]}
var p=location.pathname+location.search+location.hash;try{p=decodeURI(p)}catch(e){}
var w=d.createTreeWalker(r,NodeFilter.SHOW_TEXT),n;while(n=w.nextNode())if(n.nodeValue.indexOf(T)>=0)n.nodeValue=n.nodeValue.split(T).join(p);
h.style.visibility=''})()</script>`
  const at = html.search(/<script (src=|type="module")/)
  if (at === -1) throw new Error(`${file}: no client entry script`)
  return html.slice(0, at) + extra + script + html.slice(at)
}
