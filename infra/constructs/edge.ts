// What both distributions share, the site's (./site.ts) and the status host's (./statusHost.ts):
// the response headers policies made from host/policies.ts, the bucket as the edge may read it,
// the status document's cache policy and the 404 page for a missing key.
import { Duration } from 'aws-cdk-lib'
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront'
import type * as iam from 'aws-cdk-lib/aws-iam'
import type * as s3 from 'aws-cdk-lib/aws-s3'
import type { Construct } from 'constructs'
import type { apiResponseHeadersPolicy, siteResponseHeadersPolicy } from '../../host/policies'
import { EDGE_READABLE_KEYS } from '../../host/rules'

/**
 * A response headers policy from host/policies.ts's description (the shape of the CLI's
 * `--response-headers-policy-config`). Without its `Name`: CloudFront's names are unique per
 * account, and a staging stack may share the account with production's; CDK names it after the stack.
 */
export function headersPolicy(
  scope: Construct,
  id: string,
  policy: ReturnType<typeof siteResponseHeadersPolicy> | ReturnType<typeof apiResponseHeadersPolicy>,
) {
  const s = policy.SecurityHeadersConfig
  const csp = 'ContentSecurityPolicy' in s ? s.ContentSecurityPolicy : undefined
  const custom = 'CustomHeadersConfig' in policy ? policy.CustomHeadersConfig.Items : []
  return new cloudfront.ResponseHeadersPolicy(scope, id, {
    comment: policy.Comment,
    securityHeadersBehavior: {
      ...(csp
        ? { contentSecurityPolicy: { contentSecurityPolicy: csp.ContentSecurityPolicy, override: csp.Override } }
        : {}),
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(s.StrictTransportSecurity.AccessControlMaxAgeSec),
        includeSubdomains: s.StrictTransportSecurity.IncludeSubdomains,
        preload: s.StrictTransportSecurity.Preload,
        override: s.StrictTransportSecurity.Override,
      },
      contentTypeOptions: { override: s.ContentTypeOptions.Override },
      frameOptions: {
        frameOption: s.FrameOptions.FrameOption as cloudfront.HeadersFrameOption,
        override: s.FrameOptions.Override,
      },
      referrerPolicy: {
        referrerPolicy: s.ReferrerPolicy.ReferrerPolicy as cloudfront.HeadersReferrerPolicy,
        override: s.ReferrerPolicy.Override,
      },
    },
    ...(custom.length > 0
      ? {
          customHeadersBehavior: {
            customHeaders: custom.map((h) => ({ header: h.Header, value: h.Value, override: h.Override })),
          },
        }
      : {}),
  })
}

/**
 * The bucket as the edge's origin sees it: the grant CDK's OAC origin adds to the bucket policy,
 * `s3:GetObject` on every key for this distribution, narrowed to the keys visitors may read
 * (host/rules.ts), so that `deploys/` and `status-history/` stay out of CloudFront's reach even if
 * the viewer-request function's checks failed.
 */
export function readableThroughEdge(bucket: s3.Bucket, keys: readonly string[] = EDGE_READABLE_KEYS): s3.IBucket {
  return new Proxy(bucket, {
    get(target, property, receiver) {
      if (property !== 'addToResourcePolicy') return Reflect.get(target, property, receiver)
      return (statement: iam.PolicyStatement) =>
        target.addToResourcePolicy(statement.copy({ resources: keys.map((key) => target.arnForObjects(key)) }))
    },
  })
}

/**
 * The status document's cache policy, the same at both hosts' `/status/*` (docs/status.md): the
 * document and its feeds are rewritten every minute by the probe with `max-age=30`, so the edge
 * keeps them 30 s by default and never more than a minute.
 */
export function statusCachePolicy(scope: Construct) {
  return new cloudfront.CachePolicy(scope, 'StatusCache', {
    comment: 'The status document and its feeds: 30 s, at most a minute (docs/aws.md, "Status probe")',
    defaultTtl: Duration.seconds(30),
    minTtl: Duration.seconds(0),
    maxTtl: Duration.seconds(60),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
    queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
    cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    headerBehavior: cloudfront.CacheHeaderBehavior.none(),
  })
}

/** A missing key is 403 from a bucket CloudFront may not list: both are the 404 page, from the bucket's root. */
export const notFoundResponses: cloudfront.ErrorResponse[] = [403, 404].map((httpStatus) => ({
  httpStatus,
  responseHttpStatus: 404,
  responsePagePath: '/404.html',
  ttl: Duration.seconds(10),
}))
