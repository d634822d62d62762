// The in-memory store: for tests and trying the API; everything is gone when the process ends.
import { type ContactRecord, type IdempotentResult, keyedLock, type Store, type StoredResponse } from './port'

export function memoryStore(): Store {
  const contacts: ContactRecord[] = []
  const records = new Map<string, { bodyHash: string; response: StoredResponse }>()
  const lock = keyedLock()
  return {
    kind: 'memory',
    idempotent(scope, key, bodyHash, run) {
      const id = `${scope}\n${key}`
      return lock(id, async (): Promise<IdempotentResult> => {
        const found = records.get(id)
        if (found)
          return found.bodyHash === bodyHash ? { kind: 'replay', response: found.response } : { kind: 'conflict' }
        const response = await run()
        if (response.status >= 200 && response.status < 300) records.set(id, { bodyHash, response })
        return { kind: 'fresh', response }
      })
    },
    async saveContact(record) {
      contacts.push(structuredClone(record))
    },
    async listContacts(options = {}) {
      return contacts.filter((c) => !options.since || c.receivedAt >= options.since).map((c) => structuredClone(c))
    },
    async ping() {
      return true
    },
    async close() {},
  }
}
