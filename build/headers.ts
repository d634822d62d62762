// The HTTP headers of the built site, one rule for every place that serves it: the S3 object
// metadata written by `npm run deploy` (Content-Type, Cache-Control), `npm run preview`, and the
// security headers the build writes for hosts: `dist/_headers` (Netlify, Cloudflare Pages) and a
// CloudFront response-headers policy outside dist/ (host/policies.ts).
import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { IMMUTABLE, REVALIDATE } from '../host/rules'
import { attr, elements, type HtmlDocument, parseHtml, textOf } from './html'

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

/** The `type` values of a `<script>` whose text the browser runs, beside none at all. */
const executableTypes = ['', 'module', 'text/javascript']

/**
 * The hashes of what the pages run or apply inline: executable `<script>` elements without `src`
 * (the locale boot script, the 404 page's script) and `style` attributes (the prerendered theme
 * preview). JSON and JSON-LD scripts are data, which CSP does not govern. A browser hashes a
 * script's text as the parser gives it and an attribute's value after entity decoding: so does this.
 */
export function inlineHashes(pages: (string | HtmlDocument)[]): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>()
  const styles = new Set<string>()
  for (const page of pages) {
    const { document } = typeof page === 'string' ? parseHtml(page) : page
    for (const el of elements(document)) {
      const type = attr(el, 'type')?.trim().toLowerCase() ?? ''
      if (el.tagName === 'script' && attr(el, 'src') === undefined && executableTypes.includes(type))
        scripts.add(sha256(textOf(el)))
      const style = attr(el, 'style')
      if (style !== undefined) styles.add(sha256(style))
    }
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort() }
}

/** CloudFront refuses a Content-Security-Policy header longer than this. */
const CSP_MAX_LENGTH = 1783

export function contentSecurityPolicy(
  hashes: { scripts: string[]; styles: string[] },
  /** Origins the pages may call besides their own: the API's, when runtime-config.json names another. */
  connect: string[] = [],
): string {
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${hashes.scripts.join(' ')}`.trim(),
    // Style attributes by hash only ('unsafe-hashes' limits them to these values); the runtime and
    // React change styles through the CSSOM, which CSP leaves alone.
    hashes.styles.length ? `style-src 'self' 'unsafe-hashes' ${hashes.styles.join(' ')}` : "style-src 'self'",
    // UnoCSS icons are data: SVG masks.
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${connect.join(' ')}`.trim(),
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
function securityHeaders(csp: string): Record<string, string> {
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
function headersFile(csp: string): string {
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

/** Writes dist/_headers from the built pages (their final HTML); returns the policy for the CloudFront one. */
export function writeHeaders(
  dist: string,
  hashes: { scripts: string[]; styles: string[] },
  connect: string[] = [],
): string {
  const csp = contentSecurityPolicy(hashes, connect)
  writeFileSync(join(dist, '_headers'), headersFile(csp))
  return csp
}
