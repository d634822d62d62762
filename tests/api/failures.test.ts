// The API when its store fails (api/server/app.ts): health says 503, a write that fails is a 500
// problem that keeps nothing, so the same Idempotency-Key succeeds on retry; the log line names
// the error's class only.
import { describe, expect, test } from 'vitest'
import type { ContactCreated } from '../../api/contract/schemas'
import { memoryStore } from '../../api/server/store/memory'
import type { Store } from '../../api/server/store/port'
import { call, goodSales, newKey, startApi } from './helpers'

/** A memory store whose ping and saveContact fail while `down` is set. */
function flakyStore(): Store & { down: boolean } {
  const inner = memoryStore()
  const store = {
    ...inner,
    down: true,
    async ping() {
      return !store.down
    },
    async saveContact(record: Parameters<Store['saveContact']>[0]) {
      if (store.down) throw new TypeError(`disk full while writing ${record.data.email}`)
      return inner.saveContact(record)
    },
  }
  return store
}

describe('a failing store', () => {
  test('health is a 503 that parses with the contract', async () => {
    const store = flakyStore()
    const api = await startApi({ store })
    try {
      const down = await call(api, '/api/v1/health')
      expect(down.status).toBe(503)
      expect(down.body).toMatchObject({ status: 'unavailable', store: 'memory' })
      store.down = false
      expect((await call(api, '/api/v1/health')).status).toBe(200)
    } finally {
      await api.close()
    }
  })

  test('a failed write is a 500, keeps nothing, and the same key succeeds later', async () => {
    const store = flakyStore()
    const api = await startApi({ store })
    try {
      const key = newKey()
      const failed = await call(api, '/api/v1/contact/sales', { body: goodSales, key })
      expect(failed.status).toBe(500)
      expect(failed.body).toMatchObject({ code: 'internal' })
      expect(failed.text).not.toContain(goodSales.email)
      const line = api.logs.at(-1)!
      expect(line).toMatchObject({ status: 500, level: 'error', error: 'TypeError' })
      expect(JSON.stringify(api.logs)).not.toContain(goodSales.email)
      store.down = false
      const retried = await call(api, '/api/v1/contact/sales', { body: goodSales, key })
      expect(retried.status).toBe(201)
      expect(retried.headers.get('idempotent-replayed')).toBeNull()
      expect((await store.listContacts()).map((c) => c.id)).toEqual([(retried.body as ContactCreated).id])
    } finally {
      await api.close()
    }
  })
})
