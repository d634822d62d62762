// The same app as an AWS Lambda handler (a function URL, API Gateway or an ALB behind CloudFront
// on /api/*; docs/aws.md). It stores in DynamoDB (API_STORE unset or `dynamodb`, with DDB_TABLE);
// `API_STORE=memory` only when asked, for a trial that keeps nothing. It never imports the SQLite
// store: a Lambda has no disk to keep a file on, and a bundle would lack its wasm file.
// Forwarding to the CRM (LEAD_WEBHOOK_URL; forward.ts): a request only queues the lead, since
// Lambda freezes the instance once the answer is sent and a delivery begun in the background would
// hang there. An EventBridge schedule invokes this same handler every minute with a Scheduled Event,
// which drains the due leads (`drainForwards`); docs/aws.md sets it up. An operator's invocation
// with {"rasid":"retry-failed-forwards"} requeues the leads whose forwarding failed for good. A daily
// schedule sends {"rasid":"retention-sweep"}: leads and sessions past their retention are deleted
// (retention.ts; DynamoDB's TTL deletes them too, later). A schedule every few minutes sends
// {"rasid":"reconcile-payments"}: the provider is asked about the sessions still open, whose
// webhook may have been lost (checkout/reconcile.ts).
import { getConnInfo, handle, type LambdaContext, type LambdaEvent } from 'hono/aws-lambda'
import { createApp } from './app'
import { EDGE_ORIGIN_SETTING, edgeOriginValues, fromApiGateway, refusedOffEdge } from './edgeOrigin'
import { providerFor, reconcileOnce } from './checkout/reconcile'
import { type ApiConfig, configFromEnv, startWarnings } from './config'
import { type Retention, sweepOnce } from './retention'
import { createForwarder, type DrainResult } from './forward'
import { readSecret, resolveSecrets, secretIdVariable, secretSettings } from './secrets'
import { dynamoStoreFromEnv } from './store/dynamoStore'
import { memoryStore } from './store/memory'
import type { Store } from './store/port'

function lambdaStore(env: Record<string, string | undefined>, retention: Retention): Store {
  const kind = env.API_STORE || 'dynamodb'
  if (kind === 'dynamodb') return dynamoStoreFromEnv(env, retention)
  if (kind === 'memory') return memoryStore()
  throw new Error(`API_STORE on Lambda must be dynamodb or memory, not ${kind}`)
}

const log = (line: object) => console.log(JSON.stringify(line))
// What the cold start makes (`start`), once, before the first invocation is served.
let config: ApiConfig
let store: Store
let forwarder: ReturnType<typeof createForwarder> | undefined
let http: ReturnType<typeof handle>
/** The environment with the secrets read (secrets.ts): what the cold start was made from. */
let settings: Record<string, string | undefined> = {}

// Production unless RASID_ENV says staging: a missing setting stops the cold start with every
// setting at fault named (config.ts), and never gives the sandbox, its key or its codes by omission.
function start(env: Record<string, string | undefined>) {
  config = configFromEnv(env, { runtime: 'lambda' })
  settings = env
  for (const { setting, en, ar } of startWarnings(config))
    console.log(JSON.stringify({ time: new Date().toISOString(), level: 'warn', setting, msg: en, msg_ar: ar }))
  store = lambdaStore(env, config.retention)
  const app = createApp({ config, store, socketAddress: (c) => getConnInfo(c).remote.address })
  // Never started: no timer in an instance that sleeps between invocations; only the schedule drains.
  forwarder = config.webhook ? createForwarder({ store, webhook: config.webhook }) : undefined
  http = handle(app)
  // The reconciliation's provider: the app's choice (app.ts), made the same way.
  payments = providerFor(config.checkout)
}
let payments: ReturnType<typeof providerFor>

// The edge's header value from Secrets Manager is read again every WEBHOOK_ORIGIN_TTL_S (60 s), with
// the version a rotation replaced, so a rotation needs no cold start and drops no delivery
// (docs/aws.md, "The payment webhook"); given as a plain value (a test, `npm run api`), it is that.
let originValues: () => Promise<string | undefined | readonly string[]> = async () => settings[EDGE_ORIGIN_SETTING]
const originSecretId = process.env[secretIdVariable(EDGE_ORIGIN_SETTING)]
if (originSecretId) {
  const ttlS = Number(process.env.WEBHOOK_ORIGIN_TTL_S ?? 60)
  const read = async (stage?: 'AWSPREVIOUS') => {
    const value = await readSecret(process.env, originSecretId, stage)
    return typeof value === 'string' ? value : undefined
  }
  let values: (() => Promise<readonly string[]>) | undefined
  originValues = () => {
    values ??= edgeOriginValues(read, settings[EDGE_ORIGIN_SETTING], {
      ttlMs: (Number.isFinite(ttlS) ? ttlS : 60) * 1000,
    })
    return values()
  }
}

// The secrets come from Secrets Manager when the environment names them (`<SETTING>_SECRET_ID`,
// secrets.ts): CommonJS has no top-level await, and the Parameters and Secrets extension answers
// only once the init phase is over, so the first invocation reads them and starts, and every
// invocation waits for that. A read that fails refuses like a missing setting (a ConfigError naming
// it); the next invocation tries again. Without such names the start is at load, as on any host:
// a refused setting fails the init.
let starting: Promise<void> | undefined
let started = false
const ready = (): Promise<void> | undefined => {
  if (started) return undefined
  if (!starting) {
    starting = resolveSecrets(process.env).then((env) => {
      start(env)
      started = true
    })
    starting.catch(() => {
      starting = undefined
    })
  }
  return starting
}
if (!secretSettings.some((setting) => process.env[secretIdVariable(setting)])) {
  start(process.env)
  started = true
}

/**
 * What the schedule calls: delivers the leads due now, and leaves the rest for the next run.
 * `remainingMs` (the invocation's remaining time) keeps a long queue from outlasting the function.
 */
export async function drainForwards(remainingMs?: number): Promise<DrainResult> {
  await ready()
  if (!forwarder) return { forwarded: 0, retrying: 0, failed: 0 }
  return forwarder.drain(remainingMs === undefined ? {} : { deadline: Date.now() + remainingMs - 1000 })
}

/** EventBridge's event for a schedule rule (`rate(1 minute)`): its `detail-type` says so. */
type ScheduledEvent = { source: string; 'detail-type': 'Scheduled Event' }
/** The runbook's requeue (docs/aws.md): `aws lambda invoke --payload '{"rasid":"retry-failed-forwards"}'`. */
type RetryEvent = { rasid: 'retry-failed-forwards' }
/** The daily retention sweep's schedule (infra/constructs/api.ts) sends `{"rasid":"retention-sweep"}` (docs/privacy.md). */
type SweepEvent = { rasid: 'retention-sweep' }
/** The reconciliation's schedule (infra/constructs/api.ts) sends `{"rasid":"reconcile-payments"}` (docs/aws.md). */
type ReconcileEvent = { rasid: 'reconcile-payments' }

const isScheduled = (event: object): event is ScheduledEvent =>
  (event as Partial<ScheduledEvent>)['detail-type'] === 'Scheduled Event'
const isRetry = (event: object): event is RetryEvent => (event as Partial<RetryEvent>).rasid === 'retry-failed-forwards'
const isSweep = (event: object): event is SweepEvent => (event as Partial<SweepEvent>).rasid === 'retention-sweep'
const isReconcile = (event: object): event is ReconcileEvent =>
  (event as Partial<ReconcileEvent>).rasid === 'reconcile-payments'

export async function handler(
  event: LambdaEvent | ScheduledEvent | RetryEvent | SweepEvent | ReconcileEvent,
  context?: LambdaContext,
) {
  // Once the cold start has read the secrets (the edge's among them), at no cost after it.
  await ready()
  // The webhook's HTTP API answers only what came through CloudFront (edgeOrigin.ts), before
  // anything else runs: a flood of its execute-api endpoint costs a comparison and a 404.
  // Its values are read (again, after their TTL) only for such an event.
  const refused = fromApiGateway(event) ? refusedOffEdge(event, await originValues()) : undefined
  if (refused) return refused
  // Before the Scheduled Event test: the sweep's rule is a schedule too, with this input.
  if (isSweep(event)) {
    // A backlog (the first sweep) is deleted over several days' runs rather than outlast the function.
    const remaining = context?.getRemainingTimeInMillis?.()
    return sweepOnce(store, config.retention, {
      log,
      ...(remaining === undefined ? {} : { deadline: Date.now() + remaining - 2000 }),
    })
  }
  if (isReconcile(event)) {
    // Counts, never a throw: a provider out of reach is `errors`, asked again at the next run. No
    // new lookup starts once less than one lookup's time (10 s) is left.
    const remaining = context?.getRemainingTimeInMillis?.()
    return reconcileOnce(store, payments, {
      sessionTtlMs: config.checkout.sessionTtlMs,
      log,
      ...(remaining === undefined ? {} : { deadline: Date.now() + remaining - 12_000 }),
    })
  }
  if (isScheduled(event)) return drainForwards(context?.getRemainingTimeInMillis?.())
  if (isRetry(event)) {
    // Without a webhook there is nowhere to send them: requeueing would only hide that.
    if (!forwarder) throw new Error('LEAD_WEBHOOK_URL is not set: there is nowhere to forward to')
    const requeued = await store.retryFailedForwards(new Date().toISOString())
    return { requeued, ...(await drainForwards(context?.getRemainingTimeInMillis?.())) }
  }
  return http(event, context)
}
