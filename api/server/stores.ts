// Which store the server uses, from API_STORE (`sqlite`, the default, or `memory`) and DB_PATH.
import { memoryStore } from './store/memory'
import type { Store } from './store/port'
import { sqliteStore } from './store/sqlite'

const defaultDbPath = '.data/rasid.sqlite'

export function storeFromEnv(env: Record<string, string | undefined>): Store {
  const kind = env.API_STORE || 'sqlite'
  if (kind === 'memory') return memoryStore()
  if (kind === 'sqlite') return sqliteStore(env.DB_PATH || defaultDbPath)
  throw new Error(`API_STORE must be sqlite or memory, not ${kind}`)
}
