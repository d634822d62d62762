// The header rules every server of the site shares (build/headers.ts, renderer/shared/host.ts); the
// headers the build wrote are tests/dist/headers.test.ts.
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, inlineHashes } from '../../build/headers'
import { cacheControlFor, contentTypeFor, IMMUTABLE, REVALIDATE, viewerRequestSource } from '../../renderer/shared/host'

describe('Content-Security-Policy', () => {
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

describe('the CloudFront viewer-request function', () => {
  it('maps clean URLs to index documents, leaves files alone and drops the query', () => {
    const handler = new Function(`${viewerRequestSource()}; return handler`)() as (e: unknown) => {
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
