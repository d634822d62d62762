// `npm run api`: the API on http://127.0.0.1:$PORT (8787), storing in the SQLite file $DB_PATH
// (.data/rasid.sqlite), created and migrated on first start. Settings: docs/api.md; it starts only
// with a payment provider named (`PAYMENT_PROVIDER=sandbox npm run api` on this machine).
// `npm run api -- export contacts ...` prints the leads instead (./exportContacts.ts);
// `npm run api -- forward [--retry-failed]` delivers the leads due to the CRM webhook once and exits
// (./forward.ts; the runbook's way to requeue failed ones, docs/aws.md);
// `npm run api -- subject show|erase --email <address>` answers a data subject's request (./subject.ts);
// `npm run api -- migrate` gives a DynamoDB table's older items the keys that request and the
// retention sweep need (store/dynamo.ts `backfillPersonalDataKeys`; SQLite migrates when opened).
import { parseArgs } from 'node:util'
import { type ApiConfig, ConfigError, configFromEnv, retentionFromEnv, startWarnings, webhookFromEnv } from './config'
import { exportContacts, exportOptions, exportUsage } from './exportContacts'
import { createForwarder } from './forward'
import type { Retention } from './retention'
import { startApiServer } from './serve'
import { eraseSubject, showSubject, subjectOptions, subjectUsage } from './subject'
import { backfillPersonalDataKeys, dynamoOptionsFromEnv } from './store/dynamo'
import { storeFromEnv } from './stores'

const env = process.env
const args = process.argv.slice(2)
const forwardUsage = `Usage: npm run api -- forward [--retry-failed]

  --retry-failed  first put every lead whose forwarding failed for good back in the queue

Delivers the leads due now to LEAD_WEBHOOK_URL (with the server's settings: API_STORE, DB_PATH,
DDB_TABLE, LEAD_WEBHOOK_SECRET, ...), prints one JSON line per attempt and a summary, and exits 1
when a lead is still not delivered (it stays queued: the server or the schedule retries it).`
if (args[0] === 'forward') {
  let retryFailed: boolean
  let webhook: ApiConfig['webhook']
  try {
    const { values, positionals } = parseArgs({
      args: args.slice(1),
      allowPositionals: true,
      options: { 'retry-failed': { type: 'boolean' } },
    })
    if (positionals.length > 0) throw new Error(`forward takes no ${positionals.join(' ')}`)
    retryFailed = !!values['retry-failed']
    webhook = webhookFromEnv(env)
    if (!webhook) throw new Error('LEAD_WEBHOOK_URL is not set: there is nowhere to forward to')
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${forwardUsage}`)
    process.exit(2)
  }
  const store = storeFromEnv(env)
  try {
    const requeued = retryFailed ? await store.retryFailedForwards(new Date().toISOString()) : 0
    const result = await createForwarder({ store, webhook }).drain()
    console.log(
      JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'forwarded', requeued, ...result }),
    )
    process.exitCode = result.retrying + result.failed > 0 ? 1 : 0
  } finally {
    await store.close()
  }
  process.exit()
}
if (args[0] === 'migrate') {
  // DynamoDB: the keys personal data needs on items from before them (SQLite migrates at open).
  if ((env.API_STORE || 'sqlite') !== 'dynamodb') {
    await storeFromEnv(env).close()
    console.log(
      JSON.stringify({
        time: new Date().toISOString(),
        level: 'info',
        msg: 'migrate',
        store: 'sqlite',
        note: 'migrated when opened',
      }),
    )
    process.exit(0)
  }
  let options: ReturnType<typeof dynamoOptionsFromEnv>
  try {
    options = dynamoOptionsFromEnv(env, retentionFromEnv(env))
  } catch (err) {
    console.error((err as Error).message)
    process.exit(2)
  }
  const done = await backfillPersonalDataKeys(options)
  console.log(
    JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'migrate', store: 'dynamodb', ...done }),
  )
  process.exit(0)
}
if (args[0] === 'subject') {
  let command: ReturnType<typeof subjectOptions>
  let retention: Retention
  try {
    command = subjectOptions(args.slice(1))
    retention = retentionFromEnv(env)
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${subjectUsage}`)
    process.exit(2)
  }
  const store = storeFromEnv(env, retention)
  try {
    const result =
      command.action === 'show'
        ? await showSubject(store, command.email, retention)
        : await eraseSubject(store, command.email)
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
    // The log line: what was done and how much, never to whom.
    const count = 'erased' in result ? result.erased.leadCount : result.leads.length
    console.error(
      JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: `subject ${command.action}`, leads: count }),
    )
  } finally {
    await store.close()
  }
  process.exit(0)
}
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
// Settings first, before anything is opened: a refused start names every setting at fault (config.ts).
let config: ApiConfig
try {
  config = configFromEnv(env)
} catch (err) {
  if (!(err instanceof ConfigError)) throw err
  console.error(err.message)
  process.exit(1)
}
const log = (line: object) => console.log(JSON.stringify({ time: new Date().toISOString(), ...line }))
for (const { setting, en, ar } of startWarnings(config)) log({ level: 'warn', setting, msg: en, msg_ar: ar })
const store = storeFromEnv(env, config.retention)
const api = await startApiServer({ config, store, port: Number(env.PORT || 8787) })
log({ level: 'info', msg: 'listening', url: api.url, store: store.kind, environment: config.environment })

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
