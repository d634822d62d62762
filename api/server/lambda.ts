// The same app as an AWS Lambda handler (API Gateway, ALB or a function URL behind CloudFront on
// /api/*; docs/api.md). Until the DynamoDB store lands, a Lambda stores nowhere durable: run the
// Node server (node.ts) for real traffic.
import { getConnInfo, handle } from 'hono/aws-lambda'
import { createApp } from './app'
import { configFromEnv } from './config'
import { storeFromEnv } from './stores'

const app = createApp({
  config: configFromEnv(process.env),
  store: storeFromEnv({ API_STORE: 'memory', ...process.env }),
  socketAddress: (c) => getConnInfo(c).remote.address,
})

export const handler = handle(app)
