// The reconciliation's schedule of one session (api/server/checkout/checkSchedule.ts): soon after
// creation, then sparser, a last check when the grace after the page's expiry is over, then none;
// a failed lookup asked again soon without spending a step.
import { describe, expect, test } from 'vitest'
import {
  afterCheck,
  checkOffsetsMs,
  firstCheck,
  lastCheckMs,
  retryAfterErrorMs,
} from '../../api/server/checkout/checkSchedule'
import { reconcileDefaults } from '../../api/server/checkout/reconcile'
import { checkoutDefaults } from '../../api/server/config'
import { maxChecks, type SessionRecord } from '../../api/server/store/port'

const minute = 60 * 1000
const created = Date.parse('2026-12-01T12:00:00Z')
const grace = reconcileDefaults.graceMs
const session: SessionRecord = {
  id: 'cs_schedule',
  status: 'open',
  quote: {} as SessionRecord['quote'],
  locale: 'en',
  createdAt: new Date(created).toISOString(),
  expiresAt: new Date(created + checkoutDefaults.sessionTtlMs).toISOString(),
  updatedAt: new Date(created).toISOString(),
  ...firstCheck(new Date(created).toISOString()),
}

/** Every check a session nobody pays gets, each run on time: minutes after creation. */
function checksOf(start: SessionRecord): number[] {
  const at: number[] = []
  let s = start
  while (s.nextCheckAt) {
    const when = Date.parse(s.nextCheckAt)
    at.push((when - created) / minute)
    s = afterCheck(s, when, grace)
  }
  return at
}

describe('the check schedule', () => {
  test('a new session is first asked about two minutes after it opens, not at once', () => {
    expect(firstCheck(session.createdAt)).toEqual({ nextCheckAt: '2026-12-01T12:02:00.000Z', checks: 0 })
  })

  test('then sparser, and a last time when the grace after its expiry is over: a few lookups, not one a run', () => {
    expect(checksOf(session)).toEqual([2, 10, 30, 60, (lastCheckMs(session, grace) - created) / minute])
    expect(checksOf(session).length).toBeLessThan(maxChecks)
  })

  test('a check made late (a backlog) is followed by the next step after it, never one in the past', () => {
    const late = afterCheck(session, created + 25 * minute, grace)
    expect(late).toMatchObject({ checks: 1, nextCheckAt: new Date(created + 30 * minute).toISOString() })
    const later = afterCheck(late, created + 70 * minute, grace)
    expect(later.nextCheckAt).toBe(new Date(lastCheckMs(session, grace)).toISOString())
  })

  test('after the last check none is planned', () => {
    const last = afterCheck(session, lastCheckMs(session, grace), grace)
    expect(last.nextCheckAt).toBeUndefined()
    expect(last.checks).toBe(1)
  })

  test('a failed lookup is asked again after a run, without counting a step', () => {
    const at = created + 3 * minute
    const failed = afterCheck(session, at, grace, true)
    expect(failed).toMatchObject({ checks: 0, nextCheckAt: new Date(at + retryAfterErrorMs).toISOString() })
    expect(retryAfterErrorMs).toBeLessThanOrEqual(reconcileDefaults.everyMs)
    // Never past the last check.
    const nearEnd = afterCheck(session, lastCheckMs(session, grace) - minute, grace, true)
    expect(nearEnd.nextCheckAt).toBe(new Date(lastCheckMs(session, grace)).toISOString())
  })

  test('the offsets rise, and the first one is after a webhook normally lands', () => {
    expect([...checkOffsetsMs].sort((a, b) => a - b)).toEqual(checkOffsetsMs)
    expect(checkOffsetsMs[0]).toBeGreaterThanOrEqual(minute)
  })
})
