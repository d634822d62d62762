// Which store the server uses, from API_STORE (`sqlite`, the default, `dynamodb` or `memory`),
// DB_PATH for SQLite, and DDB_TABLE, DDB_ENDPOINT (optional: dynalite, DynamoDB Local) for DynamoDB;
// the region and credentials come from the standard AWS chain (AWS_REGION, the Lambda role).
// `retention` sets DynamoDB's TTLs on what it writes (config.ts; the notice's periods when unset).
import type { Retention } from './retention'
import { dynamoStoreFromEnv } from './store/dynamoStore'
import { memoryStore } from './store/memory'
import type { Store } from './store/port'
import { sqliteStore } from './store/sqlite'

const defaultDbPath = '.data/rasid.sqlite'

export function storeFromEnv(env: Record<string, string | undefined>, retention?: Retention): Store {
  const kind = env.API_STORE || 'sqlite'
  if (kind === 'memory') return memoryStore()
  if (kind === 'sqlite') return sqliteStore(env.DB_PATH || defaultDbPath)
  if (kind === 'dynamodb') return dynamoStoreFromEnv(env, retention)
  throw new Error(`API_STORE must be sqlite, dynamodb or memory, not ${kind}`)
}
