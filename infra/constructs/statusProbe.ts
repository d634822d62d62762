// The status probe (docs/aws.md, "Status probe"): a function of its own, apart from the API it
// watches, that checks the site, the API and the payment page from outside every minute and folds
// the results into the status document in the site's bucket (api/status/lambda.ts). Its alarms
// are with the stack's others (./alarms.ts).
import { join } from 'node:path'
import { Duration, RemovalPolicy } from 'aws-cdk-lib'
import * as events from 'aws-cdk-lib/aws-events'
import * as targets from 'aws-cdk-lib/aws-events-targets'
import * as iam from 'aws-cdk-lib/aws-iam'
import * as lambda from 'aws-cdk-lib/aws-lambda'
import * as logs from 'aws-cdk-lib/aws-logs'
import type { Construct } from 'constructs'
import { STATUS_PREFIX } from '../../host/rules'
import { bundledCode, bundledFunction, projectRoot as root } from '../bundle'
import type { Settings } from '../settings'
import type { Site } from './site'

export class StatusProbe {
  readonly fn: lambda.Function

  constructor(scope: Construct, { settings, site }: { settings: Settings; site: Site }) {
    const { bucket, distribution } = site
    const probeLogs = new logs.LogGroup(scope, 'StatusProbeLogs', {
      retention: settings.logRetentionDays,
      removalPolicy: RemovalPolicy.RETAIN,
    })
    const probeRole = new iam.Role(scope, 'StatusProbeRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: "The Rasid status probe: the bucket's status/ and its logs; nothing else (docs/aws.md)",
    })
    // Read and write the document, the summary and the two feeds, nothing else of the bucket: the
    // releases and the private history (status-history/) are out of its reach, but for one write:
    // each run's results (status-history/probes/). A document it cannot read, it leaves as it is and
    // fails (api/status/lambda.ts), so that StatusProbeErrors wakes an operator, who restores it.
    // Listing (key names only) so that a missing document reads as S3's 404, "none yet", which its
    // first run then writes, and not as a 403 that fails every run: nothing else writes a first one.
    probeRole.addToPolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }))
    probeRole.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject'],
        resources: [bucket.arnForObjects(`${STATUS_PREFIX}*`)],
      }),
    )
    probeRole.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:PutObject'],
        resources: [bucket.arnForObjects('status-history/probes/*')],
      }),
    )
    probeRole.addToPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [probeLogs.logGroupArn],
      }),
    )
    const probeSite = `https://${settings.domain ?? distribution.distributionDomainName}`
    const probe = new lambda.Function(scope, 'StatusProbe', {
      ...bundledFunction,
      description: 'The Rasid status probe (api/status/lambda.ts), every minute',
      code: bundledCode(join(root, 'api/status/lambda.ts'), { root }),
      memorySize: 256,
      timeout: Duration.seconds(60),
      // One probe at a time: two would race for the same document (the store retries, but pointlessly).
      reservedConcurrentExecutions: 1,
      role: probeRole,
      logGroup: probeLogs,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        SITE_BUCKET: bucket.bucketName,
        PROBE_SITE_URL: probeSite,
        PROBE_API_URL: `${probeSite}/api/v1`,
        ...(settings.paymentPageUrl ? { PROBE_PAYMENT_URL: settings.paymentPageUrl } : {}),
        STATUS_TIME_ZONE: 'Asia/Riyadh',
      },
    })
    // A run that fails or comes late is not made up: the next minute's run measures again.
    new events.Rule(scope, 'StatusProbeSchedule', {
      schedule: events.Schedule.rate(Duration.minutes(1)),
      targets: [new targets.LambdaFunction(probe, { retryAttempts: 0, maxEventAge: Duration.seconds(60) })],
    })
    this.fn = probe
  }
}
