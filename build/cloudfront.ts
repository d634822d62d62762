// What CloudFront needs in front of the S3 bucket, written by the build beside dist/ (in
// cloudfront/, not uploaded): the response-headers policy with the site's security headers, in
// the shape `aws cloudfront create-response-headers-policy --response-headers-policy-config` reads,
// and the viewer-request function that gives a bucket behind the REST endpoint its index documents.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { viewerRequestSource } from '../renderer/shared/host'
import { HSTS, PERMISSIONS_POLICY, REFERRER_POLICY } from './headers'

function responseHeadersPolicy(csp: string, name = 'rasid-site-security-headers') {
  return {
    Name: name,
    Comment: 'Security headers of the Rasid site (written by npm run build, build/cloudfront.ts)',
    SecurityHeadersConfig: {
      ContentSecurityPolicy: { Override: true, ContentSecurityPolicy: csp },
      StrictTransportSecurity: {
        Override: true,
        AccessControlMaxAgeSec: HSTS.maxAge,
        IncludeSubdomains: HSTS.includeSubDomains,
        Preload: HSTS.preload,
      },
      ContentTypeOptions: { Override: true },
      FrameOptions: { Override: true, FrameOption: 'DENY' },
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

export function writeCloudFront(dir: string, csp: string) {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'response-headers-policy.json'), `${JSON.stringify(responseHeadersPolicy(csp), null, 2)}\n`)
  writeFileSync(join(dir, 'viewer-request.js'), viewerRequestSource())
}
