// The alarms (./alarms.ts): on the API, the table, the status probe's checks, the replication and
// the CDN, each telling its stack's topic, which wakes the operators' email and pager.
import { App } from 'aws-cdk-lib'
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import { sandboxProvider } from '../../api/server/checkout/provider'
import { reconcileOnce } from '../../api/server/checkout/reconcile'
import { checkoutDefaults } from '../../api/server/config'
import { memoryStore } from '../../api/server/store/memory'
import { probeMetricNamespace, probeMetrics } from '../../api/status/lambda'
import { settingsFrom } from '../settings'
import { WEBHOOK_ACCESS_LOG } from './api'
import { rasid } from '../stack'
import { prod, staging, synth, prodContext, resources, idOf, logGroupOf } from '../testing'

describe('the probe’s alarms', () => {
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
        'ReconcileBacklog',
        'LeadEmailWatch',
        'WebhookThrottled',
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
      // tests/api/sharedLimits.test.ts holds the app's line to this message.
      '{ $.msg = "lead email named often" }',
    ])
      prod.site.hasResourceProperties('AWS::Logs::MetricFilter', {
        FilterPattern: pattern,
        LogGroupName: { Ref: logGroupOf(prod.site, 'ApiLogs') },
      })
    for (const metric of ['ThrottledRequests', 'SystemErrors'])
      expect(JSON.stringify(prod.site.findResources('AWS::CloudWatch::Alarm'))).toContain(`"MetricName":"${metric}"`)
  })

  it('page on a reconciliation backlog: three runs in a row that left due sessions, read off the run’s own log line', async () => {
    prod.site.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ $.msg = "payment reconciliation" && $.unreached > 0 }',
      LogGroupName: { Ref: logGroupOf(prod.site, 'ApiLogs') },
    })
    const backlog = resources(prod.site, 'AWS::CloudWatch::Alarm').find(([id]) => id.startsWith('ReconcileBacklog'))
    expect(backlog?.[1].Properties).toMatchObject({ EvaluationPeriods: 3, DatapointsToAlarm: 3, Threshold: 1 })
    // The line the filter reads: its message and the count it compares, as a run logs them.
    const lines: Record<string, unknown>[] = []
    await reconcileOnce(memoryStore(), sandboxProvider(checkoutDefaults), {
      sessionTtlMs: checkoutDefaults.sessionTtlMs,
      log: (line) => lines.push(line),
    })
    expect(lines).toEqual([expect.objectContaining({ msg: 'payment reconciliation', unreached: 0 })])
  })
})

describe('the webhook stage’s throttle', () => {
  it('is alarmed from the stage’s own access log, whose line names no caller', () => {
    const stage = resources(prod.site, 'AWS::ApiGatewayV2::Stage')[0]![1].Properties as {
      AccessLogSettings: { DestinationArn: unknown; Format: string }
    }
    const logGroup = logGroupOf(prod.site, 'WebhookAccessLogs')
    expect(stage.AccessLogSettings.DestinationArn).toEqual({ 'Fn::GetAtt': [logGroup, 'Arn'] })
    expect(stage.AccessLogSettings.Format).toBe(WEBHOOK_ACCESS_LOG)
    // A line as API Gateway writes it for a throttled request: what the filter reads.
    const line = JSON.parse(
      WEBHOOK_ACCESS_LOG.replace(/\$context\.status/, '429')
        .replace(/\$context\.responseLatency/, '1')
        .replace(/\$context\.[\w.]+/g, '-'),
    )
    expect(line.status).toBe(429)
    expect(WEBHOOK_ACCESS_LOG).not.toMatch(/sourceIp|userAgent|header|identity/i)
    prod.site.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ $.status = 429 }',
      LogGroupName: { Ref: logGroup },
    })
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
