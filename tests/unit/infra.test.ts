// The stacks (infra/stack.ts) synthesized in process, offline, and checked with
// aws-cdk-lib/assertions for what a mistake would cost: a public bucket, an API anyone can call
// past CloudFront, a table without its indexes or backups, a missing alarm or one that wakes no one,
// a release of the API that cannot undo itself, a wildcard in IAM, a secret in the template,
// settings the API would refuse, functions that are not the ones the preview runs. Production's synthesis bundles the Lambda (esbuild, no Docker); the others skip
// bundling (the `aws:cdk:bundling-stacks` context). CDK's CloudFormation validation, which costs
// some 15 s to load, is left to `npm run infra:synth` (npm test's `infra` step, where a finding fails).
import { facts } from '../../site.config'
import { App, type Stack } from 'aws-cdk-lib'
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { reconcileDefaults } from '../../api/server/checkout/reconcile'
import { configFromEnv } from '../../api/server/config'
import { secretIdVariable, secretSettings } from '../../api/server/secrets'
import { tableDefinition } from '../../api/server/store/dynamo'
import { EDGE_ORIGIN_HEADER, EDGE_ORIGIN_SETTING } from '../../api/server/edgeOrigin'
import { rasid, settingsFrom, statusHostLink, WEBHOOK_RATE } from '../../infra/stack'
import { probeConfig, probeMetricNamespace, probeMetrics } from '../../api/status/lambda'
import {
  STATUS_HOST_READABLE_KEYS,
  statusHostRequestSource,
  viewerRequestSource,
  viewerResponseSource,
} from '../../host/rules'

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

const FAKE_SECRET = 'sk_live_this-value-must-never-reach-a-template'
function synth(context: Record<string, string>, { bundle = false } = {}) {
  const app = new App({
    context: bundle ? context : { ...context, 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  })
  const stacks = rasid(
    app,
    settingsFrom((name) => context[name]),
  )
  const template = (stack: Stack) => Template.fromStack(stack)
  return {
    site: template(stacks.site),
    waf: template(stacks.waf),
    edge: template(stacks.edge),
    status: template(stacks.status),
    stacks,
  }
}

let prod: ReturnType<typeof synth>
let staging: ReturnType<typeof synth>
const prodContext = {
  domain: 'www.rasid.example',
  certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/x',
  alarmEmail: 'ops@rasid.example',
  alarmPagerUrl: 'https://pager.rasid.example/hooks/alarms',
  leadWebhookUrl: 'https://crm.example/hooks/rasid',
}
beforeAll(() => {
  // A secret in the environment of whoever synthesizes must not leak into the template either.
  vi.stubEnv('MOYASAR_SECRET_KEY', FAKE_SECRET)
  prod = synth(prodContext, { bundle: true })
  staging = synth({ stage: 'staging' })
})
afterAll(() => {
  vi.unstubAllEnvs()
})

type Resource = { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string }
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
const idOf = (t: Template, type: string) => only(t, type)[0]
/** The logical id of the one resource of `type` whose id starts with `prefix` (CDK appends a hash). */
const idStartingWith = (t: Template, type: string, prefix: string) => {
  const found = resources(t, type).filter(([id]) => id.startsWith(prefix))
  expect(
    found.map(([id]) => id),
    `${type} ${prefix}`,
  ).toHaveLength(1)
  return found[0]![0]
}
const logGroupOf = (t: Template, prefix: string) => idStartingWith(t, 'AWS::Logs::LogGroup', prefix)
const apiEnvironment = (t: Template) => {
  const [, fn] = resources(t, 'AWS::Lambda::Function').find(([id]) => id.startsWith('Api'))!
  return (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables
}

/** The status host's bucket as the site's stack names it (no reference across regions): its ARN, `suffix` appended. */
const statusBucketArn = (suffix = '', stage = 'rasid') => ({
  'Fn::Join': [
    '',
    ['arn:', { Ref: 'AWS::Partition' }, `:s3:::${stage}-status-`, { Ref: 'AWS::AccountId' }, `-eu-central-1${suffix}`],
  ],
})

/** The header CloudFront adds on the webhook's origin, by reference to the secret the stack makes. */
const webhookOriginReference =
  /\{\{resolve:secretsmanager:rasid\/(staging\/)?api\/webhook-origin-secret:SecretString:::\}\}/g

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
    // Only what visitors may read (security review 5, L6): never deploys/ nor status-history/.
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

describe('the API', () => {
  it('has a function URL that requires IAM, on the alias live, reached by CloudFront with OAC', () => {
    expect(resources(prod.site, 'AWS::Lambda::Url').map(([, r]) => r.Properties)).toEqual([
      expect.objectContaining({ AuthType: 'AWS_IAM', Qualifier: 'live' }),
    ])
    prod.site.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({
        OriginAccessControlOriginType: 'lambda',
        SigningBehavior: 'always',
      }),
    })
    // Both permissions a function URL behind OAC needs, each for this distribution only.
    const distribution = `{"Ref":"${idOf(prod.site, 'AWS::CloudFront::Distribution')}"}`
    const fromCloudFront = resources(prod.site, 'AWS::Lambda::Permission')
      .map(([, r]) => r.Properties!)
      .filter((p) => p.Principal === 'cloudfront.amazonaws.com')
    expect(fromCloudFront.map((p) => [p.Action, p.InvokedViaFunctionUrl]).sort()).toEqual([
      ['lambda:InvokeFunction', true],
      ['lambda:InvokeFunctionUrl', undefined],
    ])
    for (const p of fromCloudFront) expect(JSON.stringify(p.SourceArn)).toContain(distribution)
  })

  it('runs the bundled lambda.ts on Node 24, arm64, with a reserved concurrency and an encrypted environment', () => {
    prod.site.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Handler: 'index.handler',
      MemorySize: 512,
      Timeout: 30,
      ReservedConcurrentExecutions: 50,
      KmsKeyArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ApiKey'), 'Arn'] },
      LoggingConfig: Match.objectLike({ LogFormat: 'Text' }),
    })
    expect(apiEnvironment(prod.site).NODE_OPTIONS).toBe('--enable-source-maps')
    prod.site.hasResourceProperties('AWS::KMS::Alias', { AliasName: 'alias/rasid-api' })
    prod.site.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true })
  })

  it('names its secrets, never their values: no dynamic reference in any template, the extension reads them (security review 5, L5)', () => {
    const env = apiEnvironment(prod.site)
    expect(env).toMatchObject({
      PAYMENT_PROVIDER: 'moyasar',
      TRUST_PROXY: 'cloudfront',
      SITE_ORIGIN: 'https://www.rasid.example',
      LEAD_WEBHOOK_URL: 'https://crm.example/hooks/rasid',
      MOYASAR_SECRET_KEY_SECRET_ID: 'rasid/api/moyasar-secret-key',
      MOYASAR_WEBHOOK_TOKEN_SECRET_ID: 'rasid/api/moyasar-webhook-token',
      LEAD_WEBHOOK_SECRET_SECRET_ID: 'rasid/api/lead-webhook-secret',
      PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: '2773',
      DDB_TABLE: { Ref: idOf(prod.site, 'AWS::DynamoDB::Table') },
    })
    expect(env.RASID_ENV).toBeUndefined()
    // No secret's value, nor a reference CloudFormation would resolve into the function's
    // configuration (and so into every version it publishes), anywhere.
    for (const t of [prod.site, prod.waf, prod.edge, staging.site, staging.waf, staging.edge]) {
      // But one, which CloudFront itself must hold: the header it adds on the webhook's origin
      // (security review 5, M1; 'the webhook, only through CloudFront' below).
      const json = JSON.stringify(t.toJSON()).replaceAll(webhookOriginReference, '')
      expect(json).not.toContain(FAKE_SECRET)
      expect(json).not.toContain('{{resolve:secretsmanager')
      expect(json).not.toContain('{{resolve:ssm-secure')
    }
    for (const name of secretSettings) expect(env[name], name).toBeUndefined()
    // Every name the stack gives is one api/server/secrets.ts reads.
    const readable = new Set(secretSettings.map(secretIdVariable))
    for (const variables of [env, apiEnvironment(staging.site)])
      for (const name of Object.keys(variables).filter((n) => n.endsWith('_SECRET_ID')))
        expect(readable.has(name), name).toBe(true)
    // The Parameters and Secrets extension's layer, for the function's architecture.
    const [, fn] = resources(prod.site, 'AWS::Lambda::Function').find(([id]) => id.startsWith('Api'))!
    expect(fn.Properties!.Layers).toEqual([
      expect.stringMatching(
        /^arn:aws:lambda:me-south-1:\d{12}:layer:AWS-Parameters-and-Secrets-Lambda-Extension-Arm64:\d+$/,
      ),
    ])
    const stagingEnv = apiEnvironment(staging.site)
    expect(stagingEnv).toMatchObject({
      RASID_ENV: 'staging',
      PAYMENT_PROVIDER: 'sandbox',
      PAYMENT_WEBHOOK_SECRET_SECRET_ID: 'rasid/staging/api/payment-webhook-secret',
    })
    expect(JSON.stringify(stagingEnv)).not.toMatch(/MOYASAR/)

    // What the function starts with once secrets.ts has read the values: the API's own check
    // (api/server/config.ts) must accept it, as production and as staging.
    const resolved = (variables: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(variables).map(([name, value]) =>
          typeof value !== 'string'
            ? [name, 'rasid-api']
            : !name.endsWith('_SECRET_ID')
              ? [name, value]
              : [
                  name.replace(/_SECRET_ID$/, ''),
                  name === 'MOYASAR_SECRET_KEY_SECRET_ID' ? `sk_live_${'k'.repeat(32)}` : 'w'.repeat(48),
                ],
        ),
      )
    const production = configFromEnv(resolved(env), { runtime: 'lambda' })
    expect(production.environment).toBe('production')
    expect(production.checkout.provider.kind).toBe('moyasar')
    expect(production.webhook?.url).toBe('https://crm.example/hooks/rasid')
    const onStaging = configFromEnv(resolved(stagingEnv), { runtime: 'lambda' })
    expect(onStaging.environment).toBe('staging')
    expect(onStaging.checkout.provider.kind).toBe('sandbox')
  })

  it('may read exactly the secrets it names, and no other (security review 5, L5)', () => {
    const secretArn = (name: string) =>
      JSON.stringify({
        'Fn::Join': [
          '',
          [
            'arn:',
            { Ref: 'AWS::Partition' },
            `:secretsmanager:me-south-1:`,
            { Ref: 'AWS::AccountId' },
            `:secret:${name}-??????`,
          ],
        ],
      })
    const reads = (t: Template) => {
      const [, policy] = resources(t, 'AWS::IAM::Policy').find(([id]) => id.startsWith('ApiRole'))!
      const statements = (policy.Properties!.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] })
        .Statement
      return statements
        .filter((st) => JSON.stringify(st.Action).includes('secretsmanager'))
        .map((st) => ({ action: st.Action, resources: [st.Resource].flat().map((r) => JSON.stringify(r)) }))
    }
    expect(reads(prod.site)).toEqual([
      {
        action: 'secretsmanager:GetSecretValue',
        resources: [
          'rasid/api/moyasar-secret-key',
          'rasid/api/moyasar-webhook-token',
          'rasid/api/lead-webhook-secret',
          'rasid/api/webhook-origin-secret',
        ].map(secretArn),
      },
    ])
    expect(reads(staging.site)).toEqual([
      {
        action: 'secretsmanager:GetSecretValue',
        resources: ['rasid/staging/api/payment-webhook-secret', 'rasid/staging/api/webhook-origin-secret'].map(
          secretArn,
        ),
      },
    ])
  })

  it('publishes a new version, and moves the alias to it, when the secrets revision changes', () => {
    const version = (revision: string) => {
      const { site } = synth({ ...prodContext, secretsRevision: revision })
      const id = idOf(site, 'AWS::Lambda::Version')
      site.hasResourceProperties('AWS::Lambda::Alias', {
        Name: 'live',
        FunctionVersion: { 'Fn::GetAtt': [id, 'Version'] },
      })
      return id
    }
    expect(version('1')).not.toBe(version('2'))
  })

  it('has a role of exactly the statements docs/aws.md lists, and no wildcard on both action and resource anywhere', () => {
    for (const t of [prod.site, prod.waf, prod.edge, prod.status, staging.site]) {
      const json = t.toJSON() as { Resources: Record<string, Resource> }
      for (const [id, r] of Object.entries(json.Resources)) {
        const docs = [
          r.Properties?.PolicyDocument,
          r.Properties?.KeyPolicy,
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
    const table = idOf(prod.site, 'AWS::DynamoDB::Table')
    const [, policy] = resources(prod.site, 'AWS::IAM::Policy').find(([id]) => id.startsWith('ApiRole'))!
    const statements = (
      policy.Properties!.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }
    ).Statement
    const grants = statements.map((s) => [[s.Action].flat().sort(), JSON.stringify(s.Resource)] as const)
    const arn = `{"Fn::GetAtt":["${table}","Arn"]}`
    expect(grants).toEqual([
      [['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'], arn],
      [['dynamodb:DeleteItem'], arn],
      [
        ['dynamodb:Query'],
        JSON.stringify(
          ['byReceived', 'byForward'].map((index) => ({ 'Fn::Join': ['', [JSON.parse(arn), `/index/${index}`]] })),
        ),
      ],
      [['logs:CreateLogStream', 'logs:PutLogEvents'], `{"Fn::GetAtt":["${logGroupOf(prod.site, 'ApiLogs')}","Arn"]}`],
      [['kms:Decrypt'], `{"Fn::GetAtt":["${idOf(prod.site, 'AWS::KMS::Key')}","Arn"]}`],
      [['secretsmanager:GetSecretValue'], expect.stringContaining(':secret:rasid/api/moyasar-secret-key-??????')],
    ])
    // The sweep's deletes reach leads and sessions only, never the records that stop a replay.
    expect(statements.find((st) => st.Action === 'dynamodb:DeleteItem')).toMatchObject({
      Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['CONTACT#*', 'SESSION#*'] } },
    })
    // The role has no managed policy either (no AWSLambdaBasicExecutionRole with its logs:* on *).
    prod.site.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: Match.objectLike({
        Statement: [Match.objectLike({ Principal: { Service: 'lambda.amazonaws.com' } })],
      }),
      ManagedPolicyArns: Match.absent(),
    })
  })

  it('drains the forwarding queue every minute through the alias, and keeps its logs 30 days', () => {
    const alias = idOf(prod.site, 'AWS::Lambda::Alias')
    prod.site.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      Targets: [Match.objectLike({ Arn: { Ref: alias } })],
    })
    prod.site.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 })
    prod.site.hasResourceProperties('AWS::Lambda::Function', {
      LoggingConfig: { LogFormat: 'Text', LogGroup: { Ref: logGroupOf(prod.site, 'ApiLogs') } },
    })
  })

  it('sweeps what is past its retention once a day, through the alias, with the event the handler knows', () => {
    const alias = idOf(prod.site, 'AWS::Lambda::Alias')
    prod.site.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 day)',
      Targets: [Match.objectLike({ Arn: { Ref: alias }, Input: JSON.stringify({ rasid: 'retention-sweep' }) })],
    })
    // The table's TTL deletes what the sweep has not yet, on the attribute the store writes.
    prod.site.hasResourceProperties('AWS::DynamoDB::Table', {
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      // Backups kept as long as the privacy notice says an erased lead may remain in them.
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: facts.backupDays },
    })
  })

  it('routes only the payment webhook through API Gateway in production, and the sandbox too on staging', () => {
    const routes = (t: Template) =>
      resources(t, 'AWS::ApiGatewayV2::Route')
        .map(([, r]) => r.Properties!.RouteKey)
        .sort()
    expect(routes(prod.site)).toEqual(['POST /api/v1/webhooks/payments'])
    expect(routes(staging.site)).toEqual(['ANY /api/v1/sandbox/{proxy+}', 'POST /api/v1/webhooks/payments'])
    prod.site.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingBurstLimit: 200, ThrottlingRateLimit: 100 },
    })
    prod.site.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
      IntegrationUri: { Ref: idOf(prod.site, 'AWS::Lambda::Alias') },
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
      AttributeDefinitions: Match.arrayWith(definition.AttributeDefinitions!),
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
      GlobalSecondaryIndexes: definition.GlobalSecondaryIndexes!.map((i) =>
        Match.objectLike({ IndexName: i.IndexName, KeySchema: i.KeySchema, Projection: i.Projection }),
      ),
    })
    expect(only(prod.site, 'AWS::DynamoDB::Table')[1].DeletionPolicy).toBe('Retain')
  })
})

describe('the distribution', () => {
  it('runs the generated viewer-request function, with the live-build store, and the viewer-response one', () => {
    const functions = resources(prod.site, 'AWS::CloudFront::Function').map(([, r]) => r.Properties!)
    // Its 503 page names the status host, in the catalogs' words (ops review 1, finding 10).
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

  it('is rate-limited on /api/* by a WAF in us-east-1, the webhook by a rule of its own, with the API’s own 429', () => {
    expect(prod.stacks.waf.region).toBe('us-east-1')
    prod.waf.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'api-rate-per-address',
          Action: { Block: { CustomResponse: Match.objectLike({ ResponseCode: 429 }) } },
          Statement: Match.objectLike({ RateBasedStatement: Match.objectLike({ Limit: 100 }) }),
        }),
      ]),
    })
    const [, acl] = only(prod.waf, 'AWS::WAFv2::WebACL')
    const bodies = acl.Properties!.CustomResponseBodies as Record<string, { Content: string }>
    expect(JSON.parse(bodies['rate-limited']!.Content)).toMatchObject({ status: 429, code: 'rate-limited' })
    expect(JSON.stringify(acl.Properties)).toContain('/api/v1/webhooks/payments')
  })
})

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

describe('the probe’s alarms (ops review 1, finding 7)', () => {
  const alarmOf = (t: Template, prefix: string) =>
    resources(t, 'AWS::CloudWatch::Alarm').find(([id]) => id.startsWith(prefix))?.[1].Properties
  /** What CloudWatch makes of the probe's line for `component` (api/status/lambda.ts). */
  const emitted = (component: string) => {
    const [line] = probeMetrics([{ component, ok: false, ms: 12 }], 0)
    const emf = JSON.parse(line!) as {
      _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] }
    } & Record<string, unknown>
    const [directive] = emf._aws.CloudWatchMetrics
    return {
      namespace: directive!.Namespace,
      dimensions: directive!.Dimensions.flat().map((name) => ({ Name: name, Value: emf[name] })),
      metrics: directive!.Metrics.map((m) => m.Name),
      up: emf.Up,
    }
  }

  it('page when a checked component fails two 1-minute runs in a row, on the metric the probe logs', () => {
    const topic = [{ Ref: idOf(prod.site, 'AWS::SNS::Topic') }]
    for (const [prefix, component] of [
      ['StatusSiteDown', 'site'],
      ['StatusApiDown', 'api'],
    ] as const) {
      const made = emitted(component)
      expect(made.metrics).toContain('Up')
      expect(made.up).toBe(0)
      expect(alarmOf(prod.site, prefix), prefix).toMatchObject({
        Namespace: probeMetricNamespace,
        MetricName: 'Up',
        Dimensions: made.dimensions,
        Statistic: 'Minimum',
        Period: 60,
        EvaluationPeriods: 2,
        DatapointsToAlarm: 2,
        Threshold: 1,
        ComparisonOperator: 'LessThanThreshold',
        AlarmActions: topic,
        OKActions: topic,
      })
      expect(made.namespace).toBe('Rasid/Status')
    }
    // The site is checked on every run: its metric missing is the probe not running, an alarm too.
    expect(alarmOf(prod.site, 'StatusSiteDown')).toMatchObject({ TreatMissingData: 'breaching' })
    expect(alarmOf(prod.site, 'StatusSiteDown')!.AlarmDescription).toMatch(/stopped reporting/)
    // The API's silence is the site's alarm already; it is not counted twice.
    expect(alarmOf(prod.site, 'StatusApiDown')).toMatchObject({ TreatMissingData: 'notBreaching' })
    // The probe checks the API on every run (PROBE_API_URL is always set), so its alarm always exists.
    expect(alarmOf(staging.site, 'StatusApiDown')).toBeDefined()
  })

  it('watch the payment page only where the probe checks it (paymentPageUrl: PROBE_PAYMENT_URL)', () => {
    expect(alarmOf(prod.site, 'StatusCheckoutDown')).toBeUndefined()
    const withPayment = synth({ ...prodContext, paymentPageUrl: 'https://checkout.moyasar.com/' })
    expect(alarmOf(withPayment.site, 'StatusCheckoutDown')).toMatchObject({
      Namespace: 'Rasid/Status',
      MetricName: 'Up',
      Dimensions: emitted('checkout').dimensions,
      EvaluationPeriods: 2,
      DatapointsToAlarm: 2,
      ComparisonOperator: 'LessThanThreshold',
      TreatMissingData: 'notBreaching',
      AlarmActions: [{ Ref: idOf(withPayment.site, 'AWS::SNS::Topic') }],
      OKActions: [{ Ref: idOf(withPayment.site, 'AWS::SNS::Topic') }],
    })
  })

  it('keep the alarm on the probe itself failing', () => {
    expect(alarmOf(prod.site, 'StatusProbeErrors')).toMatchObject({ MetricName: 'Errors', Threshold: 3 })
  })
})

describe('the status host (ops review 1, finding 10)', () => {
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
    // Every build's files are versioned too: their old versions go after 30 days.
    expect(props.LifecycleConfiguration).toEqual({
      Rules: [{ NoncurrentVersionExpiration: { NoncurrentDays: 30 }, Status: 'Enabled' }],
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

describe('alarms', () => {
  it('exist for the API, the table and the CDN, and each tells its stack’s topic when it fires and when it clears', () => {
    const names = (t: Template) => resources(t, 'AWS::CloudWatch::Alarm').map(([id]) => id.replace(/[0-9A-F]{8}$/, ''))
    expect(names(prod.site).sort()).toEqual(
      [
        'Api5xx',
        'ApiErrors',
        'ApiReleaseErrors',
        'ApiThrottles',
        'ForwardFailed',
        'TableErrors',
        'TableThrottled',
        'WebhookRefused',
        'StatusProbeErrors',
        'StatusSiteDown',
        'StatusApiDown',
        'StatusReplicationFailed',
      ].sort(),
    )
    expect(names(prod.edge)).toEqual(['Cdn5xx'])
    expect(prod.stacks.edge.region).toBe('us-east-1')
    prod.edge.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/CloudFront',
      MetricName: '5xxErrorRate',
      Dimensions: Match.arrayWith([{ Name: 'Region', Value: 'Global' }]),
    })
    for (const t of [prod.site, prod.edge, staging.site, staging.edge]) {
      const topic = idOf(t, 'AWS::SNS::Topic')
      const alarms = resources(t, 'AWS::CloudWatch::Alarm')
      expect(alarms.length).toBeGreaterThan(0)
      for (const [id, a] of alarms) {
        expect(a.Properties!.AlarmActions, id).toEqual([{ Ref: topic }])
        expect(a.Properties!.OKActions, id).toEqual([{ Ref: topic }])
      }
    }
    for (const pattern of [
      '{ $.status >= 500 }',
      '{ $.msg = "forward" && $.level = "error" }',
      '{ $.path = "/api/v1/webhooks/payments" && $.status >= 400 }',
    ])
      prod.site.hasResourceProperties('AWS::Logs::MetricFilter', {
        FilterPattern: pattern,
        LogGroupName: { Ref: logGroupOf(prod.site, 'ApiLogs') },
      })
    for (const metric of ['ThrottledRequests', 'SystemErrors'])
      expect(JSON.stringify(prod.site.findResources('AWS::CloudWatch::Alarm'))).toContain(`"MetricName":"${metric}"`)
  })
})

describe('alarm destinations', () => {
  it('subscribe the operators’ email and the pager’s HTTPS endpoint to both stacks’ topics', () => {
    for (const t of [prod.site, prod.edge]) {
      const topic = { Ref: idOf(t, 'AWS::SNS::Topic') }
      t.hasResourceProperties('AWS::SNS::Subscription', {
        Protocol: 'email',
        Endpoint: 'ops@rasid.example',
        TopicArn: topic,
      })
      t.hasResourceProperties('AWS::SNS::Subscription', {
        Protocol: 'https',
        Endpoint: 'https://pager.rasid.example/hooks/alarms',
        TopicArn: topic,
      })
      t.resourceCountIs('AWS::SNS::Subscription', 2)
    }
    // Either one alone is enough.
    const { alarmEmail: _, ...pagerOnly } = prodContext
    const paged = synth(pagerOnly)
    for (const t of [paged.site, paged.edge]) {
      t.resourceCountIs('AWS::SNS::Subscription', 1)
      t.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'https' })
    }
    const { alarmPagerUrl: __, ...emailOnly } = prodContext
    synth(emailOnly).edge.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email' })
  })

  it('are required for production, which refuses to synthesize with neither and names both settings', () => {
    const { alarmEmail: _, alarmPagerUrl: __, ...none } = prodContext
    expect(() => synth(none)).toThrow(/alarmEmail.*alarmPagerUrl/)
    expect(() =>
      rasid(
        new App(),
        settingsFrom(() => undefined),
      ),
    ).toThrow(
      /production synthesis needs an alarm destination: set alarmEmail \(RASID_ALARM_EMAIL\) or alarmPagerUrl \(RASID_ALARM_PAGER_URL\)/,
    )
    // Staging may go without: it synthesizes, and warns on each topic.
    for (const stack of [staging.stacks.site, staging.stacks.edge]) {
      Annotations.fromStack(stack).hasWarning(`/${stack.stackName}/Alarms`, Match.stringLikeRegexp('no subscriber'))
      Template.fromStack(stack).resourceCountIs('AWS::SNS::Subscription', 0)
    }
    for (const stack of [prod.stacks.site, prod.stacks.edge])
      Annotations.fromStack(stack).hasNoWarning('*', Match.stringLikeRegexp('no subscriber'))
    // A pager is called over HTTPS only.
    expect(() => settingsFrom((n) => ({ alarmPagerUrl: 'http://pager.example/x' })[n])).toThrow(
      /alarmPagerUrl must be an https/,
    )
    expect(() => settingsFrom((n) => ({ alarmEmail: 'ops' })[n])).toThrow(/alarmEmail must be an email/)
  })
})

describe('the dashboard', () => {
  type Widget = { type: string; properties: { title?: string; region?: string; metrics?: unknown[][] } }
  /** The dashboard's name, and its widgets as CloudWatch reads them, a reference `{ Ref: id }` as `<id>`. */
  const dashboardOf = (t: Template) => {
    const [, dashboard] = only(t, 'AWS::CloudWatch::Dashboard')
    const join = (dashboard.Properties!.DashboardBody as { 'Fn::Join': [string, (string | { Ref: string })[]] })[
      'Fn::Join'
    ]
    const body = join[1].map((part) => (typeof part === 'string' ? part : `<${part.Ref}>`)).join(join[0])
    return { name: dashboard.Properties!.DashboardName, widgets: (JSON.parse(body) as { widgets: Widget[] }).widgets }
  }
  /** Every metric line of the graphs: [namespace, name, ...dimensions, options]. */
  const metricsOf = (t: Template) =>
    dashboardOf(t).widgets.flatMap((w) =>
      (w.properties.metrics ?? []).map((line) => ({ title: w.properties.title!, line, options: line.at(-1) })),
    )

  it('is one per stage, named after it', () => {
    expect(dashboardOf(prod.site).name).toBe('rasid')
    expect(dashboardOf(staging.site).name).toBe('rasid-staging')
    expect(Object.keys(prod.site.findOutputs('DashboardName'))).toHaveLength(1)
  })

  it('shows the API function, the distribution (from us-east-1), the table, the schedules and the probe', () => {
    const metrics = metricsOf(prod.site)
    const has = (...line: string[]) =>
      expect(
        metrics.some((m) => line.every((part, i) => m.line[i] === part)),
        line.join(' '),
      ).toBe(true)
    const api = `<${resources(prod.site, 'AWS::Lambda::Function').find(([id]) => id.startsWith('Api'))![0]}>`
    const probe = `<${idStartingWith(prod.site, 'AWS::Lambda::Function', 'StatusProbe')}>`
    const distribution = `<${idOf(prod.site, 'AWS::CloudFront::Distribution')}>`
    const table = `<${idOf(prod.site, 'AWS::DynamoDB::Table')}>`
    const rule = (prefix: string) => `<${idStartingWith(prod.site, 'AWS::Events::Rule', prefix)}>`
    // The API: invocations, errors, throttles, duration p50 and p99, its 5xx answers, its concurrency.
    for (const name of ['Invocations', 'Errors', 'Throttles', 'Duration', 'ConcurrentExecutions'])
      has('AWS/Lambda', name, 'FunctionName', api)
    const durations = metrics.filter((m) => m.line[1] === 'Duration').map((m) => (m.options as { stat: string }).stat)
    expect(durations).toEqual(['p50', 'p99'])
    has('Rasid/Api', 'Api5xx')
    // The edge: CloudFront's metrics, of us-east-1 (region 'Global'), shown from the Site stack's region.
    for (const name of ['Requests', '5xxErrorRate', '4xxErrorRate']) {
      has('AWS/CloudFront', name, 'DistributionId', distribution, 'Region', 'Global')
      const edge = metrics.find((m) => m.line[1] === name)!
      expect(edge.options, name).toMatchObject({ region: 'us-east-1' })
    }
    // The table.
    for (const name of ['ConsumedReadCapacityUnits', 'ConsumedWriteCapacityUnits'])
      has('AWS/DynamoDB', name, 'TableName', table)
    for (const name of ['ThrottledRequests', 'SystemErrors']) has('AWS/DynamoDB', name, 'Operation', 'PutItem')
    // The schedules: each rule's invocations of the alias live, and the probe's.
    for (const name of ['Invocations', 'FailedInvocations'])
      for (const prefix of ['Forward', 'RetentionSweep']) has('AWS/Events', name, 'RuleName', rule(prefix))
    for (const name of ['Invocations', 'Errors']) has('AWS/Lambda', name, 'FunctionName', probe)
  })
})

describe('the cost budget', () => {
  it('is a monthly cost budget in us-east-1 that writes to the topic and the email at 80 % spent and 100 % forecast', () => {
    const topic = { Ref: idOf(prod.edge, 'AWS::SNS::Topic') }
    const subscribers = [
      { SubscriptionType: 'SNS', Address: topic },
      { SubscriptionType: 'EMAIL', Address: 'ops@rasid.example' },
    ]
    prod.edge.resourceCountIs('AWS::Budgets::Budget', 1)
    prod.site.resourceCountIs('AWS::Budgets::Budget', 0)
    prod.edge.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: {
        BudgetName: 'rasid-monthly-cost',
        BudgetType: 'COST',
        TimeUnit: 'MONTHLY',
        BudgetLimit: { Amount: 100, Unit: 'USD' },
      },
      NotificationsWithSubscribers: [
        {
          Notification: {
            NotificationType: 'ACTUAL',
            ComparisonOperator: 'GREATER_THAN',
            Threshold: 80,
            ThresholdType: 'PERCENTAGE',
          },
          Subscribers: subscribers,
        },
        {
          Notification: {
            NotificationType: 'FORECASTED',
            ComparisonOperator: 'GREATER_THAN',
            Threshold: 100,
            ThresholdType: 'PERCENTAGE',
          },
          Subscribers: subscribers,
        },
      ],
    })
    staging.edge.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: Match.objectLike({ BudgetName: 'rasid-staging-monthly-cost' }),
    })
    // The amount is a setting; without an email, the topic alone.
    const { alarmEmail: _, ...pagerOnly } = prodContext
    synth({ ...pagerOnly, monthlyBudgetUsd: '250' }).edge.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: Match.objectLike({ BudgetLimit: { Amount: 250, Unit: 'USD' } }),
      NotificationsWithSubscribers: Match.arrayWith([
        Match.objectLike({ Subscribers: [{ SubscriptionType: 'SNS', Address: Match.anyValue() }] }),
      ]),
    })
    expect(() => settingsFrom((n) => ({ monthlyBudgetUsd: 'lots' })[n])).toThrow(/monthlyBudgetUsd must be a whole/)
  })

  it('may publish to the topic, as CloudWatch may, for this account only', () => {
    const topic = { Ref: idOf(prod.edge, 'AWS::SNS::Topic') }
    const [, policy] = only(prod.edge, 'AWS::SNS::TopicPolicy')
    expect(policy.Properties!.Topics).toEqual([topic])
    const statements = (policy.Properties!.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement
    expect(statements.map((s) => (s.Principal as { Service: string }).Service).sort()).toEqual([
      'budgets.amazonaws.com',
      'cloudwatch.amazonaws.com',
    ])
    for (const s of statements)
      expect(s).toMatchObject({
        Effect: 'Allow',
        Action: 'sns:Publish',
        Resource: topic,
        Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
      })
  })
})

describe('the API’s release', () => {
  const group = (t: Template) => only(t, 'AWS::CodeDeploy::DeploymentGroup')

  it('shifts production’s traffic by CodeDeploy’s canary, rolled back by its error alarms, a failure or a stop', () => {
    const [groupId, { Properties: props }] = group(prod.site)
    const alarm = (prefix: string) => idStartingWith(prod.site, 'AWS::CloudWatch::Alarm', prefix)
    expect(props).toMatchObject({
      DeploymentConfigName: 'CodeDeployDefault.LambdaCanary10Percent5Minutes',
      DeploymentStyle: { DeploymentType: 'BLUE_GREEN', DeploymentOption: 'WITH_TRAFFIC_CONTROL' },
      AlarmConfiguration: {
        Enabled: true,
        Alarms: [{ Name: { Ref: alarm('ApiReleaseErrors') } }, { Name: { Ref: alarm('Api5xx') } }],
      },
      AutoRollbackConfiguration: {
        Enabled: true,
        Events: expect.arrayContaining([
          'DEPLOYMENT_FAILURE',
          'DEPLOYMENT_STOP_ON_ALARM',
          'DEPLOYMENT_STOP_ON_REQUEST',
        ]),
      },
    })
    prod.site.resourceCountIs('AWS::CodeDeploy::Application', 1)
    prod.site.hasResourceProperties('AWS::CodeDeploy::Application', { ComputePlatform: 'Lambda' })
    // The alias hands its version change to CodeDeploy.
    const application = idOf(prod.site, 'AWS::CodeDeploy::Application')
    prod.site.hasResource('AWS::Lambda::Alias', {
      Properties: Match.objectLike({ Name: 'live' }),
      UpdatePolicy: {
        CodeDeployLambdaAliasUpdate: { ApplicationName: { Ref: application }, DeploymentGroupName: { Ref: groupId } },
      },
    })
    expect(Object.keys(prod.site.findOutputs('ApiReleaseGroup'))).toHaveLength(1)
  })

  it('watches the errors of the version being released, through the alias, before the shift starts', () => {
    const version = idOf(prod.site, 'AWS::Lambda::Version')
    const api = resources(prod.site, 'AWS::Lambda::Function').find(([id]) => id.startsWith('Api'))![0]
    const alarm = idStartingWith(prod.site, 'AWS::CloudWatch::Alarm', 'ApiReleaseErrors')
    expect((prod.site.toJSON().Resources as Record<string, Resource>)[alarm]!.Properties).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'Errors',
      Dimensions: [
        { Name: 'ExecutedVersion', Value: { 'Fn::GetAtt': [version, 'Version'] } },
        { Name: 'FunctionName', Value: { Ref: api } },
        { Name: 'Resource', Value: { 'Fn::Join': ['', [{ Ref: api }, ':live']] } },
      ],
      Period: 60,
      Threshold: 1,
    })
    const [, alias] = only(prod.site, 'AWS::Lambda::Alias')
    expect((alias as Resource & { DependsOn?: string[] }).DependsOn).toContain(alarm)
  })

  it('goes all at once on staging, and on production when asked (a fix while the live version fails)', () => {
    for (const t of [staging.site, synth({ ...prodContext, apiRelease: 'all-at-once' }).site]) {
      const [, { Properties: props }] = group(t)
      expect(props).toMatchObject({
        DeploymentConfigName: 'CodeDeployDefault.LambdaAllAtOnce',
        AlarmConfiguration: { Enabled: false },
        AutoRollbackConfiguration: { Enabled: true, Events: ['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_REQUEST'] },
      })
    }
    expect(() => settingsFrom((n) => ({ apiRelease: 'linear' })[n])).toThrow(/apiRelease must be canary or all-at-once/)
  })
})

describe('the deploy policy', () => {
  it('lets npm run deploy write the bucket, the live-build store and the status host’s pages, and nothing else', () => {
    const [, policy] = only(prod.site, 'AWS::IAM::ManagedPolicy')
    const statements = (
      policy.Properties!.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }
    ).Statement
    const bucket = idOf(prod.site, 'AWS::S3::Bucket')
    const store = idOf(prod.site, 'AWS::CloudFront::KeyValueStore')
    expect(statements.map((s) => [[s.Action].flat().sort(), JSON.stringify(s.Resource)])).toEqual([
      [['s3:ListBucket'], `{"Fn::GetAtt":["${bucket}","Arn"]}`],
      [
        ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
        `{"Fn::Join":["",[{"Fn::GetAtt":["${bucket}","Arn"]},"/*"]]}`,
      ],
      [
        [
          'cloudfront-keyvaluestore:DescribeKeyValueStore',
          'cloudfront-keyvaluestore:GetKey',
          'cloudfront-keyvaluestore:PutKey',
        ],
        `{"Fn::GetAtt":["${store}","Arn"]}`,
      ],
      [['s3:ListBucket'], JSON.stringify(statusBucketArn())],
      [
        ['s3:PutObject'],
        // Never its status/: replication alone writes there.
        JSON.stringify(
          STATUS_HOST_READABLE_KEYS.filter((k) => !k.startsWith('status/')).map((k) => statusBucketArn(`/${k}`)),
        ),
      ],
    ])
    const outputs = Object.keys(prod.site.toJSON().Outputs as object).sort()
    expect(outputs).toEqual(
      [
        'AlarmTopicArn',
        'ApiFunction',
        'ApiReleaseApplication',
        'ApiReleaseGroup',
        'DashboardName',
        'DeployPolicyArn',
        'DistributionDomain',
        'DistributionId',
        'LiveBuildStoreArn',
        'SiteBucketName',
        'StatusProbeFunctionName',
        'TableName',
      ].sort(),
    )
  })
})

describe('settings', () => {
  it('come from context; a domain without a certificate, a bad stage or retention is refused', () => {
    expect(() => settingsFrom((n) => ({ domain: 'www.rasid.example' })[n])).toThrow(/certificateArn/)
    expect(() => settingsFrom((n) => ({ stage: 'prod' })[n])).toThrow(/production or staging/)
    expect(() => settingsFrom((n) => ({ leadWebhookUrl: 'http://crm' })[n])).toThrow(/https/)
    expect(() => settingsFrom((n) => ({ logRetentionDays: '45' })[n])).toThrow(/one of 1, 3, 5/)
    expect(settingsFrom(() => undefined).region).toBe('me-south-1')
  })

  it('give staging stacks and resources of its own, so that it never updates production’s', () => {
    expect(Object.values(prod.stacks).map((s) => s.stackName)).toEqual([
      'RasidWaf',
      'RasidSite',
      'RasidEdgeAlarms',
      'RasidStatus',
    ])
    expect(Object.values(staging.stacks).map((s) => s.stackName)).toEqual([
      'RasidStagingWaf',
      'RasidStagingSite',
      'RasidStagingEdgeAlarms',
      'RasidStagingStatus',
    ])
    expect(staging.status.toJSON().Resources).toMatchObject({
      [idOf(staging.status, 'AWS::S3::Bucket')]: {
        Properties: {
          BucketName: { 'Fn::Join': ['', ['rasid-staging-status-', { Ref: 'AWS::AccountId' }, '-eu-central-1']] },
        },
      },
    })
    staging.site.hasResourceProperties('AWS::DynamoDB::Table', { TableName: 'rasid-api-staging' })
    staging.site.hasResourceProperties('AWS::KMS::Alias', { AliasName: 'alias/rasid-api-staging' })
  })
})

describe('the payment reconciliation', () => {
  type Statement = { Action: string | string[]; Resource: unknown }
  const apiStatements = (t: Template) =>
    resources(t, 'AWS::IAM::Policy')
      .filter(([id]) => id.startsWith('ApiRole'))
      .flatMap(([, r]) => (r.Properties!.PolicyDocument as { Statement: Statement[] }).Statement)
  const actions = (s: Statement) => [s.Action].flat()

  it.each([
    ['production', () => prod],
    ['staging', () => staging],
  ])('asks the provider every few minutes through the alias, with the event the handler knows (%s)', (_, made) => {
    const t = made().site
    const rules = resources(t, 'AWS::Events::Rule').filter(([, r]) =>
      (r.Properties!.Targets as { Input?: string }[]).some((target) => target.Input?.includes('reconcile-payments')),
    )
    expect(rules.map(([id]) => id)).toHaveLength(1)
    const [ruleId, rule] = rules[0]!
    // The period the Node server's timer keeps too (api/server/checkout/reconcile.ts).
    expect(rule.Properties!.ScheduleExpression).toBe(`rate(${reconcileDefaults.everyMs / 60_000} minutes)`)
    expect(rule.Properties!.Targets).toEqual([
      expect.objectContaining({
        Arn: { Ref: idOf(t, 'AWS::Lambda::Alias') },
        Input: JSON.stringify({ rasid: 'reconcile-payments' }),
      }),
    ])
    // EventBridge may invoke the alias for this rule.
    t.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'events.amazonaws.com',
      FunctionName: { Ref: idOf(t, 'AWS::Lambda::Alias') },
      SourceArn: { 'Fn::GetAtt': [ruleId, 'Arn'] },
    })
  })

  it('may read the sessions by creation (Query on byReceived) and write a change as the webhook does', () => {
    const statements = apiStatements(prod.site)
    const query = statements.filter((s) => actions(s).includes('dynamodb:Query'))
    expect(JSON.stringify(query)).toContain('/index/byReceived')
    // The index the store reads is the one the table defines, sessions under it (store/dynamo.ts).
    expect(tableDefinition('t').GlobalSecondaryIndexes!.map((i) => i.IndexName)).toContain('byReceived')
    // A change is one TransactWriteItems of Puts, with the session read first.
    const onTable = statements.filter((s) => !JSON.stringify(s.Resource).includes('/index/')).flatMap(actions)
    expect(onTable).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem']))
    expect(onTable.join(' ')).not.toMatch(/\*/)
  })
})

// Security review 5, M1: the webhook's HTTP API answers only what CloudFront sends it, and a rate
// rule of its own covers it at the edge.
describe('the webhook, only through CloudFront (review 5, M1)', () => {
  type Origin = { Id: string; DomainName: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: string }[] }
  const originsOf = (t: Template) => {
    const [, dist] = only(t, 'AWS::CloudFront::Distribution')
    const config = dist.Properties!.DistributionConfig as {
      Origins: Origin[]
      CacheBehaviors: { PathPattern: string; TargetOriginId: string }[]
    }
    return { origins: config.Origins, behaviours: config.CacheBehaviors }
  }

  it('has CloudFront add a secret header on the webhook’s origin, by reference to a secret the stack makes', () => {
    for (const [t, prefix] of [
      [prod.site, 'rasid/api/'],
      [staging.site, 'rasid/staging/api/'],
    ] as const) {
      const { origins, behaviours } = originsOf(t)
      const webhook = behaviours.find((b) => b.PathPattern === '/api/v1/webhooks/*')!
      const origin = origins.find((o) => o.Id === webhook.TargetOriginId)!
      expect(JSON.stringify(origin.DomainName)).toContain('execute-api')
      const name = `${prefix}webhook-origin-secret`
      expect(origin.OriginCustomHeaders).toEqual([
        { HeaderName: EDGE_ORIGIN_HEADER, HeaderValue: `{{resolve:secretsmanager:${name}:SecretString:::}}` },
      ])
      // No other origin gets it: the function URL's requests are proven by IAM (OAC).
      expect(origins.filter((o) => o.OriginCustomHeaders)).toHaveLength(1)
      // Made by the stack, random, and before the distribution and the function that read it.
      const [secretId, secret] = only(t, 'AWS::SecretsManager::Secret')
      expect(secret.Properties).toMatchObject({
        Name: name,
        GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true },
      })
      const resourcesOf = t.toJSON().Resources as Record<string, { DependsOn?: string[] }>
      expect(resourcesOf[idOf(t, 'AWS::CloudFront::Distribution')]!.DependsOn).toContain(secretId)
      expect(resourcesOf[idStartingWith(t, 'AWS::Lambda::Function', 'Api')]!.DependsOn).toContain(secretId)
      // The function reads it by name, never as a value in its environment.
      expect(apiEnvironment(t)[`${EDGE_ORIGIN_SETTING}_SECRET_ID`]).toBe(name)
      expect(apiEnvironment(t)[EDGE_ORIGIN_SETTING]).toBeUndefined()
    }
  })

  it('gives the webhook a WAF rule of its own, per address, exactly its path, and a stage throttle above it', () => {
    const [, acl] = only(prod.waf, 'AWS::WAFv2::WebACL')
    type Rule = { Name: string; Priority: number; Statement: { RateBasedStatement: Record<string, unknown> } }
    const rules = acl.Properties!.Rules as Rule[]
    const webhook = rules.find((r) => r.Name === 'webhook-rate-per-address')!
    expect(webhook.Statement.RateBasedStatement).toEqual({
      Limit: WEBHOOK_RATE.limit,
      EvaluationWindowSec: WEBHOOK_RATE.windowSec,
      AggregateKeyType: 'IP',
      ScopeDownStatement: {
        ByteMatchStatement: {
          FieldToMatch: { UriPath: {} },
          PositionalConstraint: 'EXACTLY',
          SearchString: '/api/v1/webhooks/payments',
          TextTransformations: [
            { Priority: 0, Type: 'URL_DECODE' },
            { Priority: 1, Type: 'NORMALIZE_PATH' },
          ],
        },
      },
    })
    // Well above a provider's deliveries (a few a second at most), and the stage, which counts every
    // caller together, above the rule's per-address rate.
    const perSecond = WEBHOOK_RATE.limit / WEBHOOK_RATE.windowSec
    expect(perSecond).toBeGreaterThanOrEqual(5)
    const [, stage] = only(prod.site, 'AWS::ApiGatewayV2::Stage')
    const throttle = stage.Properties!.DefaultRouteSettings as {
      ThrottlingRateLimit: number
      ThrottlingBurstLimit: number
    }
    expect(throttle.ThrottlingRateLimit).toBeGreaterThanOrEqual(10 * perSecond)
    expect(throttle.ThrottlingBurstLimit).toBeGreaterThanOrEqual(throttle.ThrottlingRateLimit)
    // Both stages: a staging flood must not starve staging's deliveries either.
    expect(JSON.stringify(staging.waf.toJSON())).toContain('webhook-rate-per-address')
  })
})

// Security review 5, L4: the firewall matches the path as the API routes it, counts the webhook
// apart by its exact path, and IPv6 is off at the edge, since WAF cannot count a /64 as one client.
describe('the WAF’s matches and IPv6 (review 5, L4)', () => {
  type Statement = Record<string, unknown>
  /** Every byte-match statement of the WebACL, however deep. */
  const byteMatches = (node: unknown): Statement[] => {
    if (Array.isArray(node)) return node.flatMap(byteMatches)
    if (!node || typeof node !== 'object') return []
    const own = (node as Statement).ByteMatchStatement
    return [...(own ? [own as Statement] : []), ...Object.values(node).flatMap(byteMatches)]
  }

  it('decodes and normalises the path before every byte match, and never matches the webhook by a prefix', () => {
    const [, acl] = only(prod.waf, 'AWS::WAFv2::WebACL')
    const matches = byteMatches(acl.Properties!.Rules)
    expect(matches.length).toBeGreaterThanOrEqual(3)
    for (const m of matches) {
      expect(m.FieldToMatch).toEqual({ UriPath: {} })
      expect(m.TextTransformations).toEqual([
        { Priority: 0, Type: 'URL_DECODE' },
        { Priority: 1, Type: 'NORMALIZE_PATH' },
      ])
      if (String(m.SearchString).startsWith('/api/v1/webhooks'))
        expect(m, 'the webhook by its exact path').toMatchObject({
          PositionalConstraint: 'EXACTLY',
          SearchString: '/api/v1/webhooks/payments',
        })
    }
    // The API's rule counts all of /api/ but exactly the webhook's path, which has its own.
    const api = (acl.Properties!.Rules as { Name: string; Statement: unknown }[]).find(
      (r) => r.Name === 'api-rate-per-address',
    )!
    const scope = (api.Statement as { RateBasedStatement: { ScopeDownStatement: unknown } }).RateBasedStatement
      .ScopeDownStatement as { AndStatement: { Statements: Statement[] } }
    expect(byteMatches(scope.AndStatement.Statements[0])[0]).toMatchObject({
      PositionalConstraint: 'STARTS_WITH',
      SearchString: '/api/',
    })
    expect(scope.AndStatement.Statements[1]).toMatchObject({
      NotStatement: { Statement: { ByteMatchStatement: { PositionalConstraint: 'EXACTLY' } } },
    })
  })

  it('serves over IPv4 only: WAF counts each IPv6 address, and one host holds a /64 of them', () => {
    for (const t of [prod.site, staging.site]) {
      const [, dist] = only(t, 'AWS::CloudFront::Distribution')
      expect((dist.Properties!.DistributionConfig as { IPV6Enabled: boolean }).IPV6Enabled).toBe(false)
    }
  })
})
