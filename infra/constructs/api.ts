// The API (docs/aws.md, "The API"): the Lambda function bundled from api/server/lambda.ts, its key,
// logs and role, its alias `live` with the IAM-only function URL, the secrets it reads by name, the
// schedules that invoke it through the alias (the forwarding, the retention sweep, the payment
// reconciliation), and the payment webhook's HTTP API with the secret CloudFront proves itself with.
import { join } from 'node:path'
import { ArnFormat, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib'
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway'
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2'
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations'
import * as events from 'aws-cdk-lib/aws-events'
import * as targets from 'aws-cdk-lib/aws-events-targets'
import * as iam from 'aws-cdk-lib/aws-iam'
import * as kms from 'aws-cdk-lib/aws-kms'
import * as lambda from 'aws-cdk-lib/aws-lambda'
import * as logs from 'aws-cdk-lib/aws-logs'
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager'
import type { Construct } from 'constructs'
import { faces, signFaces } from '../../api/contract/faces'
import { EDGE_ORIGIN_SETTING } from '../../api/server/edgeOrigin'
import { bundledCode, bundledFunction, projectRoot as root } from '../bundle'
import { namesOf, type Settings } from '../settings'
import type { ApiTable } from './table'

/**
 * The webhook stage's access log line: the request's id, route, the stage's status (a number, for
 * the metric filter), the function's status (`-` when the stage answered alone) and the stage's
 * error. Nothing that names a caller.
 */
export const WEBHOOK_ACCESS_LOG =
  '{"requestId":"$context.requestId","time":"$context.requestTime","routeKey":"$context.routeKey","status":$context.status,"integrationStatus":"$context.integrationStatus","error":"$context.error.message","ms":$context.responseLatency}'

export class Api {
  readonly fn: lambda.Function
  readonly logGroup: logs.LogGroup
  /** The version CloudFront, the webhook and the schedules invoke; CodeDeploy moves it (./release.ts). */
  readonly alias: lambda.Alias
  readonly url: lambda.FunctionUrl
  /** The forwarding schedule and the retention sweep, which the dashboard shows. */
  readonly forward: events.Rule
  readonly sweep: events.Rule
  readonly webhooks: apigw.HttpApi
  /** The webhook stage's access log: one JSON line per answer (WEBHOOK_ACCESS_LOG). */
  readonly webhookLogs: logs.LogGroup
  /** The random value CloudFront adds as a header on the webhook's origin (api/server/edgeOrigin.ts). */
  readonly originSecret: secretsmanager.Secret
  /** A reference CloudFormation resolves in the distribution alone; the template never holds the value. */
  readonly originSecretValue: string

  constructor(scope: Construct, { settings, data }: { settings: Settings; data: ApiTable }) {
    const production = settings.stage === 'production'
    const { table } = data
    const key = new kms.Key(scope, 'ApiKey', {
      alias: namesOf(settings.stage).keyAlias,
      enableKeyRotation: true,
      description: "Encrypts the Rasid API function's environment (its secrets)",
      removalPolicy: RemovalPolicy.RETAIN,
    })
    const logGroup = new logs.LogGroup(scope, 'ApiLogs', {
      retention: settings.logRetentionDays,
      removalPolicy: RemovalPolicy.RETAIN,
    })
    // The secrets stay in Secrets Manager: the environment holds only their names,
    // `<SETTING>_SECRET_ID` (api/server/secrets.ts), and the function reads the values at each
    // cold start through the Parameters and Secrets extension (its layer, below), with the role's
    // GetSecretValue on exactly those secrets. Neither the template nor the function's configuration
    // nor any published version holds a value.
    const secretIds: Record<string, string> = production
      ? {
          MOYASAR_SECRET_KEY_SECRET_ID: settings.secretNames.moyasarSecretKey,
          MOYASAR_WEBHOOK_TOKEN_SECRET_ID: settings.secretNames.moyasarWebhookToken,
        }
      : { PAYMENT_WEBHOOK_SECRET_SECRET_ID: settings.secretNames.paymentWebhookSecret }
    if (settings.leadWebhookUrl) secretIds.LEAD_WEBHOOK_SECRET_SECRET_ID = settings.secretNames.leadWebhookSecret
    // The webhook origin's header value, which this unit makes below (api/server/edgeOrigin.ts).
    secretIds[`${EDGE_ORIGIN_SETTING}_SECRET_ID`] = settings.secretNames.webhookOriginSecret
    // docs/aws.md, "Environment of the function"; the names are api/server/config.ts's.
    const environment: Record<string, string> = {
      NODE_OPTIONS: '--enable-source-maps',
      DDB_TABLE: table.tableName,
      TRUST_PROXY: 'cloudfront',
      SITE_ORIGIN: settings.siteOrigin,
      ...(production ? { PAYMENT_PROVIDER: 'moyasar' } : { RASID_ENV: 'staging', PAYMENT_PROVIDER: 'sandbox' }),
      ...(settings.leadWebhookUrl ? { LEAD_WEBHOOK_URL: settings.leadWebhookUrl } : {}),
      ...secretIds,
    }
    const role = new iam.Role(scope, 'ApiRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'The Rasid API function: its table, its logs, its key; nothing else (docs/aws.md, IAM)',
    })
    // Built as the probe is (../bundle.ts): esbuild's API from node_modules, never Docker; a warning
    // stops the synthesis.
    const fn = new lambda.Function(scope, 'Api', {
      ...bundledFunction,
      // Part of what the version is made from: a new secrets revision publishes a new one, whose
      // instances all read the secrets afresh.
      description: `The Rasid API (api/server/lambda.ts); secrets revision ${settings.secretsRevision}`,
      // With the faces the sandbox's payment page serves itself (api/server/checkout/fonts.ts), the riyal sign's too.
      code: bundledCode(join(root, 'api/server/lambda.ts'), {
        root,
        packageFiles: [...faces, ...signFaces].map((face) => face.file),
      }),
      memorySize: 512,
      timeout: Duration.seconds(30),
      reservedConcurrentExecutions: settings.reservedConcurrency,
      role,
      logGroup,
      environment,
      environmentEncryption: key,
      // The AWS Parameters and Secrets Lambda Extension: GET localhost:2773/secretsmanager/get,
      // answered with the role's credentials. No cache: the API reads each secret once per cold
      // start, so a value lives in the extension no longer than that read.
      paramsAndSecrets: lambda.ParamsAndSecretsLayerVersion.fromVersion(lambda.ParamsAndSecretsVersions.V1_0_103, {
        cacheEnabled: false,
        logLevel: lambda.ParamsAndSecretsLogLevel.WARN,
      }),
    })
    // docs/aws.md, "IAM: least privilege": by hand, item by item.
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
        resources: [table.tableArn],
      }),
    )
    // The daily retention sweep deletes leads and sessions (docs/privacy.md), never the idempotency
    // records or payment events that stop a replay: only items whose key starts so.
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:DeleteItem'],
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['CONTACT#*', 'SESSION#*'] } },
      }),
    )
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: data.queriedIndexes.map((index) => `${table.tableArn}/index/${index}`),
      }),
    )
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    )
    role.addToPolicy(new iam.PolicyStatement({ actions: ['kms:Decrypt'], resources: [key.keyArn] }))
    // Exactly the secrets it names: Secrets Manager appends six random characters to a secret's ARN.
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['secretsmanager:GetSecretValue'],
        resources: Object.values(secretIds).map((name) =>
          Stack.of(scope).formatArn({
            service: 'secretsmanager',
            resource: 'secret',
            resourceName: `${name}-??????`,
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        ),
      }),
    )
    const alias = new lambda.Alias(scope, 'Live', { aliasName: 'live', version: fn.currentVersion })
    const url = alias.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.AWS_IAM })

    // The forwarding schedule: drains the CRM queue every minute (docs/aws.md).
    this.forward = new events.Rule(scope, 'Forward', {
      schedule: events.Schedule.rate(Duration.minutes(1)),
      targets: [new targets.LambdaFunction(alias)],
    })
    // The retention sweep: once a day, leads and sessions past the notice's periods (docs/privacy.md).
    this.sweep = new events.Rule(scope, 'RetentionSweep', {
      schedule: events.Schedule.rate(Duration.days(1)),
      targets: [
        new targets.LambdaFunction(alias, {
          event: events.RuleTargetInput.fromObject({ rasid: 'retention-sweep' }),
        }),
      ],
    })
    // The payment reconciliation (docs/aws.md, "Checkout in production"): a webhook may be lost, so
    // every few minutes the provider is asked about the sessions whose check is due. Its reads are a
    // Query on `byForward` (the sessions' check queues) and GetItem, its writes the webhook's and
    // the next check's (PutItem). The period is
    // api/server/checkout/reconcile.ts's `everyMs`, which ./api.test.ts holds it to.
    new events.Rule(scope, 'ReconcilePayments', {
      schedule: events.Schedule.rate(Duration.minutes(5)),
      targets: [
        new targets.LambdaFunction(alias, {
          event: events.RuleTargetInput.fromObject({ rasid: 'reconcile-payments' }),
        }),
      ],
    })

    // The payment webhook: an HTTP API with one route (two on staging), no OAC (docs/aws.md).
    const webhooks = new apigw.HttpApi(scope, 'Webhooks', { createDefaultStage: false })
    // Its throttle counts every caller together, so it sits well above the WAF's per-address rule
    // (WEBHOOK_RATE, ./waf.ts): one flooding address is blocked at the edge long before the stage
    // would refuse the provider's deliveries too.
    // Each answer of the stage is logged, the stage's own (a 429 of its throttle never reaches the
    // function) with the function's: the `WebhookThrottled` alarm reads the 429s. No caller's
    // address, no header, no body: personal data is never logged (docs/privacy.md).
    const webhookLogs = new logs.LogGroup(scope, 'WebhookAccessLogs', {
      retention: settings.logRetentionDays,
      removalPolicy: RemovalPolicy.RETAIN,
    })
    new apigw.HttpStage(scope, 'WebhooksStage', {
      httpApi: webhooks,
      stageName: '$default',
      autoDeploy: true,
      throttle: { burstLimit: 200, rateLimit: 100 },
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(webhookLogs),
        format: AccessLogFormat.custom(WEBHOOK_ACCESS_LOG),
      },
    })
    // Only through CloudFront: CloudFront reaches the HTTP API on its own execute-api host, which
    // stays open to anyone (disabling it would cut CloudFront off too, short of a custom domain,
    // itself as public). So the distribution adds a header with a random value made here in Secrets
    // Manager, and the handler answers 404 to an API Gateway event without it
    // (api/server/edgeOrigin.ts). Neither the template nor the repository holds the value.
    const originSecret = new secretsmanager.Secret(scope, 'WebhookOriginSecret', {
      secretName: settings.secretNames.webhookOriginSecret,
      description: 'The header CloudFront adds on the Rasid webhook\'s origin (docs/aws.md, "The payment webhook")',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    })
    // The function reads it by name at its cold start, like the other secrets (secretIds above);
    // only the distribution's header holds the reference.
    fn.node.addDependency(originSecret)
    const integration = new HttpLambdaIntegration('Api', alias, {
      payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0,
    })
    webhooks.addRoutes({ path: '/api/v1/webhooks/payments', methods: [apigw.HttpMethod.POST], integration })
    if (!production)
      webhooks.addRoutes({ path: '/api/v1/sandbox/{proxy+}', methods: [apigw.HttpMethod.ANY], integration })

    this.fn = fn
    this.logGroup = logGroup
    this.alias = alias
    this.url = url
    this.webhooks = webhooks
    this.webhookLogs = webhookLogs
    this.originSecret = originSecret
    this.originSecretValue = `{{resolve:secretsmanager:${settings.secretNames.webhookOriginSecret}:SecretString:::}}`
  }
}
