// The headers the build wrote for hosts (dist/_headers, cloudfront/); the rules themselves
// (build/headers.ts, host/rules.ts) are tests/unit/headers.test.ts.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { apiResponseHeadersPolicy } from '../../host/policies'
import { inlineHashes, parseHeadersFile } from '../../build/headers'
import { IMMUTABLE, REVALIDATE, viewerRequestSource, viewerResponseSource } from '../../host/rules'

const headers = readFileSync('dist/_headers', 'utf8')
const rules = parseHeadersFile(headers)
const headersFor = (path: string) =>
  Object.fromEntries(rules.filter((r) => r.pattern.test(path)).flatMap((r) => r.headers))
const policy = JSON.parse(readFileSync('cloudfront/response-headers-policy.json', 'utf8'))

describe('dist/_headers', () => {
  it('gives every path the security headers, and Cache-Control without overlapping rules', () => {
    for (const path of ['/', '/ar/pricing', '/assets/x.js', '/no-such-page']) {
      const h = headersFor(path)
      expect(h['Content-Security-Policy'], path).toMatch(/frame-ancestors 'none'/)
      expect(h['X-Content-Type-Options']).toBe('nosniff')
      expect(h['Strict-Transport-Security']).toMatch(/^max-age=\d{8}; includeSubDomains; preload$/)
    }
    expect(headersFor('/assets/site.css')['Cache-Control']).toBe(IMMUTABLE)
    expect(headersFor('/builds/meta/abc.json')['Cache-Control']).toBe(IMMUTABLE)
    expect(headersFor('/builds/latest.json')['Cache-Control']).toBe(REVALIDATE)
    // Hosts join the values of rules that set the same header: no path may match two of them.
    for (const path of ['/assets/x.js', '/builds/meta/a.json', '/builds/latest.json', '/pricing']) {
      const setters = rules.filter((r) => r.pattern.test(path) && r.headers.some(([k]) => k === 'Cache-Control'))
      expect(setters.length, path).toBeLessThanOrEqual(1)
    }
  })

  it('allows the inline scripts of the built pages by hash, and nothing inline else', () => {
    const csp = headersFor('/')['Content-Security-Policy']!
    const html = ['dist/index.html', 'dist/ar/pricing/index.html', 'dist/404.html', 'dist/design/index.html']
    const hashes = inlineHashes(html.map((f) => readFileSync(f, 'utf8')))
    expect(hashes.scripts.length).toBeGreaterThanOrEqual(2)
    for (const hash of [...hashes.scripts, ...hashes.styles]) expect(csp).toContain(hash)
    expect(csp).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/)
  })
})

describe('cloudfront/', () => {
  it('has a response-headers policy with the same headers as dist/_headers, but the CSP, which travels with the build', () => {
    const h = headersFor('/')
    const s = policy.SecurityHeadersConfig
    expect(s.ContentSecurityPolicy).toBeUndefined()
    expect(`max-age=${s.StrictTransportSecurity.AccessControlMaxAgeSec}; includeSubDomains; preload`).toBe(
      h['Strict-Transport-Security'],
    )
    expect(s.ReferrerPolicy.ReferrerPolicy).toBe(h['Referrer-Policy'])
    expect(s.FrameOptions.FrameOption).toBe(h['X-Frame-Options'])
    expect(s.ContentTypeOptions.Override).toBe(true)
    expect(policy.CustomHeadersConfig.Quantity).toBe(policy.CustomHeadersConfig.Items.length)
    for (const { Header, Value } of policy.CustomHeadersConfig.Items) expect(Value).toBe(h[Header])
  })

  it('has the API’s response-headers policy, which never overrides its CSP (tests/unit/cloudfront.test.ts)', () => {
    const api = JSON.parse(readFileSync('cloudfront/api-response-headers-policy.json', 'utf8'))
    expect(api).toEqual(apiResponseHeadersPolicy())
    expect(api.SecurityHeadersConfig.ContentSecurityPolicy.Override).toBe(false)
  })

  it('has the two CloudFront Functions of host/rules.ts', () => {
    expect(readFileSync('cloudfront/viewer-request.js', 'utf8')).toBe(viewerRequestSource())
    expect(readFileSync('cloudfront/viewer-response.js', 'utf8')).toBe(viewerResponseSource())
  })
})
