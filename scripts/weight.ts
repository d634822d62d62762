import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

export interface PageWeight {
  js: { files: number; raw: number; gzip: number }
  css: { files: number; raw: number; gzip: number }
  html: { raw: number; gzip: number }
}

const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length

/** The scripts a first visit to a page loads: its entries and module preloads. */
export function pageScripts(text: string): Set<string> {
  return new Set(
    [
      ...text.matchAll(/<script[^>]+src="([^"]+)"/g),
      ...text.matchAll(/<link rel="modulepreload" href="([^"]+)"/g),
      // Vike's inline entry: <script type="module">import("/assets/entries/…")</script>
      ...text.matchAll(/import\("(\/assets\/[^"]+)"\)/g),
    ].map((m) => m[1]!),
  )
}

/** What a first visit to one prerendered page downloads: its HTML, scripts and module preloads, stylesheets. */
export function pageWeight(dist: string, htmlFile: string): PageWeight {
  const html = readFileSync(join(dist, htmlFile))
  const text = html.toString('utf8')
  const scripts = pageScripts(text)
  const styles = new Set([...text.matchAll(/<link rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!))
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
