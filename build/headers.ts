// The HTTP headers of the built site, one rule for every place that serves it: the S3 object
// metadata written by `npm run deploy` (Content-Type, Cache-Control), `npm run preview`, and the
// security headers the build writes for hosts: `dist/_headers` (Netlify, Cloudflare Pages) and a
// CloudFront response-headers policy outside dist/ (build/cloudfront.ts).
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { decodeEntities } from './payloads'

/** Content-hashed files and the meta of a build never change under their name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Everything else is kept but checked with the origin on every use (a 304 when unchanged). */
export const REVALIDATE = 'public, max-age=0, must-revalidate'

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
}

/** `assets/site.x.css` -> `text/css; charset=utf-8`. Keys are paths inside dist/, without a leading slash. */
export function contentTypeFor(key: string): string {
  return types[extname(key).toLowerCase()] ?? 'application/octet-stream'
}

export function cacheControlFor(key: string): string {
  return key.startsWith('assets/') || key.startsWith('builds/meta/') ? IMMUTABLE : REVALIDATE
}

/** Text worth compressing on the wire (fonts and images are compressed already). */
export function isCompressible(key: string): boolean {
  return /^(text\/|application\/(json|xml|manifest))|^image\/svg/.test(contentTypeFor(key))
}

/** Files of dist/ that configure a host and are not part of the site: never uploaded nor served. */
export const hostFiles = ['_headers']

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/**
 * The hashes of what the pages run or apply inline: executable `<script>` elements without `src`
 * (the locale boot script, the 404 page's script) and `style` attributes (the prerendered theme
 * preview). JSON and JSON-LD scripts are data, which CSP does not govern.
 */
export function inlineHashes(pages: string[]): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>()
  const styles = new Set<string>()
  for (const html of pages) {
    for (const m of html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
      const type = /\stype="([^"]*)"/.exec(m[1]!)?.[1]
      if (!type || type === 'module' || type === 'text/javascript') scripts.add(sha256(m[2]!))
    }
    for (const m of html.matchAll(/\sstyle="([^"]*)"/g)) styles.add(sha256(decodeEntities(m[1]!)))
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort() }
}

/** CloudFront refuses a Content-Security-Policy header longer than this. */
export const CSP_MAX_LENGTH = 1783

export function contentSecurityPolicy(hashes: { scripts: string[]; styles: string[] }): string {
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${hashes.scripts.join(' ')}`.trim(),
    // Style attributes by hash only ('unsafe-hashes' limits them to these values); the runtime and
    // React change styles through the CSSOM, which CSP leaves alone.
    hashes.styles.length ? `style-src 'self' 'unsafe-hashes' ${hashes.styles.join(' ')}` : "style-src 'self'",
    // UnoCSS icons are data: SVG masks.
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
  if (csp.length > CSP_MAX_LENGTH)
    throw new Error(
      `The Content-Security-Policy is ${csp.length} characters, over CloudFront's ${CSP_MAX_LENGTH}: too many distinct inline scripts or style attributes`,
    )
  return csp
}

export const HSTS = { maxAge: 63072000, includeSubDomains: true, preload: true }
export const REFERRER_POLICY = 'strict-origin-when-cross-origin'
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), usb=(), browsing-topics=(), payment=(self)'

/** Every response's security headers. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'Strict-Transport-Security': `max-age=${HSTS.maxAge}${HSTS.includeSubDomains ? '; includeSubDomains' : ''}${HSTS.preload ? '; preload' : ''}`,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': REFERRER_POLICY,
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
  }
}

/**
 * `_headers`: the security headers on every path, and Cache-Control where it is not the hosts'
 * own default (both revalidate HTML and other files on every request). A rule never sets a header
 * another rule sets, because hosts join the values of overlapping rules.
 */
export function headersFile(csp: string): string {
  const rule = (path: string, headers: Record<string, string>) =>
    [path, ...Object.entries(headers).map(([k, v]) => `  ${k}: ${v}`)].join('\n')
  return [
    '# Written by `npm run build` (build/headers.ts). Netlify and Cloudflare Pages read it; S3 does not:\n# there, `npm run deploy` sets Cache-Control and the CloudFront policy adds the security headers.',
    rule('/*', securityHeaders(csp)),
    rule('/assets/*', { 'Cache-Control': IMMUTABLE }),
    rule('/builds/meta/*', { 'Cache-Control': IMMUTABLE }),
    rule('/builds/latest.json', { 'Cache-Control': REVALIDATE }),
    '',
  ].join('\n\n')
}

/** `_headers` parsed: path patterns (`*` any run of characters, `:name` one segment) and their headers. */
export function parseHeadersFile(text: string): { pattern: RegExp; headers: [string, string][] }[] {
  const rules: { pattern: RegExp; headers: [string, string][] }[] = []
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue
    if (!/^\s/.test(line)) {
      const source = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/:\w+/g, '[^/]+')
      rules.push({ pattern: new RegExp(`^${source}$`), headers: [] })
    } else {
      const colon = line.indexOf(':')
      if (colon > 0 && rules.length)
        rules.at(-1)!.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()])
    }
  }
  return rules
}

/** Writes dist/_headers from the built pages; returns the policy for the CloudFront one. */
export function writeHeaders(dist: string): string {
  const html = (readdirSync(dist, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.html'))
    .map((f) => readFileSync(join(dist, f), 'utf8'))
  const csp = contentSecurityPolicy(inlineHashes(html))
  writeFileSync(join(dist, '_headers'), headersFile(csp))
  return csp
}
