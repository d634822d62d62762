// The scheduled probe in AWS (infra/constructs/statusProbe.ts, docs/status.md): a Lambda function of its own, run
// every minute by EventBridge, apart from the API so that it is not down with what it watches. It
// checks the site, the API and the hosted payment page from outside and folds the results into the
// status document in the site's bucket (./store.ts, conditional writes), and logs a metric per
// checked component that the stack's alarms watch. It refuses to run, naming what is missing,
// without its bucket and at least the site to probe; and it fails, writing nothing, on a document
// it cannot read (an operator restores it: docs/status.md).
import { S3Client } from '@aws-sdk/client-s3'
import { probeAndRecord } from './probe'
import { s3Store } from './store'

export function probeConfig(env: Record<string, string | undefined>) {
  const missing = ['SITE_BUCKET', 'PROBE_SITE_URL', 'STATUS_TIME_ZONE'].filter((name) => !env[name])
  if (missing.length) throw new Error(`The status probe cannot run: ${missing.join(', ')} not set.`)
  return {
    bucket: env.SITE_BUCKET!,
    timeZone: env.STATUS_TIME_ZONE!,
    siteUrl: env.PROBE_SITE_URL!.replace(/\/$/, ''),
    targets: { site: env.PROBE_SITE_URL, api: env.PROBE_API_URL, payment: env.PROBE_PAYMENT_URL },
    timeoutMs: Number(env.PROBE_TIMEOUT_MS) || 10_000,
  }
}

let client: S3Client | undefined

/** The namespace of the probe's metrics; the stack's alarms (infra/constructs/alarms.ts) watch `Up` by `Component`. */
export const probeMetricNamespace = 'Rasid/Status'

/**
 * One CloudWatch Embedded Metric Format line per checked component (Lambda's log turns it into the
 * metric `Rasid/Status Up`, 1 or 0, with its dimension `Component`, and `Latency` in ms): no API call
 * and no permission beyond the log. Two failed checks in a row raise the component's alarm.
 */
export function probeMetrics(
  results: readonly { component: string; ok: boolean; ms?: number }[],
  at: number,
): string[] {
  return results.map((r) =>
    JSON.stringify({
      _aws: {
        Timestamp: at,
        CloudWatchMetrics: [
          {
            Namespace: probeMetricNamespace,
            Dimensions: [['Component']],
            Metrics: [
              { Name: 'Up', Unit: 'Count' },
              { Name: 'Latency', Unit: 'Milliseconds' },
            ],
          },
        ],
      },
      Component: r.component,
      Up: r.ok ? 1 : 0,
      Latency: Math.round(r.ms ?? 0),
    }),
  )
}

export async function handler(): Promise<{ revision: number; results: { component: string; ok: boolean }[] }> {
  const config = probeConfig(process.env)
  client ??= new S3Client({})
  const { results, doc } = await probeAndRecord(s3Store(client, config.bucket), config.targets, {
    timeoutMs: config.timeoutMs,
    timeZone: config.timeZone,
    siteUrl: config.siteUrl,
  })
  // One line per run, for the function's log: components and outcomes only.
  console.log(
    JSON.stringify({
      probe: results.map((r) => ({ c: r.component, ok: r.ok, ms: Math.round(r.ms ?? 0) })),
      revision: doc.revision,
    }),
  )
  // Straight to stdout, not console.log: the runtime's prefix (or its JSON log format's wrapping)
  // would keep CloudWatch from reading the line as EMF, as aws-embedded-metrics 4.1.1 does it.
  for (const line of probeMetrics(results, Date.now())) process.stdout.write(`${line}\n`)
  return { revision: doc.revision, results: results.map((r) => ({ component: r.component, ok: r.ok })) }
}
