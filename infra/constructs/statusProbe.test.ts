// The status probe (./statusProbe.ts): a function of its own, every minute, with exactly the keys
// of the bucket it writes, served at the site's /status/*.
import { Match, type Template } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import { probeConfig } from '../../api/status/lambda'
import { settingsFrom } from '../settings'
import {
  prod,
  staging,
  synth,
  prodContext,
  resources,
  only,
  idOf,
  idStartingWith,
  logGroupOf,
  type Resource,
} from '../testing'

describe('the status probe', () => {
  const probeOf = (t: Template) => {
    const id = idStartingWith(t, 'AWS::Lambda::Function', 'StatusProbe')
    const props = (t.toJSON().Resources as Record<string, Resource>)[id]!.Properties!
    return { id, props, env: (props.Environment as { Variables: Record<string, unknown> }).Variables }
  }

  it('is a function of its own, bundled like the API, one run at a time, with its own logs', () => {
    const { id, props, env } = probeOf(prod.site)
    expect(props).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      MemorySize: 256,
      Timeout: 60,
      ReservedConcurrentExecutions: 1,
      LoggingConfig: { LogFormat: 'Text', LogGroup: { Ref: logGroupOf(prod.site, 'StatusProbeLogs') } },
      Role: { 'Fn::GetAtt': [idStartingWith(prod.site, 'AWS::IAM::Role', 'StatusProbeRole'), 'Arn'] },
    })
    // Not the API's code, role or key: the probe is not down with what it watches.
    const [, api] = resources(prod.site, 'AWS::Lambda::Function').find(([i]) => i.startsWith('Api'))!
    expect(JSON.stringify(props.Code)).not.toBe(JSON.stringify(api.Properties!.Code))
    expect(props.KmsKeyArn).toBeUndefined()
    expect(id.startsWith('Api')).toBe(false)
    prod.site.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 })
    expect(Object.keys(env).sort()).toEqual([
      'NODE_OPTIONS',
      'PROBE_API_URL',
      'PROBE_SITE_URL',
      'SITE_BUCKET',
      'STATUS_TIME_ZONE',
    ])
    expect(env).toMatchObject({
      SITE_BUCKET: { Ref: idOf(prod.site, 'AWS::S3::Bucket') },
      PROBE_SITE_URL: 'https://www.rasid.example',
      PROBE_API_URL: 'https://www.rasid.example/api/v1',
      STATUS_TIME_ZONE: 'Asia/Riyadh',
    })
    // The settings the probe's own check (api/status/lambda.ts) accepts.
    const config = probeConfig({ ...env, SITE_BUCKET: 'rasid-site' } as Record<string, string>)
    expect(config.targets).toEqual({
      site: 'https://www.rasid.example',
      api: 'https://www.rasid.example/api/v1',
      payment: undefined,
    })
    expect(Object.keys(prod.site.findOutputs('StatusProbeFunctionName'))).toHaveLength(1)
  })

  it('probes the distribution’s own name without a domain, and the payment page only when it is set', () => {
    const { env } = probeOf(staging.site)
    const domain = { 'Fn::GetAtt': [idOf(staging.site, 'AWS::CloudFront::Distribution'), 'DomainName'] }
    expect(env.PROBE_SITE_URL).toEqual({ 'Fn::Join': ['', ['https://', domain]] })
    expect(env.PROBE_API_URL).toEqual({ 'Fn::Join': ['', ['https://', domain, '/api/v1']] })
    expect(env.PROBE_PAYMENT_URL).toBeUndefined()
    expect(probeOf(prod.site).env.PROBE_PAYMENT_URL).toBeUndefined()
    const withPayment = synth({ ...prodContext, paymentPageUrl: 'https://checkout.moyasar.com/' })
    expect(probeOf(withPayment.site).env.PROBE_PAYMENT_URL).toBe('https://checkout.moyasar.com/')
    expect(() => settingsFrom((n) => ({ paymentPageUrl: 'http://pay' })[n])).toThrow(/paymentPageUrl must be https/)
  })

  it('may list the bucket’s names, read and write its status/ (the document, the summary, the two feeds), write its own runs’ history and its own logs, nothing else', () => {
    const policy = idStartingWith(prod.site, 'AWS::IAM::Policy', 'StatusProbeRole')
    const statements = (
      (prod.site.toJSON().Resources as Record<string, Resource>)[policy]!.Properties!.PolicyDocument as {
        Statement: { Effect: string; Action: string | string[]; Resource: unknown }[]
      }
    ).Statement
    const bucket = idOf(prod.site, 'AWS::S3::Bucket')
    expect(statements.map((s) => [s.Effect, [s.Action].flat().sort(), JSON.stringify(s.Resource)])).toEqual([
      // Key names only: a missing document is S3's 404 (none yet, the first run writes it), not a
      // 403 that would fail every run, now that no deploy seeds one.
      ['Allow', ['s3:ListBucket'], `{"Fn::GetAtt":["${bucket}","Arn"]}`],
      ['Allow', ['s3:GetObject', 's3:PutObject'], `{"Fn::Join":["",[{"Fn::GetAtt":["${bucket}","Arn"]},"/status/*"]]}`],
      // Not status-history/corrupt-*: an unreadable document is left to an operator (docs/status.md).
      ['Allow', ['s3:PutObject'], `{"Fn::Join":["",[{"Fn::GetAtt":["${bucket}","Arn"]},"/status-history/probes/*"]]}`],
      [
        'Allow',
        ['logs:CreateLogStream', 'logs:PutLogEvents'],
        `{"Fn::GetAtt":["${logGroupOf(prod.site, 'StatusProbeLogs')}","Arn"]}`,
      ],
    ])
    // What it writes each run is all under that prefix.
    for (const key of ['status.json', 'summary.json', 'incidents.atom', 'incidents.ar.atom'])
      expect(`/status/${key}`).toMatch(/^\/status\/[^/]+$/)
    // The role has that one policy and no managed one.
    const [, role] = resources(prod.site, 'AWS::IAM::Role').find(([id]) => id.startsWith('StatusProbeRole'))!
    expect(role.Properties!.ManagedPolicyArns).toBeUndefined()
    expect(
      resources(prod.site, 'AWS::IAM::Policy').filter(([, p]) =>
        JSON.stringify(p.Properties!.Roles).includes('StatusProbeRole'),
      ),
    ).toHaveLength(1)
  })

  it('runs every minute from EventBridge, without retries, and alarms when it keeps failing', () => {
    const { id } = probeOf(prod.site)
    prod.site.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [id, 'Arn'] },
          RetryPolicy: { MaximumRetryAttempts: 0, MaximumEventAgeInSeconds: 60 },
        }),
      ],
    })
    prod.site.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [id, 'Arn'] },
      Principal: 'events.amazonaws.com',
    })
    const [, alarm] = resources(prod.site, 'AWS::CloudWatch::Alarm').find(([a]) => a.startsWith('StatusProbeErrors'))!
    expect(alarm.Properties).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: id } }],
      Statistic: 'Sum',
      Period: 300,
      EvaluationPeriods: 1,
      Threshold: 3,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [{ Ref: idOf(prod.site, 'AWS::SNS::Topic') }],
    })
    expect(alarm.Properties!.AlarmDescription).toMatch(/status probe/)
  })

  it('is served at /status/* from the bucket, through the site’s functions and headers, cached 30 s to a minute', () => {
    const [, dist] = only(prod.site, 'AWS::CloudFront::Distribution')
    type Behaviour = Record<string, unknown> & { PathPattern?: string }
    const config = dist.Properties!.DistributionConfig as {
      DefaultCacheBehavior: Behaviour
      CacheBehaviors: Behaviour[]
      Origins: unknown[]
    }
    const status = config.CacheBehaviors.find((b) => b.PathPattern === '/status/*')!
    const site = config.DefaultCacheBehavior
    expect(status).toMatchObject({
      TargetOriginId: site.TargetOriginId,
      FunctionAssociations: site.FunctionAssociations,
      ResponseHeadersPolicyId: site.ResponseHeadersPolicyId,
      ViewerProtocolPolicy: 'redirect-to-https',
      AllowedMethods: ['GET', 'HEAD'],
      Compress: true,
    })
    expect(status.OriginRequestPolicyId).toBeUndefined()
    // One S3 origin for both (with its OAC), the function URL's and the webhook's.
    expect(config.Origins).toHaveLength(3)
    const policy = idOf(prod.site, 'AWS::CloudFront::CachePolicy')
    expect(status.CachePolicyId).toEqual({ Ref: policy })
    prod.site.hasResourceProperties('AWS::CloudFront::CachePolicy', {
      CachePolicyConfig: Match.objectLike({
        DefaultTTL: 30,
        MinTTL: 0,
        MaxTTL: 60,
        ParametersInCacheKeyAndForwardedToOrigin: {
          EnableAcceptEncodingGzip: true,
          EnableAcceptEncodingBrotli: true,
          QueryStringsConfig: { QueryStringBehavior: 'none' },
          CookiesConfig: { CookieBehavior: 'none' },
          HeadersConfig: { HeaderBehavior: 'none' },
        },
      }),
    })
  })
})
