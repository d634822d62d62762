// The status host (./statusHost.ts, the status stack): its own region, bucket and distribution,
// fed the status document by the site's bucket's replication (./site.ts).
import { Match, type Template } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import { STATUS_HOST_READABLE_KEYS, statusHostRequestSource, viewerResponseSource } from '../../host/rules'
import { settingsFrom } from '../settings'
import { prod, staging, synth, prodContext, resources, only, idOf, idStartingWith, statusBucketArn } from '../testing'

describe('the status host', () => {
  const bucketName = { 'Fn::Join': ['', ['rasid-status-', { Ref: 'AWS::AccountId' }, '-eu-central-1']] }
  const distributionConfig = (t: Template) =>
    only(t, 'AWS::CloudFront::Distribution')[1].Properties!.DistributionConfig as {
      Aliases?: string[]
      ViewerCertificate?: Record<string, unknown>
      DefaultCacheBehavior: Record<string, unknown>
      CacheBehaviors: (Record<string, unknown> & { PathPattern: string })[]
      Origins: Record<string, unknown>[]
      CustomErrorResponses: unknown[]
      WebACLId?: unknown
      DefaultRootObject?: string
    }

  it('is a stack of its own in another region than the site’s, deployed before the site’s', () => {
    expect(prod.stacks.status.region).toBe('eu-central-1')
    expect(prod.stacks.site.region).toBe('me-south-1')
    expect(prod.stacks.site.dependencies).toContain(prod.stacks.status)
    // It reads nothing of another stack: no import, no cross-region reference.
    expect(JSON.stringify(prod.status.toJSON())).not.toMatch(/Fn::ImportValue|resolve:ssm|ExportsReader/)
    // The other region is a setting, never the site's.
    expect(settingsFrom((n) => ({ statusRegion: 'eu-west-1' })[n]).statusRegion).toBe('eu-west-1')
    expect(() => settingsFrom((n) => ({ statusRegion: 'me-south-1' })[n])).toThrow(
      /statusRegion must differ from region \(me-south-1\)/,
    )
    expect(() => settingsFrom((n) => ({ region: 'eu-west-1', statusRegion: 'eu-west-1' })[n])).toThrow(/must differ/)
    expect(() => settingsFrom((n) => ({ statusRegion: 'mars' })[n])).toThrow(/statusRegion must be an AWS region/)
  })

  it('has a bucket of its own: private, encrypted, versioned (as replication needs), old versions gone in a day, read by its distribution through OAC only', () => {
    const [bucketId, bucket] = only(prod.status, 'AWS::S3::Bucket')
    expect(bucket.DeletionPolicy).toBe('Retain')
    expect(bucket.Properties).toMatchObject({
      BucketName: bucketName,
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
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      LifecycleConfiguration: { Rules: [{ NoncurrentVersionExpiration: { NoncurrentDays: 1 }, Status: 'Enabled' }] },
    })
    const [, policy] = only(prod.status, 'AWS::S3::BucketPolicy')
    const statements = (policy.Properties!.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement
    const allows = statements.filter((s) => s.Effect === 'Allow')
    const distribution = idOf(prod.status, 'AWS::CloudFront::Distribution')
    for (const s of allows) {
      expect(s.Principal).toEqual({ Service: 'cloudfront.amazonaws.com' })
      expect(s.Action).toBe('s3:GetObject')
      expect(JSON.stringify(s.Condition)).toContain(`{"Ref":"${distribution}"}`)
    }
    const granted = allows.flatMap((s) =>
      (s.Resource as unknown[]).map((r) => JSON.stringify(r).replace(/^.*"\/(.*)"\]\]\}$/, '$1')),
    )
    expect(granted.sort()).toEqual([...STATUS_HOST_READABLE_KEYS].sort())
    expect(granted).toEqual(
      expect.arrayContaining(['status/*', 'assets/*', 'monitoring/index.html', 'ar/monitoring/index.html']),
    )
    expect(JSON.stringify(allows)).toContain(`"Fn::GetAtt":["${bucketId}","Arn"]`)
    expect(
      statements.some((s) => s.Effect === 'Deny' && JSON.stringify(s.Condition).includes('aws:SecureTransport')),
    ).toBe(true)
    prod.status.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    })
  })

  it('gets the status document, and only it, from the site’s bucket by S3 replication (with RTC), the site’s bucket versioned', () => {
    const [, site] = only(prod.site, 'AWS::S3::Bucket')
    const props = site.Properties as Record<string, unknown>
    expect(props.VersioningConfiguration).toEqual({ Status: 'Enabled' })
    // Every build's files are versioned too: their old versions go after 30 days, but the
    // subscriptions' list's (sealed secrets of removed subscribers) after one.
    expect(props.LifecycleConfiguration).toEqual({
      Rules: [
        { NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' },
        {
          NoncurrentVersionExpiration: { NoncurrentDays: 1 },
          Prefix: 'status-history/subscriptions.json',
          Status: 'Enabled',
        },
      ],
    })
    const role = idStartingWith(prod.site, 'AWS::IAM::Role', 'StatusReplicationRole')
    expect(props.ReplicationConfiguration).toEqual({
      Role: { 'Fn::GetAtt': [role, 'Arn'] },
      Rules: [
        {
          Id: 'status-document',
          Priority: 1,
          Status: 'Enabled',
          Filter: { Prefix: 'status/' },
          DeleteMarkerReplication: { Status: 'Disabled' },
          Destination: {
            Bucket: statusBucketArn(),
            ReplicationTime: { Status: 'Enabled', Time: { Minutes: 15 } },
            Metrics: { Status: 'Enabled', EventThreshold: { Minutes: 15 } },
          },
        },
      ],
    })
    // The destination is the status stack's bucket, by the name both stacks make alike.
    type Join = { 'Fn::Join': [string, (string | { Ref: string })[]] }
    const render = (join: Join) =>
      join['Fn::Join'][1].map((part) => (typeof part === 'string' ? part : `<${part.Ref}>`)).join('')
    const rule = (props.ReplicationConfiguration as { Rules: { Destination: { Bucket: Join } }[] }).Rules[0]!
    const statusBucket = only(prod.status, 'AWS::S3::Bucket')[1].Properties!.BucketName as Join
    expect(render(rule.Destination.Bucket)).toBe(`arn:<AWS::Partition>:s3:::${render(statusBucket)}`)
    expect(render(statusBucket)).toBe('rasid-status-<AWS::AccountId>-eu-central-1')
    // Its role: read the site's status/ versions, write the status bucket's status/, nothing else.
    prod.site.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: Match.objectLike({
        Statement: [Match.objectLike({ Principal: { Service: 's3.amazonaws.com' } })],
      }),
    })
    const [, policy] = resources(prod.site, 'AWS::IAM::Policy').find(([id]) => id.startsWith('StatusReplicationRole'))!
    const siteArn = { 'Fn::GetAtt': [idOf(prod.site, 'AWS::S3::Bucket'), 'Arn'] }
    expect(
      (policy.Properties!.PolicyDocument as { Statement: { Action: string[]; Resource: unknown }[] }).Statement.map(
        (s) => [s.Action, s.Resource],
      ),
    ).toEqual([
      [['s3:GetReplicationConfiguration', 's3:ListBucket'], siteArn],
      [
        ['s3:GetObjectVersionForReplication', 's3:GetObjectVersionAcl', 's3:GetObjectVersionTagging'],
        { 'Fn::Join': ['', [siteArn, '/status/*']] },
      ],
      [['s3:ReplicateObject', 's3:ReplicateDelete', 's3:ReplicateTags'], statusBucketArn('/status/*')],
    ])
    // A replication that fails pages someone: the status host would show an older document.
    const [, failed] = resources(prod.site, 'AWS::CloudWatch::Alarm').find(([id]) =>
      id.startsWith('StatusReplicationFailed'),
    )!
    expect(failed.Properties).toMatchObject({
      Namespace: 'AWS/S3',
      MetricName: 'OperationsFailedReplication',
      Dimensions: expect.arrayContaining([
        { Name: 'RuleId', Value: 'status-document' },
        { Name: 'SourceBucket', Value: { Ref: idOf(prod.site, 'AWS::S3::Bucket') } },
        { Name: 'DestinationBucket', Value: bucketName },
      ]),
      Threshold: 1,
    })
  })

  it('has its own distribution, host name and certificate, serving the monitoring pages and /status/* (30 s), nothing of the site', () => {
    const config = distributionConfig(prod.status)
    expect(config.Aliases).toEqual(['status.rasid.example'])
    expect(config.ViewerCertificate).toEqual({
      AcmCertificateArn: prodContext.certificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    })
    expect(config.DefaultRootObject).toBeUndefined()
    expect(config.WebACLId).toBeUndefined()
    // One origin: its own bucket, through OAC; not the site's bucket, API or webhook.
    expect(config.Origins).toHaveLength(1)
    expect(config.Origins[0]).toMatchObject({
      DomainName: { 'Fn::GetAtt': [idOf(prod.status, 'AWS::S3::Bucket'), 'RegionalDomainName'] },
      OriginAccessControlId: { 'Fn::GetAtt': [idOf(prod.status, 'AWS::CloudFront::OriginAccessControl'), 'Id'] },
    })
    const functions = resources(prod.status, 'AWS::CloudFront::Function')
    const functionId = (code: string) => functions.find(([, f]) => f.Properties!.FunctionCode === code)?.[0]
    const request = functionId(statusHostRequestSource('https://www.rasid.example'))
    const response = functionId(viewerResponseSource())
    expect(request && response).toBeTruthy()
    expect(functions).toHaveLength(2)
    for (const [, f] of functions) {
      expect((f.Properties!.FunctionConfig as { Runtime: string }).Runtime).toBe('cloudfront-js-2.0')
      // No key value store: the status host never asks which build is live.
      expect(f.Properties!.FunctionConfig).not.toHaveProperty('KeyValueStoreAssociations')
    }
    const associations = [
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [request, 'FunctionARN'] } },
      { EventType: 'viewer-response', FunctionARN: { 'Fn::GetAtt': [response, 'FunctionARN'] } },
    ]
    const headers = { Ref: idOf(prod.status, 'AWS::CloudFront::ResponseHeadersPolicy') }
    expect(config.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      // Managed CachingOptimized, as the site's pages and assets.
      CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6',
      Compress: true,
      FunctionAssociations: associations,
      ResponseHeadersPolicyId: headers,
    })
    expect(config.CacheBehaviors.map((b) => b.PathPattern)).toEqual(['/status/*'])
    expect(config.CacheBehaviors[0]).toMatchObject({
      AllowedMethods: ['GET', 'HEAD'],
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: associations,
      ResponseHeadersPolicyId: headers,
      CachePolicyId: { Ref: idOf(prod.status, 'AWS::CloudFront::CachePolicy') },
    })
    // The same short caching as the site's /status/*.
    const ttls = (t: Template) => {
      const { DefaultTTL, MinTTL, MaxTTL, ParametersInCacheKeyAndForwardedToOrigin } = only(
        t,
        'AWS::CloudFront::CachePolicy',
      )[1].Properties!.CachePolicyConfig as Record<string, unknown>
      return { DefaultTTL, MinTTL, MaxTTL, ParametersInCacheKeyAndForwardedToOrigin }
    }
    expect(ttls(prod.status)).toEqual(ttls(prod.site))
    expect(ttls(prod.status)).toMatchObject({ DefaultTTL: 30, MinTTL: 0, MaxTTL: 60 })
    expect(config.CustomErrorResponses).toEqual(distributionConfig(prod.site).CustomErrorResponses)
    // The site's security headers (its CSP comes with each page, set by the viewer-response function).
    const [, policy] = only(prod.status, 'AWS::CloudFront::ResponseHeadersPolicy')
    expect(
      (policy.Properties!.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Record<string, unknown> })
        .SecurityHeadersConfig,
    ).toMatchObject({
      StrictTransportSecurity: expect.any(Object),
      FrameOptions: { FrameOption: 'DENY', Override: true },
    })
  })

  it('redirects what it does not serve to the site’s origin, from the function the stack publishes', () => {
    const [, request] = resources(prod.status, 'AWS::CloudFront::Function').find(([id]) =>
      id.startsWith('StatusHostRequest'),
    )!
    const code = request.Properties!.FunctionCode as string
    expect(code).toContain('var site = "https://www.rasid.example";')
    // The site's origin without a domain is its own setting (a placeholder until the first deploy names it).
    const origin = synth({ ...prodContext, siteOrigin: 'https://d111.cloudfront.net', domain: '', certificateArn: '' })
    expect(
      resources(origin.status, 'AWS::CloudFront::Function').find(([id]) => id.startsWith('StatusHostRequest'))![1]
        .Properties!.FunctionCode,
    ).toBe(statusHostRequestSource('https://d111.cloudfront.net'))
    // Without a domain, its own cloudfront.net name, and no certificate.
    expect(distributionConfig(origin.status).Aliases).toBeUndefined()
    expect(distributionConfig(staging.status).Aliases).toBeUndefined()
  })

  it('takes its name and certificate from settings: status. and the domain without www., the site’s certificate by default', () => {
    const named = (context: Record<string, string>) => settingsFrom((n) => ({ ...prodContext, ...context })[n])
    expect(named({}).statusDomain).toBe('status.rasid.example')
    expect(named({}).statusCertificateArn).toBe(prodContext.certificateArn)
    expect(named({ domain: 'rasid.example' }).statusDomain).toBe('status.rasid.example')
    const own = synth({
      ...prodContext,
      statusDomain: 'status.rasid-status.example',
      statusCertificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/status',
    })
    expect(distributionConfig(own.status).Aliases).toEqual(['status.rasid-status.example'])
    expect(distributionConfig(own.status).ViewerCertificate).toMatchObject({
      AcmCertificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/status',
    })
    expect(() => settingsFrom((n) => ({ statusDomain: 'status.rasid.example' })[n])).toThrow(
      /statusDomain needs statusCertificateArn/,
    )
  })

  it('outputs what npm run deploy and the DNS need: the bucket, its region, the distribution and the host', () => {
    expect(Object.keys(prod.status.toJSON().Outputs as object).sort()).toEqual([
      'StatusBucketName',
      'StatusBucketRegion',
      'StatusDistributionDomain',
      'StatusDistributionId',
      'StatusHostUrl',
    ])
    const outputs = prod.status.toJSON().Outputs as Record<string, { Value: unknown }>
    expect(outputs.StatusBucketName!.Value).toEqual({ Ref: idOf(prod.status, 'AWS::S3::Bucket') })
    expect(outputs.StatusBucketRegion!.Value).toBe('eu-central-1')
    expect(outputs.StatusHostUrl!.Value).toBe('https://status.rasid.example')
  })
})
