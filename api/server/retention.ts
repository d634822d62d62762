// How long the API keeps what it holds (docs/privacy.md, "Retention"), and the sweep that deletes
// the rest: leads and checkout sessions after the periods the privacy notice states (api/contract/privacy.ts,
// which LEAD_RETENTION_DAYS and SESSION_RETENTION_DAYS may shorten: config.ts), the
// idempotency records after a day and payment events' ids after 30 days, as DynamoDB's TTLs do.
// On Node (serve.ts) the sweep runs at start and every day; on Lambda (lambda.ts) a daily schedule
// invokes it; DynamoDB's TTL deletes expired items too, and the stores read them as gone meanwhile.
import { privacyFacts } from '../contract/privacy'
import type { Store, SweepCutoffs, SweepResult } from './store/port'

/** A log line as app.ts writes them (not imported: app.ts reaches this module through config.ts). */
type LogLine = Record<string, string | number | boolean>

/** How long the store keeps leads and sessions, in days. */
export type Retention = { leadDays: number; sessionDays: number }

/** The privacy notice's periods. */
export const defaultRetention: Retention = {
  leadDays: privacyFacts.leadRetentionDays,
  sessionDays: privacyFacts.sessionRetentionDays,
}

const dayMs = 24 * 60 * 60 * 1000
/** An idempotency record answers retries for a day (DynamoDB's TTL on it, store/dynamo.ts). */
const idempotencyDays = 1
/** A payment event's id is kept 30 days: far beyond any provider's retries. */
const eventDays = 30

/** When the sweep deletes a lead received at `receivedAt` (ISO): once it is older than the lead period. */
export function leadDeletedAfter(receivedAt: string, retention: Retention): string {
  return new Date(Date.parse(receivedAt) + retention.leadDays * dayMs).toISOString()
}

/** What is older than these times goes, at `nowMs`. */
export function sweepCutoffs(retention: Retention, nowMs: number): SweepCutoffs {
  const before = (days: number) => new Date(nowMs - days * dayMs).toISOString()
  return {
    contacts: before(retention.leadDays),
    sessions: before(retention.sessionDays),
    idempotency: before(idempotencyDays),
    events: before(eventDays),
  }
}

/** One sweep, logged as counts (never what was deleted). Rejects when the store fails. */
export async function sweepOnce(
  store: Store,
  retention: Retention,
  options: { log?: (line: LogLine) => void; now?: () => number; deadline?: number } = {},
): Promise<SweepResult> {
  const now = options.now ?? Date.now
  const cutoffs = sweepCutoffs(retention, now())
  const result = await store.sweep(
    options.deadline === undefined ? cutoffs : { ...cutoffs, deadline: options.deadline },
  )
  options.log?.({ time: new Date(now()).toISOString(), level: 'info', msg: 'retention sweep', ...result })
  return result
}

/**
 * Node: sweeps at once, then every day, without keeping the process alive; a failed sweep is logged
 * (its error's class only) and tried again at the next. Answers a stop function.
 */
export function startSweeping(
  store: Store,
  retention: Retention,
  options: { log?: (line: LogLine) => void; now?: () => number; everyMs?: number } = {},
): () => void {
  const log = options.log ?? ((line: LogLine) => console.log(JSON.stringify(line)))
  const now = options.now ?? Date.now
  const run = () =>
    sweepOnce(store, retention, { log, now }).catch((error: unknown) =>
      log({
        time: new Date(now()).toISOString(),
        level: 'error',
        msg: 'retention sweep',
        error: (error as Error)?.name ?? 'Error',
      }),
    )
  // Just after the start's own work (its "listening" line first): a large sweep never delays serving.
  const first = setTimeout(run, 0)
  const timer = setInterval(run, options.everyMs ?? dayMs)
  timer.unref()
  return () => {
    clearTimeout(first)
    clearInterval(timer)
  }
}
