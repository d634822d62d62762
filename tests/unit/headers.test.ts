// The headers the build writes for hosts (dist/_headers, cloudfront/) and the rules every server
// of the site shares (build/headers.ts).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  cacheControlFor,
  contentSecurityPolicy,
  contentTypeFor,
  IMMUTABLE,
  inlineHashes,
  parseHeadersFile,
  REVALIDATE,
} from '../../build/headers'
import { viewerRequestFunction } from '../../build/cloudfront'

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

  it('hashes exactly what a browser hashes, and leaves JSON data alone', () => {
    const page = `<script id="boot">alert(1)</script><script type="application/ld+json">{}</script><script type="module" src="/a.js"></script><p style="color:#fff&amp;">x</p>`
    // The script's text as written; the attribute's value after entity decoding (what the browser
    // hashes: the design page's previews would be refused otherwise, see the browser tests).
    expect(inlineHashes([page])).toEqual({
      scripts: ["'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"],
      styles: ["'sha256-V4uD5jw3Ql6mCEieqCqgl/GWaomOL29OzzphTk1Nd/U='"],
    })
  })

  it('refuses a policy CloudFront would refuse', () => {
    const many = Array.from({ length: 40 }, (_, i) => `'sha256-${String(i).padStart(43, 'x')}='`)
    expect(() => contentSecurityPolicy({ scripts: many, styles: [] })).toThrow(/over CloudFront's 1783/)
  })
})

describe('cloudfront/', () => {
  it('has a response-headers policy with the same headers as dist/_headers', () => {
    const h = headersFor('/')
    const s = policy.SecurityHeadersConfig
    expect(s.ContentSecurityPolicy.ContentSecurityPolicy).toBe(h['Content-Security-Policy'])
    expect(`max-age=${s.StrictTransportSecurity.AccessControlMaxAgeSec}; includeSubDomains; preload`).toBe(
      h['Strict-Transport-Security'],
    )
    expect(s.ReferrerPolicy.ReferrerPolicy).toBe(h['Referrer-Policy'])
    expect(s.FrameOptions.FrameOption).toBe(h['X-Frame-Options'])
    expect(s.ContentTypeOptions.Override).toBe(true)
    expect(policy.CustomHeadersConfig.Quantity).toBe(policy.CustomHeadersConfig.Items.length)
    for (const { Header, Value } of policy.CustomHeadersConfig.Items) expect(Value).toBe(h[Header])
  })

  it('has a viewer-request function that maps clean URLs to index documents and drops the query', () => {
    const handler = new Function(`${viewerRequestFunction}; return handler`)() as (e: unknown) => {
      uri: string
      querystring: object
    }
    const run = (uri: string) => handler({ request: { uri, querystring: { v: { value: '1' } } } })
    expect(run('/')).toEqual({ uri: '/index.html', querystring: {} })
    expect(run('/pricing').uri).toBe('/pricing/index.html')
    expect(run('/ar/guide/webhooks/').uri).toBe('/ar/guide/webhooks/index.html')
    expect(run('/pricing/_payload.json').uri).toBe('/pricing/_payload.json')
    expect(run('/assets/site.abc.css').uri).toBe('/assets/site.abc.css')
  })
})

describe('object metadata', () => {
  it('types and cache lifetimes by key', () => {
    expect(contentTypeFor('pricing/index.html')).toBe('text/html; charset=utf-8')
    expect(contentTypeFor('pricing/_payload.json')).toBe('application/json; charset=utf-8')
    expect(contentTypeFor('assets/fonts/inter.woff2')).toBe('font/woff2')
    expect(contentTypeFor('assets/chunks/a.js')).toBe('text/javascript; charset=utf-8')
    expect(contentTypeFor('sitemap.xml')).toBe('application/xml; charset=utf-8')
    expect(cacheControlFor('assets/chunks/a.js')).toBe(IMMUTABLE)
    expect(cacheControlFor('builds/meta/x.json')).toBe(IMMUTABLE)
    for (const key of [
      'index.html',
      'ar/index.html',
      '_payload.json',
      'builds/latest.json',
      'sitemap.xml',
      'robots.txt',
      '404.html',
    ])
      expect(cacheControlFor(key), key).toBe(REVALIDATE)
  })
})
