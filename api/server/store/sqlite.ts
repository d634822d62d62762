// The SQLite store (one node; `npm run api`'s default): node-sqlite3-wasm, SQLite as WebAssembly,
// so it installs from npm with no native binary or install script. One process owns the file (no
// WAL in this build). The database is created on first open and migrated (store/migrations.ts).
// Its calls are synchronous, and every transaction runs from BEGIN to COMMIT without an await, so
// transactions on the one connection never interleave and none is open while a request waits on
// the network: `idempotent` runs its `run` (which may call a payment provider for seconds) with
// only its key locked, and commits what `run` saved with the answer afterwards.
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
// A CommonJS package: Node's ESM loader sees only its default export.
import sqlite3, { type Database } from 'node-sqlite3-wasm'
import { migrations } from './migrations'
import {
  type ContactRecord,
  type ForwardState,
  heldWrites,
  type IdempotentResult,
  keyedLock,
  type SessionRecord,
  type Store,
  type StoredResponse,
  isChecked,
} from './port'

export type SqliteStore = Store & {
  /** The migrations this open applied (none when the file was current). */
  readonly applied: readonly number[]
}

/** Runs `work` (synchronous: nothing else runs on the connection meanwhile) in one transaction; rolls back when it throws. */
function inTransaction<T>(db: Database, work: () => T): T {
  db.exec('BEGIN IMMEDIATE')
  try {
    const result = work()
    db.exec('COMMIT')
    return result
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK')
    throw error
  }
}

function migrate(db: Database): number[] {
  const current = Number(db.get('PRAGMA user_version')?.user_version ?? 0)
  const applied: number[] = []
  for (const migration of migrations) {
    if (migration.version <= current) continue
    inTransaction(db, () => {
      db.exec(migration.sql)
      db.exec(`PRAGMA user_version = ${migration.version}`)
    })
    applied.push(migration.version)
  }
  return applied
}

/** The `next_check_at` column of a session: its next check while `dueSessions` lists it, else NULL. */
const dueAt = (record: SessionRecord): string | null => (isChecked(record) ? record.nextCheckAt! : null)

export function sqliteStore(path: string): SqliteStore {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const db = new sqlite3.Database(path)
  let applied: number[]
  try {
    db.exec('PRAGMA busy_timeout = 5000')
    // What a DELETE frees is overwritten with zeros: an erased lead leaves
    // no byte in the file's free pages, and `reclaim` below drops those pages from the file.
    db.exec('PRAGMA secure_delete = ON')
    const before = Number(db.get('PRAGMA user_version')?.user_version ?? 0)
    applied = migrate(db)
    // A file from before secure_delete (migration 5 applied to a file that had tables), or one whose
    // last reclaim did not run (the process stopped between a DELETE's commit and its VACUUM): what
    // was deleted then may still be in it, so it is rewritten now, before anything is served.
    const freePages = Number(db.get('PRAGMA freelist_count')?.freelist_count ?? 0)
    if (path !== ':memory:' && ((before > 0 && applied.includes(5)) || freePages > 0)) db.exec('VACUUM')
  } catch (error) {
    db.close()
    throw error
  }
  // Calls with one key run one at a time (one process owns the file); other keys go on meanwhile.
  const lock = keyedLock()
  const held = heldWrites<() => void>()
  /** The `idempotent` calls under way: `close` waits for them, so none commits into a closed file. */
  const running = new Set<Promise<unknown>>()
  const toRecord = (row: Record<string, unknown>): ContactRecord => {
    const record: ContactRecord = {
      id: String(row.id),
      kind: row.kind as ContactRecord['kind'],
      receivedAt: String(row.received_at),
      spam: row.spam === 1,
      data: JSON.parse(String(row.data)),
    }
    if (row.forward_state) {
      const forward: ForwardState = {
        status: row.forward_state as ForwardState['status'],
        attempts: Number(row.forward_attempts),
      }
      if (row.forward_next_at) forward.nextAttemptAt = String(row.forward_next_at)
      if (row.forwarded_at) forward.forwardedAt = String(row.forwarded_at)
      if (row.forward_error) forward.lastError = String(row.forward_error)
      record.forward = forward
    }
    if (row.consent) record.consent = JSON.parse(String(row.consent))
    return record
  }
  /** The answer stored for the key, as `idempotent` gives it back, or undefined. */
  const recorded = (scope: string, key: string, bodyHash: string): IdempotentResult | undefined => {
    const found = db.get('SELECT body_hash, status, body FROM idempotency WHERE scope = ? AND key = ?', [scope, key])
    if (!found) return undefined
    if (found.body_hash !== bodyHash) return { kind: 'conflict' }
    return { kind: 'replay', response: { status: Number(found.status), body: JSON.parse(String(found.body)) } }
  }
  /**
   * After an erasure or a sweep that deleted rows: the freed pages leave the file (VACUUM rewrites
   * it whole, without them), so that a copy of the file, a snapshot or a backup of the host holds
   * nothing of an erased person (docs/privacy.md). Outside any transaction, as VACUUM must be.
   */
  const reclaim = () => {
    if (path !== ':memory:') db.exec('VACUUM')
  }
  /** A new row: with the surrounding `idempotent` call's answer, or now. Its values are read now. */
  const insert = (sql: string, values: (string | number | null)[]) => {
    const write = () => void db.run(sql, values)
    if (!held.hold(write)) write()
  }
  let countersPurged = 0
  return {
    kind: 'sqlite',
    applied,
    idempotent(scope, key, bodyHash, run) {
      const call = lock(`${scope}\n${key}`, async (): Promise<IdempotentResult> => {
        const found = recorded(scope, key, bodyHash)
        if (found) return found
        // No transaction is open while `run` waits: other keys, webhooks and forwarding write meanwhile.
        const { result: response, writes } = await held.collect<StoredResponse>(run)
        const keep = response.status >= 200 && response.status < 300
        db.exec('BEGIN IMMEDIATE')
        try {
          // Another process on the file may have answered the key meanwhile: its answer stands.
          const winner = keep ? recorded(scope, key, bodyHash) : undefined
          if (winner) {
            db.exec('ROLLBACK')
            return winner
          }
          for (const write of writes) write()
          if (keep)
            db.run(
              'INSERT INTO idempotency (scope, key, body_hash, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?)',
              [scope, key, bodyHash, response.status, JSON.stringify(response.body), new Date().toISOString()],
            )
          db.exec('COMMIT')
          return { kind: 'fresh', response }
        } catch (error) {
          if (db.inTransaction) db.exec('ROLLBACK')
          throw error
        }
      })
      running.add(call)
      void call.then(
        () => running.delete(call),
        () => running.delete(call),
      )
      return call
    },
    async saveContact(record) {
      const { forward } = record
      insert(
        `INSERT INTO contacts (id, kind, received_at, spam, data, forward_state, forward_attempts, forward_next_at,
           forwarded_at, forward_error, consent) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          record.id,
          record.kind,
          record.receivedAt,
          record.spam ? 1 : 0,
          JSON.stringify(record.data),
          forward?.status ?? null,
          forward?.attempts ?? 0,
          forward?.nextAttemptAt ?? null,
          forward?.forwardedAt ?? null,
          forward?.lastError ?? null,
          record.consent ? JSON.stringify(record.consent) : null,
        ],
      )
    },
    async listContacts(options = {}) {
      const rows = options.since
        ? db.all('SELECT * FROM contacts WHERE received_at >= ? ORDER BY received_at, rowid', [options.since])
        : db.all('SELECT * FROM contacts ORDER BY received_at, rowid')
      return rows.map((row) => toRecord(row as Record<string, unknown>))
    },
    async pendingForwards(now, limit) {
      const rows = db.all(
        `SELECT * FROM contacts WHERE forward_state = 'pending' AND forward_next_at <= ?
         ORDER BY forward_next_at, rowid LIMIT ?`,
        [now, limit],
      )
      return rows.map((row) => toRecord(row as Record<string, unknown>))
    },
    async claimForward(id, attempts, leaseUntil) {
      return (
        db.run(
          `UPDATE contacts SET forward_attempts = ?, forward_next_at = ?
           WHERE id = ? AND forward_state = 'pending' AND forward_attempts = ?`,
          [attempts + 1, leaseUntil, id, attempts],
        ).changes === 1
      )
    },
    async markForwarded(id, at) {
      db.run(
        `UPDATE contacts SET forward_state = 'forwarded', forwarded_at = ?, forward_next_at = NULL,
           forward_error = NULL WHERE id = ? AND forward_state IS NOT NULL`,
        [at, id],
      )
    },
    async markForwardFailed(id, attempts, nextAttemptAt, error) {
      db.run(
        `UPDATE contacts SET forward_state = ?, forward_next_at = ?, forward_error = ?
         WHERE id = ? AND forward_state = 'pending' AND forward_attempts = ?`,
        [nextAttemptAt ? 'pending' : 'failed', nextAttemptAt ?? null, error, id, attempts],
      )
    },
    async retryFailedForwards(now) {
      return db.run(
        `UPDATE contacts SET forward_state = 'pending', forward_attempts = 0, forward_next_at = ?
         WHERE forward_state = 'failed'`,
        [now],
      ).changes
    },
    async saveSession(record) {
      insert('INSERT INTO checkout_sessions (id, status, created_at, next_check_at, data) VALUES (?, ?, ?, ?, ?)', [
        record.id,
        record.status,
        record.createdAt,
        dueAt(record),
        JSON.stringify(record),
      ])
    },
    async getSession(id) {
      const row = db.get('SELECT data FROM checkout_sessions WHERE id = ?', [id])
      return row ? (JSON.parse(String(row.data)) as SessionRecord) : undefined
    },
    async changeSession({ sessionId, from, next, eventId }) {
      db.exec('BEGIN IMMEDIATE')
      try {
        if (eventId !== undefined && db.get('SELECT 1 AS one FROM payment_events WHERE id = ?', [eventId])) {
          db.exec('ROLLBACK')
          return 'duplicate' as const
        }
        if (
          next &&
          db.run('UPDATE checkout_sessions SET status = ?, next_check_at = ?, data = ? WHERE id = ? AND status = ?', [
            next.status,
            dueAt(next),
            JSON.stringify(next),
            sessionId,
            from,
          ]).changes !== 1
        ) {
          db.exec('ROLLBACK')
          return 'stale' as const
        }
        if (eventId !== undefined)
          db.run('INSERT INTO payment_events (id, session_id, received_at) VALUES (?, ?, ?)', [
            eventId,
            sessionId,
            new Date().toISOString(),
          ])
        db.exec('COMMIT')
        return 'applied' as const
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK')
        throw error
      }
    },
    async dueSessions(now, limit) {
      const rows = db.all(
        `SELECT data FROM checkout_sessions WHERE next_check_at <= ?
           ORDER BY coalesce(json_extract(data, '$.checks'), 0), next_check_at, rowid LIMIT ?`,
        [now, limit],
      )
      return rows.map((row) => JSON.parse(String(row.data)) as SessionRecord)
    },
    async rescheduleCheck(read, next) {
      return (
        db.run('UPDATE checkout_sessions SET next_check_at = ?, data = ? WHERE id = ? AND json(data) = json(?)', [
          dueAt(next),
          JSON.stringify(next),
          read.id,
          JSON.stringify(read),
        ]).changes === 1
      )
    },
    async contactsOf(email) {
      const rows = db.all(
        `SELECT * FROM contacts WHERE lower(json_extract(data, '$.email')) = ? ORDER BY received_at, rowid`,
        [email.toLowerCase()],
      )
      return rows.map((row) => toRecord(row as Record<string, unknown>))
    },
    async eraseContacts(ids) {
      const erased = inTransaction(db, () => {
        const erased: Awaited<ReturnType<Store['eraseContacts']>> = { removed: [], idempotency: 0 }
        for (const id of ids) {
          // The row as it was deleted: its forwarding state then, not as the caller last read it.
          const row = db.get('DELETE FROM contacts WHERE id = ? RETURNING *', [id])
          if (row) {
            const { forward } = toRecord(row as Record<string, unknown>)
            erased.removed.push({ id, ...(forward ? { forward } : {}) })
          }
          // The record that answered the lead: its answer names the lead's id.
          erased.idempotency += db.run(
            `DELETE FROM idempotency WHERE scope IN ('contact/sales', 'contact/support') AND json_extract(body, '$.id') = ?`,
            [id],
          ).changes
        }
        return erased
      })
      if (erased.removed.length > 0 || erased.idempotency > 0) reclaim()
      return erased
    },
    async sweep(cutoffs) {
      const swept = inTransaction(db, () => ({
        contacts: db.run('DELETE FROM contacts WHERE received_at < ?', [cutoffs.contacts]).changes,
        sessions: db.run('DELETE FROM checkout_sessions WHERE created_at < ?', [cutoffs.sessions]).changes,
        idempotency: db.run('DELETE FROM idempotency WHERE created_at < ?', [cutoffs.idempotency]).changes,
        events: db.run('DELETE FROM payment_events WHERE received_at < ?', [cutoffs.events]).changes,
      }))
      if (swept.contacts + swept.sessions + swept.idempotency + swept.events > 0) reclaim()
      return swept
    },
    async countHit(key, limit, expiresAt, now) {
      // Ended counters go once a minute: they hold HMACs only, so no VACUUM follows.
      if (now - countersPurged > 60_000) {
        db.run('DELETE FROM rate_counters WHERE expires_at <= ?', [now])
        countersPurged = now
      }
      // One statement: counted only while under the limit; no row back when it is full.
      const row = db.get(
        `INSERT INTO rate_counters (key, count, expires_at) VALUES (?, 1, ?)
         ON CONFLICT (key) DO UPDATE SET count = count + 1 WHERE count < ? RETURNING count`,
        [key, expiresAt, limit],
      )
      return Boolean(row)
    },
    async ping() {
      try {
        return db.isOpen && db.get('SELECT 1 AS one')?.one === 1
      } catch {
        return false
      }
    },
    async close() {
      await Promise.allSettled(running)
      if (db.isOpen) db.close()
    },
  }
}
