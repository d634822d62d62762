// The probe (docs/status.md, "Measured availability"): the site's pages, the API's health and the
// hosted payment page checked from outside, each with a timeout, and folded into the status
// document (./doc.ts recordProbe): a minute measured per run. `npm run status -- probe` runs it
// once or in a loop; the stack runs ./lambda.ts every minute, a function of its own, so the probe
// is not down with the API it watches.
import type { ComponentKey } from '../contract/status'
import { type ProbeResult, recordProbe } from './doc'
import { keys, mutate, type StatusStore } from './store'

export interface ProbeTargets {
  /** The site's origin: `/` and `/ar/` must answer 200 with a page. */
  site?: string
  /** The API's base (`https://x/api/v1`): `/health` must answer 200 `{"status":"ok"}`. */
  api?: string
  /** A URL of the hosted payment page's host: any answer below 500 means it is up. */
  payment?: string
}

interface Check {
  component: ComponentKey
  url: string
  accept: (res: Response) => Promise<string | undefined>
}

const page = async (res: Response) =>
  res.status !== 200
    ? `HTTP ${res.status}`
    : (res.headers.get('content-type') ?? '').startsWith('text/html')
      ? undefined
      : `not a page (${res.headers.get('content-type')})`

function checksOf(targets: ProbeTargets): Check[] {
  const checks: Check[] = []
  if (targets.site) {
    const origin = targets.site.replace(/\/$/, '')
    checks.push(
      { component: 'site', url: `${origin}/`, accept: page },
      { component: 'site', url: `${origin}/ar/`, accept: page },
    )
  }
  if (targets.api)
    checks.push({
      component: 'api',
      url: `${targets.api.replace(/\/$/, '')}/health`,
      accept: async (res) => {
        if (res.status !== 200) return `HTTP ${res.status}`
        const body = (await res.json().catch(() => undefined)) as { status?: unknown } | undefined
        return body?.status === 'ok' ? undefined : 'health is not ok'
      },
    })
  if (targets.payment)
    checks.push({
      component: 'checkout',
      url: targets.payment,
      accept: async (res) => (res.status < 500 ? undefined : `HTTP ${res.status}`),
    })
  return checks
}

/** One result per component checked: failed if any of its URLs failed, timed out or was refused. */
export async function probe(targets: ProbeTargets, options: { timeoutMs?: number } = {}): Promise<ProbeResult[]> {
  const timeoutMs = options.timeoutMs ?? 10_000
  const outcomes = await Promise.all(
    checksOf(targets).map(async (check) => {
      const start = performance.now()
      let detail: string | undefined
      try {
        const res = await fetch(check.url, {
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
          headers: { 'user-agent': 'rasid-status-probe', 'cache-control': 'no-cache' },
        })
        detail = await check.accept(res)
        await res.body?.cancel().catch(() => {})
      } catch (err) {
        const e = err as Error & { cause?: { code?: string } }
        detail = e.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : (e.cause?.code ?? e.message)
      }
      return {
        component: check.component,
        ok: detail === undefined,
        ms: performance.now() - start,
        detail: detail && `${check.url}: ${detail}`,
      }
    }),
  )
  const results = new Map<ComponentKey, ProbeResult>()
  for (const o of outcomes) {
    const seen = results.get(o.component)
    if (!seen) results.set(o.component, o)
    else
      results.set(o.component, {
        component: o.component,
        ok: seen.ok && o.ok,
        ms: Math.max(seen.ms ?? 0, o.ms),
        detail: seen.detail ?? o.detail,
      })
  }
  return [...results.values()]
}

/**
 * One run as the schedule and `npm run status -- probe` make it: the checks, each result kept as
 * it came (`history/probes/<day>/<time>.json`, private like the rest of the history, never
 * rewritten), then folded into the document: a minute measured for each component checked, and
 * nothing for the others, which stay "not measured".
 */
export async function probeAndRecord(
  store: StatusStore,
  targets: ProbeTargets,
  options: { timeoutMs?: number; timeZone: string; siteUrl: string; now?: () => number },
) {
  const results = await probe(targets, { timeoutMs: options.timeoutMs })
  const at = (options.now ?? Date.now)()
  await store.write(keys.probeRun(at), `${JSON.stringify({ at: new Date(at).toISOString(), results })}\n`, {
    ifMatch: null,
  })
  // An unreadable document is not the probe's to replace (it cannot read the history): it refuses,
  // and its failing runs raise StatusProbeErrors until an operator restores (docs/status.md).
  const written = await mutate(
    store,
    { action: 'probe', history: false, recover: false, apply: (d, now) => recordProbe(d, results, now) },
    options,
  )
  return { results, ...written }
}
