import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { attr, elements, hasToken, type HtmlDocument, parseHtml, textOf } from '../../build/html'

export interface PageWeight {
  js: { files: number; raw: number; gzip: number }
  css: { files: number; raw: number; gzip: number }
  html: { raw: number; gzip: number }
}

const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length

/** The scripts a first visit to a page loads: its entries and module preloads. */
function pageScripts(page: string | HtmlDocument): Set<string> {
  const { document } = typeof page === 'string' ? parseHtml(page) : page
  const urls: string[] = []
  for (const el of elements(document)) {
    const src = attr(el, 'src')
    if (el.tagName === 'script' && src !== undefined) urls.push(src)
    // Vike's inline entry: <script type="module">import("/assets/entries/…")</script>
    else if (el.tagName === 'script')
      urls.push(...[...textOf(el).matchAll(/import\(\s*["'`](\/assets\/[^"'`]+)["'`]\s*\)/g)].map((m) => m[1]!))
    else if (el.tagName === 'link' && hasToken(el, 'rel', 'modulepreload') && attr(el, 'href'))
      urls.push(attr(el, 'href')!)
  }
  return new Set(urls)
}

/** What a first visit to one prerendered page downloads: its HTML, scripts and module preloads, stylesheets. */
export function pageWeight(dist: string, htmlFile: string): PageWeight {
  const html = readFileSync(join(dist, htmlFile))
  const page = parseHtml(html.toString('utf8'))
  const scripts = pageScripts(page)
  const styles = new Set(
    elements(page.document, (el) => el.tagName === 'link' && hasToken(el, 'rel', 'stylesheet')).flatMap(
      (el) => attr(el, 'href') ?? [],
    ),
  )
  const sum = (urls: Set<string>) => {
    let raw = 0
    let gzip = 0
    for (const url of urls) {
      const buf = readFileSync(join(dist, url))
      raw += buf.length
      gzip += gz(buf)
    }
    return { files: urls.size, raw, gzip }
  }
  return { js: sum(scripts), css: sum(styles), html: { raw: html.length, gzip: gz(html) } }
}
