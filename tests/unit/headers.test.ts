// The header rules every server of the site shares (build/headers.ts, host/rules.ts); the
// headers the build wrote are tests/dist/headers.test.ts.
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, inlineHashes } from '../../build/headers'
import { cacheControlFor, contentTypeFor, FALLBACK_CSP, IMMUTABLE, REVALIDATE } from '../../host/rules'
import { type FunctionResponse, viewerRequest, viewerResponse } from '../../host/local/cdn'

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
  const live = new Map<string, string>([['live', 'b1']])
  const handler = viewerRequest(async (key) => live.get(key))
  const run = async (uri: string) =>
    (await handler({ request: { method: 'GET', uri, querystring: { v: { value: '1' } }, headers: {} } })) as {
      uri: string
      querystring: object
    }

  it('maps clean URLs to index documents of the live release, leaves shared files alone and drops the query', async () => {
    expect(await run('/')).toEqual({ method: 'GET', uri: '/releases/b1/index.html', querystring: {}, headers: {} })
    expect((await run('/pricing')).uri).toBe('/releases/b1/pricing/index.html')
    expect((await run('/ar/guide/webhooks/')).uri).toBe('/releases/b1/ar/guide/webhooks/index.html')
    expect((await run('/pricing/_payload.json')).uri).toBe('/releases/b1/pricing/_payload.json')
    expect((await run('/builds/latest.json')).uri).toBe('/releases/b1/builds/latest.json')
    expect((await run('/assets/site.abc.css')).uri).toBe('/assets/site.abc.css')
    expect((await run('/builds/meta/b0.json')).uri).toBe('/builds/meta/b0.json')
    // Another release is never reachable by its own address.
    expect((await run('/releases/b0/index.html')).uri).toBe('/releases/b1/releases/b0/index.html')
  })

  it('refuses dot segments, empty segments and encoded dots, slashes or backslashes with 400', async () => {
    for (const uri of [
      '/status/../deploys/builds/b1.json',
      '/status/..%2fdeploys/builds/b1.json',
      '/assets/%2E%2E/status-history/0000000001.json',
      '/builds/meta/./x.json',
      '/status//x',
      '/status/..',
      '/assets\\..\\deploys',
      '/assets/%5c',
    ]) {
      const answer = (await handler({
        request: { method: 'GET', uri, querystring: {}, headers: {} },
      })) as FunctionResponse
      expect(answer.statusCode, uri).toBe(400)
      expect(answer.body!.data).toMatch(/Bad request[\s\S]*طلب غير صالح/)
    }
    // What the site links to still passes: a dot inside a name, a file's extension.
    expect((await run('/guide/getting-started')).uri).toBe('/releases/b1/guide/getting-started/index.html')
    expect((await run('/assets/site.abc.css')).uri).toBe('/assets/site.abc.css')
    expect((await run('/status/status.json')).uri).toBe('/status/status.json')
  })

  it('answers 503 in both languages while no build is live, or when the store holds no usable id', async () => {
    for (const value of [undefined, '', '../b0', 'b1/x']) {
      if (value === undefined) live.delete('live')
      else live.set('live', value)
      const answer = (await handler({
        request: { method: 'GET', uri: '/pricing', querystring: {}, headers: {} },
      })) as FunctionResponse
      expect(answer.statusCode, String(value)).toBe(503)
      expect(answer.headers['cache-control']!.value).toBe('no-store')
      expect(answer.body!.data).toMatch(/Please try again in a minute/)
      expect(answer.body!.data).toMatch(/<p lang="ar" dir="rtl">.*يُرجى المحاولة مرة أخرى بعد دقيقة/)
    }
    live.set('live', 'b1')
  })
})

describe('the CloudFront viewer-response function', () => {
  const respond = (headers: Record<string, string>) =>
    viewerResponse()({
      request: { method: 'GET', uri: '/releases/b1/index.html', querystring: {}, headers: {} },
      response: {
        statusCode: 200,
        headers: Object.fromEntries(Object.entries(headers).map(([n, value]) => [n, { value }])),
      },
    })

  it("sets the build's policy from its object's metadata, and drops S3's own headers", async () => {
    const answer = await respond({
      'content-type': 'text/html; charset=utf-8',
      'x-amz-meta-csp': "default-src 'self'",
      'x-amz-request-id': 'R',
      'x-amz-version-id': 'V',
    })
    expect(answer.headers).toEqual({
      'content-type': { value: 'text/html; charset=utf-8' },
      'content-security-policy': { value: "default-src 'self'" },
    })
  })

  it('gives an object without one a policy that loads nothing', async () => {
    expect((await respond({})).headers['content-security-policy']!.value).toBe(FALLBACK_CSP)
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
