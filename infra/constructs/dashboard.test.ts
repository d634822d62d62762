// The dashboard (./dashboard.ts): one per stage, with what an operator watches.
import type { Template } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import { prod, staging, resources, only, idOf, idStartingWith } from '../testing'

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
