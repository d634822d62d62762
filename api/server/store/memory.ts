// The in-memory store: for tests and trying the API; everything is gone when the process ends.
import {
  type ContactRecord,
  heldWrites,
  type IdempotentResult,
  keyedLock,
  type SessionRecord,
  type Store,
  type StoredResponse,
  isChecked,
} from './port'

export function memoryStore(): Store {
  const contacts: ContactRecord[] = []
  const records = new Map<string, { bodyHash: string; response: StoredResponse; at: string }>()
  const lock = keyedLock()
  // What `run` saves is kept only once it returns, as the other stores commit it with the answer.
  const held = heldWrites<() => void>()
  const keep = (write: () => void) => {
    if (!held.hold(write)) write()
  }
  const sessions = new Map<string, SessionRecord>()
  /** Each applied payment event's id, with when it was recorded. */
  const events = new Map<string, string>()
  /** Rate-limit counters by key: the hits and when the counter ends (epoch ms). */
  const counters = new Map<string, { count: number; expiresAt: number }>()
  let countersPurged = 0
  return {
    kind: 'memory',
    idempotent(scope, key, bodyHash, run) {
      const id = `${scope}\n${key}`
      return lock(id, async (): Promise<IdempotentResult> => {
        const found = records.get(id)
        if (found)
          return found.bodyHash === bodyHash ? { kind: 'replay', response: found.response } : { kind: 'conflict' }
        const { result: response, writes } = await held.collect(run)
        for (const write of writes) write()
        if (response.status >= 200 && response.status < 300)
          records.set(id, { bodyHash, response, at: new Date().toISOString() })
        return { kind: 'fresh', response }
      })
    },
    async saveContact(record) {
      const copy = structuredClone(record)
      keep(() => contacts.push(copy))
    },
    async listContacts(options = {}) {
      return contacts.filter((c) => !options.since || c.receivedAt >= options.since).map((c) => structuredClone(c))
    },
    async pendingForwards(now, limit) {
      return contacts
        .filter((c) => c.forward?.status === 'pending' && (c.forward.nextAttemptAt ?? '') <= now)
        .sort((a, b) => (a.forward!.nextAttemptAt! < b.forward!.nextAttemptAt! ? -1 : 1))
        .slice(0, limit)
        .map((c) => structuredClone(c))
    },
    async claimForward(id, attempts, leaseUntil) {
      const forward = contacts.find((c) => c.id === id)?.forward
      if (forward?.status !== 'pending' || forward.attempts !== attempts) return false
      forward.attempts = attempts + 1
      forward.nextAttemptAt = leaseUntil
      return true
    },
    async markForwarded(id, at) {
      const lead = contacts.find((c) => c.id === id)
      if (lead?.forward) lead.forward = { status: 'forwarded', attempts: lead.forward.attempts, forwardedAt: at }
    },
    async markForwardFailed(id, attempts, nextAttemptAt, error) {
      const lead = contacts.find((c) => c.id === id)
      if (lead?.forward?.status !== 'pending' || lead.forward.attempts !== attempts) return
      lead.forward = nextAttemptAt
        ? { status: 'pending', attempts, nextAttemptAt, lastError: error }
        : { status: 'failed', attempts, lastError: error }
    },
    async retryFailedForwards(now) {
      const failed = contacts.filter((c) => c.forward?.status === 'failed')
      for (const lead of failed)
        lead.forward = { status: 'pending', attempts: 0, nextAttemptAt: now, lastError: lead.forward?.lastError }
      return failed.length
    },
    async saveSession(record) {
      const copy = structuredClone(record)
      keep(() => sessions.set(copy.id, copy))
    },
    async getSession(id) {
      const found = sessions.get(id)
      return found && structuredClone(found)
    },
    async changeSession({ sessionId, from, next, eventId }) {
      // Synchronous from here on: no other change can come between the checks and the writes.
      if (eventId !== undefined && events.has(eventId)) return 'duplicate'
      if (next && sessions.get(sessionId)?.status !== from) return 'stale'
      if (next) sessions.set(sessionId, structuredClone(next))
      if (eventId !== undefined) events.set(eventId, new Date().toISOString())
      return 'applied'
    },
    async dueSessions(now, limit) {
      return [...sessions.values()]
        .filter((session) => isChecked(session) && session.nextCheckAt! <= now)
        .sort(
          (a, b) =>
            (a.checks ?? 0) - (b.checks ?? 0) ||
            (a.nextCheckAt! < b.nextCheckAt! ? -1 : a.nextCheckAt! > b.nextCheckAt! ? 1 : 0),
        )
        .slice(0, limit)
        .map((session) => structuredClone(session))
    },
    async rescheduleCheck(read, next) {
      const stored = sessions.get(read.id)
      if (!stored || JSON.stringify(stored) !== JSON.stringify(read)) return false
      sessions.set(read.id, structuredClone(next))
      return true
    },
    async contactsOf(email) {
      const wanted = email.toLowerCase()
      return contacts.filter((c) => c.data.email.toLowerCase() === wanted).map((c) => structuredClone(c))
    },
    async eraseContacts(ids) {
      const erased: Awaited<ReturnType<Store['eraseContacts']>> = { removed: [], idempotency: 0 }
      for (const id of ids) {
        const at = contacts.findIndex((c) => c.id === id)
        if (at < 0) continue
        const [lead] = contacts.splice(at, 1)
        erased.removed.push({ id, ...(lead!.forward ? { forward: structuredClone(lead!.forward) } : {}) })
        for (const [key, record] of records)
          if (key.startsWith('contact/') && (record.response.body as { id?: string })?.id === id) {
            records.delete(key)
            erased.idempotency++
          }
      }
      return erased
    },
    async sweep(cutoffs) {
      const result = { contacts: 0, sessions: 0, idempotency: 0, events: 0 }
      for (let i = contacts.length - 1; i >= 0; i--)
        if (contacts[i]!.receivedAt < cutoffs.contacts) {
          contacts.splice(i, 1)
          result.contacts++
        }
      for (const [id, session] of sessions)
        if (session.createdAt < cutoffs.sessions) {
          sessions.delete(id)
          result.sessions++
        }
      for (const [key, record] of records)
        if (record.at < cutoffs.idempotency) {
          records.delete(key)
          result.idempotency++
        }
      for (const [id, at] of events)
        if (at < cutoffs.events) {
          events.delete(id)
          result.events++
        }
      return result
    },
    async countHit(key, limit, expiresAt, now) {
      if (now - countersPurged > 60_000) {
        for (const [k, counter] of counters) if (counter.expiresAt <= now) counters.delete(k)
        countersPurged = now
      }
      const counter = counters.get(key) ?? { count: 0, expiresAt }
      if (counter.count >= limit) return false
      counter.count++
      counters.set(key, counter)
      return true
    },
    async ping() {
      return true
    },
    async close() {},
  }
}
