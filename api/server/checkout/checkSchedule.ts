// When the reconciliation asks the provider about a session (docs/api.md, "Reconciliation"), as
// pure functions: each session on a schedule of its own, soon after it is created (a webhook
// usually lands within seconds, so not at once), then sparser, and a last time when its page has
// closed and the grace for a late payment is over; after that it is not asked about again. A run
// takes only the sessions due, soonest first, so sessions nobody pays cost a few lookups each
// rather than one at every run. A run takes the sessions asked about least first (store/port.ts
// `dueSessions`): a new session's first check, where a lost webhook is found, never waits behind
// the later checks of sessions nobody paid.
import type { SessionRecord } from '../store/port'

const minute = 60 * 1000

/** After creation: when the checks fall (the last one at the page's expiry plus the grace). */
export const checkOffsetsMs = [2, 10, 30, 60].map((m) => m * minute)

/** A lookup that failed (the provider unreachable or refusing): asked again after this, not later. */
export const retryAfterErrorMs = 5 * minute

/** A new session's schedule: its first check. */
export function firstCheck(createdAt: string): Pick<SessionRecord, 'nextCheckAt' | 'checks'> {
  return { nextCheckAt: new Date(Date.parse(createdAt) + checkOffsetsMs[0]!).toISOString(), checks: 0 }
}

/** The last time the session is asked about: when a payment may no longer end it. */
export const lastCheckMs = (session: Pick<SessionRecord, 'expiresAt'>, graceMs: number) =>
  Date.parse(session.expiresAt) + graceMs

/**
 * The session after a check at `atMs`: its next check, or none when this was the last.
 * `failed`: the lookup did not answer, so the step is not counted and it is asked again soon.
 */
export function afterCheck(session: SessionRecord, atMs: number, graceMs: number, failed = false): SessionRecord {
  const { nextCheckAt: _n, checks: _c, ...rest } = session
  const last = lastCheckMs(session, graceMs)
  const done = (session.checks ?? 0) + (failed ? 0 : 1)
  if (atMs >= last) return { ...rest, checks: done }
  const created = Date.parse(session.createdAt)
  const planned = failed
    ? atMs + retryAfterErrorMs
    : created + (checkOffsetsMs.find((offset) => created + offset > atMs) ?? Number.POSITIVE_INFINITY)
  return { ...rest, checks: done, nextCheckAt: new Date(Math.min(planned, last)).toISOString() }
}
