// What the server offers the commands that run it, and all they may import of api/server/
// (.dependency-cruiser.cjs): `npm run api` (scripts/api.ts), the preview (scripts/serve.ts) and the
// bench start it with its settings and a store; the operator's jobs on the data (export, forward,
// a data subject's request, the DynamoDB migration) are run by `npm run api`'s subcommands. The
// Lambda handler (./lambda.ts) and the tests reach the modules themselves.
export { type ApiConfig, ConfigError, configFromEnv, retentionFromEnv, startWarnings, webhookFromEnv } from './config'
export { type ExportOptions, exportContacts } from './exportContacts'
export { createForwarder } from './forward'
export type { Retention } from './retention'
export { type RunningApi, startApiServer } from './serve'
export { backfillPersonalDataKeys, dynamoOptionsFromEnv } from './store/dynamo'
export { sqliteStore } from './store/sqlite'
export { storeFromEnv } from './stores'
export { eraseSubject, type SubjectCommand, showSubject } from './subject'
