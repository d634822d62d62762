// The site (./site.ts): its bucket, private and read by the distribution through OAC only where
// visitors may read; the distribution's functions, behaviours, error pages and addresses.
import { Match } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import { viewerRequestSource, viewerResponseSource } from '../../host/rules'
import { prod, staging, resources, only, idOf } from '../testing'
import { statusHostLink } from './site'

describe('the site bucket', () => {
  it('is private, encrypted, versioned, and read by this distribution only, through OAC, only where visitors may read', () => {
    prod.site.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      VersioningConfiguration: { Status: 'Enabled' },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
    })
    expect(only(prod.site, 'AWS::S3::Bucket')[1].DeletionPolicy).toBe('Retain')
    const [, policy] = only(prod.site, 'AWS::S3::BucketPolicy')
    const statements = (policy.Properties!.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement
    const allows = statements.filter((s) => s.Effect === 'Allow')
    expect(allows.length).toBeGreaterThan(0)
    const distribution = idOf(prod.site, 'AWS::CloudFront::Distribution')
    for (const s of allows) {
      expect(s.Principal).toEqual({ Service: 'cloudfront.amazonaws.com' })
      expect(s.Action).toBe('s3:GetObject')
      const sourceArn = (s.Condition as { StringEquals: Record<string, unknown> }).StringEquals['AWS:SourceArn']
      expect(JSON.stringify(sourceArn)).toContain(`{"Ref":"${distribution}"}`)
    }
    // Only what visitors may read: never deploys/ nor status-history/.
    const granted = allows.flatMap((s) =>
      (s.Resource as unknown[]).map((r) => JSON.stringify(r).replace(/^.*"\/(.*)"\]\]\}$/, '$1')),
    )
    expect(granted.sort()).toEqual(['404.html', 'assets/*', 'builds/meta/*', 'releases/*', 'status/*'])
    // Anything not over TLS is refused.
    expect(
      statements.some((s) => s.Effect === 'Deny' && JSON.stringify(s.Condition).includes('aws:SecureTransport')),
    ).toBe(true)
    prod.site.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    })
  })
})

describe('the distribution', () => {
  it('runs the generated viewer-request function, with the live-build store, and the viewer-response one', () => {
    const functions = resources(prod.site, 'AWS::CloudFront::Function').map(([, r]) => r.Properties!)
    // Its 503 page names the status host, in the catalogs' words.
    const statusHost = statusHostLink({ statusDomain: 'status.rasid.example' })
    expect(statusHost).toEqual({
      url: 'https://status.rasid.example/',
      en: expect.stringContaining('{host}'),
      ar: expect.stringContaining('{host}'),
    })
    const request = functions.find((f) => f.FunctionCode === viewerRequestSource({ statusHost }))
    const response = functions.find((f) => f.FunctionCode === viewerResponseSource())
    expect(request && response).toBeTruthy()
    const store = idOf(prod.site, 'AWS::CloudFront::KeyValueStore')
    expect(request!.FunctionConfig).toEqual({
      Comment: expect.any(String),
      Runtime: 'cloudfront-js-2.0',
      KeyValueStoreAssociations: [{ KeyValueStoreARN: { 'Fn::GetAtt': [store, 'Arn'] } }],
    })
    expect((response!.FunctionConfig as { Runtime: string }).Runtime).toBe('cloudfront-js-2.0')
    expect(Object.keys(prod.site.findOutputs('LiveBuildStoreArn'))).toHaveLength(1)
    // Without a host name of its own (no domain), the 503 page is the preview's.
    expect(
      resources(staging.site, 'AWS::CloudFront::Function').some(
        ([, r]) => r.Properties!.FunctionCode === viewerRequestSource(),
      ),
    ).toBe(true)
  })

  it('has the behaviours of docs/aws.md, the 404 page for a missing key, and the WAF', () => {
    const [, dist] = only(prod.site, 'AWS::CloudFront::Distribution')
    type Behaviour = {
      PathPattern: string
      ViewerProtocolPolicy: string
      FunctionAssociations?: { EventType: string }[]
      AllowedMethods: string[]
      OriginRequestPolicyId: unknown
    }
    const config = dist.Properties!.DistributionConfig as {
      DefaultCacheBehavior: Behaviour
      CacheBehaviors: Behaviour[]
      CustomErrorResponses: unknown[]
      WebACLId: unknown
      Aliases: string[]
      DefaultRootObject?: string
      HttpVersion: string
    }
    expect(config.DefaultCacheBehavior.FunctionAssociations!.map((f) => f.EventType).sort()).toEqual([
      'viewer-request',
      'viewer-response',
    ])
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https')
    expect(config.DefaultRootObject).toBeUndefined()
    expect(config.HttpVersion).toBe('http2and3')
    expect(config.CacheBehaviors.map((b) => b.PathPattern)).toEqual(['/api/v1/webhooks/*', '/api/*', '/status/*'])
    for (const b of config.CacheBehaviors.filter((b) => b.PathPattern.startsWith('/api/'))) {
      expect(b.FunctionAssociations).toBeUndefined()
      expect(b.ViewerProtocolPolicy).toBe('https-only')
      expect(b.AllowedMethods).toHaveLength(7)
    }
    // The function URL's behaviour forwards what the API reads, and neither Host nor cookies.
    expect(config.CacheBehaviors[1]!.OriginRequestPolicyId).toEqual({
      Ref: idOf(prod.site, 'AWS::CloudFront::OriginRequestPolicy'),
    })
    prod.site.hasResourceProperties('AWS::CloudFront::OriginRequestPolicy', {
      OriginRequestPolicyConfig: Match.objectLike({
        HeadersConfig: {
          HeaderBehavior: 'whitelist',
          Headers: ['Content-Type', 'Accept', 'Idempotency-Key', 'X-Amz-Content-Sha256', 'CloudFront-Viewer-Address'],
        },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        CookiesConfig: { CookieBehavior: 'none' },
      }),
    })
    expect(config.CustomErrorResponses).toEqual([
      { ErrorCode: 403, ResponseCode: 404, ResponsePagePath: '/404.html', ErrorCachingMinTTL: 10 },
      { ErrorCode: 404, ResponseCode: 404, ResponsePagePath: '/404.html', ErrorCachingMinTTL: 10 },
    ])
    expect(config.WebACLId).toBeDefined()
    expect(config.Aliases).toEqual(['www.rasid.example'])
    // The site's headers policy sets no CSP (each build's objects carry theirs); the API's never overrides one.
    const policies = resources(prod.site, 'AWS::CloudFront::ResponseHeadersPolicy').map(
      ([, r]) =>
        (
          r.Properties!.ResponseHeadersPolicyConfig as {
            SecurityHeadersConfig: { ContentSecurityPolicy?: { Override: boolean } }
          }
        ).SecurityHeadersConfig,
    )
    expect(policies.map((p) => p.ContentSecurityPolicy?.Override ?? 'none').sort()).toEqual([false, 'none'])
    const [, staged] = only(staging.site, 'AWS::CloudFront::Distribution')
    expect(JSON.stringify(staged.Properties)).toContain('/api/v1/sandbox/*')
  })

  it('serves over IPv4 only: WAF counts each IPv6 address, and one host holds a /64 of them', () => {
    for (const t of [prod.site, staging.site]) {
      const [, dist] = only(t, 'AWS::CloudFront::Distribution')
      expect((dist.Properties!.DistributionConfig as { IPV6Enabled: boolean }).IPV6Enabled).toBe(false)
    }
  })
})
