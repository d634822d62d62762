// Every header the server needs is one api/contract/openapi.json declares, so that a client or a
// validator made from the document alone can call each operation: a request carrying each header
// parameter the document lists (with a valid value) and no other succeeds, and the same request
// without a header the document calls required is refused with a status the document lists.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { CheckoutSession } from '../../api/contract/cart'
import { sandboxWebhookSecret } from '../../api/server/config'
import { signature } from '../../api/server/signature'
import { growth, roomyCheckout, sessionsPath } from './checkoutFixtures'
import { type Op, ops } from './contractDocument'
import { call, goodSales, goodSupport, startApi, type TestApi } from './helpers'

let api: TestApi
beforeAll(async () => {
  api = await startApi({ config: { checkout: roomyCheckout } })
})
afterAll(() => api.close())

/** A session of its own for each request that needs one. */
async function newSession(): Promise<CheckoutSession> {
  const answer = await call(api, sessionsPath, { body: { cart: growth, locale: 'en' } })
  expect(answer.status).toBe(201)
  return answer.body as CheckoutSession
}

/** A body each operation takes, and the path's values, for a request that should succeed. */
const requests: Record<string, () => Promise<{ body?: object; path?: Record<string, string> }>> = {
  getHealth: async () => ({}),
  postContactSales: async () => ({ body: goodSales }),
  postContactSupport: async () => ({ body: goodSupport }),
  postCartQuote: async () => ({ body: growth }),
  postCheckoutSessions: async () => ({ body: { cart: growth, locale: 'ar' } }),
  getCheckoutSessionsId: async () => ({ path: { id: (await newSession()).id } }),
  postWebhooksPayments: async () => {
    const session = await newSession()
    return {
      body: {
        id: `evt_${randomUUID().replaceAll('-', '')}`,
        type: 'payment.paid',
        sessionId: session.id,
        amountMinor: session.quote.totalMinor,
        currency: session.quote.currency,
        reference: 'pay_headers_test',
        created: Math.floor(Date.now() / 1000),
      },
    }
  },
}

/** A valid value of each header the document may declare, for the body about to be sent. */
const headerValues: Record<string, (body: string) => string> = {
  'Idempotency-Key': () => randomUUID(),
  'Rasid-Signature': (body) => signature(sandboxWebhookSecret, body, Math.floor(Date.now() / 1000)),
}

/** The request the document alone describes: its declared headers, a good body, nothing else. */
async function fromDocument(op: Op, leaveOut?: string) {
  const make = requests[op.id]
  if (!make) throw new Error(`${op.id}: this test has no good request for an operation the document lists`)
  const { body, path = {} } = await make()
  const text = body && JSON.stringify(body)
  const headers: Record<string, string> = {}
  if (text) headers['content-type'] = op.body!.mediaType
  for (const param of op.headers) {
    const value = headerValues[param.name]
    if (!value) throw new Error(`${op.id}: this test has no value for the declared header ${param.name}`)
    if (param.name !== leaveOut) headers[param.name.toLowerCase()] = value(text ?? '')
  }
  const url = op.template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(path[name]!))
  return call(api, url, { method: op.method, body: text, headers, key: null })
}

describe.each(ops.map((op) => [op.id, op] as const))('%s', (_, op) => {
  test('succeeds with only the headers the document declares', async () => {
    const answer = await fromDocument(op)
    expect(answer.status, answer.text).toBe(op.success)
  })

  const required = op.headers.filter((param) => param.required)
  test.skipIf(required.length === 0).each(required.map((param) => [param.name]))(
    'without %s, is refused with a status the document lists',
    async (name) => {
      const answer = await fromDocument(op, name)
      expect(answer.status).toBeGreaterThanOrEqual(400)
      expect(answer.status).toBeLessThan(500)
      expect([...op.responses.keys()]).toContain(String(answer.status))
    },
  )
})

test('the document declares a header for the operations that need one', () => {
  const declared = (id: string) => ops.find((op) => op.id === id)?.headers.map((param) => param.name)
  expect(declared('postWebhooksPayments')).toEqual(['Rasid-Signature'])
  expect(declared('postCheckoutSessions')).toEqual(['Idempotency-Key'])
})
