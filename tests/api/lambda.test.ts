// The same app as an AWS Lambda handler (api/server/lambda.ts): an API Gateway v2 / function URL
// event in, a result whose body parses with the contract out; its store DynamoDB (the default on
// Lambda), here dynalite on loopback named by the environment, as a Lambda's would be.
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ContactCreated, Health, Problem } from '../../api/contract/schemas'
import { startDynalite, type TestDynamo, dynaliteEnv } from './dynalite'
import { goodSupport, newKey } from './helpers'

let dynamo: TestDynamo
let handler: typeof import('../../api/server/lambda').handler
beforeAll(async () => {
  dynamo = await startDynalite()
  // API_STORE unset: the handler picks DynamoDB by itself.
  Object.assign(process.env, dynaliteEnv, { DDB_TABLE: await dynamo.newTable(), DDB_ENDPOINT: dynamo.endpoint })
  delete process.env.API_STORE
  ;({ handler } = await import('../../api/server/lambda'))
})
afterAll(() => dynamo?.close())

function event(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: { host: 'api.example', ...headers },
    requestContext: {
      accountId: '123456789012',
      apiId: 'api',
      domainName: 'api.example',
      domainPrefix: 'api',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '198.51.100.7', userAgent: 'test' },
      requestId: 'req',
      routeKey: '$default',
      stage: '$default',
      time: '23/Nov/2026:12:00:00 +0000',
      timeEpoch: 0,
    },
    body,
    isBase64Encoded: false,
  }
}

describe('api/server/lambda.ts', () => {
  test('answers health, a write, and a problem', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the handler's event union is wider than this test needs
    const invoke = (e: ReturnType<typeof event>) => handler(e as any, {} as any) as Promise<any>
    const health = await invoke(event('GET', '/api/v1/health'))
    expect(health.statusCode).toBe(200)
    expect(v.parse(Health, JSON.parse(health.body))).toMatchObject({ status: 'ok', store: 'dynamodb' })
    expect(health.headers['cache-control']).toBe('no-store')

    const headers = { 'content-type': 'application/json', 'idempotency-key': newKey() }
    const created = await invoke(event('POST', '/api/v1/contact/support', headers, JSON.stringify(goodSupport)))
    expect(created.statusCode).toBe(201)
    const { id } = v.parse(ContactCreated, JSON.parse(created.body))
    const store = dynamo.store(process.env.DDB_TABLE!)
    expect((await store.listContacts()).map((c) => c.id)).toEqual([id])
    await store.close()

    const refused = await invoke(event('POST', '/api/v1/contact/support', { 'idempotency-key': newKey() }, 'hi'))
    expect(refused.statusCode).toBe(415)
    expect(v.parse(Problem, JSON.parse(refused.body)).code).toBe('unsupported-media-type')
  })
})
