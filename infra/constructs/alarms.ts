// The alarms (docs/aws.md, "Alarms"): each stack's topic, with the operators' email and pager
// subscribed; alarm(), which tells it when an alarm fires and when it clears; the site stack's
// alarms on the API, the status probe, the status document's replication and the table; and the
// edge's, on CloudFront's 5xx rate, which lives in us-east-1 with CloudFront's metrics.
import { Annotations, Duration } from 'aws-cdk-lib'
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch'
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions'
import * as logs from 'aws-cdk-lib/aws-logs'
import * as sns from 'aws-cdk-lib/aws-sns'
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions'
import type { Construct } from 'constructs'
import { alarmDestinations, type Settings } from '../settings'
import type { Api } from './api'
import { STATUS_REPLICATION_RULE, type Site } from './site'
import type { StatusProbe } from './statusProbe'
import { type ApiTable, perOperation } from './table'

/** The probe's metrics: api/status/lambda.ts's `probeMetricNamespace`, which ./alarms.test.ts holds it to. */
const STATUS_METRICS_NAMESPACE = 'Rasid/Status'

/** A stack's alarm topic, with the operators' email and pager subscribed (docs/aws.md, "Alarms"). */
export function alarmTopic(scope: Construct, settings: Settings) {
  const topic = new sns.Topic(scope, 'Alarms', { displayName: 'Rasid alarms' })
  if (settings.alarmEmail) topic.addSubscription(new subscriptions.EmailSubscription(settings.alarmEmail))
  if (settings.alarmPagerUrl)
    topic.addSubscription(
      new subscriptions.UrlSubscription(settings.alarmPagerUrl, { protocol: sns.SubscriptionProtocol.HTTPS }),
    )
  // Production never gets here without one (rasid()); staging may go without, and is told.
  if (!settings.alarmEmail && !settings.alarmPagerUrl)
    Annotations.of(topic).addWarningV2(
      '@rasid/alarms:noDestination',
      `The alarm topic has no subscriber: its alarms wake no one. Set ${alarmDestinations}.`,
    )
  return topic
}

/**
 * A CloudWatch alarm on `metric` at `threshold` or more over one period (unless `options` say
 * otherwise), notifying `topic` when it fires and again when it clears (the OK action), so that
 * whoever was woken hears the end too.
 */
export function alarm(
  scope: Construct,
  id: string,
  metric: cloudwatch.IMetric,
  threshold: number,
  description: string,
  topic: sns.ITopic,
  options: Partial<
    Pick<cloudwatch.AlarmProps, 'evaluationPeriods' | 'datapointsToAlarm' | 'comparisonOperator' | 'treatMissingData'>
  > = {},
) {
  const made = new cloudwatch.Alarm(scope, id, {
    metric,
    threshold,
    evaluationPeriods: 1,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    alarmDescription: description,
    ...options,
  })
  made.addAlarmAction(new SnsAction(topic))
  made.addOkAction(new SnsAction(topic))
  return made
}

/** The alarm on CloudFront's 5xx rate, in the stack of its metrics' region (us-east-1). */
export function cdnAlarm(scope: Construct, distributionId: string, topic: sns.ITopic) {
  const errorRate = new cloudwatch.Metric({
    namespace: 'AWS/CloudFront',
    metricName: '5xxErrorRate',
    dimensionsMap: { DistributionId: distributionId, Region: 'Global' },
    statistic: 'Average',
    period: Duration.minutes(5),
  })
  return alarm(
    scope,
    'Cdn5xx',
    errorRate,
    5,
    'More than 5% of the site answers are 5xx (docs/deploy.md, an outage)',
    topic,
  )
}

/** The site stack's alarms, in its region, all on its topic. */
export class SiteAlarms {
  /** The API's 5xx answers (every version's: a metric filter cannot tell them apart), for the release and the dashboard. */
  readonly api5xx: { metric: cloudwatch.Metric; alarm: cloudwatch.Alarm }

  constructor(
    scope: Construct,
    {
      settings,
      topic,
      api,
      probe,
      site,
      data,
    }: { settings: Settings; topic: sns.ITopic; api: Api; probe: StatusProbe; site: Site; data: ApiTable },
  ) {
    const { fn, logGroup } = api
    const { bucket, statusBucket } = site
    const { table } = data
    const filtered = (id: string, pattern: string, description: string, options: Parameters<typeof alarm>[6] = {}) => {
      const filter = new logs.MetricFilter(scope, `${id}Filter`, {
        logGroup,
        metricNamespace: 'Rasid/Api',
        metricName: id,
        filterPattern: logs.FilterPattern.literal(pattern),
        metricValue: '1',
      })
      const metric = filter.metric({ statistic: 'Sum', period: Duration.minutes(5), label: id })
      return { metric, alarm: alarm(scope, id, metric, 1, description, topic, options) }
    }
    alarm(
      scope,
      'ApiErrors',
      fn.metricErrors({ period: Duration.minutes(5) }),
      1,
      'The API function failed (a cold start refused its settings?)',
      topic,
    )
    alarm(
      scope,
      'ApiThrottles',
      fn.metricThrottles({ period: Duration.minutes(5) }),
      1,
      'The API reached its reserved concurrency',
      topic,
    )
    const api5xx = filtered('Api5xx', '{ $.status >= 500 }', 'The API answered 5xx')
    alarm(
      scope,
      'StatusProbeErrors',
      probe.fn.metricErrors({ period: Duration.minutes(5) }),
      3,
      'The status probe itself is failing (3 or more runs in 5 minutes): the status page is going stale (docs/aws.md, "Status probe")',
      topic,
    )
    // A failed check pages someone: each run logs `Rasid/Status Up` (1 or 0) per component it checked (api/status/lambda.ts, embedded metric format), and a component
    // down for two minutes in a row raises its alarm. The site's is checked on every run, so its
    // metric missing means the probe is not running: that is an alarm too. The API's and the payment
    // page's have alarms only where the probe checks them (PROBE_API_URL, always; PROBE_PAYMENT_URL,
    // with paymentPageUrl); their silence is the site's alarm already, and is not counted twice.
    const checked: { component: 'site' | 'api' | 'checkout'; id: string; what: string }[] = [
      { component: 'site', id: 'StatusSiteDown', what: 'The site (/ and /ar/ through the distribution)' },
      { component: 'api', id: 'StatusApiDown', what: "The API's /api/v1/health" },
      ...(settings.paymentPageUrl
        ? [{ component: 'checkout' as const, id: 'StatusCheckoutDown', what: 'The hosted payment page' }]
        : []),
    ]
    for (const { component, id, what } of checked)
      alarm(
        scope,
        id,
        new cloudwatch.Metric({
          namespace: STATUS_METRICS_NAMESPACE,
          metricName: 'Up',
          dimensionsMap: { Component: component },
          statistic: 'Minimum',
          period: Duration.minutes(1),
        }),
        1,
        component === 'site'
          ? `${what} failed the status probe's check two minutes in a row, or the probe stopped reporting (docs/aws.md, "Status probe")`
          : `${what} failed the status probe's check two minutes in a row (docs/aws.md, "Status probe")`,
        topic,
        {
          evaluationPeriods: 2,
          datapointsToAlarm: 2,
          comparisonOperator: cloudwatch.ComparisonOperator.LESS_THAN_THRESHOLD,
          treatMissingData:
            component === 'site' ? cloudwatch.TreatMissingData.BREACHING : cloudwatch.TreatMissingData.NOT_BREACHING,
        },
      )
    // The status host's copy of the document: a replication that fails leaves it stale.
    alarm(
      scope,
      'StatusReplicationFailed',
      new cloudwatch.Metric({
        namespace: 'AWS/S3',
        metricName: 'OperationsFailedReplication',
        dimensionsMap: {
          SourceBucket: bucket.bucketName,
          DestinationBucket: statusBucket.bucketName,
          RuleId: STATUS_REPLICATION_RULE,
        },
        statistic: 'Sum',
        period: Duration.minutes(5),
      }),
      1,
      'The status document could not be replicated to the status host\'s bucket: the status host shows an older one (docs/aws.md, "The status host")',
      topic,
    )
    filtered(
      'ForwardFailed',
      '{ $.msg = "forward" && $.level = "error" }',
      'A lead could not be forwarded to the CRM (docs/aws.md, runbook)',
    )
    filtered(
      'WebhookRefused',
      '{ $.path = "/api/v1/webhooks/payments" && $.status >= 400 }',
      'A payment webhook was refused: a wrong secret or a clock far off',
    )
    // The webhook stage's own throttle answered 429 (its access log, ./api.ts): a flood from many
    // addresses under the WAF's per-address rule, which the provider's deliveries meet too. Not a
    // refusal of the app (WebhookRefused): the function never saw these.
    const throttled = new logs.MetricFilter(scope, 'WebhookThrottledFilter', {
      logGroup: api.webhookLogs,
      metricNamespace: 'Rasid/Api',
      metricName: 'WebhookThrottled',
      filterPattern: logs.FilterPattern.literal('{ $.status = 429 }'),
      metricValue: '1',
    })
    alarm(
      scope,
      'WebhookThrottled',
      throttled.metric({ statistic: 'Sum', period: Duration.minutes(5), label: 'WebhookThrottled' }),
      1,
      "The payment webhook's stage throttled callers (429): the provider's deliveries may be refused too; reconciliation settles what they miss (docs/aws.md, runbook)",
      topic,
    )
    // A run that left due sessions to the next (api/server/checkout/reconcile.ts, `unreached`): three
    // runs in a row is a backlog, a paid order's check may be waiting behind it.
    filtered(
      'ReconcileBacklog',
      '{ $.msg = "payment reconciliation" && $.unreached > 0 }',
      'Payment reconciliation is behind: three runs in a row left due sessions unchecked (docs/aws.md, runbook)',
      { evaluationPeriods: 3, datapointsToAlarm: 3 },
    )
    // One email named in more leads than one person sends, from any addresses (api/server/app.ts,
    // the email watch): the leads are taken, and someone decides whether it is mail-bombing.
    filtered(
      'LeadEmailWatch',
      '{ $.msg = "lead email named often" }',
      "One email was named in more leads than RATE_EMAIL_WATCH_LIMIT allows in a day, from any addresses: someone may be signing a victim up for the CRM's replies (docs/aws.md, runbook)",
    )
    alarm(
      scope,
      'TableThrottled',
      table.metricThrottledRequestsForOperations(perOperation),
      1,
      'DynamoDB throttled the API',
      topic,
    )
    alarm(
      scope,
      'TableErrors',
      table.metricSystemErrorsForOperations(perOperation),
      1,
      'DynamoDB failed requests of the API',
      topic,
    )
    this.api5xx = api5xx
  }
}
