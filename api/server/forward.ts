// Forwarding each new lead to a CRM webhook (docs/api.md, "Forwarding to a CRM"), so that a lead
// is never only in a database nobody reads. The app marks a new lead (not spam, not a replay)
// pending in the same write that stores it; this module delivers the pending ones: POST
// {id, kind, receivedAt, data} as JSON, signed like the site's own webhooks (Rasid-Signature:
// t=<unix>,v1=<hex HMAC-SHA256 of "t.body">), with the lead id as the delivery id so the CRM can
// drop a duplicate: delivery is at least once. A failed attempt is retried after 1 s, 2 s, 4 s …
// (capped); after the last one the lead stays `failed` and an error line is logged.
// On Node (serve.ts) a forwarder runs in the process: a drain right after each new lead, at start
// (leads left pending by the previous process) and from a timer. On Lambda (lambda.ts) a scheduled
// event calls `drain()`: a frozen instance cannot finish a request it started in the background.
// The state lives in the store, and each attempt first claims its lead there (store/port.ts), so
// several drainers (Lambda instances, a `npm run api -- forward` beside the server) share the queue.
import { apiVersion } from '../contract/version'
import type { LogLine } from './app'
import type { WebhookConfig } from './config'
import { signature } from './signature'
import type { ContactRecord, Store } from './store/port'

export type DrainResult = { forwarded: number; retrying: number; failed: number }

export type Forwarder = {
  /**
   * Delivers every lead due now, a batch at a time, and resolves with what happened; never rejects
   * (a store error is logged). A call while a drain runs is folded into one drain after it.
   * `deadline` (epoch ms): start no batch that could outlast it (a Lambda's remaining time).
   */
  drain(options?: { deadline?: number }): Promise<DrainResult>
  /** Node: drains now (what a previous process left pending), then from a timer. */
  start(): void
  /** Stops the timer and aborts deliveries in flight; each stays pending, due at once for the next process. */
  stop(): Promise<void>
}

export type ForwarderOptions = {
  store: Store
  webhook: WebhookConfig
  log?: (line: LogLine) => void
  now?: () => number
}

/** Leads delivered side by side: a receiver that hangs costs one timeout per batch, not per lead. */
const batchSize = 10
/**
 * How long a claimed lead is held beyond the attempt's timeout: long enough to record the answer,
 * short enough that a lead whose process died mid-delivery is soon due again.
 */
const leaseMarginMs = 5000

/** The wait after failed attempt number `attempt` (1-based): base, twice base, … capped. */
export function backoffMs(webhook: Pick<WebhookConfig, 'backoffBaseMs' | 'backoffMaxMs'>, attempt: number): number {
  return Math.min(webhook.backoffBaseMs * 2 ** (attempt - 1), webhook.backoffMaxMs)
}

/** The body the CRM receives: the lead as stored, with the consent it was sent with, without the forwarding state. */
function forwardBody(lead: ContactRecord): string {
  const { id, kind, receivedAt, data, consent } = lead
  return JSON.stringify({ id, kind, receivedAt, data, ...(consent ? { consent } : {}) })
}

/**
 * Why an attempt failed, in words that carry no personal data and no URL: the status, `timeout`,
 * or the network error's code. Stored with the lead and logged.
 */
function failure(error: unknown): string {
  const e = error as { name?: string; cause?: { code?: string; name?: string } }
  if (e?.name === 'TimeoutError') return 'timeout'
  const code = e?.cause?.code ?? e?.cause?.name
  return code ? `network ${code}` : `network ${e?.name ?? 'Error'}`
}

export function createForwarder(options: ForwarderOptions): Forwarder {
  const { store, webhook } = options
  const log = options.log ?? ((line: LogLine) => console.log(JSON.stringify(line)))
  const now = options.now ?? Date.now
  const iso = (ms: number) => new Date(ms).toISOString()
  /** Aborts the deliveries in flight on stop(). */
  const stopping = new AbortController()
  let started = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let wakeAt = Number.POSITIVE_INFINITY
  /** The drain running (or the last one), and the one waiting behind it. */
  let tail: Promise<unknown> = Promise.resolve()
  let queued: Promise<DrainResult> | undefined

  /** Drains at `at` (epoch ms), unless a drain is already set for earlier. */
  function wake(at: number) {
    if (!started || stopping.signal.aborted || (timer && at >= wakeAt)) return
    clearTimeout(timer)
    wakeAt = at
    timer = setTimeout(
      () => {
        timer = undefined
        wakeAt = Number.POSITIVE_INFINITY
        void drain()
      },
      Math.max(0, at - now()),
    )
    // The server keeps the process alive, not the forwarder: a test or a command may end.
    timer.unref?.()
  }

  /** One attempt for a due lead; undefined when another drainer took it first. */
  async function attempt(lead: ContactRecord): Promise<{ ok: boolean; retryAt?: number } | undefined> {
    const previous = lead.forward?.attempts ?? 0
    const startedAt = now()
    if (!(await store.claimForward(lead.id, previous, iso(startedAt + webhook.timeoutMs + leaseMarginMs))))
      return undefined
    const attempt = previous + 1
    const body = forwardBody(lead)
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'User-Agent': `rasid-api/${apiVersion}`,
      'Rasid-Delivery-Id': lead.id,
      'Rasid-Delivery-Attempt': String(attempt),
    }
    if (webhook.secret) headers['Rasid-Signature'] = signature(webhook.secret, body, Math.floor(startedAt / 1000))
    let status: number | undefined
    let error: string | undefined
    // The attempt's own timer, not AbortSignal.any([stopping, AbortSignal.timeout()]): a timeout
    // signal that only the combined one refers to can be garbage-collected before it fires (Node
    // 20-22), and the delivery then waits on a receiver that never answers.
    const abort = new AbortController()
    const stop = () => abort.abort(stopping.signal.reason)
    stopping.signal.addEventListener('abort', stop, { once: true })
    const timeout = setTimeout(
      () => abort.abort(new DOMException('The delivery timed out', 'TimeoutError')),
      webhook.timeoutMs,
    )
    try {
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers,
        body,
        // A redirect is a failure, as the webhooks guide says: following it would send the lead elsewhere.
        redirect: 'manual',
        signal: abort.signal,
      })
      status = response.status
      // Only the status matters; dropping the body frees the connection.
      await response.body?.cancel().catch(() => undefined)
      if (status < 200 || status > 299) error = `status ${status}`
    } catch (caught) {
      error = stopping.signal.aborted ? 'aborted' : failure(caught)
    } finally {
      clearTimeout(timeout)
      stopping.signal.removeEventListener('abort', stop)
    }
    const line: LogLine = {
      time: iso(now()),
      level: 'info',
      msg: 'forward',
      leadId: lead.id,
      attempt,
      ms: now() - startedAt,
    }
    if (status !== undefined) line.status = status
    if (error === undefined) {
      await store.markForwarded(lead.id, iso(now()))
      log(line)
      return { ok: true }
    }
    line.error = error
    // Stopped mid-delivery: due at once, for whichever process drains next.
    const retryAt =
      error === 'aborted' ? now() : attempt < webhook.maxAttempts ? now() + backoffMs(webhook, attempt) : undefined
    await store.markForwardFailed(lead.id, attempt, retryAt === undefined ? undefined : iso(retryAt), error)
    if (retryAt === undefined) {
      line.level = 'error'
      line.failed = true
    } else {
      line.level = 'warn'
      line.nextAttemptAt = iso(retryAt)
    }
    log(line)
    return { ok: false, retryAt }
  }

  /** The store failed: the leads stay as they were, and the timer tries again. The class name only, as app.ts logs. */
  const storeError = (error: unknown) =>
    log({ time: iso(now()), level: 'error', msg: 'forward', error: (error as Error)?.name ?? 'Error' })

  async function drainNow(deadline?: number): Promise<DrainResult> {
    const result: DrainResult = { forwarded: 0, retrying: 0, failed: 0 }
    let soonest = Number.POSITIVE_INFINITY
    try {
      for (let first = true; !stopping.signal.aborted; first = false) {
        if (!first && deadline !== undefined && now() + webhook.timeoutMs + leaseMarginMs > deadline) break
        const due = await store.pendingForwards(iso(now()), batchSize)
        // Settled, not all: a store error on one lead must not leave the others running unawaited.
        const outcomes = await Promise.allSettled(due.map(attempt))
        let claimed = 0
        for (const settled of outcomes) {
          if (settled.status === 'rejected') {
            storeError(settled.reason)
            continue
          }
          const outcome = settled.value
          if (!outcome) continue
          claimed++
          if (outcome.ok) result.forwarded++
          else if (outcome.retryAt === undefined) result.failed++
          else {
            result.retrying++
            soonest = Math.min(soonest, outcome.retryAt)
          }
        }
        // A short batch was the last; a batch whose every lead another drainer had (a lagging
        // index shows them due still) would only repeat itself.
        if (due.length < batchSize || claimed === 0) break
      }
    } catch (error) {
      storeError(error)
    }
    wake(Math.min(soonest, now() + webhook.pollMs))
    return result
  }

  function drain(drainOptions: { deadline?: number } = {}): Promise<DrainResult> {
    if (queued) return queued
    const next = tail.then(() => {
      queued = undefined
      return drainNow(drainOptions.deadline)
    })
    queued = next
    tail = next
    return next
  }

  return {
    drain,
    start() {
      if (started) return
      started = true
      void drain()
    },
    async stop() {
      clearTimeout(timer)
      timer = undefined
      stopping.abort()
      await tail
    },
  }
}
