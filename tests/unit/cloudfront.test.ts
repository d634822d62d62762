// The CloudFront response-headers policies (build/cloudfront.ts) against what the API's answers
// need once CloudFront has applied them (docs/aws.md attaches the API's to `/api/*` and the
// webhook's behaviour): the sandbox hosted page keeps its own Content-Security-Policy, so its one
// `<style>`, allowed by hash, still applies. The app answers in process (app.request), no server.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../api/server/app'
import { defaultConfig } from '../../api/server/config'
import { memoryStore } from '../../api/server/store/memory'
import { API_FALLBACK_CSP, apiResponseHeadersPolicy } from '../../build/cloudfront'
import { applyHeadersPolicy as throughCloudFront, viewerResponse } from '../../scripts/lib/cdn'

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `))

async function sandboxPage(lang: 'en' | 'ar') {
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
  it.each(['en', 'ar'] as const)(
    'leaves the sandbox page (%s) its own CSP, and its style hash with it',
    async (lang) => {
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
    },
  )

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
