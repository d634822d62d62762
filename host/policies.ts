// What CloudFront needs in front of the S3 bucket and the API: the response-headers policies, the
// site's security headers and the API's, in the shape `aws cloudfront
// create-response-headers-policy --response-headers-policy-config` reads. The stack (infra/) makes
// them from these functions; the build also writes them beside dist/ (in cloudfront/, not
// uploaded) with the two CloudFront Functions, for a reader, and the local CDN (`npm run preview`)
// applies them as CloudFront does. docs/aws.md says which behaviour takes which.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { viewerRequestSource, viewerResponseSource } from './rules'
import { HSTS, PERMISSIONS_POLICY, REFERRER_POLICY } from '../build/headers'

/** What every answer carries, the site's and the API's alike, over whatever the origin sent. */
const alwaysHeaders = {
  StrictTransportSecurity: {
    Override: true,
    AccessControlMaxAgeSec: HSTS.maxAge,
    IncludeSubdomains: HSTS.includeSubDomains,
    Preload: HSTS.preload,
  },
  ContentTypeOptions: { Override: true },
  FrameOptions: { Override: true, FrameOption: 'DENY' },
}

/**
 * The site's (the default behaviour): every header set over whatever the origin sent, as
 * dist/_headers does, but the Content-Security-Policy: that one changes with the build (its inline
 * scripts' hashes), so it travels with each build's objects and the viewer-response function sets it
 * (host/rules.ts, `viewerResponseSource`); a policy here would lag a deploy.
 */
export function siteResponseHeadersPolicy(name = 'rasid-site-security-headers') {
  return {
    Name: name,
    Comment: 'Security headers of the Rasid site; the CSP comes with each build (host/policies.ts)',
    SecurityHeadersConfig: {
      ...alwaysHeaders,
      ReferrerPolicy: { Override: true, ReferrerPolicy: REFERRER_POLICY },
    },
    CustomHeadersConfig: {
      Quantity: 2,
      Items: [
        { Header: 'Permissions-Policy', Value: PERMISSIONS_POLICY, Override: true },
        { Header: 'Cross-Origin-Opener-Policy', Value: 'same-origin', Override: true },
      ],
    },
  }
}

/** What an API answer that sets no policy of its own gets: a JSON answer loads nothing and is never framed. */
export const API_FALLBACK_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"

/**
 * The API's (`/api/*` and the webhook's behaviour). The Content-Security-Policy and Referrer-Policy
 * are not overridden: the sandbox hosted page sends its own, stricter than the site's (its one
 * `<style>` allowed by hash, forms posting only to itself, no referrer; api/server/checkout/page.ts),
 * and the site's would replace them and unstyle the page. They fill in only where the origin sent
 * none. nosniff, HSTS and DENY hold for every answer, as on the site.
 */
export function apiResponseHeadersPolicy(name = 'rasid-api-security-headers') {
  return {
    Name: name,
    Comment: 'Security headers of the Rasid API; its own CSP wins (written by npm run build, host/policies.ts)',
    SecurityHeadersConfig: {
      ContentSecurityPolicy: { Override: false, ContentSecurityPolicy: API_FALLBACK_CSP },
      ...alwaysHeaders,
      ReferrerPolicy: { Override: false, ReferrerPolicy: 'no-referrer' },
    },
  }
}

export function writeCloudFront(dir: string) {
  mkdirSync(dir, { recursive: true })
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`
  writeFileSync(join(dir, 'response-headers-policy.json'), json(siteResponseHeadersPolicy()))
  writeFileSync(join(dir, 'api-response-headers-policy.json'), json(apiResponseHeadersPolicy()))
  writeFileSync(join(dir, 'viewer-request.js'), viewerRequestSource())
  writeFileSync(join(dir, 'viewer-response.js'), viewerResponseSource())
}
