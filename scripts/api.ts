// `npm run api`: the API on http://127.0.0.1:$PORT (8787), storing in the SQLite file $DB_PATH
// (.data/rasid.sqlite), created and migrated on first start. Settings: docs/api.md; it starts only
// with a payment provider named (`PAYMENT_PROVIDER=sandbox npm run api` on this machine).
// `npm run api -- export contacts ...` prints the leads instead (api/server/exportContacts.ts);
// `npm run api -- forward [--retry-failed]` delivers the leads due to the CRM webhook once and exits
// (api/server/forward.ts; the runbook's way to requeue failed ones, docs/aws.md);
// `npm run api -- subject show|erase --email <address>` answers a data subject's request
// (api/server/subject.ts); `npm run api -- migrate` gives a DynamoDB table's older items the keys
// that request and the retention sweep need (`backfillPersonalDataKeys`; SQLite migrates when opened).
// The arguments are read by ./lib/cli/command.ts before anything is opened: `--help` after any of them prints
// its help, wrong usage is one line and exit 2, a failure one line and exit 1 (docs/development.md).
import {
  type ApiConfig,
  backfillPersonalDataKeys,
  ConfigError,
  configFromEnv,
  createForwarder,
  dynamoOptionsFromEnv,
  type ExportOptions,
  eraseSubject,
  exportContacts,
  type Retention,
  retentionFromEnv,
  type SubjectCommand,
  showSubject,
  startApiServer,
  startWarnings,
  storeFromEnv,
  webhookFromEnv,
} from '../api/server'
import { operatorText as cliText } from '../locales/operator'
import { parseCommand, type Resources, runCommand, UsageError } from './lib/cli/command'

/** The options of `export contacts`; a value it refuses is a UsageError. */
function exportOptions(values: { since?: string; format?: string; spam?: boolean }): ExportOptions {
  const format = values.format ?? 'csv'
  if (format !== 'csv' && format !== 'json') throw new UsageError(cliText('api.export.format', { value: format }))
  let since: string | undefined
  if (values.since !== undefined) {
    const date = new Date(values.since)
    if (!/^\d{4}-\d{2}-\d{2}/.test(values.since) || Number.isNaN(date.getTime()))
      throw new UsageError(cliText('api.export.since', { value: values.since }))
    since = date.toISOString()
  }
  return { since, format, spam: !!values.spam }
}

/** `subject show|erase --email`; a missing or malformed address is a UsageError. */
function subjectOptions(action: SubjectCommand['action'], values: { email?: string }): SubjectCommand {
  const email = values.email?.trim()
  if (!email) throw new UsageError(cliText('api.subject.emailMissing'))
  // Not repeated in the message: a typo'd address is still someone's.
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError(cliText('api.subject.emailShape'))
  return { action, email }
}

const env = process.env
const cmd = parseCommand({
  script: 'api',
  usage: cliText('api.usage.server'),
  options: {
    since: { type: 'string' },
    format: { type: 'string', default: 'csv' },
    spam: { type: 'boolean' },
    'retry-failed': { type: 'boolean' },
    email: { type: 'string' },
  },
  commands: {
    '': { options: [] },
    'export contacts': { options: ['since', 'format', 'spam'], usage: cliText('api.usage.export') },
    forward: { options: ['retry-failed'], usage: cliText('api.usage.forward') },
    'subject show': { options: ['email'], usage: cliText('api.usage.subject') },
    'subject erase': { options: ['email'], usage: cliText('api.usage.subject') },
    migrate: { options: [], usage: cliText('api.usage.migrate') },
  },
})
const port = Number(env.PORT || 8787)
const storeKind = env.API_STORE || 'sqlite'

/** The store's settings, refused as wrong usage before anything is opened. */
function checkStore(): void {
  if (!['sqlite', 'dynamodb', 'memory'].includes(storeKind))
    throw new UsageError(cliText('api.store.kind', { value: storeKind }))
  if (storeKind === 'dynamodb' && !env.DDB_TABLE) throw new UsageError(cliText('api.store.table'))
}

/** What a failure names: the table and its endpoint on DynamoDB, the port of the server. */
const about = (): Resources => ({
  ports: { [port]: 'PORT' },
  ...(storeKind === 'dynamodb' && {
    table: {
      name: env.DDB_TABLE ?? '',
      settings: ['DDB_TABLE', 'AWS_REGION', ...(env.DDB_ENDPOINT ? ['DDB_ENDPOINT'] : [])],
    },
    ...(env.DDB_ENDPOINT && { endpoint: { url: env.DDB_ENDPOINT, settings: ['DDB_ENDPOINT'] } }),
  }),
})

/** A setting the command refuses (config.ts says every one, in English and Arabic): exit 2. */
function settings<T>(read: () => T): T | number {
  try {
    return read()
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    console.error(err.message)
    return 2
  }
}

const line = (fields: object) => JSON.stringify({ time: new Date().toISOString(), level: 'info', ...fields })

async function forward(): Promise<number> {
  const webhook = settings(() => webhookFromEnv(env))
  if (typeof webhook === 'number') return webhook
  if (!webhook) throw new UsageError(cliText('api.forward.nowhere'))
  checkStore()
  const store = storeFromEnv(env)
  try {
    const requeued = cmd.values['retry-failed'] ? await store.retryFailedForwards(new Date().toISOString()) : 0
    const result = await createForwarder({ store, webhook }).drain()
    console.log(line({ msg: 'forwarded', requeued, ...result }))
    return result.retrying + result.failed > 0 ? 1 : 0
  } finally {
    await store.close()
  }
}

async function migrate(): Promise<number> {
  checkStore()
  // DynamoDB: the keys personal data needs on items from before them (SQLite migrates at open).
  if (storeKind !== 'dynamodb') {
    await storeFromEnv(env).close()
    console.log(line({ msg: 'migrate', store: storeKind, note: 'migrated when opened' }))
    return 0
  }
  const retention = settings(() => retentionFromEnv(env))
  if (typeof retention === 'number') return retention
  const done = await backfillPersonalDataKeys(dynamoOptionsFromEnv(env, retention))
  console.log(line({ msg: 'migrate', store: 'dynamodb', ...done }))
  return 0
}

async function subject(action: 'show' | 'erase'): Promise<number> {
  const command = subjectOptions(action, cmd.values)
  const retention = settings<Retention>(() => retentionFromEnv(env))
  if (typeof retention === 'number') return retention
  checkStore()
  const store = storeFromEnv(env, retention)
  try {
    const result =
      command.action === 'show'
        ? await showSubject(store, command.email, retention)
        : await eraseSubject(store, command.email)
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
    // The log line: what was done and how much, never to whom.
    const count = 'erased' in result ? result.erased.leadCount : result.leads.length
    console.error(line({ msg: `subject ${command.action}`, leads: count }))
  } finally {
    await store.close()
  }
  return 0
}

async function exportLeads(): Promise<number> {
  const options = exportOptions(cmd.values)
  checkStore()
  const store = storeFromEnv(env)
  try {
    process.stdout.write(await exportContacts(store, options))
  } finally {
    await store.close()
  }
  return 0
}

async function serve(): Promise<undefined | number> {
  // Settings first, before anything is opened: a refused start names every setting at fault (config.ts).
  let config: ApiConfig
  try {
    config = configFromEnv(env)
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    console.error(err.message)
    return 1
  }
  checkStore()
  const log = (fields: object) => console.log(JSON.stringify({ time: new Date().toISOString(), ...fields }))
  for (const { setting, en, ar } of startWarnings(config)) log({ level: 'warn', setting, msg: en, msg_ar: ar })
  const store = storeFromEnv(env, config.retention)
  const api = await startApiServer({ config, store, port }).catch(async (err: unknown) => {
    await store.close()
    throw err
  })
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
  return undefined
}

const commands: Record<string, () => Promise<number | undefined>> = {
  '': serve,
  'export contacts': exportLeads,
  forward,
  'subject show': () => subject('show'),
  'subject erase': () => subject('erase'),
  migrate,
}
await runCommand(cmd, commands[cmd.command]!, { about, exit: true })
