// Turns Vike's output (.vike/client) into dist/: the folder operations upload to S3 as it is.
// - `_payload.json` beside every prerendered page (BEHAVIOUR.md section 4), from the data that
//   Vike already serialized into the page, and no `*.pageContext.json` (nothing reads them);
// - the locale boot script first in <head>, font preloads trimmed to the page's own script;
// - one 404.html that serves every language (BEHAVIOUR.md section 6);
// - builds/latest.json and builds/meta/<id>.json (build/manifest.ts).
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { defaultLocale, localeCodes } from '../locales/locales'
import { PATH_TOKEN } from '../renderer/requestedPath'
import { buildMatcher, buildMeta, pathOfHtml, readRouteInfo, writeManifest } from './manifest'

export function postbuild(build: { id: string; timestamp: number }, from = '.vike/client', to = 'dist') {
  if (!existsSync(join(from, 'index.html'))) throw new Error(`${from}/index.html is missing: run \`vike build\` first`)
  rmSync(to, { recursive: true, force: true })
  cpSync(from, to, { recursive: true })
  const files = readdirSync(to, { recursive: true }) as string[]
  const prerendered: string[] = []
  for (const file of files) {
    const path = join(to, file)
    if (file.endsWith('.pageContext.json')) rmSync(path)
    if (!file.endsWith('.html')) continue
    let html = hoistBootScript(trimFontPreloads(readFileSync(path, 'utf8')), path)
    if (/(^|\/)404\.html$/.test(file)) {
      html = localize404(html, to, file)
    } else {
      writeFileSync(join(dirname(path), '_payload.json'), JSON.stringify(pageContextOf(html, path).data))
      prerendered.push(pathOfHtml(file))
    }
    writeFileSync(path, html)
  }
  const prefixes = localeCodes.map((l) => (l === defaultLocale ? '' : `/${l}`))
  writeManifest(to, buildMeta(build.id, build.timestamp, buildMatcher(readRouteInfo(), prefixes), prerendered))
  return { pages: prerendered.length }
}

function pageContextOf(html: string, file: string): { data: unknown } {
  const json = /<script id="vike_pageContext" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1]
  if (!json) throw new Error(`${file}: no serialized pageContext`)
  return JSON.parse(json)
}

/**
 * Vike puts its stylesheet links first in <head>; a script after a pending stylesheet waits for it.
 * The locale boot script (renderer/bootScript.ts) must run first, so that a redirect costs nothing.
 */
function hoistBootScript(html: string, file: string): string {
  const boot = /<script id="boot">[\s\S]*?<\/script>/.exec(html)?.[0]
  if (!boot) throw new Error(`${file}: the locale boot script is missing`)
  return html.replace(boot, '').replace(/<head>/, `<head>\n<meta charset="UTF-8" />${boot}`).replace(/(<\/script>[\s\S]*?)<meta charset="UTF-8" \/>/, '$1')
}

/**
 * Keeps the preloads of the page's own script: both Arabic weights (headings are bold, and a late
 * bold face would move the text: CLS 0.022 without it, 0.001 with it), the Latin regular weight.
 */
function trimFontPreloads(html: string): string {
  const lang = /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1]
  const keep = lang === 'ar' ? /arabic-(400|700)-normal/ : /latin-400-normal/
  const seen = new Set<string>()
  return html.replace(/<link rel="preload" href="([^"]+)" as="font"[^>]*>\s*/g, (tag, href: string) => {
    if (!keep.test(href) || seen.has(href)) return ''
    seen.add(href)
    return tag
  })
}

/**
 * The host answers every unknown path with the one 404.html. It carries each other language's
 * markup, serialized pageContext and title; the <head> boot script has already set <html lang dir>
 * from the URL and hidden the page, and this script swaps the content in before anything is shown
 * or hydrated, then writes the requested path into the message as text.
 */
function localize404(html: string, dir: string, file: string): string {
  let extra = ''
  const titles: Record<string, string> = {}
  if (file === '404.html') {
    for (const locale of localeCodes.filter((l) => l !== defaultLocale)) {
      const other = readFileSync(join(dir, locale, '404.html'), 'utf8')
      const root = /<div id="root">([\s\S]*)<\/div>\s*<script id="vike_pageContext"/.exec(other)?.[1]
      const context = /<script id="vike_pageContext" type="application\/json">([\s\S]*?)<\/script>/.exec(other)?.[1]
      const title = /<title>([\s\S]*?)<\/title>/.exec(other)?.[1]
      if (!root || !context || !title) throw new Error(`${join(dir, locale, '404.html')}: cannot find its root, pageContext or title`)
      titles[locale] = decodeEntities(title)
      extra += `<template id="l10n-root-${locale}">${root}</template><script type="application/json" id="l10n-context-${locale}">${context}</script>`
    }
  }
  const script = `<script>(function(){var d=document,h=d.documentElement,l=h.lang,T=${JSON.stringify(PATH_TOKEN)},titles=${JSON.stringify(titles)},r=d.getElementById('root'),t=d.getElementById('l10n-root-'+l);
if(t){r.innerHTML=t.innerHTML;d.getElementById('vike_pageContext').textContent=d.getElementById('l10n-context-'+l).textContent;d.title=titles[l]}
var p=location.pathname+location.search+location.hash;try{p=decodeURI(p)}catch(e){}
var w=d.createTreeWalker(r,NodeFilter.SHOW_TEXT),n;while(n=w.nextNode())if(n.nodeValue.indexOf(T)>=0)n.nodeValue=n.nodeValue.split(T).join(p);
h.style.visibility=''})()</script>`
  const at = html.search(/<script (src=|type="module")/)
  if (at === -1) throw new Error(`${file}: no client entry script`)
  return html.slice(0, at) + extra + script + html.slice(at)
}

function decodeEntities(s: string) {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&')
}
