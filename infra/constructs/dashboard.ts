// The dashboard (docs/aws.md, "Dashboard"): one per stage, with the API, the edge (CloudFront's
// metrics are in us-east-1: each says so), the table, and the schedules with the status probe.
import { Duration } from 'aws-cdk-lib'
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch'
import type * as events from 'aws-cdk-lib/aws-events'
import type { Construct } from 'constructs'
import { namesOf, type Settings } from '../settings'
import type { SiteAlarms } from './alarms'
import type { Api } from './api'
import type { Site } from './site'
import type { StatusProbe } from './statusProbe'
import { type ApiTable, perOperation } from './table'

export class SiteDashboard {
  readonly dashboard: cloudwatch.Dashboard

  constructor(
    scope: Construct,
    {
      settings,
      api,
      site,
      data,
      probe: statusProbe,
      alarms,
    }: { settings: Settings; api: Api; site: Site; data: ApiTable; probe: StatusProbe; alarms: SiteAlarms },
  ) {
    const { fn, forward, sweep } = api
    const { distribution } = site
    const { table } = data
    const probe = statusProbe.fn
    const { api5xx } = alarms
    const perMinute = (statistic: string, label: string) => ({ period: Duration.minutes(1), statistic, label })
    const edgeMetric = (metricName: string, statistic: string, label: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/CloudFront',
        metricName,
        dimensionsMap: { DistributionId: distribution.distributionId, Region: 'Global' },
        statistic,
        label,
        region: 'us-east-1',
        period: Duration.minutes(5),
      })
    const ruleMetric = (rule: events.Rule, metricName: string, label: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/Events',
        metricName,
        dimensionsMap: { RuleName: rule.ruleName },
        statistic: 'Sum',
        label,
        period: Duration.minutes(5),
      })
    const graph = (title: string, left: cloudwatch.IMetric[], more: Partial<cloudwatch.GraphWidgetProps> = {}) =>
      new cloudwatch.GraphWidget({ title, left, width: 8, height: 6, ...more })
    const heading = (markdown: string) => new cloudwatch.TextWidget({ markdown, width: 24, height: 1 })
    this.dashboard = new cloudwatch.Dashboard(scope, 'Dashboard', {
      dashboardName: namesOf(settings.stage).dashboard,
      defaultInterval: Duration.hours(3),
      widgets: [
        [heading('## The API (the function, every version)')],
        [
          graph('API invocations, errors and throttles', [
            fn.metricInvocations(perMinute('Sum', 'Invocations')),
            fn.metricErrors(perMinute('Sum', 'Errors')),
            fn.metricThrottles(perMinute('Sum', 'Throttles')),
          ]),
          graph('API duration', [
            fn.metricDuration(perMinute('p50', 'p50')),
            fn.metricDuration(perMinute('p99', 'p99')),
          ]),
          graph('API 5xx answers and concurrency', [api5xx.metric], {
            right: [fn.metric('ConcurrentExecutions', perMinute('Maximum', 'Concurrent executions'))],
            rightAnnotations: [{ value: settings.reservedConcurrency, label: 'Reserved concurrency' }],
          }),
        ],
        [heading('## The edge (CloudFront, metrics of us-east-1)')],
        [
          graph('Edge requests', [edgeMetric('Requests', 'Sum', 'Requests')]),
          graph('Edge error rate (%)', [
            edgeMetric('5xxErrorRate', 'Average', '5xx'),
            edgeMetric('4xxErrorRate', 'Average', '4xx'),
          ]),
        ],
        [heading('## The table')],
        [
          graph('Table consumed capacity', [
            table.metricConsumedReadCapacityUnits({ period: Duration.minutes(5), label: 'Read' }),
            table.metricConsumedWriteCapacityUnits({ period: Duration.minutes(5), label: 'Write' }),
          ]),
          // Apart: each sums the same operations' metrics, and a graph's metric ids must differ.
          graph('Table throttled requests', [table.metricThrottledRequestsForOperations(perOperation)]),
          graph('Table system errors', [table.metricSystemErrorsForOperations(perOperation)]),
        ],
        [heading('## The schedules (the forwarding and the sweep through the alias live; the status probe)')],
        [
          graph('Forwarding and retention sweep', [
            ruleMetric(forward, 'Invocations', 'Forward'),
            ruleMetric(forward, 'FailedInvocations', 'Forward failed'),
            ruleMetric(sweep, 'Invocations', 'Sweep'),
            ruleMetric(sweep, 'FailedInvocations', 'Sweep failed'),
          ]),
          graph('Status probe', [
            probe.metricInvocations({ period: Duration.minutes(5), label: 'Invocations' }),
            probe.metricErrors({ period: Duration.minutes(5), label: 'Errors' }),
          ]),
        ],
      ],
    })
  }
}
