// The pure part of the API bench (./apiBench.ts): latency percentiles, and the check that every
// accepted lead is in the store exactly once. No I/O, so tests/unit/bench/apiBenchStats.test.ts covers it.

/**
 * The nearest-rank percentile (the smallest value with at least p % of the values at or below it),
 * so it is always a latency that was measured, never an interpolation. NaN for no values.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!
}

export type LatencySummary = { count: number; mean: number; p50: number; p95: number; p99: number; max: number }

/** Milliseconds in, the figures the bench prints out. */
export function summarize(latencies: readonly number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b)
  const sum = sorted.reduce((s, x) => s + x, 0)
  return {
    count: sorted.length,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
  }
}

export type LeadCheck = {
  /** Distinct ids answered with a fresh 201 (a replay repeats an id and is not counted again). */
  accepted: number
  /** Rows in the store. */
  stored: number
  /** Accepted ids absent from the store. */
  missing: string[]
  /**
   * Ids of leads kept twice: a row whose id or email an earlier row already has (every bench request
   * has its own email, so two rows with one email are one request stored twice), or an id answered
   * fresh twice.
   */
  duplicated: string[]
  /** Stored rows no 201 named: a lead kept although its request was answered otherwise. */
  unexpected: string[]
  /**
   * Stored rows of requests that got no answer at all (a client timeout, a reset connection): the
   * server may well have kept the lead, so these are reported but do not fail the check.
   */
  unanswered: string[]
  /** Accepted ids whose stored lead has another email than the request that got the id. */
  mismatched: string[]
  ok: boolean
}

/**
 * Compares what the API answered with what the store holds. `accepted` is every fresh 201: the id
 * answered and the email sent; `stored` every row of the store; `noAnswer` the emails of the
 * requests that got no answer. The store must hold each accepted lead exactly once, with the email
 * that was sent, and nothing else but, perhaps, leads of requests with no answer.
 */
export function checkLeads(
  accepted: readonly (readonly [id: string, email: string])[],
  stored: readonly { id: string; email: string }[],
  noAnswer: ReadonlySet<string> = new Set(),
): LeadCheck {
  const sent = new Map<string, string>()
  const duplicated = new Set<string>()
  for (const [id, email] of accepted) {
    if (sent.has(id)) duplicated.add(id)
    sent.set(id, email)
  }
  const ids = new Set<string>()
  const emails = new Set<string>()
  const unexpected: string[] = []
  const unanswered: string[] = []
  const mismatched: string[] = []
  for (const row of stored) {
    if (ids.has(row.id) || emails.has(row.email)) duplicated.add(row.id)
    const first = !ids.has(row.id)
    ids.add(row.id)
    emails.add(row.email)
    if (!first) continue
    const email = sent.get(row.id)
    if (email === undefined) (noAnswer.has(row.email) ? unanswered : unexpected).push(row.id)
    else if (email !== row.email) mismatched.push(row.id)
  }
  const missing = [...sent.keys()].filter((id) => !ids.has(id))
  return {
    accepted: sent.size,
    stored: stored.length,
    missing,
    duplicated: [...duplicated],
    unexpected,
    unanswered,
    mismatched,
    ok:
      !missing.length &&
      !duplicated.size &&
      !unexpected.length &&
      !mismatched.length &&
      stored.length === sent.size + unanswered.length,
  }
}
