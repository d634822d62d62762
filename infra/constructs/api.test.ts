// The API (./api.ts): the function, its alias and IAM-only function URL, its secrets by name, its
// role, its schedules and the payment webhook's HTTP API, reached only through CloudFront.
import { Match, type Template } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import { reconcileDefaults } from '../../api/server/checkout/reconcile'
import { configFromEnv } from '../../api/server/config'
import { EDGE_ORIGIN_HEADER, EDGE_ORIGIN_SETTING } from '../../api/server/edgeOrigin'
import { secretIdVariable, secretSettings } from '../../api/server/secrets'
import { tableDefinition } from '../../api/server/store/dynamo'
import { privacyFacts } from '../../api/contract/privacy'
import {
  prod,
  staging,
  synth,
  prodContext,
  FAKE_SECRET,
  resources,
  only,
  idOf,
  idStartingWith,
  logGroupOf,
  apiEnvironment,
  webhookOriginReference,
  type Resource,
} from '../testing'
import { WEBHOOK_RATE } from './waf'

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

  it('names its secrets, never their values: no dynamic reference in any template, the extension reads them', () => {
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
      // ('the webhook, only through CloudFront' below).
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

  it('may read exactly the secrets it names, and no other', () => {
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
      [['kms:Decrypt'], `{"Fn::GetAtt":["${idStartingWith(prod.site, 'AWS::KMS::Key', 'ApiKey')}","Arn"]}`],
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
      PointInTimeRecoverySpecification: {
        PointInTimeRecoveryEnabled: true,
        RecoveryPeriodInDays: privacyFacts.backupDays,
      },
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

  it('may read the sessions due (Query on byForward, their check queues) and write a change as the webhook does', () => {
    const statements = apiStatements(prod.site)
    const query = statements.filter((s) => actions(s).includes('dynamodb:Query'))
    expect(JSON.stringify(query)).toContain('/index/byForward')
    // The index the store reads is the one the table defines, sessions under it (store/dynamo.ts).
    expect(tableDefinition('t').GlobalSecondaryIndexes!.map((i) => i.IndexName)).toContain('byForward')
    // A change is one TransactWriteItems of Puts, with the session read first.
    const onTable = statements.filter((s) => !JSON.stringify(s.Resource).includes('/index/')).flatMap(actions)
    expect(onTable).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem']))
    expect(onTable.join(' ')).not.toMatch(/\*/)
  })
})

// The webhook's HTTP API answers only what CloudFront sends it, and a rate rule of its own covers
// it at the edge.
describe('the webhook, only through CloudFront', () => {
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
