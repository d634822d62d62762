// The same app as an AWS Lambda handler (a function URL, API Gateway or an ALB behind CloudFront
// on /api/*; docs/aws.md). It stores in DynamoDB (API_STORE unset or `dynamodb`, with DDB_TABLE);
// `API_STORE=memory` only when asked, for a trial that keeps nothing. It never imports the SQLite
// store: a Lambda has no disk to keep a file on, and a bundle would lack its wasm file.
import { getConnInfo, handle } from 'hono/aws-lambda'
import { createApp } from './app'
import { configFromEnv } from './config'
import { dynamoStoreFromEnv } from './store/dynamo'
import { memoryStore } from './store/memory'
import type { Store } from './store/port'

function lambdaStore(env: Record<string, string | undefined>): Store {
  const kind = env.API_STORE || 'dynamodb'
  if (kind === 'dynamodb') return dynamoStoreFromEnv(env)
  if (kind === 'memory') return memoryStore()
  throw new Error(`API_STORE on Lambda must be dynamodb or memory, not ${kind}`)
}

const app = createApp({
  config: configFromEnv(process.env),
  store: lambdaStore(process.env),
  socketAddress: (c) => getConnInfo(c).remote.address,
})

export const handler = handle(app)
