// The production stacks (infra/stack.ts) synthesized in process, offline, and checked with
// aws-cdk-lib/assertions for what a mistake would cost: a public bucket, an API anyone can call
// past CloudFront, a table without its indexes or backups, a missing alarm, a wildcard in IAM, a
// secret in the template, functions that are not the ones the preview runs.
import { App, type Stack } from 'aws-cdk-lib'
import { Match, Template } from 'aws-cdk-lib/assertions'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { tableDefinition } from '../../api/server/store/dynamo'
import { rasid, settingsFrom } from '../../infra/stack'
import { viewerRequestSource, viewerResponseSource } from '../../renderer/shared/host'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

const FAKE_SECRET = 'sk_live_this-value-must-never-reach-a-template'
function synth(context: Record<string, string>) {
  // A secret in the environment of whoever synthesizes must not leak into the template either.
  process.env.MOYASAR_SECRET_KEY = FAKE_SECRET
  const app = new App({ context })
  const stacks = rasid(
    app,
    settingsFrom((name) => context[name]),
  )
  const template = (stack: Stack) => Template.fromStack(stack)
  return { site: template(stacks.site), waf: template(stacks.waf), edge: template(stacks.edge), stacks }
}

let prod: ReturnType<typeof synth>
let staging: ReturnType<typeof synth>
beforeAll(() => {
  prod = synth({
    domain: 'www.rasid.example',
    certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/x',
    alarmEmail: 'ops@rasid.example',
    leadWebhookUrl: 'https://crm.example/hooks/rasid',
  })
  staging = synth({ stage: 'staging' })
})

type Resource = { Type: string; Properties?: Record<string, unknown> }
const resources = (t: Template, type: string) =>
  Object.entries(t.toJSON().Resources as Record<string, Resource>).filter(([, r]) => r.Type === type)
const only = (t: Template, type: string) => {
  const found = resources(t, type)
  expect(
    found.map(([id]) => id),
    type,
  ).toHaveLength(1)
  return found[0]!
}

describe('the site bucket', () => {
  it('is private, encrypted, versioned, and read by CloudFront only, through OAC', () => {
    prod.site.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      VersioningConfiguration: { Status: 'Enabled' },
      BucketEncryption: Match.objectLike({}),
    })
    const [, policy] = only(prod.site, 'AWS::S3::BucketPolicy')
    const statements = (policy.Properties!.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement
    const allows = statements.filter((s) => s.Effect === 'Allow')
    expect(allows.length).toBeGreaterThan(0)
    for (const s of allows) {
      expect(s.Principal).toEqual({ Service: 'cloudfront.amazonaws.com' })
      expect(JSON.stringify(s.Condition)).toMatch(/AWS:SourceArn/)
      expect(s.Action).toBe('s3:GetObject')
    }
    // Anything not over TLS is refused.
    expect(
      statements.some((s) => s.Effect === 'Deny' && JSON.stringify(s.Condition).includes('aws:SecureTransport')),
    ).toBe(true)
    prod.site.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({ OriginAccessControlOriginType: 's3', SigningBehavior: 'always' }),
    })
  })
})

describe('the API', () => {
  it('has a function URL that requires IAM, on the alias live, reached by CloudFront with OAC', () => {
    prod.site.hasResourceProperties('AWS::Lambda::Url', {
      AuthType: 'AWS_IAM',
      Qualifier: 'live',
    })
    prod.site.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({
        OriginAccessControlOriginType: 'lambda',
        SigningBehavior: 'always',
      }),
    })
    prod.site.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunctionUrl',
      Principal: 'cloudfront.amazonaws.com',
      SourceArn: Match.anyValue(),
    })
    expect(resources(prod.site, 'AWS::Lambda::Url').every(([, r]) => r.Properties!.AuthType === 'AWS_IAM')).toBe(true)
  })

  it('runs the bundled lambda.ts on Node 24, arm64, with a reserved concurrency and an encrypted environment', () => {
    prod.site.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      MemorySize: 512,
      Timeout: 30,
      ReservedConcurrentExecutions: 50,
      KmsKeyArn: Match.anyValue(),
      LoggingConfig: Match.objectLike({ LogFormat: 'Text' }),
    })
  })

  it('takes its secrets by reference, and production settings that the API accepts', () => {
    const [, fn] = resources(prod.site, 'AWS::Lambda::Function').find(([, r]) =>
      JSON.stringify(r.Properties).includes('PAYMENT_PROVIDER'),
    )!
    const env = (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables
    expect(env).toMatchObject({
      PAYMENT_PROVIDER: 'moyasar',
      TRUST_PROXY: 'cloudfront',
      SITE_ORIGIN: 'https://www.rasid.example',
      LEAD_WEBHOOK_URL: 'https://crm.example/hooks/rasid',
      MOYASAR_SECRET_KEY: '{{resolve:secretsmanager:rasid/api/moyasar-secret-key:SecretString:::}}',
      MOYASAR_WEBHOOK_TOKEN: '{{resolve:secretsmanager:rasid/api/moyasar-webhook-token:SecretString:::}}',
      LEAD_WEBHOOK_SECRET: '{{resolve:secretsmanager:rasid/api/lead-webhook-secret:SecretString:::}}',
    })
    expect(env.RASID_ENV).toBeUndefined()
    for (const t of [prod.site, prod.waf, prod.edge, staging.site])
      expect(JSON.stringify(t.toJSON())).not.toContain(FAKE_SECRET)
    // Staging takes test payments from the sandbox, with a secret of its own, never production's key.
    const stagingEnv = JSON.stringify(staging.site.toJSON())
    expect(stagingEnv).toContain('"PAYMENT_PROVIDER":"sandbox"')
    expect(stagingEnv).toContain('{{resolve:secretsmanager:rasid/api/payment-webhook-secret:SecretString:::}}')
    expect(stagingEnv).not.toContain('moyasar-secret-key')
  })

  it('has a role of exactly the statements docs/aws.md lists, and no wildcard on both action and resource anywhere', () => {
    for (const t of [prod.site, prod.waf, prod.edge, staging.site]) {
      const json = t.toJSON() as { Resources: Record<string, Resource> }
      for (const [id, r] of Object.entries(json.Resources)) {
        const docs = [
          r.Properties?.PolicyDocument,
          ...((r.Properties?.Policies as { PolicyDocument: unknown }[] | undefined)?.map((p) => p.PolicyDocument) ??
            []),
        ].filter(Boolean) as { Statement: { Action: unknown; Resource: unknown; Effect: string }[] }[]
        for (const doc of docs)
          for (const s of doc.Statement) {
            const all = (v: unknown) => v === '*' || (Array.isArray(v) && v.includes('*'))
            expect(all(s.Action) && all(s.Resource), `${id}: ${JSON.stringify(s)}`).toBe(false)
          }
      }
    }
    const role = resources(prod.site, 'AWS::IAM::Policy').find(([id]) => id.startsWith('ApiRole'))!
    const actions = (
      role[1].Properties!.PolicyDocument as { Statement: { Action: string | string[] }[] }
    ).Statement.flatMap((s) => s.Action)
    expect(actions.sort()).toEqual(
      [
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:Query',
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        'kms:Decrypt',
      ].sort(),
    )
    expect(JSON.stringify(role[1].Properties)).not.toMatch(/Scan|DeleteItem|dynamodb:\*/)
  })

  it('drains the forwarding queue every minute through the alias, and keeps its logs 30 days', () => {
    prod.site.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      Targets: [Match.objectLike({ Arn: { Ref: Match.stringLikeRegexp('^Live') } })],
    })
    prod.site.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 })
  })

  it('routes only the payment webhook through API Gateway in production, and the sandbox too on staging', () => {
    const routes = (t: Template) =>
      resources(t, 'AWS::ApiGatewayV2::Route')
        .map(([, r]) => r.Properties!.RouteKey)
        .sort()
    expect(routes(prod.site)).toEqual(['POST /api/v1/webhooks/payments'])
    expect(routes(staging.site)).toEqual(['ANY /api/v1/sandbox/{proxy+}', 'POST /api/v1/webhooks/payments'])
    prod.site.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingBurstLimit: 20, ThrottlingRateLimit: 10 },
    })
  })
})

describe('the table', () => {
  it('is the store’s table definition, with TTL, point-in-time recovery and deletion protection', () => {
    const definition = tableDefinition('rasid-api')
    prod.site.hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: 'rasid-api',
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: definition.KeySchema,
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
      GlobalSecondaryIndexes: definition.GlobalSecondaryIndexes!.map((i) =>
        Match.objectLike({ IndexName: i.IndexName, KeySchema: i.KeySchema, Projection: { ProjectionType: 'ALL' } }),
      ),
    })
    const [, table] = only(prod.site, 'AWS::DynamoDB::Table')
    expect((table as unknown as { DeletionPolicy: string }).DeletionPolicy).toBe('Retain')
  })
})

describe('the distribution', () => {
  it('runs the generated viewer-request function, with the live-build store, and the viewer-response one', () => {
    const functions = resources(prod.site, 'AWS::CloudFront::Function').map(([, r]) => r.Properties!)
    const request = functions.find((f) => f.FunctionCode === viewerRequestSource())
    const response = functions.find((f) => f.FunctionCode === viewerResponseSource())
    expect(request && response).toBeTruthy()
    expect((request!.FunctionConfig as { Runtime: string }).Runtime).toBe('cloudfront-js-2.0')
    expect(JSON.stringify(request!.FunctionConfig)).toMatch(/KeyValueStoreAssociations.*LiveBuild/)
    only(prod.site, 'AWS::CloudFront::KeyValueStore')
  })

  it('has the behaviours of docs/aws.md, the 404 page for a missing key, and the WAF', () => {
    const [, dist] = only(prod.site, 'AWS::CloudFront::Distribution')
    const config = dist.Properties!.DistributionConfig as {
      DefaultCacheBehavior: { FunctionAssociations: { EventType: string }[]; ViewerProtocolPolicy: string }
      CacheBehaviors: { PathPattern: string; ViewerProtocolPolicy: string; FunctionAssociations?: unknown }[]
      CustomErrorResponses: unknown[]
      WebACLId: unknown
      Aliases: string[]
    }
    expect(config.DefaultCacheBehavior.FunctionAssociations.map((f) => f.EventType).sort()).toEqual([
      'viewer-request',
      'viewer-response',
    ])
    expect(config.CacheBehaviors.map((b) => b.PathPattern)).toEqual(['/api/v1/webhooks/*', '/api/*'])
    for (const b of config.CacheBehaviors) expect(b.FunctionAssociations).toBeUndefined()
    expect(config.CacheBehaviors[0]!.ViewerProtocolPolicy).toBe('https-only')
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

  it('is rate-limited on /api/* by a WAF in us-east-1, the webhook left out', () => {
    expect(prod.stacks.waf.region).toBe('us-east-1')
    prod.waf.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      Rules: [
        Match.objectLike({
          Action: { Block: {} },
          Statement: Match.objectLike({ RateBasedStatement: Match.objectLike({ Limit: 100 }) }),
        }),
      ],
    })
    expect(JSON.stringify(prod.waf.toJSON())).toContain('/api/v1/webhooks/')
  })
})

describe('alarms', () => {
  it('exist for the API, the table and the CDN, and each notifies a topic with the operators’ email', () => {
    const names = (t: Template) => resources(t, 'AWS::CloudWatch::Alarm').map(([id]) => id.replace(/[0-9A-F]{8}$/, ''))
    expect(names(prod.site).sort()).toEqual(
      [
        'Api5xx',
        'ApiErrors',
        'ApiThrottles',
        'ForwardFailed',
        'TableErrors',
        'TableThrottled',
        'WebhookRefused',
      ].sort(),
    )
    expect(names(prod.edge)).toEqual(['Cdn5xx'])
    expect(prod.stacks.edge.region).toBe('us-east-1')
    for (const t of [prod.site, prod.edge]) {
      for (const [id, a] of resources(t, 'AWS::CloudWatch::Alarm'))
        expect(JSON.stringify(a.Properties!.AlarmActions), id).toMatch(/Alarms/)
      t.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@rasid.example' })
    }
    for (const pattern of ['{ $.status >= 500 }', '{ $.msg = "forward" && $.level = "error" }'])
      prod.site.hasResourceProperties('AWS::Logs::MetricFilter', { FilterPattern: pattern })
  })
})

describe('the deploy policy', () => {
  it('lets npm run deploy write the bucket and the live-build store, and nothing else', () => {
    const [, policy] = only(prod.site, 'AWS::IAM::ManagedPolicy')
    const actions = (
      policy.Properties!.PolicyDocument as { Statement: { Action: string | string[] }[] }
    ).Statement.flatMap((s) => s.Action)
    expect(actions.sort()).toEqual(
      [
        's3:ListBucket',
        's3:GetObject',
        's3:PutObject',
        's3:DeleteObject',
        'cloudfront-keyvaluestore:DescribeKeyValueStore',
        'cloudfront-keyvaluestore:GetKey',
        'cloudfront-keyvaluestore:PutKey',
      ].sort(),
    )
  })
})

describe('settings', () => {
  it('come from context, and a domain without a certificate or a bad stage is refused', () => {
    expect(() => settingsFrom((n) => ({ domain: 'www.rasid.example' })[n])).toThrow(/certificateArn/)
    expect(() => settingsFrom((n) => ({ stage: 'prod' })[n])).toThrow(/production or staging/)
    expect(() => settingsFrom((n) => ({ leadWebhookUrl: 'http://crm' })[n])).toThrow(/https/)
    expect(settingsFrom(() => undefined).region).toBe('me-south-1')
  })
})
