// The store the API writes to (docs/api.md): one interface, with an adapter per database
// (memory.ts for tests, sqlite.ts for one node, dynamo.ts at scale). The app never names one.
import type { SalesRequest, SupportRequest } from '../../contract/schemas'

export type ContactKind = 'sales' | 'support'

/** A lead as stored: the request without the honeypot, and whether the honeypot was filled. */
export type ContactRecord = {
  id: string
  kind: ContactKind
  receivedAt: string
  spam: boolean
  data: Omit<SalesRequest, 'website'> | Omit<SupportRequest, 'website'>
}

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
   */
  idempotent(
    scope: string,
    key: string,
    bodyHash: string,
    run: () => Promise<StoredResponse>,
  ): Promise<IdempotentResult>
  saveContact(record: ContactRecord): Promise<void>
  /** Oldest first; `since` an ISO timestamp. */
  listContacts(options?: { since?: string }): Promise<ContactRecord[]>
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
