// The CloudFront response-headers policies (host/policies.ts) against what the API's answers
// need once CloudFront has applied them (docs/aws.md attaches the API's to `/api/*` and the
// webhook's behaviour): the sandbox hosted page keeps its own Content-Security-Policy, so its one
// `<style>`, allowed by hash, still applies. The app answers in process (app.request), no server.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../api/server/app'
import { defaultConfig } from '../../api/server/config'
import { memoryStore } from '../../api/server/store/memory'
import { API_FALLBACK_CSP, apiResponseHeadersPolicy } from '../../host/policies'
import ar from '../../locales/ar.json'
import en from '../../locales/en.json'
import { STATUS_HOST_READABLE_KEYS, statusHostRequestSource, viewerRequestSource } from '../../host/rules'
import { type FunctionResponse, applyHeadersPolicy as throughCloudFront, viewerResponse } from '../../host/local/cdn'
import { type Locale, localeCodes } from '../../locales/locales'

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `))

async function sandboxPage(lang: Locale) {
  const app = createApp({ config: defaultConfig, store: memoryStore(), log: () => {} })
  const created = await app.request('/api/v1/checkout/sessions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `cloudfront-${lang}-0001` },
    body: JSON.stringify({
      cart: { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] },
      locale: lang,
    }),
  })
  expect(created.status).toBe(201)
  const { paymentUrl } = (await created.json()) as { paymentUrl: string }
  const page = await app.request(paymentUrl)
  expect(page.status).toBe(200)
  return { headers: page.headers, html: await page.text() }
}

describe('the API’s response-headers policy (cloudfront/api-response-headers-policy.json)', () => {
  it.each(localeCodes)('leaves the sandbox page (%s) its own CSP, and its style hash with it', async (lang) => {
    const page = await sandboxPage(lang)
    const own = page.headers.get('Content-Security-Policy')!
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.html)?.[1]
    expect(style).toBeDefined()
    const hash = `'sha256-${createHash('sha256').update(style!, 'utf8').digest('base64')}'`
    expect(directive(own, 'style-src')).toBe(`style-src ${hash}`)

    const seen = throughCloudFront(apiResponseHeadersPolicy(), page.headers)
    expect(seen.get('Content-Security-Policy')).toBe(own)
    expect(directive(seen.get('Content-Security-Policy')!, 'style-src')).toBe(`style-src ${hash}`)
    expect(directive(seen.get('Content-Security-Policy')!, 'default-src')).toBe("default-src 'none'")
    expect(directive(seen.get('Content-Security-Policy')!, 'form-action')).toBe("form-action 'self'")
    expect(seen.get('Referrer-Policy')).toBe('no-referrer')
    // What the API adds on every answer.
    expect(seen.get('X-Content-Type-Options')).toBe('nosniff')
    expect(seen.get('X-Frame-Options')).toBe('DENY')
    expect(seen.get('Strict-Transport-Security')).toMatch(/^max-age=\d{8}; includeSubDomains; preload$/)

    // The site's behaviour, whose viewer-response function sets each answer's policy, must never
    // take /api/*: it would replace the page's, and the page would lose its style.
    const headers = Object.fromEntries([...page.headers].map(([name, value]) => [name, { value }]))
    const site = await viewerResponse()({
      request: { method: 'GET', uri: '/', querystring: {}, headers: {} },
      response: { statusCode: 200, headers },
    })
    expect(site.headers['content-security-policy']!.value).not.toBe(own)
    expect(site.headers['content-security-policy']!.value).not.toContain(hash)
  })

  it('gives a JSON answer, which sends no policy, one that loads nothing and is never framed', async () => {
    const app = createApp({ config: defaultConfig, store: memoryStore(), log: () => {} })
    const health = await app.request('/api/v1/health')
    expect(health.headers.get('Content-Security-Policy')).toBeNull()
    const seen = throughCloudFront(apiResponseHeadersPolicy(), health.headers)
    expect(seen.get('Content-Security-Policy')).toBe(API_FALLBACK_CSP)
    expect(directive(API_FALLBACK_CSP, 'default-src')).toBe("default-src 'none'")
    expect(directive(API_FALLBACK_CSP, 'frame-ancestors')).toBe("frame-ancestors 'none'")
    // CloudFront's limit on a policy's CSP (build/headers.ts checks the site's).
    expect(API_FALLBACK_CSP.length).toBeLessThanOrEqual(1783)
    expect(seen.get('X-Content-Type-Options')).toBe('nosniff')
    expect(seen.get('Referrer-Policy')).toBe('no-referrer')
  })
})

// The status host's viewer-request function (host/rules.ts, `statusHostRequestSource`),
// run from the source the stack publishes, as CloudFront runs it (no key value store: it never asks
// which build is live). docs/status.md, "Hosted apart: what survives what".
describe('the status host’s viewer-request function', () => {
  type Request = { method: string; uri: string; querystring: Record<string, { value: string }>; headers: object }
  type Answer = Request | FunctionResponse
  const handler = new Function(
    `${statusHostRequestSource('https://www.rasid.example')}\nreturn handler;`,
  )() as (event: { request: Request }) => Answer
  const run = (uri: string, querystring: Request['querystring'] = {}) =>
    handler({ request: { method: 'GET', uri, querystring, headers: {} } })
  const served = (uri: string) => {
    const answer = run(uri, { v: { value: '1' } })
    expect('statusCode' in answer, `${uri} is served`).toBe(false)
    expect((answer as Request).querystring).toEqual({})
    return (answer as Request).uri
  }
  const redirected = (uri: string) => {
    const answer = run(uri, { session_id: { value: 'x' } }) as FunctionResponse
    expect(answer.statusCode, uri).toBe(301)
    expect(answer.headers['cache-control']!.value).toBe('public, max-age=3600')
    return answer.headers.location!.value
  }

  it('answers / and /ar/ with the monitoring page of their language, as /monitoring and /ar/monitoring', () => {
    for (const uri of ['/', '/monitoring', '/monitoring/']) expect(served(uri), uri).toBe('/monitoring/index.html')
    for (const uri of ['/ar', '/ar/', '/ar/monitoring', '/ar/monitoring/'])
      expect(served(uri), uri).toBe('/ar/monitoring/index.html')
  })

  it('serves the replicated document, the pages’ own files and the assets as they are', () => {
    for (const uri of [
      '/status/status.json',
      '/status/summary.json',
      '/status/incidents.atom',
      '/status/incidents.ar.atom',
      '/assets/site.abc.css',
      '/assets/entries/renderer_client.x.js',
      '/assets/fonts/inter-latin-400-normal.x.woff2',
      '/monitoring/_payload.json',
      '/ar/monitoring/_payload.json',
      '/_shell/en.json',
      '/_shell/ar.json',
      '/builds/latest.json',
      '/builds/meta/b1.json',
      '/favicon.svg',
      '/404.html',
      '/monitoring/index.html',
      '/ar/monitoring/index.html',
    ])
      expect(served(uri), uri).toBe(uri)
    // Every file it serves is one its bucket may be read for (the OAC grant).
    for (const key of STATUS_HOST_READABLE_KEYS) {
      const uri = `/${key.replace(/\*$/, 'x.json')}`
      expect(served(uri), uri).toBe(uri)
    }
  })

  it('redirects (301) anything else to the same path on the site, without the query', () => {
    expect(redirected('/pricing')).toBe('https://www.rasid.example/pricing')
    expect(redirected('/ar/pricing/')).toBe('https://www.rasid.example/ar/pricing/')
    expect(redirected('/checkout')).toBe('https://www.rasid.example/checkout')
    expect(redirected('/pricing/_payload.json')).toBe('https://www.rasid.example/pricing/_payload.json')
    expect(redirected('/_payload.json')).toBe('https://www.rasid.example/_payload.json')
    expect(redirected('/index.html')).toBe('https://www.rasid.example/index.html')
    expect(redirected('/api/v1/health')).toBe('https://www.rasid.example/api/v1/health')
    expect(redirected('/robots.txt')).toBe('https://www.rasid.example/robots.txt')
    expect(redirected('/monitoringx')).toBe('https://www.rasid.example/monitoringx')
    expect(redirected('/ar/monitoring/x')).toBe('https://www.rasid.example/ar/monitoring/x')
    // Nothing of the site's private or build-bound keys is read from the status bucket.
    expect(redirected('/status-history/0000000001.json')).toBe(
      'https://www.rasid.example/status-history/0000000001.json',
    )
    expect(redirected('/releases/b1/index.html')).toBe('https://www.rasid.example/releases/b1/index.html')
    expect(redirected('/statusx')).toBe('https://www.rasid.example/statusx')
  })

  it('refuses what the site’s function refuses (dot and empty segments, encoded dots, slashes, backslashes) with 400', () => {
    for (const uri of ['/status/../releases/x', '/assets/%2e%2e/x', '//evil.example/x', '/status//x', '/assets\\x']) {
      const answer = run(uri) as FunctionResponse
      expect(answer.statusCode, uri).toBe(400)
      expect(answer.body!.data).toMatch(/Bad request[\s\S]*طلب غير صالح/)
    }
  })

  it('is written only with an https origin without a path, and fits CloudFront’s 10 KB', () => {
    expect(() => statusHostRequestSource('http://www.rasid.example')).toThrow(/https:\/\/ origin/)
    expect(() => statusHostRequestSource('https://www.rasid.example/')).toThrow(/without a path/)
    expect(() => statusHostRequestSource('https://www.rasid.example/x')).toThrow()
    expect(Buffer.byteLength(statusHostRequestSource('https://www.rasid.example'))).toBeLessThan(10_240)
  })
})

describe('the site’s 503 page', () => {
  /** The site's viewer-request function, its key value store empty (no build live yet, or unreadable). */
  const unavailable = async (source: string) => {
    const body = source.replace("import cf from 'cloudfront';\n", '')
    const cf = { kvs: () => ({ get: async () => Promise.reject(new Error('The key live was not found')) }) }
    const handler = new Function('cf', `${body}\nreturn handler;`)(cf) as (event: object) => Promise<FunctionResponse>
    return handler({ request: { method: 'GET', uri: '/pricing', querystring: {}, headers: {} } })
  }

  it('names the status host in both languages, from the catalogs, where the stack has one', async () => {
    const statusHost = {
      url: 'https://status.rasid.example/',
      en: en['edge.unavailable.statusHost'],
      ar: ar['edge.unavailable.statusHost'],
    }
    const answer = await unavailable(viewerRequestSource({ statusHost }))
    expect(answer.statusCode).toBe(503)
    const html = answer.body!.data
    const link = '<a href="https://status.rasid.example/" dir="ltr">status.rasid.example</a>'
    const [before, after] = en['edge.unavailable.statusHost'].split('{host}')
    expect(html).toContain(`<p>${before}${link}${after}</p>`)
    const [arBefore, arAfter] = ar['edge.unavailable.statusHost'].split('{host}')
    expect(html).toContain(`<p lang="ar" dir="rtl">${arBefore}${link}${arAfter}</p>`)
    expect(html).toMatch(/Please try again in a minute[\s\S]*يُرجى المحاولة مرة أخرى بعد دقيقة/)
    // Without one (the preview, a stack without a host name), the page as it was.
    const plain = (await unavailable(viewerRequestSource())).body!.data
    expect(plain).not.toContain('status.')
    expect(plain).toMatch(/Please try again in a minute/)
    expect(Buffer.byteLength(viewerRequestSource({ statusHost }))).toBeLessThan(10_240)
  })
})
