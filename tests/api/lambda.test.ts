// The same app as an AWS Lambda handler (api/server/lambda.ts): an API Gateway v2 / function URL
// event in, a result whose body parses with the contract out; its store DynamoDB (the default on
// Lambda), here dynalite on loopback named by the environment, as a Lambda's would be. With
// LEAD_WEBHOOK_URL, a request only queues the lead and EventBridge's Scheduled Event delivers it.
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ContactCreated, Health, Problem } from '../../api/contract/schemas'
import { startDynalite, type TestDynamo, dynaliteEnv } from './dynalite'
import { facts } from '../../site.config'
import { consentVersions, goodSupport, newKey, storedData } from './helpers'
import { type Receiver, startReceiver, validSignature } from './receiver'

const secret = 'whsec_lambda_0123456789abcdef0123456789'
let dynamo: TestDynamo
let crm: Receiver
let lambda: typeof import('../../api/server/lambda')
beforeAll(async () => {
  dynamo = await startDynalite()
  crm = await startReceiver({ script: [500] })
  // API_STORE unset: the handler picks DynamoDB by itself.
  Object.assign(process.env, dynaliteEnv, {
    DDB_TABLE: await dynamo.newTable(),
    DDB_ENDPOINT: dynamo.endpoint,
    LEAD_WEBHOOK_URL: crm.url,
    LEAD_WEBHOOK_SECRET: secret,
    // Production (the Lambda's default): a real provider's settings, or the handler refuses to load.
    PAYMENT_PROVIDER: 'moyasar',
    MOYASAR_SECRET_KEY: 'sk_live_lambdatest',
    MOYASAR_WEBHOOK_TOKEN: 'moyasar-token-of-at-least-32-bytes!',
    SITE_ORIGIN: 'https://www.rasid.example',
  })
  delete process.env.RASID_ENV
  delete process.env.API_STORE
  lambda = await import('../../api/server/lambda')
})
afterAll(async () => {
  await crm?.close()
  await dynamo?.close()
})

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

/** What an EventBridge schedule rule (`rate(1 minute)`) sends. */
const scheduled = {
  version: '0',
  id: 'c3a4e0b2-5e52-4b8e-9b8e-2f1e4d6c7a10',
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: '123456789012',
  time: '2026-11-23T12:01:00Z',
  region: 'us-east-1',
  resources: ['arn:aws:events:us-east-1:123456789012:rule/rasid-api-forward'],
  detail: {},
} as const

describe('api/server/lambda.ts', () => {
  // biome-ignore lint/suspicious/noExplicitAny: the handler's event union is wider than this test needs
  const invoke = (e: ReturnType<typeof event>) => lambda.handler(e as any, {} as any) as Promise<any>

  test('answers health, a write, and a problem', async () => {
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

  test('production has no sandbox: its page and its public key are not there', async () => {
    const page = await invoke(event('GET', '/api/v1/sandbox/pay/cs_abcdefgh12345678'))
    expect(page.statusCode).toBe(404)
    expect(page.headers['content-type']).toMatch(/^application\/problem\+json/)
  })

  test('a request only queues the lead; the Scheduled Event delivers it, with backoff after a failure', async () => {
    // What the first test queued goes out first, against the receiver's one 500.
    expect(await lambda.drainForwards()).toEqual({ forwarded: 0, retrying: 1, failed: 0 })
    const headers = { 'content-type': 'application/json', 'idempotency-key': newKey() }
    const created = await invoke(event('POST', '/api/v1/contact/support', headers, JSON.stringify(goodSupport)))
    expect(created.statusCode).toBe(201)
    const { id, receivedAt } = v.parse(ContactCreated, JSON.parse(created.body))
    // Nothing goes out in the background of a request: the instance may be frozen once it answers.
    await new Promise((done) => setTimeout(done, 100))
    expect(crm.ids()).not.toContain(id)

    const context = { getRemainingTimeInMillis: () => 30_000 }
    // The failed lead is not due for a second yet; the new one is.
    // biome-ignore lint/suspicious/noExplicitAny: a scheduled event is not an HTTP one
    expect(await lambda.handler(scheduled as any, context as any)).toEqual({ forwarded: 1, retrying: 0, failed: 0 })
    const delivery = crm.deliveries.at(-1)!
    expect(JSON.parse(delivery.body)).toEqual({
      id,
      kind: 'support',
      receivedAt,
      data: storedData(goodSupport),
      consent: { version: consentVersions.ar, locale: 'ar', at: receivedAt },
    })
    expect(delivery.headers['rasid-delivery-id']).toBe(id)
    expect(validSignature(delivery.headers['rasid-signature'], delivery.body, secret)).toBe(true)
    const store = dynamo.store(process.env.DDB_TABLE!)
    const leads = await store.listContacts()
    await store.close()
    expect(leads.find((c) => c.id === id)?.forward).toMatchObject({ status: 'forwarded', attempts: 1 })
    expect(leads.find((c) => c.id !== id)?.forward).toMatchObject({ status: 'pending', attempts: 1 })
  })

  test('the runbook’s invocation requeues what failed for good and delivers it', async () => {
    const store = dynamo.store(process.env.DDB_TABLE!)
    const [pending] = await store.pendingForwards('2100-01-01T00:00:00.000Z', 10)
    // Its last attempt: the receiver's 500 had been the first of five.
    await store.claimForward(pending!.id, 1, new Date().toISOString())
    await store.markForwardFailed(pending!.id, 2, undefined, 'status 500')
    // biome-ignore lint/suspicious/noExplicitAny: an operator's payload is not an HTTP event
    const result = await lambda.handler({ rasid: 'retry-failed-forwards' } as any)
    expect(result).toEqual({ requeued: 1, forwarded: 1, retrying: 0, failed: 0 })
    expect(crm.ids().at(-1)).toBe(pending!.id)
    expect((await store.listContacts()).map((c) => c.forward?.status)).toEqual(['forwarded', 'forwarded'])
    await store.close()
  })

  test('the daily schedule’s event sweeps what is past its retention, and nothing else', async () => {
    const store = dynamo.store(process.env.DDB_TABLE!)
    const old = new Date(Date.now() - (facts.leadRetentionDays + 1) * 24 * 60 * 60 * 1000).toISOString()
    await store.saveContact({
      id: 'past-retention',
      kind: 'support',
      receivedAt: old,
      spam: false,
      data: storedData(goodSupport),
    })
    // Read as of its arrival: the store itself already reads a lead past its TTL as gone.
    const then = dynamo.store(process.env.DDB_TABLE!, () => Math.floor(Date.parse(old) / 1000) + 60)
    const before = (await then.listContacts()).map((c) => c.id)
    expect(before).toContain('past-retention')
    // biome-ignore lint/suspicious/noExplicitAny: the rule's input is not an HTTP event
    const result = await lambda.handler({ rasid: 'retention-sweep' } as any)
    expect(result).toMatchObject({ contacts: 1, sessions: 0 })
    expect((await then.listContacts()).map((c) => c.id)).toEqual(before.filter((id) => id !== 'past-retention'))
    await then.close()
    await store.close()
  })
})
