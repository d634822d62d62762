// The store the API writes to (docs/api.md): one interface, with an adapter per database
// (memory.ts for tests, sqlite.ts for one node, dynamo.ts at scale). The app never names one.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Locale } from '../../../locales/locales'
import type { Quote, SessionStatus } from '../../contract/cart'
import type { PaymentEvent } from '../../contract/payments'
import type { SalesRequest, SupportRequest } from '../../contract/schemas'

export type ContactKind = 'sales' | 'support'

/**
 * What the visitor agreed to, kept with the lead: the version of the consent text and the privacy
 * notice they were shown (locales/consent.ts; its texts are in locales/consent-versions.json), in
 * their language, and when.
 */
type ConsentRecord = { version: string; locale: Locale; at: string }

/**
 * Where a lead stands in the forwarding to the CRM webhook (api/server/forward.ts). `pending`: due
 * at `nextAttemptAt` (a lead being delivered is pending too, held until its lease ends);
 * `forwarded`: a 2xx came back at `forwardedAt`; `failed`: `attempts` reached the maximum, nothing
 * more happens until operations requeue it (docs/aws.md, runbook).
 */
export type ForwardState = {
  status: 'pending' | 'forwarded' | 'failed'
  /** Attempts started so far: a claim counts one before the request goes out. */
  attempts: number
  nextAttemptAt?: string
  forwardedAt?: string
  /** The last failure, as the forwarder words it: `status 500`, `timeout`, `network ECONNREFUSED`. */
  lastError?: string
}

/** A lead as stored: the request without the honeypot, and whether the honeypot was filled. */
export type ContactRecord = {
  id: string
  kind: ContactKind
  receivedAt: string
  spam: boolean
  data: Omit<SalesRequest, 'website' | 'consentVersion'> | Omit<SupportRequest, 'website' | 'consentVersion'>
  /** Absent on a lead stored before consent versions were kept. */
  consent?: ConsentRecord
  /** Absent when the lead was never queued: forwarding off when it arrived, or spam. */
  forward?: ForwardState
}

/** What the retention sweep deletes: anything older than these times (ISO; store/retention.ts). */
export type SweepCutoffs = {
  /** Leads received before this, whatever their forwarding state. */
  contacts: string
  /** Checkout sessions created before this. */
  sessions: string
  /** Idempotency records and payment events' ids written before this (the stores' own TTLs). */
  idempotency: string
  events: string
  /** Epoch ms: a store that deletes item by item (DynamoDB) stops here; the next sweep goes on, oldest first. */
  deadline?: number
}

export type SweepResult = { contacts: number; sessions: number; idempotency: number; events: number }

/**
 * What an erasure removed (`npm run api -- subject erase`): each lead as it was when deleted (its
 * forwarding state then, which a drainer may have changed since the caller read it), and the count
 * of idempotency records.
 */
type Erased = { removed: { id: string; forward?: ForwardState }[]; idempotency: number }

/**
 * A checkout session as stored: the order (its quote) and where its payment stands. `status` is
 * never `expired` here: an `open` session past `expiresAt` reads as expired (checkout/state.ts).
 */
export type SessionRecord = {
  id: string
  status: SessionStatus
  quote: Quote
  locale: Locale
  /** The provider's hosted payment page (absent when there is nothing to pay). */
  paymentUrl?: string
  reference?: string
  failureCode?: string
  /** The provider's own id of the payment page (Moyasar: the invoice's), by which a reconciliation asks about it (checkout/reconcile.ts). */
  providerRef?: string
  /**
   * When the reconciliation asks the provider about this session next (ISO), and how many times it
   * has asked (checkout/checkSchedule.ts); absent once it asks no more. Only a session whose status
   * is one of `checkedStatuses` is listed by `dueSessions`.
   */
  nextCheckAt?: string
  checks?: number
  /**
   * The sandbox's own record of the last attempt it played: the event its webhook carries, kept
   * before it is sent (checkout/sandbox.ts), which the sandbox answers a reconciliation with.
   */
  sandboxAttempt?: PaymentEvent
  createdAt: string
  expiresAt: string
  updatedAt: string
}

/**
 * A change to a session: `next` replaces it when its stored status is still `from` (another
 * change may have come first), and `eventId` (a payment event) is recorded in the same write.
 * Without `next`, only the event is recorded (an event that changes nothing is still seen once).
 */
type SessionChange = { sessionId: string; from: SessionStatus; next?: SessionRecord; eventId?: string }

/** `duplicate`: the event was recorded before; `stale`: the status is no longer `from`. Both write nothing. */
export type SessionChangeResult = 'applied' | 'duplicate' | 'stale'

/**
 * The stored statuses a payment may still end (`paid` may follow each, a cancel included:
 * checkout/state.ts): the sessions `dueSessions` answers, when their check is due.
 */
const checkedStatuses = ['open', 'processing', 'failed', 'cancelled'] as const satisfies readonly SessionStatus[]

/** At most this many checks of one session (checkout/checkSchedule.ts keeps under it): the store's queues. */
export const maxChecks = 8

/** Whether `dueSessions` lists this session at its `nextCheckAt`. */
export const isChecked = (record: SessionRecord): boolean =>
  record.nextCheckAt !== undefined && (checkedStatuses as readonly string[]).includes(record.status)

/** An answer as the idempotency record keeps it. */
export type StoredResponse = { status: number; body: unknown }

export type IdempotentResult =
  | { kind: 'fresh'; response: StoredResponse }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'conflict' }

export interface Store {
  readonly kind: 'memory' | 'sqlite' | 'dynamodb'
  /**
   * Runs `run` once per (scope, key): a later call with the same body hash gets the first answer
   * (`replay`), with another hash `conflict`. Calls with one key never run concurrently. Only a 2xx
   * answer is kept; `run` throwing or answering otherwise keeps nothing, so a retry runs again.
   * `run` holds no transaction and no lock but its key's: it may wait on a payment provider for
   * seconds while other requests write. What it saves is held back (`heldWrites`) and written with
   * the answer in one write once it returns, or not at all when it throws.
   */
  idempotent(
    scope: string,
    key: string,
    bodyHash: string,
    run: () => Promise<StoredResponse>,
  ): Promise<IdempotentResult>
  /** Stores the lead with its `forward` state, in the write of the surrounding `idempotent` call. */
  saveContact(record: ContactRecord): Promise<void>
  /** Oldest first; `since` an ISO timestamp. */
  listContacts(options?: { since?: string }): Promise<ContactRecord[]>
  /** Pending leads whose next attempt is due at `now` (ISO), soonest first, at most `limit`. */
  pendingForwards(now: string, limit: number): Promise<ContactRecord[]>
  /**
   * Takes a due lead for one attempt: counts it (`attempts` + 1) and holds the lead until
   * `leaseUntil`, so that another drainer (another Lambda instance, the timer) skips it and a
   * crash mid-delivery retries it once the lease ends. False when the lead is no longer pending
   * with `attempts` attempts: another drainer took it first.
   */
  claimForward(id: string, attempts: number, leaseUntil: string): Promise<boolean>
  /** A 2xx came back: the lead is forwarded, for good. */
  markForwarded(id: string, at: string): Promise<void>
  /**
   * Attempt number `attempts` failed: the lead is due again at `nextAttemptAt`, or failed for good
   * when it is undefined. Changes nothing when the lead moved on meanwhile (another drainer
   * forwarded it after this one's lease ended), so a late failure never undoes a success.
   */
  markForwardFailed(id: string, attempts: number, nextAttemptAt: string | undefined, error: string): Promise<void>
  /** The runbook's requeue: every failed lead is pending again, due at `now`, its attempts from 0. Answers how many. */
  retryFailedForwards(now: string): Promise<number>
  /** Stores a new session, in the write of the surrounding `idempotent` call. */
  saveSession(record: SessionRecord): Promise<void>
  getSession(id: string): Promise<SessionRecord | undefined>
  /** One atomic compare-and-set (see SessionChange). */
  changeSession(change: SessionChange): Promise<SessionChangeResult>
  /**
   * The sessions whose check is due at `now` (ISO): `isChecked`, `nextCheckAt` at or before `now`,
   * the least checked first (`checks`), then the soonest due, at most `limit`: what the
   * reconciliation asks the provider about
   * (checkout/reconcile.ts). A store's index may lag: what it lists is read again before a write.
   */
  dueSessions(now: string, limit: number): Promise<SessionRecord[]>
  /**
   * Writes `next` (the same session with its next check) only when the stored session is still
   * exactly `read`: a payment event that landed meanwhile wins, and the reconciliation's schedule
   * is dropped. True when written.
   */
  rescheduleCheck(read: SessionRecord, next: SessionRecord): Promise<boolean>
  /**
   * Every lead sent from `email` (compared without case), oldest first, whatever its state: a
   * data subject's request (`npm run api -- subject show|erase`).
   */
  contactsOf(email: string): Promise<ContactRecord[]>
  /**
   * Deletes these leads, and with them their place in the forwarding queue (the state is on the
   * lead), and the idempotency records that answered them (which tie a request's hash to the lead).
   * A drainer that claimed one before cannot bring it back: its later writes are conditional.
   */
  eraseContacts(ids: readonly string[]): Promise<Erased>
  /** Deletes what is older than the cutoffs: the retention sweep (api/server/retention.ts). */
  sweep(cutoffs: SweepCutoffs): Promise<SweepResult>
  /**
   * A rate limit's counter, shared by every instance on the store (docs/api.md, "Rate limits"): counts one hit on `key` unless it holds `limit` already; true when
   * counted. The key names its window (api/server/rateLimit.ts), so a new window is a new counter,
   * and the counter is gone after `expiresAt` (epoch ms, as `now`, the app's clock: DynamoDB's TTL,
   * SQLite's and memory's own purge), never by a delete of the retention sweep. Keys are HMACs:
   * never an address or an email.
   */
  countHit(key: string, limit: number, expiresAt: number, now: number): Promise<boolean>
  /** Whether the store answers (GET /health). */
  ping(): Promise<boolean>
  close(): Promise<void>
}

/** Serialises async work per key (one process): the second call with a key waits for the first. */
export function keyedLock(): <T>(key: string, work: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>()
  return async (key, work) => {
    const before = tails.get(key) ?? Promise.resolve()
    const mine = before.then(work, work)
    const tail = mine.catch(() => undefined)
    tails.set(key, tail)
    try {
      return await mine
    } finally {
      if (tails.get(key) === tail) tails.delete(key)
    }
  }
}

/**
 * The writes `run` makes inside `idempotent`, held back until it has answered, so that each store
 * makes them in one short write with the idempotency record. AsyncLocalStorage keeps concurrent
 * calls' writes apart; a save outside any `idempotent` call is written at once.
 */
export function heldWrites<W>() {
  const batches = new AsyncLocalStorage<W[]>()
  return {
    /** Runs `run`, collecting what it saves. */
    async collect<T>(run: () => Promise<T>): Promise<{ result: T; writes: W[] }> {
      const writes: W[] = []
      const result = await batches.run(writes, run)
      return { result, writes }
    },
    /** Adds `write` to the surrounding `collect`: false outside one (write it now). */
    hold(write: W): boolean {
      const writes = batches.getStore()
      if (!writes) return false
      writes.push(write)
      return true
    },
  }
}
