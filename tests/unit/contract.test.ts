// The API contract (api/contract/): api/contract/openapi.json is what `npm run contract` writes
// today, and each schema takes a good example and refuses bad ones with the right message ids.
import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { endpoints } from '../../api/contract/endpoints'
import {
  ContactCreated,
  contactMarkets,
  contactMessageIds,
  fieldErrors,
  Health,
  paymentMethods,
  Problem,
  SalesRequest,
  SupportRequest,
} from '../../api/contract/schemas'
import { apiVersion } from '../../api/contract/version'
import { openApiPath, openApiText } from '../../scripts/lib/openapi'
import { markets } from '../../api/contract/markets'
import { consentVersions } from '../../api/contract/consentVersions'

const sales = {
  name: 'نورة الحربي',
  email: 'noura@example.com',
  company: 'Harbi Trading',
  phone: '+966501234567',
  market: 'sa',
  volume: '250k-1m',
  methods: ['mada'],
  message: 'نود قبول مدى عبر الإنترنت.',
  consent: true,
  consentVersion: consentVersions[1],
}
const support = {
  name: 'Omar',
  email: 'omar@example.com',
  topic: 'payouts',
  message: 'Late payout',
  consent: true,
  consentVersion: consentVersions[0],
}

test('api/contract/openapi.json is current (run `npm run contract`)', () => {
  expect(readFileSync(openApiPath, 'utf8'), 'api/contract/openapi.json is stale: run npm run contract').toBe(
    openApiText(apiVersion),
  )
})

test('the OpenAPI document is 3.1, names every endpoint, and carries no $schema', () => {
  const doc = JSON.parse(openApiText(apiVersion))
  expect(doc.openapi).toBe('3.1.0')
  for (const e of endpoints) expect(doc.paths[`/api/v1${e.path}`][e.method.toLowerCase()]).toBeDefined()
  expect(openApiText(apiVersion)).not.toContain('$schema')
  expect(doc.components.schemas.SalesRequest.additionalProperties).toBe(false)
})

test('a session id in a path has the pattern the server holds it to; the webhook says how it is signed', () => {
  type Parameter = { name: string; in: string; schema: { pattern?: string } }
  const doc = JSON.parse(openApiText(apiVersion)) as {
    paths: Record<string, Record<string, { parameters?: Parameter[] }>>
  }
  const ids = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.values(operations).flatMap((o) =>
      (o.parameters ?? []).filter((p) => p.in === 'path' && p.name === 'id').map((p) => [path, p] as const),
    ),
  )
  expect(ids.length).toBeGreaterThan(0)
  for (const [path, parameter] of ids) {
    const pattern = new RegExp(parameter.schema.pattern ?? '')
    expect(pattern.test('cs_abcdefgh12345678'), path).toBe(true)
    for (const bad of ['../etc', 'cs_short', "cs_abcdefgh'12345678", `cs_${'a'.repeat(65)}`])
      expect(pattern.test(bad), `${path} ${bad}`).toBe(false)
  }
  const webhook = doc.paths['/api/v1/webhooks/payments']!.post! as {
    parameters?: (Parameter & { description: string })[]
  }
  const signed = webhook.parameters?.find((p) => p.in === 'header' && p.name === 'Rasid-Signature')
  expect(signed?.description).toMatch(/^`t=<unix seconds>,v1=/)
})

test('the markets a lead can name are the site’s, plus other', () => {
  expect(contactMarkets).toEqual([...markets.map((m) => m.code), 'other'])
  for (const m of markets) for (const fee of m.fees) expect(paymentMethods).toContain(fee.scheme)
})

describe('SalesRequest', () => {
  test('accepts a good lead, with and without the optional fields', () => {
    expect(v.safeParse(SalesRequest, sales).success).toBe(true)
    const { phone: _p, methods: _m, ...required } = sales
    expect(v.safeParse(SalesRequest, required).success).toBe(true)
    expect(v.safeParse(SalesRequest, { ...sales, website: '' }).success).toBe(true)
  })

  test.each([
    ['missing name', { ...sales, name: undefined }, { name: 'contact.error.name.required' }],
    ['blank company', { ...sales, company: ' \n ' }, { company: 'contact.error.company.required' }],
    ['long message', { ...sales, message: 'x'.repeat(5001) }, { message: 'contact.error.message.tooLong' }],
    ['bad email', { ...sales, email: 'noura' }, { email: 'contact.error.email.invalid' }],
    ['Arabic-Indic phone', { ...sales, phone: '+٩٦٦٥٠١٢٣٤٥٦٧' }, { phone: 'contact.error.phone.invalid' }],
    ['unknown market', { ...sales, market: 'us' }, { market: 'contact.error.market.required' }],
    ['unknown method', { ...sales, methods: ['cash'] }, { methods: 'contact.error.methods.invalid' }],
    ['no consent', { ...sales, consent: false }, { consent: 'contact.error.consent.required' }],
    ['wrong type', { ...sales, volume: 5 }, { volume: 'contact.error.volume.required' }],
    ['unknown field', { ...sales, role: 'admin' }, { role: 'contact.error.unknownField' }],
  ])('refuses %s', (_, input, fields) => {
    const result = v.safeParse(SalesRequest, input)
    expect(result.success).toBe(false)
    expect(fieldErrors(result.issues!)).toEqual(fields)
  })
})

describe('SupportRequest', () => {
  test('accepts a good request', () => {
    expect(v.safeParse(SupportRequest, support).success).toBe(true)
    expect(v.safeParse(SupportRequest, { ...support, merchantId: 'mch_123', transactionId: 'txn-9' }).success).toBe(
      true,
    )
  })

  test.each([
    ['bad merchant id', { ...support, merchantId: 'a b' }, { merchantId: 'contact.error.merchantId.invalid' }],
    ['unknown topic', { ...support, topic: 'x' }, { topic: 'contact.error.topic.required' }],
    ['a sales field', { ...support, company: 'X' }, { company: 'contact.error.unknownField' }],
    ['nothing', {}, { name: 'contact.error.name.required', email: 'contact.error.email.required' }],
  ])('refuses %s', (_, input, fields) => {
    const result = v.safeParse(SupportRequest, input)
    expect(result.success).toBe(false)
    expect(fieldErrors(result.issues!)).toMatchObject(fields)
  })
})

test('every message id a field error can carry is in the list the island types', () => {
  for (const [schema, input] of [
    [
      SalesRequest,
      {
        name: 1,
        email: 2,
        company: 3,
        phone: 4,
        market: 5,
        volume: 6,
        methods: 7,
        message: 8,
        consent: 9,
        website: 10,
      },
    ],
    [SupportRequest, { merchantId: 1, transactionId: 2, topic: 3, zz: 1 }],
  ] as const) {
    const result = v.safeParse(schema, input)
    for (const id of Object.values(fieldErrors(result.issues!))) expect(contactMessageIds).toContain(id)
  }
})

test('the response schemas', () => {
  expect(v.is(ContactCreated, { id: crypto.randomUUID(), receivedAt: new Date().toISOString() })).toBe(true)
  expect(v.is(ContactCreated, { id: 'x', receivedAt: new Date().toISOString() })).toBe(false)
  expect(v.is(ContactCreated, { id: crypto.randomUUID(), receivedAt: 'yesterday' })).toBe(false)
  expect(v.is(Health, { status: 'ok', version: '1.0.0', store: 'sqlite' })).toBe(true)
  expect(v.is(Health, { status: 'fine', version: '1.0.0', store: 'sqlite' })).toBe(false)
  const problem = { type: 'urn:rasid:problem:invalid-request', title: 'x', status: 400, code: 'invalid-request' }
  expect(v.is(Problem, { ...problem, fields: { email: 'contact.error.email.invalid' } })).toBe(true)
  expect(v.is(Problem, { ...problem, fields: { email: 'Please enter an email' } })).toBe(false)
  expect(v.is(Problem, { ...problem, status: 200 })).toBe(false)
  expect(v.is(Problem, { ...problem, code: 'teapot' })).toBe(false)
  expect(v.is(Problem, { ...problem, status: 429, code: 'rate-limited', retryAfter: 1.5 })).toBe(false)
})
