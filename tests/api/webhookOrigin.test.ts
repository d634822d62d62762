// The webhook's HTTP API answers only what came through CloudFront
// (api/server/edgeOrigin.ts): the Lambda handler (api/server/lambda.ts) answers an API Gateway event
// without the header CloudFront adds on that origin as the contract's 404, before the app sees it,
// and lets the function URL's events (IAM-signed by CloudFront) through unchecked. Invoked as
// tests/api/lambda.test.ts does, with dynalite as the table.
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { endpoints } from '../../api/contract/endpoints'
import { Problem } from '../../api/contract/schemas'
import { EDGE_ORIGIN_HEADER, EDGE_ORIGIN_SETTING, edgeOriginValues, refusedOffEdge } from '../../api/server/edgeOrigin'
import { dynaliteEnv, startDynalite, type TestDynamo } from './dynalite'
import { apiGatewayEvent as gatewayEvent, functionUrlEvent } from './lambdaEvents'

const originSecret = 'an-origin-secret-of-the-test-0123456789abcdef'
const webhookToken = 'moyasar-token-of-at-least-32-bytes!'
let dynamo: TestDynamo
let lambda: typeof import('../../api/server/lambda')
beforeAll(async () => {
  dynamo = await startDynalite()
  Object.assign(process.env, dynaliteEnv, {
    DDB_TABLE: await dynamo.newTable(),
    DDB_ENDPOINT: dynamo.endpoint,
    PAYMENT_PROVIDER: 'moyasar',
    MOYASAR_SECRET_KEY: 'sk_live_origintest',
    MOYASAR_WEBHOOK_TOKEN: webhookToken,
    SITE_ORIGIN: 'https://www.rasid.example',
    [EDGE_ORIGIN_SETTING]: originSecret,
  })
  delete process.env.RASID_ENV
  delete process.env.API_STORE
  delete process.env.LEAD_WEBHOOK_URL
  lambda = await import('../../api/server/lambda')
})
afterAll(async () => {
  delete process.env[EDGE_ORIGIN_SETTING]
  await dynamo?.close()
})

const path = '/api/v1/webhooks/payments'
/** The provider's POST on the webhook's route, with `headers` added (a wrong token by default). */
const apiGatewayEvent = (headers: Record<string, string>, token = 'not-the-token') =>
  gatewayEvent(
    path,
    {
      id: 'evt-origin-1',
      type: 'payment_paid',
      created_at: new Date().toISOString(),
      secret_token: token,
      data: {
        id: 'pay_1',
        status: 'paid',
        amount: 1000,
        currency: 'SAR',
        metadata: { session_id: 'cs_abcdefgh12345678' },
      },
    },
    headers,
  )

type Result = { statusCode: number; headers: Record<string, string>; body: string }
// biome-ignore lint/suspicious/noExplicitAny: the handler's event union is wider than this test needs
const invoke = (event: object) => lambda.handler(event as any, {} as any) as Promise<Result>

/** The answer's problem, checked against the webhook's documented answers (api/contract/endpoints.ts). */
function documented(result: Result) {
  const webhook = endpoints.find((e) => e.path === '/webhooks/payments')!
  expect(Object.keys(webhook.responses)).toContain(String(result.statusCode))
  expect(result.headers['content-type']).toMatch(/^application\/problem\+json/)
  return v.parse(Problem, JSON.parse(result.body))
}

describe('the webhook’s HTTP API, only through CloudFront', () => {
  test('refuses an API Gateway event without the origin header, or with a wrong one, as the contract’s 404, before the app', async () => {
    const attempts: Record<string, string>[] = [{}, { [EDGE_ORIGIN_HEADER]: 'guess' }, { [EDGE_ORIGIN_HEADER]: '' }]
    for (const headers of attempts) {
      // A wrong token: had the app seen it, it would have answered 401 signature-invalid.
      const refused = await invoke(apiGatewayEvent(headers))
      expect(refused.statusCode, JSON.stringify(headers)).toBe(404)
      expect(documented(refused).code).toBe('not-found')
      expect(refused.headers['cache-control']).toBe('no-store')
    }
  })

  test('lets an event with the header CloudFront adds through to the app, whatever its case', async () => {
    for (const name of [EDGE_ORIGIN_HEADER, 'X-Rasid-Origin-Verify']) {
      // A wrong token: the app's own answer, 401 signature-invalid, shows the event reached it.
      const answered = await invoke(apiGatewayEvent({ [name]: originSecret }))
      expect(answered.statusCode).toBe(401)
      expect(documented(answered).code).toBe('signature-invalid')
    }
  })

  test('never checks the function URL’s events: IAM (CloudFront’s OAC) already proves them', async () => {
    const health = await invoke(functionUrlEvent('GET', '/api/v1/health'))
    expect(health.statusCode).toBe(200)
  })

  test('refuses every API Gateway event when the expected value is missing (fail closed)', () => {
    const event = apiGatewayEvent({ [EDGE_ORIGIN_HEADER]: '' })
    expect(refusedOffEdge(event, undefined)?.statusCode).toBe(404)
    expect(refusedOffEdge(event, '')?.statusCode).toBe(404)
    expect(refusedOffEdge(apiGatewayEvent({ [EDGE_ORIGIN_HEADER]: originSecret }), originSecret)).toBeUndefined()
    // A $default route on its execute-api host is API Gateway's too.
    const onDefault = { ...apiGatewayEvent({}), routeKey: '$default' }
    expect(refusedOffEdge(onDefault, originSecret)?.statusCode).toBe(404)
    expect(refusedOffEdge(functionUrlEvent('GET', '/api/v1/health'), undefined)).toBeUndefined()
  })
})

describe('during a rotation of the origin secret', () => {
  test('both the new value and the one it replaced pass, and no other', () => {
    const values = ['the-new-value-0123456789abcdef', 'the-old-value-0123456789abcdef']
    for (const value of values)
      expect(refusedOffEdge(apiGatewayEvent({ [EDGE_ORIGIN_HEADER]: value }), values)).toBeUndefined()
    expect(refusedOffEdge(apiGatewayEvent({ [EDGE_ORIGIN_HEADER]: 'a-guess' }), values)?.statusCode).toBe(404)
    expect(refusedOffEdge(apiGatewayEvent({ [EDGE_ORIGIN_HEADER]: '' }), ['', ''])?.statusCode).toBe(404)
  })

  test('the values are read again once their TTL has passed, the replaced one with them; a failed read keeps them', async () => {
    let clock = 0
    let held: { current?: string; previous?: string } = { current: 'v1' }
    const reads: string[] = []
    const read = async (stage?: 'AWSPREVIOUS') => {
      reads.push(stage ?? 'AWSCURRENT')
      return stage ? held.previous : held.current
    }
    const values = edgeOriginValues(read, 'v1', { ttlMs: 60_000, now: () => clock })
    // The first use reads both: a secret never rotated has no previous version.
    expect(await values()).toEqual(['v1'])
    expect(reads).toEqual(['AWSCURRENT', 'AWSPREVIOUS'])
    held = { current: 'v2', previous: 'v1' }
    clock = 59_999
    expect(await values()).toEqual(['v1'])
    expect(reads).toHaveLength(2)
    clock = 60_000
    expect(await values()).toEqual(['v2', 'v1'])
    // Secrets Manager out of reach: the values held stay.
    held = {}
    clock = 120_000
    expect(await values()).toEqual(['v2', 'v1'])
    expect(reads).toHaveLength(6)
  })
})
