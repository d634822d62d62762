// `npm run api`: the API on http://127.0.0.1:$PORT (8787), storing in the SQLite file $DB_PATH
// (.data/rasid.sqlite), created and migrated on first start. Settings: docs/api.md.
// `npm run api -- export contacts ...` prints the leads instead (./exportContacts.ts).
import { configFromEnv } from './config'
import { exportContacts, exportOptions, exportUsage } from './exportContacts'
import { startApiServer } from './serve'
import { storeFromEnv } from './stores'

const env = process.env
const args = process.argv.slice(2)
if (args[0] === 'export') {
  let options: ReturnType<typeof exportOptions>
  try {
    options = exportOptions(args.slice(1))
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${exportUsage}`)
    process.exit(2)
  }
  const store = storeFromEnv(env)
  try {
    process.stdout.write(await exportContacts(store, options))
  } finally {
    await store.close()
  }
  process.exit(0)
}
const config = configFromEnv(env)
const store = storeFromEnv(env)
const api = await startApiServer({ config, store, port: Number(env.PORT || 8787) })
console.log(
  JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'listening', url: api.url, store: store.kind }),
)

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    api.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
