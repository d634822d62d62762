// `headers`: _headers gives every path the security headers, and its Content-Security-Policy admits
// the pages' inline scripts and style attributes.
import { inlineHashes, parseHeadersFile } from '../../../build/headers'
import type { Build, Report } from './built'

/** The headers `_headers` gives the pages (the rules that match `/`); undefined without the file. */
export function pageHeaders(build: Build): Record<string, string> | undefined {
  if (!build.files.has('_headers')) return undefined
  const rules = parseHeadersFile(build.read('_headers'))
  return Object.fromEntries(rules.filter((r) => r.pattern.test('/')).flatMap((r) => r.headers))
}

/** The sources a Content-Security-Policy directive allows: `script-src` -> `['self', 'sha256-…']`. */
export function allowedBy(csp: string, directive: string): string[] {
  return (
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === directive)
      ?.slice(1) ?? []
  )
}

/**
 * `_headers` gives every path the security headers, and its Content-Security-Policy admits every
 * inline script and style attribute of the pages (by hash): a page edited after the build, or a
 * stale `_headers`, would be blank or unstyled in production.
 */
export function checkHeaders(build: Build, report: Report) {
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
