// What `npm run preview` answers, as S3 behind CloudFront will (docs/deploy.md), and the
// security headers doing their work in the browser. Every other browser test runs with the same
// Content-Security-Policy and fails on a violation (fixtures.ts).
import { readFileSync } from 'node:fs'
import { expect, test } from './fixtures'

const latest = JSON.parse(readFileSync('dist/builds/latest.json', 'utf8')) as { id: string }
const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(readFileSync('dist/index.html', 'utf8'))![1]!
const revalidate = 'public, max-age=0, must-revalidate'
const immutable = 'public, max-age=31536000, immutable'

test.describe('the preview serves like S3 and CloudFront', () => {
  test('pages: index documents, query strings ignored, security headers, revalidated', async ({ request }) => {
    const page = await request.get('/pricing')
    expect(page.status()).toBe(200)
    const h = page.headers()
    expect(h['content-type']).toBe('text/html; charset=utf-8')
    expect(h['cache-control']).toBe(revalidate)
    expect(h['content-security-policy']).toMatch(/frame-ancestors 'none'/)
    expect(h['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/)
    expect(h['content-security-policy']).not.toMatch(/'unsafe-inline'|'unsafe-eval'/)
    expect(h['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload')
    expect(h['x-content-type-options']).toBe('nosniff')
    expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(h['permissions-policy']).toMatch(/camera=\(\)/)
    const body = await page.text()
    for (const url of ['/pricing/', '/pricing?utm_source=x', '/pricing/index.html'])
      expect(await (await request.get(url)).text(), url).toBe(body)
    expect(await (await request.get('/ar/guide/webhooks')).text()).toContain('lang="ar"')
  })

  test('a missing page gets the 404 document with status 404, headers included', async ({ request }) => {
    for (const url of ['/no-such-page', '/ar/no-such-page', '/assets/gone.js', '/_headers']) {
      const res = await request.get(url)
      expect(res.status(), url).toBe(404)
      expect(await res.text(), url).toContain('<title>')
      expect(res.headers()['content-security-policy'], url).toBeTruthy()
      expect(res.headers()['content-type'], url).toBe('text/html; charset=utf-8')
    }
  })

  test('cache lifetimes: assets and build meta immutable for a year; payloads, latest.json, sitemap, robots, security.txt and the OpenAPI document revalidated', async ({
    request,
  }) => {
    const cache = async (url: string) => (await request.get(url)).headers()['cache-control']
    expect(await cache(stylesheet)).toBe(immutable)
    expect(await cache(`/builds/meta/${latest.id}.json`)).toBe(immutable)
    const revalidated = ['/builds/latest.json', `/guide/_payload.json?${latest.id}`, '/sitemap.xml', '/robots.txt', '/']
    for (const url of [...revalidated, '/.well-known/security.txt', '/openapi.yaml'])
      expect(await cache(url), url).toBe(revalidate)
    expect((await request.get('/guide/_payload.json')).headers()['content-type']).toBe(
      'application/json; charset=utf-8',
    )
    expect((await request.get('/sitemap.xml')).headers()['content-type']).toBe('application/xml; charset=utf-8')
    // RFC 9116's file and the API's OpenAPI document, each as its type.
    expect((await request.get('/.well-known/security.txt')).headers()['content-type']).toBe('text/plain; charset=utf-8')
    expect((await request.get('/openapi.yaml')).headers()['content-type']).toBe('application/yaml; charset=utf-8')
  })

  test('compression as the client accepts, and a 304 for an unchanged file', async ({ request }) => {
    const br = await request.get('/services', { headers: { 'accept-encoding': 'br' } })
    expect(br.headers()['content-encoding']).toBe('br')
    expect(br.headers().vary).toBe('Accept-Encoding')
    const gzip = await request.get(stylesheet, { headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers()['content-encoding']).toBe('gzip')
    expect(Number(gzip.headers()['content-length'])).toBeLessThan(readFileSync(`dist${stylesheet}`).length / 2)
    const plain = await request.get('/services', { headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers()['content-encoding']).toBeUndefined()
    const etag = plain.headers().etag!
    const again = await request.get('/services', { headers: { 'if-none-match': etag } })
    expect(again.status()).toBe(304)
  })
})

test.describe('the security headers at work', () => {
  test('an inline script that is not the site’s own is refused', async ({ browser }) => {
    // A page of its own: the csp fixture of `page` fails a test on any violation.
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto('/pricing')
    const outcome = await page.evaluate(
      () =>
        new Promise<{ ran: boolean; directive: string }>((done) => {
          document.addEventListener('securitypolicyviolation', (e) =>
            done({ ran: 'injected' in window, directive: e.effectiveDirective }),
          )
          const s = document.createElement('script')
          s.textContent = 'window.injected = true'
          document.body.append(s)
        }),
    )
    expect(outcome).toEqual({ ran: false, directive: 'script-src-elem' })
    await context.close()
  })

  test('no other site can frame a page (frame-ancestors)', async ({ browser }) => {
    const context = await browser.newContext()
    const page = await context.newPage()
    // localhost is another origin than 127.0.0.1.
    await page.route('http://localhost:4999/frame', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<iframe src="${test.info().project.use.baseURL}/pricing"></iframe>`,
      }),
    )
    await page.goto('http://localhost:4999/frame')
    // Chromium puts its error page in place of the refused frame (the same URL loads on its own).
    await expect.poll(() => page.frames()[1]?.url()).toMatch(/^chrome-error:/)
    await page.goto('/pricing')
    await expect(page.locator('h1')).toBeVisible()
    await context.close()
  })
})
