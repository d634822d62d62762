// Payment reconciliation (docs/api.md, "Reconciliation"): webhooks are the fast path to `paid`,
// never the only one. Each session a payment may still end carries its own next check
// (checkSchedule.ts); a run asks the provider about the sessions due, the least checked first, a
// few at once within the run's time, and applies each answer as the webhook route does: the order's
// amount checked, then changeSession with the state rules of state.ts and the event's id, which is
// the id the provider's webhook carries for the same payment (provider.ts `lookupPayment`), so a
// webhook and a run that race record one payment, whichever comes first. Then the session's next
// check is written, unless something changed it meanwhile. On Node it runs on a timer (serve.ts);
// on Lambda from a schedule (lambda.ts).
import pLimit from 'p-limit'
import type { CheckoutConfig } from '../config'
import type { SessionRecord, Store } from '../store/port'
import { moyasarProvider } from './moyasar'
import { type PaymentProvider, sandboxProvider } from './provider'
import { afterCheck } from './checkSchedule'
import { changeSession } from './sessions'
import { effectiveStatus } from './state'

/** A log line as app.ts writes them (not imported: app.ts imports checkout's modules). */
type LogLine = Record<string, string | number | boolean>

/**
 * What a run did, in counts only (its log line holds nothing else): sessions `checked`; moved to
 * `paid`, `failed`, `cancelled`; `unchanged` (the webhook had brought the same answer, or it changes
 * nothing now); `waiting` (the provider has nothing ended yet) and `expired` (nothing ended, and the
 * session is past its time); `errors`, the provider could not say or answered for another order;
 * `unreached`, sessions due that this run left to the next (its limit or its time ran out): above 0
 * run after run is a backlog, and an alarm (infra/constructs/alarms.ts).
 */
export type ReconcileResult = {
  checked: number
  paid: number
  failed: number
  cancelled: number
  unchanged: number
  waiting: number
  expired: number
  errors: number
  unreached: number
}

/** How often the schedule runs (infra/constructs/api.ts, serve.ts) and whom it asks about. */
export const reconcileDefaults = {
  everyMs: 5 * 60 * 1000,
  /** A payment may end a little after the page closes (a bank's 3-D Secure page): asked about until this long after. */
  graceMs: 60 * 60 * 1000,
  /** Sessions per run, the least checked first; the next run takes the rest. */
  limit: 500,
  /** Lookups under way at once: enough to cover the limit within a Lambda run, few for the provider's rate limits. */
  concurrency: 8,
}

/** The provider the app uses for these settings (app.ts makes the same choice). */
export function providerFor(checkout: CheckoutConfig): PaymentProvider {
  const chosen = checkout.provider
  return chosen.kind === 'moyasar' ? moyasarProvider(chosen) : sandboxProvider(checkout)
}

export type ReconcileOptions = {
  /** How long a session stays open (config.checkout.sessionTtlMs): with `graceMs`, how far back a run looks. */
  sessionTtlMs: number
  now?: () => number
  log?: (line: LogLine) => void
  /** Epoch ms: no new session is asked about after it (Lambda's remaining time). */
  deadline?: number
} & Partial<Omit<typeof reconcileDefaults, 'everyMs'>>

const none = (): ReconcileResult => ({
  checked: 0,
  paid: 0,
  failed: 0,
  cancelled: 0,
  unchanged: 0,
  waiting: 0,
  expired: 0,
  errors: 0,
  unreached: 0,
})

/**
 * Asks about one session and applies the answer; counts the outcome in `result`. Answers the
 * session to reschedule (as stored after the change) and whether the lookup failed, or undefined
 * when a payment event moved it meanwhile (its schedule is the event's writer's).
 */
async function check(
  store: Store,
  lookup: NonNullable<PaymentProvider['lookupPayment']>,
  session: SessionRecord,
  now: () => number,
  result: ReconcileResult,
): Promise<{ read: SessionRecord; failed: boolean } | undefined> {
  try {
    const event = await lookup(session)
    if (!event) {
      if (effectiveStatus(session, now()) === 'expired') result.expired++
      else result.waiting++
      return { read: session, failed: false }
    }
    // As the webhook route: an event for another order or amount is never applied.
    if (
      event.sessionId !== session.id ||
      event.amountMinor !== session.quote.totalMinor ||
      event.currency !== session.quote.currency
    ) {
      result.errors++
      return { read: session, failed: false }
    }
    const changed = await changeSession(store, session.id, event, now(), event.id)
    if (changed.result === 'applied' && changed.session) {
      const status = changed.session.status
      if (status === 'paid' || status === 'failed' || status === 'cancelled') result[status]++
      else result.unchanged++
      return { read: changed.session, failed: false }
    }
    result.unchanged++
    return changed.session ? { read: changed.session, failed: false } : undefined
  } catch {
    // The provider unreachable or refusing: asked again soon.
    result.errors++
    return { read: session, failed: true }
  }
}

/** One run, logged as one line of counts. Rejects only when the store cannot list the sessions. */
export async function reconcileOnce(
  store: Store,
  provider: PaymentProvider,
  options: ReconcileOptions,
): Promise<ReconcileResult> {
  const now = options.now ?? Date.now
  const { graceMs, limit, concurrency } = { ...reconcileDefaults, ...options }
  const result = none()
  if (!provider.lookupPayment) return result
  const lookup = provider.lookupPayment
  // One more than the limit: whether any is left for the next run.
  const due = await store.dueSessions(new Date(now()).toISOString(), limit + 1)
  result.unreached = Math.max(0, due.length - limit)
  const slots = pLimit(concurrency)
  await Promise.all(
    due.slice(0, limit).map((listed) =>
      slots(async () => {
        if (options.deadline !== undefined && Date.now() > options.deadline) {
          result.unreached++
          return
        }
        // The index may lag behind the session: the stored one is asked about and rescheduled.
        const session = await store.getSession(listed.id)
        if (!session) return
        result.checked++
        const settled = await check(store, lookup, session, now, result)
        if (settled) await store.rescheduleCheck(settled.read, afterCheck(settled.read, now(), graceMs, settled.failed))
      }),
    ),
  )
  options.log?.({
    time: new Date(now()).toISOString(),
    level: result.errors > 0 ? 'warn' : 'info',
    msg: 'payment reconciliation',
    ...result,
  })
  return result
}

/**
 * Node: a run every `everyMs`, without keeping the process alive; a failed run is logged (its
 * error's class only) and the next one tries again. Answers a stop function, which waits for a run
 * under way (so that the store is not closed under it).
 */
export function startReconciling(
  store: Store,
  provider: PaymentProvider,
  options: ReconcileOptions & { everyMs?: number },
): () => Promise<void> {
  const log = options.log ?? ((line: LogLine) => console.log(JSON.stringify(line)))
  const now = options.now ?? Date.now
  let running: Promise<void> | undefined
  const timer = setInterval(() => {
    // One run at a time: a slow provider never stacks them.
    if (running) return
    running = reconcileOnce(store, provider, { ...options, log })
      .then(
        () => undefined,
        (error: unknown) =>
          log({
            time: new Date(now()).toISOString(),
            level: 'error',
            msg: 'payment reconciliation',
            error: (error as Error)?.name ?? 'Error',
          }),
      )
      .finally(() => {
        running = undefined
      })
  }, options.everyMs ?? reconcileDefaults.everyMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
