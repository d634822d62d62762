// The contract holds for any input: every operation of api/contract/openapi.json, sent requests made
// from the document itself (its JSON schemas as fast-check arbitraries, schemaArbitrary.ts: valid
// bodies, broken ones, other media types, header and path values, other methods), must answer a
// status the document lists for it, in that status's media type, with a body its schema accepts
// (ajv), `Cache-Control: no-store`, and never a 5xx. A model of what the server acknowledged
// predicts each answer in the order docs/api.md gives its checks, and at the end the store holds
// exactly what was acknowledged. A fixed seed and a bounded number of runs keep it to seconds;
// PROPERTY_SEED and PROPERTY_RUNS explore further.
import { createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import { isDeepStrictEqual } from 'node:util'
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import sqlite3 from 'node-sqlite3-wasm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { checkoutDefaults } from '../../api/server/config'
import { storeOfKind, type TestDynamo } from './dynalite'
import { call, goodSales, startApi, type TestApi, tempDbPath } from './helpers'
import { arbitraryOf, type JsonSchema, type Mutation, mutate, mutationArbitrary } from './schemaArbitrary'

const seed = Number(process.env.PROPERTY_SEED ?? 1913)
const numRuns = Number(process.env.PROPERTY_RUNS ?? 300)

// ---- The document ----

type MediaTypes = Record<string, { schema: JsonSchema }>
type Parameter = { name: string; in: 'path' | 'header' | 'query'; required?: boolean; schema: JsonSchema }
type Operation = {
  operationId: string
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content: MediaTypes }
  responses: Record<string, { content?: MediaTypes }>
}
type OpenApi = {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, JsonSchema> }
}

const document = JSON.parse(
  readFileSync(new URL('../../api/contract/openapi.json', import.meta.url), 'utf8'),
) as OpenApi

function resolve(ref: string): JsonSchema {
  const found = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document)
  if (!found) throw new Error(`openapi.json: ${ref} does not resolve`)
  return found as JsonSchema
}

/** The schema with every `$ref` replaced by what it names, for ajv. */
function inline(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(inline)
  if (!schema || typeof schema !== 'object') return schema
  const { $ref } = schema as JsonSchema
  if ($ref !== undefined) return inline(resolve($ref))
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inline(v)]))
}

// Answers: formats asserted (the server writes real uuids and timestamps). Requests: `format` is
// an annotation, as JSON Schema 2020-12 has it by default; the server may refuse more than that.
const strict = new Ajv2020({ strict: true, allErrors: true })
addFormats(strict)
const lenient = new Ajv2020({ strict: true, validateFormats: false })

/** RFC 9457 problems, as docs/api.md ("Rules every request follows") answers a 404 or a 405 on any path. */
const problemType = 'application/problem+json'
const problemSchema = strict.compile(inline(document.components.schemas.Problem) as object)

type Op = {
  id: string
  method: string
  template: string
  operation: Operation
  body?: { mediaType: string; schema: JsonSchema; accepts: ValidateFunction }
  headers: (Parameter & { accepts: ValidateFunction })[]
  pathParams: Parameter[]
  /** By status (`default` too, when the document has it). */
  responses: Map<string, { mediaType: string; accepts: ValidateFunction }>
  success: number
}

/**
 * The JSON API's paths. The sandbox's hosted payment page (HTML and redirects for a browser, forms
 * posted, its fonts) is listed in the document too; tests/api/sandboxPage.test.ts holds its answers to it.
 */
const jsonPaths = Object.entries(document.paths).filter(([, methods]) =>
  Object.values(methods).every((op) =>
    Object.values(op.responses).every((r) => r.content && !('text/html' in r.content) && !('font/woff2' in r.content)),
  ),
)

const ops: Op[] = jsonPaths.flatMap(([template, methods]) =>
  Object.entries(methods).map(([method, operation]): Op => {
    const parameters = operation.parameters ?? []
    const body = operation.requestBody && Object.entries(operation.requestBody.content)[0]
    const responses = new Map(
      Object.entries(operation.responses).map(([status, response]) => {
        const [mediaType, { schema }] = Object.entries(response.content ?? {})[0]!
        return [status, { mediaType, accepts: strict.compile(inline(schema) as object) }]
      }),
    )
    return {
      id: operation.operationId,
      method: method.toUpperCase(),
      template,
      operation,
      body: body && {
        mediaType: body[0],
        schema: body[1].schema,
        accepts: lenient.compile(inline(body[1].schema) as object),
      },
      headers: parameters
        .filter((p) => p.in === 'header')
        .map((p) => ({ ...p, accepts: lenient.compile(inline(p.schema) as object) })),
      pathParams: parameters.filter((p) => p.in === 'path'),
      responses,
      success: Number([...responses.keys()].find((status) => /^2\d\d$/.test(status))),
    }
  }),
)

/** The document's paths as patterns: a `{name}` is one path segment. */
const routes = jsonPaths.map(([template]) => ({
  template,
  regex: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`),
  methods: ops.filter((op) => op.template === template).map((op) => op.method),
}))

const opById = (id: string) => ops.find((op) => op.id === id)!
// What docs/api.md says of some operations that a schema cannot: the webhook's signature and
// session, the one-plan rule of a cart.
const webhook = opById('postWebhooksPayments')
const sessionsTemplate = opById('postCheckoutSessions').template
const cartOps = new Map([
  ['postCartQuote', ''],
  ['postCheckoutSessions', 'cart.'],
])

// ---- The server ----

const bodyLimit = 16 * 1024 // the document's 413: "Body over 16 KB"
const webhookSecret = 'whsec_property_test_only'
const roomy = { limit: 1_000_000, windowMs: 60_000 }
const cart = { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] }
/** The server under test: `send` speaks to it. */
let api: TestApi | undefined

// ---- Requests: planned by fast-check, bound to what the server acknowledged when sent ----

type PathValue = { kind: 'known'; pick: number; encode: boolean; fallback: string } | { kind: 'raw'; value: string }
type KeyPlan =
  | { kind: 'valid'; value: string }
  | { kind: 'missing' }
  | { kind: 'raw'; value: string }
  | { kind: 'reuse'; pick: number; body: 'same' | 'reordered' | 'other' }
  | { kind: 'twice'; value: string }
/** The webhook's event bound to a session the server acknowledged, or an event it answered before. */
type Bind =
  | { kind: 'none' }
  | { kind: 'match'; pick: number }
  | { kind: 'mismatch'; pick: number; by: number; currency: string | null }
  | { kind: 'repeat'; pick: number }
type BodyPlan =
  | { kind: 'json'; value: unknown; generated: boolean; mutation: Mutation | null; bind: Bind; indent: boolean }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'padded'; size: number; unit: string }
  | { kind: 'nested'; depth: number; open: string; close: string }
type SignaturePlan =
  | { kind: 'valid'; skew: number; rotate: boolean }
  | { kind: 'other-secret' }
  | { kind: 'other-body' }
  | { kind: 'missing' }
  | { kind: 'garbage'; value: string }
type Plan = {
  /** The operation's id: a counterexample prints the plan. */
  op: string
  method: string
  path: Record<string, PathValue>
  tweak: '' | '/' | '/x' | 'upper' | 'double-slash'
  query: string | null
  contentType: string | null
  body: BodyPlan | null
  key: KeyPlan | null
  signature: SignaturePlan | null
  chunked: boolean
  twice: boolean
}

const otherMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND', 'PURGE', 'COPY']
/** Header values Node's client can send: visible ASCII, space, tab, and Latin-1 bytes. */
const headerText = (max: number) => fc.stringMatching(new RegExp(`^[\\t\\x20-\\x7e\\x80-\\xff]{0,${max}}$`))

function pathValueArbitrary(op: Op): fc.Arbitrary<PathValue> {
  // The ids the collection's POST answers (`CheckoutSession.id`): the shape a real id has.
  const created = ops.find((o) => o.method === 'POST' && `${o.template}/{id}` === op.template)
  const idSchema = created && resolve(`#/components/schemas/${refName(created)}`).properties?.id
  const shaped = (idSchema ? arbitraryOf(idSchema, resolve) : fc.string()) as fc.Arbitrary<string>
  const raw = (value: fc.Arbitrary<string>) => value.map((v): PathValue => ({ kind: 'raw', value: v }))
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('known' as const),
        pick: fc.nat(),
        encode: fc.boolean(),
        fallback: shaped,
      }),
    },
    { weight: 2, arbitrary: raw(shaped) },
    { weight: 2, arbitrary: raw(fc.string().map(encodeURIComponent)) },
    { weight: 1, arbitrary: raw(fc.string({ unit: 'grapheme', minLength: 1 }).map(encodeURIComponent)) },
    {
      weight: 1,
      arbitrary: raw(fc.tuple(shaped, fc.integer({ min: 1, max: 8000 })).map(([id, n]) => id + 'a'.repeat(n))),
    },
    {
      weight: 1,
      arbitrary: raw(
        fc.constantFrom(
          '%',
          '%ZZ',
          '%2F',
          'a%2Fb',
          '%00',
          '.',
          '..',
          '%2e%2e',
          '%2E',
          '%E0%A4%A',
          '%C0%AF',
          '%25',
          ';',
          'a;b=c',
          '~',
          '%20',
          '%F0%9F%98%80',
          '..%2F..%2Fhealth',
          '%2e%2e%2fhealth',
          '%EF%BB%BF',
        ),
      ),
    },
  )
}

/** The name of the component a POST's success answer refers to. */
function refName(op: Op): string {
  const content = op.operation.responses[String(op.success)]!.content!
  return Object.values(content)[0]!.schema.$ref!.split('/').pop()!
}

function bodyArbitrary(op: Op): fc.Arbitrary<BodyPlan> {
  const schema = op.body!.schema
  const bind: fc.Arbitrary<Bind> =
    op === webhook
      ? fc.oneof(
          { weight: 2, arbitrary: fc.constant({ kind: 'none' as const }) },
          { weight: 3, arbitrary: fc.record({ kind: fc.constant('match' as const), pick: fc.nat() }) },
          {
            weight: 1,
            arbitrary: fc.record({
              kind: fc.constant('mismatch' as const),
              pick: fc.nat(),
              by: fc.integer({ min: 0, max: 1000 }),
              currency: fc.option(fc.stringMatching(/^[A-Z]{3}$/)),
            }),
          },
          { weight: 1, arbitrary: fc.record({ kind: fc.constant('repeat' as const), pick: fc.nat() }) },
        )
      : fc.constant({ kind: 'none' as const })
  const json = (value: fc.Arbitrary<unknown>, generated: boolean) =>
    fc.record({
      kind: fc.constant('json' as const),
      value,
      generated: fc.constant(generated),
      mutation: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: mutationArbitrary }),
      bind,
      indent: fc.boolean(),
    })
  return fc.oneof(
    { weight: 12, arbitrary: json(arbitraryOf(schema, resolve), true) },
    { weight: 1, arbitrary: json(fc.jsonValue({ maxDepth: 3 }), false) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('text' as const),
        text: fc.oneof(
          fc.string({ unit: 'grapheme' }),
          fc.constantFrom('', ' ', '{', '{"a":', 'null', 'nul', '{}}', '\uFEFF{}', '[]', '"x"', '1e999', '{"a":1,}'),
        ),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('bytes' as const), bytes: fc.uint8Array({ maxLength: 64 }) }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('padded' as const),
        size: fc.oneof(
          fc.constantFrom(bodyLimit - 1, bodyLimit, bodyLimit + 1),
          fc.integer({ min: bodyLimit, max: 3 * bodyLimit }),
        ),
        unit: fc.constantFrom('x', 'ع', '😀'),
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 1, max: 3000 }), fc.constantFrom(['[', ']'], ['{"a":', '}']))
        .map(([depth, [open, close]]): BodyPlan => ({ kind: 'nested', depth, open: open!, close: close! })),
    },
  )
}

function keyArbitrary(param: Parameter): fc.Arbitrary<KeyPlan> {
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({
        kind: fc.constant('valid' as const),
        value: arbitraryOf(param.schema, resolve) as fc.Arbitrary<string>,
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'missing' as const }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        value: fc.oneof(
          fc.constantFrom(
            '',
            ' ',
            'short',
            '\tabcdefghij\t',
            'abc def ghi',
            'é'.repeat(10),
            'x'.repeat(255),
            'x'.repeat(256),
          ),
          headerText(300),
        ),
      }),
    },
    // The header twice: the server reads the two values joined by a comma (RFC 9110, 5.3).
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('twice' as const),
        value: arbitraryOf(param.schema, resolve) as fc.Arbitrary<string>,
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('reuse' as const),
        pick: fc.nat(),
        body: fc.constantFrom('same' as const, 'reordered' as const, 'other' as const),
      }),
    },
  )
}

const signatureArbitrary: fc.Arbitrary<SignaturePlan> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('valid' as const),
      // docs/api.md: more than 5 minutes either way is stale; 200 s and 400 s stay clear of the edge.
      skew: fc.constantFrom(0, 0, 0, -200, 200, -400, 400, -86_400),
      rotate: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'other-secret' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'other-body' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'missing' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('garbage' as const),
      value: fc.oneof(
        headerText(80),
        fc.tuple(fc.nat(), fc.stringMatching(/^[0-9a-f]{64}$/)).map(([t, hex]) => `t=${t},v1=${hex}`),
        fc.constantFrom('t=,v1=', ',,,', 't=1', 'v1=', `t=99999999999999,v1=${'0'.repeat(64)}`, 'x'.repeat(8000)),
      ),
    }),
  },
)

function planArbitrary(op: Op): fc.Arbitrary<Plan> {
  const hasBody = op.body !== undefined
  const jsonTypes = op.body
    ? [
        op.body.mediaType,
        `${op.body.mediaType}; charset=utf-8`,
        op.body.mediaType.toUpperCase(),
        `${op.body.mediaType};charset=UTF-8`,
      ]
    : []
  const otherTypes = [
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/problem+json',
    'application/jsonx',
    'application/json-seq',
    'application/*',
    '',
  ]
  const key = op.headers.find((p) => p.name === 'Idempotency-Key')
  return fc.record({
    op: fc.constant(op.id),
    method: fc.oneof(
      { weight: 9, arbitrary: fc.constant(op.method) },
      { weight: 1, arbitrary: fc.constantFrom(...otherMethods) },
    ),
    path: fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, pathValueArbitrary(op)]))),
    tweak: fc.oneof(
      { weight: 20, arbitrary: fc.constant('' as const) },
      { weight: 1, arbitrary: fc.constantFrom('/' as const, '/x' as const, 'upper' as const, 'double-slash' as const) },
    ),
    query: fc.option(
      fc.string().map((q) => encodeURIComponent(q)),
      { freq: 10 },
    ),
    contentType: hasBody
      ? fc.oneof(
          { weight: 10, arbitrary: fc.constantFrom(...jsonTypes) },
          { weight: 2, arbitrary: fc.constantFrom(...otherTypes) },
          { weight: 1, arbitrary: fc.constant(null) },
        )
      : fc.constant(null),
    body: hasBody ? bodyArbitrary(op) : fc.constant(null),
    key: key ? keyArbitrary(key) : fc.constant(null),
    signature: op === webhook ? signatureArbitrary : fc.constant(null),
    chunked: fc.boolean(),
    twice: hasBody ? fc.integer({ min: 0, max: 7 }).map((n) => n === 0) : fc.constant(false),
  })
}

// ---- What the server acknowledged ----

type Acknowledged = { key: string; request: unknown; text: string; generated: boolean; status: number; answer: string }
type Model = {
  /** Operation -> Idempotency-Key -> the first 2xx answer to it (only those are kept: docs/api.md). */
  keys: Map<string, Map<string, Acknowledged>>
  /** A POST's path -> the id of each thing it created -> the request and the answer. */
  created: Map<string, Map<string, { request: unknown; body: Record<string, unknown> }>>
  /** Event id -> the body of a payment event answered 200 (so recorded). */
  events: Map<string, string>
  /** Operation (or `elsewhere`: another method or path) -> the statuses it answered. */
  seen: Map<string, Set<number>>
}

const newModel = (): Model => ({ keys: new Map(), created: new Map(), events: new Map(), seen: new Map() })
const createdOf = (model: Model, template: string) => model.created.get(template) ?? new Map()
const collectionOf = (op: Op) => op.template.replace(/\/\{\w+\}$/, '')

/** A request as sent, and what the test knows of it. */
type Sent = {
  plan: Plan
  method: string
  path: string
  headers: Record<string, string | string[]>
  body?: Buffer
  /** The body as the server reads it (UTF-8), when it is JSON. */
  json?: unknown
  parsed: boolean
  /** A value of the request schema as made, unchanged: the server must take it. */
  generated: boolean
  /** The Idempotency-Key as the server reads it (HTTP drops the spaces around a value). */
  key?: string
  signature: 'ok' | 'expired' | 'invalid'
}

let keys = 0

function utf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

function sign(secret: string, body: Buffer, t: number): string {
  // docs/api.md, "Payment webhook": t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">.
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex')}`
}

/** The webhook's event pointed at a session the server created, with its amount or another. */
function bind(value: unknown, plan: Bind, model: Model): unknown {
  const sessions = [...createdOf(model, sessionsTemplate).values()]
  if (plan.kind === 'none' || plan.kind === 'repeat' || sessions.length === 0) return value
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value
  const session = sessions[plan.pick % sessions.length]!.body
  const quote = session.quote as { totalMinor: number; currency: string }
  const event = { ...value, sessionId: session.id }
  if (plan.kind === 'match') return { ...event, amountMinor: quote.totalMinor, currency: quote.currency }
  return { ...event, amountMinor: quote.totalMinor + plan.by, currency: plan.currency ?? quote.currency }
}

function bodyOf(plan: BodyPlan, model: Model): { bytes: Buffer; generated: boolean } {
  switch (plan.kind) {
    case 'json': {
      const events = [...model.events.values()]
      // A provider's retry: the same delivery again.
      if (plan.bind.kind === 'repeat' && events.length)
        return { bytes: Buffer.from(events[plan.bind.pick % events.length]!), generated: true }
      let value = bind(plan.value, plan.bind, model)
      if (plan.mutation) value = mutate(value, plan.mutation)
      const text = JSON.stringify(value, null, plan.indent ? 2 : undefined) ?? 'null'
      return { bytes: Buffer.from(text), generated: plan.generated && !plan.mutation }
    }
    case 'text':
      return { bytes: Buffer.from(plan.text), generated: false }
    case 'bytes':
      return { bytes: Buffer.from(plan.bytes), generated: false }
    case 'padded': {
      // JSON of exactly `size` bytes, whatever the width of its characters.
      const frame = Buffer.byteLength('{"pad":""}')
      const count = Math.floor((plan.size - frame) / Buffer.byteLength(plan.unit))
      const fill = 'x'.repeat(plan.size - frame - count * Buffer.byteLength(plan.unit))
      return { bytes: Buffer.from(`{"pad":"${plan.unit.repeat(count)}${fill}"}`), generated: false }
    }
    case 'nested':
      return {
        bytes: Buffer.from(`${plan.open.repeat(plan.depth)}1${plan.close.repeat(plan.depth)}`),
        generated: false,
      }
  }
}

/** Keys in reverse order, all the way down: the same JSON to the server (docs/api.md: key order ignored). */
function reorder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reorder)
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reorder(v)]),
  )
}

function resolvePlan(plan: Plan, model: Model): Sent {
  const op = opById(plan.op)
  let path = op.template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = plan.path[name]!
    if (value.kind === 'raw') return value.value
    const ids = [...createdOf(model, collectionOf(op)).keys()] as string[]
    const id = ids.length ? ids[value.pick % ids.length]! : encodeURIComponent(value.fallback)
    // The same id with its letters percent-encoded: the same resource to a URL's reader.
    return value.encode ? id.replace(/[A-Za-z]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`) : id
  })
  if (plan.tweak === '/' || plan.tweak === '/x') path += plan.tweak
  if (plan.tweak === 'upper') path = path.toUpperCase()
  if (plan.tweak === 'double-slash') path = path.replace('/api/v1/', '/api/v1//')
  if (plan.query !== null) path += `?${plan.query}`

  const headers: Record<string, string> = {}
  if (plan.contentType !== null) headers['content-type'] = plan.contentType
  let body: Buffer | undefined
  let generated = false
  if (plan.body && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(plan.method))
    ({ bytes: body, generated } = bodyOf(plan.body, model))
  let keyPlan = plan.key
  if (keyPlan?.kind === 'reuse') {
    const acknowledged = [...(model.keys.get(op.id)?.values() ?? [])]
    const first = acknowledged[keyPlan.pick % Math.max(acknowledged.length, 1)]
    if (!first) keyPlan = { kind: 'valid', value: 'no-key-to-reuse-yet' }
    else {
      headers['idempotency-key'] = first.key
      if (keyPlan.body !== 'other') {
        body = Buffer.from(keyPlan.body === 'same' ? first.text : JSON.stringify(reorder(first.request)))
        generated = first.generated
      }
    }
  }
  if (keyPlan?.kind === 'valid') headers['idempotency-key'] = `${++keys}.${keyPlan.value}`.slice(0, 255)
  if (keyPlan?.kind === 'raw') headers['idempotency-key'] = keyPlan.value
  const twice = keyPlan?.kind === 'twice' ? [`${++keys}.${keyPlan.value}`.slice(0, 255), keyPlan.value] : undefined

  let signature: Sent['signature'] = 'invalid'
  const signed = body ?? Buffer.alloc(0)
  const now = Math.floor(Date.now() / 1000)
  switch (plan.signature?.kind) {
    case 'valid': {
      const header = sign(webhookSecret, signed, now + plan.signature.skew)
      // A key rotation: another v1 first, the right one after it.
      headers['rasid-signature'] = plan.signature.rotate ? header.replace('v1=', `v1=${'0'.repeat(64)},v1=`) : header
      // The server reads a body as UTF-8, as JSON must be (RFC 8259, 8.1): other bytes are no provider's.
      signature = !utf8(signed) ? 'invalid' : Math.abs(plan.signature.skew) > 300 ? 'expired' : 'ok'
      break
    }
    case 'other-secret':
      headers['rasid-signature'] = sign('whsec_someone_else', signed, now)
      break
    case 'other-body':
      headers['rasid-signature'] = sign(webhookSecret, Buffer.concat([signed, Buffer.from(' ')]), now)
      break
    case 'garbage':
      headers['rasid-signature'] = plan.signature.value
      break
  }
  // Framed either way: Node's client sends a GET's or a DELETE's body unframed unless told.
  if (body)
    headers[plan.chunked ? 'transfer-encoding' : 'content-length'] = plan.chunked ? 'chunked' : String(body.length)

  let json: unknown
  let parsed = false
  try {
    // The webhook reads the signed bytes as they are, a BOM included; the other writes drop a BOM.
    json = JSON.parse(new TextDecoder('utf-8', { ignoreBOM: op === webhook }).decode(body ?? Buffer.alloc(0)))
    parsed = true
  } catch {}
  const key = twice ? twice.join(', ') : headers['idempotency-key']?.replace(/^[\t ]+|[\t ]+$/g, '')
  const sent = { ...headers, ...(twice && { 'idempotency-key': twice }) }
  return { plan, method: plan.method, path, headers: sent, body, json, parsed, generated, key, signature }
}

// ---- What the answer must be ----

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string; json: unknown }
type Outcome = {
  status: number
  code?: string
  /** A new thing: no Idempotent-Replayed, an id never answered before. */
  fresh?: true
  /** The first answer to the key, byte for byte, with Idempotent-Replayed: true. */
  replay?: string
  duplicate?: boolean
  fields?: Record<string, string>
  /** The body the document refuses: `fields` must name its bad fields (docs/api.md). */
  invalid?: unknown
  id?: string
  allow?: string[]
}

function locate(s: Sent) {
  const pathname = new URL(s.path, 'http://127.0.0.1').pathname
  const route = routes.find((r) => r.regex.test(pathname))
  const method = s.method === 'HEAD' && !route?.methods.includes('HEAD') ? 'GET' : s.method
  const op = route && ops.find((o) => o.template === route.template && o.method === method)
  return { pathname, route, op }
}

const mediaTypeOf = (header: string | undefined) => header?.split(';')[0]?.trim().toLowerCase()

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** docs/api.md's checks, in its order: media type, size, key, (signature), JSON, schema, rules, idempotency. */
function predict(s: Sent, model: Model): Outcome[] {
  const { pathname, route, op } = locate(s)
  if (!route) return [{ status: 404, code: 'not-found' }]
  if (!op) return [{ status: 405, code: 'method-not-allowed', allow: route.methods }]
  if (!op.body) {
    if (op.pathParams.length === 0) return [{ status: op.success }]
    const index = op.template.split('/').findIndex((segment) => segment.startsWith('{'))
    const id = decoded(pathname.split('/')[index]!)
    return createdOf(model, collectionOf(op)).has(id)
      ? [{ status: op.success, id }]
      : [{ status: 404, code: 'not-found' }]
  }
  if (mediaTypeOf(s.headers['content-type'] as string | undefined) !== op.body.mediaType)
    return [{ status: 415, code: 'unsupported-media-type' }]
  if ((s.body?.length ?? 0) > bodyLimit) return [{ status: 413, code: 'payload-too-large' }]
  for (const param of op.headers) {
    const value = param.name === 'Idempotency-Key' ? s.key : s.headers[param.name.toLowerCase()]
    if (param.required && !value) return [{ status: 400, code: 'idempotency-key-missing' }]
    if (value && !param.accepts(value)) return [{ status: 400, code: 'idempotency-key-invalid' }]
  }
  if (op === webhook && s.signature === 'invalid') return [{ status: 401, code: 'signature-invalid' }]
  if (op === webhook && s.signature === 'expired') return [{ status: 400, code: 'signature-expired' }]
  if (!s.parsed) return [{ status: 400, code: op === webhook ? 'invalid-request' : 'malformed-json' }]
  if (!op.body.accepts(s.json)) return [{ status: 400, code: 'invalid-request', invalid: s.json }]
  const next = accepted(op, s, model)
  // A value the document takes that the test did not make as such (a mutation that kept it valid,
  // any JSON): the server may hold it to more than the schema says (the form of an email).
  return s.generated ? next : [{ status: 400, code: 'invalid-request' }, ...next]
}

/** What follows once the body is one the document takes. */
function accepted(op: Op, s: Sent, model: Model): Outcome[] {
  const json = s.json as Record<string, unknown>
  const prefix = cartOps.get(op.id)
  if (prefix !== undefined) {
    const cart = (prefix ? json.cart : json) as { items: { sku: string }[] }
    if (cart.items.filter((item) => item.sku.startsWith('plan.')).length > 1)
      return [{ status: 400, code: 'invalid-request', fields: { [`${prefix}items`]: 'checkout.error.twoPlans' } }]
    if (new Set(cart.items.map((item) => item.sku)).size < cart.items.length)
      return [{ status: 400, code: 'invalid-request', fields: { [`${prefix}items`]: 'checkout.error.duplicateItem' } }]
  }
  if (s.key !== undefined) {
    const first = model.keys.get(op.id)?.get(s.key)
    if (!first) return [{ status: op.success, fresh: true }]
    return isDeepStrictEqual(first.request, s.json)
      ? [{ status: first.status, replay: first.answer }]
      : [{ status: 409, code: 'idempotency-key-reused' }]
  }
  if (op === webhook) {
    const session = createdOf(model, sessionsTemplate).get(json.sessionId as string)?.body
    if (!session) return [{ status: 404, code: 'not-found' }]
    const quote = session.quote as { totalMinor: number; currency: string }
    if (json.amountMinor !== quote.totalMinor || json.currency !== quote.currency)
      return [{ status: 400, code: 'payment-mismatch' }]
    return [{ status: 200, duplicate: model.events.has(json.id as string) }]
  }
  return [{ status: op.success }]
}

/** `fields` names a bad field, only real ones, and the body's one unknown field when it has one. */
function namesBadFields(op: Op, json: unknown, fields: Record<string, string> | undefined): boolean {
  if (op === webhook || !json || typeof json !== 'object' || Array.isArray(json)) return true
  const names = Object.keys(fields ?? {})
  if (names.length === 0) return false
  const properties = (inline(op.body!.schema) as JsonSchema).properties ?? {}
  // A field of the body or of the schema, or one inside them (`cart.items`).
  const real = (name: string) =>
    Object.hasOwn(properties, name) || Object.hasOwn(json, name) || Object.hasOwn(properties, name.split('.')[0]!)
  if (!names.every(real)) return false
  const unknown = Object.keys(json).filter((k) => !Object.hasOwn(properties, k))
  return unknown.length !== 1 || names.includes(unknown[0]!)
}

function matches(outcome: Outcome, s: Sent, a: Answer, model: Model): boolean {
  if (outcome.status !== a.status) return false
  if (s.method === 'HEAD') return true
  const body = a.json as Record<string, unknown> | undefined
  const replayed = a.headers['idempotent-replayed'] === 'true'
  if (outcome.code !== undefined && body?.code !== outcome.code) return false
  if (outcome.replay !== undefined) return replayed && a.text === outcome.replay
  if (outcome.fresh) return !replayed && !createdOf(model, locate(s).op!.template).has(body?.id)
  if (outcome.duplicate !== undefined && (body?.duplicate === true) !== outcome.duplicate) return false
  if (outcome.fields !== undefined && !isDeepStrictEqual(body?.fields, outcome.fields)) return false
  if (outcome.id !== undefined && body?.id !== outcome.id) return false
  if (outcome.allow !== undefined) {
    const allow = String(a.headers.allow ?? '').split(/,\s*/)
    if (!isDeepStrictEqual(allow.sort(), [...outcome.allow].sort())) return false
  }
  if (outcome.invalid !== undefined)
    return namesBadFields(locate(s).op!, outcome.invalid, body?.fields as Record<string, string> | undefined)
  return true
}

/** Every answer: a documented status in its media type and schema, no-store, never a 5xx; then the prediction. */
function verify(s: Sent, a: Answer, model: Model): string[] {
  const problems: string[] = []
  if (a.status >= 500) problems.push(`a ${a.status}: bad input is never a server error`)
  if (a.headers['cache-control'] !== 'no-store') problems.push(`Cache-Control: ${a.headers['cache-control']}`)
  if (!a.headers['x-request-id']) problems.push('no X-Request-Id')
  const { op } = locate(s)
  const documented = op
    ? (op.responses.get(String(a.status)) ?? op.responses.get('default'))
    : a.status === 404 || a.status === 405
      ? { mediaType: problemType, accepts: problemSchema }
      : undefined
  if (!documented) problems.push(`${a.status} is not a status the document lists for ${op?.id ?? 'this path'}`)
  else {
    const type = mediaTypeOf(a.headers['content-type'])
    if (type !== documented.mediaType)
      problems.push(`Content-Type ${a.headers['content-type']}, not ${documented.mediaType}`)
    if (s.method === 'HEAD') {
      if (a.text !== '') problems.push('a body in the answer to HEAD')
    } else if (a.json === undefined) problems.push('the body is not JSON')
    else if (!documented.accepts(a.json))
      problems.push(`the body does not match its schema: ${strict.errorsText(documented.accepts.errors)}`)
  }
  const body = a.json as { status?: unknown } | undefined
  if (a.status >= 400 && s.method !== 'HEAD' && body?.status !== a.status)
    problems.push(`the problem's status ${body?.status} is not the answer's`)
  if (a.status === 429 && !a.headers['retry-after']) problems.push('a 429 without Retry-After')
  const outcomes = predict(s, model)
  if (!outcomes.some((outcome) => matches(outcome, s, a, model)))
    problems.push(
      `expected ${outcomes.map((o) => JSON.stringify(o, (k, v) => (k === 'invalid' ? '…' : v))).join(' or ')}`,
    )
  return problems
}

/** The model after an answer: what the server acknowledged. */
function record(s: Sent, a: Answer, model: Model): void {
  const { op } = locate(s)
  const seen = model.seen.get(op?.id ?? 'elsewhere') ?? new Set()
  model.seen.set(op?.id ?? 'elsewhere', seen.add(a.status))
  if (!op?.body || a.status >= 300) return
  const replayed = a.headers['idempotent-replayed'] === 'true'
  const text = s.body?.toString() ?? ''
  if (s.key !== undefined && !replayed) {
    const keysOf = model.keys.get(op.id) ?? new Map()
    model.keys.set(op.id, keysOf)
    keysOf.set(s.key, { key: s.key, request: s.json, text, generated: s.generated, status: a.status, answer: a.text })
  }
  const body = a.json as Record<string, unknown>
  if (op === webhook) model.events.set((s.json as { id: string }).id, text)
  else if (typeof body.id === 'string' && !replayed) {
    const created = createdOf(model, op.template)
    model.created.set(op.template, created.set(body.id, { request: s.json, body }))
  }
}

function send(s: Sent): Promise<Answer> {
  return new Promise((done, fail) => {
    let answered = false
    const request = http.request(
      { host: '127.0.0.1', port: api!.port, method: s.method, path: s.path, headers: s.headers, agent: false },
      (response) => {
        answered = true
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', fail)
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString()
          let json: unknown
          try {
            json = JSON.parse(text)
          } catch {}
          done({ status: response.statusCode!, headers: response.headers, text, json })
        })
      },
    )
    request.setTimeout(10_000, () => request.destroy(new Error(`no answer in 10 s to ${s.method} ${s.path}`)))
    // The server may answer (a 413, a 415) and close before the whole body is written.
    request.on('error', (error) => answered || fail(error))
    if (s.body && s.plan.chunked) {
      request.write(s.body)
      request.end()
    } else request.end(s.body)
  })
}

function explain(s: Sent, a: Answer, problems: string[]): string {
  const body =
    s.body &&
    (s.body.length > 300 ? `${s.body.subarray(0, 300).toString()}… (${s.body.length} bytes)` : s.body.toString())
  return [
    `${s.method} ${s.path.slice(0, 300)}`,
    `  headers ${JSON.stringify(s.headers).slice(0, 500)}`,
    `  body ${body}`,
    `  -> ${a.status} ${a.headers['content-type']} ${a.text.slice(0, 500)}`,
    ...problems.map((p) => `  ${p}`),
  ].join('\n')
}

async function exchange(plan: Plan, model: Model): Promise<void> {
  const s = resolvePlan(plan, model)
  if (!plan.twice) {
    const a = await send(s)
    const problems = verify(s, a, model)
    if (problems.length) throw new Error(explain(s, a, problems))
    return record(s, a, model)
  }
  // The same request twice at once (a double click): both answers must make sense in one order or the other.
  const [one, two] = await Promise.all([send(s), send(s)])
  const failures: string[] = []
  for (const [first, second] of [
    [one, two],
    [two, one],
  ] as const) {
    const trial = structuredClone(model)
    let problems = verify(s, first, trial)
    if (problems.length === 0) {
      record(s, first, trial)
      problems = verify(s, second, trial)
    }
    if (problems.length === 0) {
      record(s, second, trial)
      Object.assign(model, trial)
      return
    }
    failures.push(explain(s, first, problems))
  }
  throw new Error(`sent twice at once, the answers fit neither order:\n${failures.join('\n')}`)
}

// ---- The tests ----

test('the converter makes values each schema of the document accepts', () => {
  for (const [name, schema] of Object.entries(document.components.schemas)) {
    const accepts = strict.compile(inline(schema) as object)
    fc.assert(
      fc.property(arbitraryOf(schema, resolve), (value) => {
        expect(accepts(value), `${name}: ${strict.errorsText(accepts.errors)}`).toBe(true)
      }),
      { seed, numRuns: 100 },
    )
  }
})

// The long run on SQLite, whose file the end counts; shorter ones on the other stores.
describe.each([
  { kind: 'sqlite', runs: numRuns },
  { kind: 'memory', runs: Math.ceil(numRuns / 3) },
  { kind: 'dynamodb', runs: Math.ceil(numRuns / 3) },
] as const)('on the $kind store', ({ kind, runs }) => {
  const dbPath = kind === 'sqlite' ? tempDbPath() : undefined
  let dynamo: TestDynamo | undefined
  beforeAll(async () => {
    const { store, dynamo: made } = await storeOfKind(kind)
    dynamo = made
    api = await startApi({
      store,
      dbPath,
      config: {
        bodyLimit,
        // The secret is the test's own; the limits high enough that no run meets them.
        checkout: { ...checkoutDefaults, webhookSecret, rate: roomy, codeGuesses: roomy },
      },
    })
  })
  afterAll(async () => {
    await api?.close()
    api = undefined
    await dynamo?.close()
  })

  // What the property found, kept as plain cases (none of them stores anything).
  test.each([
    ['a sales lead', '__proto__', '/api/v1/contact/sales', goodSales as object],
    ['a quote', 'toString', '/api/v1/cart/quote', cart],
    ['a quote', 'constructor', '/api/v1/cart/quote', cart],
  ])('%s with a field named %s is a 400 that names it', async (_, field, path, good) => {
    // As text: an object literal's `__proto__` would set a prototype, not a field.
    const body = `${JSON.stringify(good).slice(0, -1)},${JSON.stringify(field)}:1}`
    const answer = await call(api!, path, { body })
    expect(answer.status).toBe(400)
    expect(Object.keys((answer.body as { fields: object }).fields)).toContain(field)
  })

  test('a signed webhook body that starts with a BOM passes its signature, then is no event', async () => {
    const body = Buffer.from('\uFEFF{}')
    const headers = { 'rasid-signature': sign(webhookSecret, body, Math.floor(Date.now() / 1000)) }
    const answer = await call(api!, webhook.template, { body: body.toString(), headers, key: null })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: 'invalid-request' })
  })

  test('every operation answers as the document says, whatever it is sent, and stores what it acknowledged', async () => {
    const model = newModel()
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(...ops.map(planArbitrary)), { minLength: 1, maxLength: 5 }), async (plans) => {
        for (const plan of plans) await exchange(plan, model)
      }),
      { seed, numRuns: runs },
    )

    // The server still answers, and no request ended in a 5xx.
    const getHealth = opById('getHealth')
    const plain = {
      path: {},
      tweak: '',
      query: null,
      contentType: null,
      body: null,
      key: null,
      signature: null,
    } as const
    const health = resolvePlan({ ...plain, op: getHealth.id, method: 'GET', chunked: false, twice: false }, model)
    const answer = await send(health)
    expect(verify(health, answer, model)).toEqual([])
    expect(answer.status).toBe(200)
    expect(api!.logs.filter((line) => line.level === 'error')).toEqual([])

    // Each operation met its success and its errors with this seed: the runs reach every branch.
    for (const op of kind === 'sqlite' ? ops : []) {
      const expected = [op.success, ...(op.body ? [400, 413, 415] : []), ...(op.pathParams.length ? [404] : [])]
      if (op.headers.length) expected.push(409)
      if (op === webhook) expected.push(401, 404)
      expect([...(model.seen.get(op.id) ?? [])].sort(), op.id).toEqual(expect.arrayContaining(expected))
    }
    if (kind === 'sqlite') expect([...(model.seen.get('elsewhere') ?? [])].sort()).toEqual([404, 405])

    // Stored exactly what it acknowledged: each lead once, as sent (less the honeypot), spam marked;
    // each session with the quote it answered; replays added nothing.
    const leads = ops.filter((op) => op.template.startsWith('/api/v1/contact/'))
    const acknowledged = new Map(
      leads.flatMap((op) =>
        [...createdOf(model, op.template)].map(([id, { request }]) => [id, { op, request }] as const),
      ),
    )
    const contacts = await api!.store.listContacts()
    expect(contacts.map((c) => c.id).sort()).toEqual([...acknowledged.keys()].sort())
    for (const contact of contacts) {
      const { op, request } = acknowledged.get(contact.id)!
      const { website, consentVersion, ...data } = request as Record<string, unknown>
      expect(contact.kind).toBe(op.template.split('/').pop())
      expect(contact.data).toEqual(data)
      // The consent the page said it showed, in the version's language, at the lead's arrival.
      expect(contact.consent).toEqual({
        version: consentVersion,
        locale: String(consentVersion).slice(0, 2),
        at: contact.receivedAt,
      })
      expect(contact.spam).toBe(typeof website === 'string' && website.trim() !== '')
    }
    const sessions = createdOf(model, sessionsTemplate)
    for (const [id, { body }] of sessions) expect((await api!.store.getSession(id))?.quote).toEqual(body.quote)
    await api!.close()
    api = undefined
    if (kind !== 'sqlite') return
    // The tables of docs/api.md ("The database"), counted on the file the server wrote.
    const db = new sqlite3.Database(dbPath!)
    try {
      const count = (table: string) => Number(db.get(`SELECT COUNT(*) AS n FROM ${table}`)?.n)
      expect(count('contacts')).toBe(acknowledged.size)
      expect(count('checkout_sessions')).toBe(sessions.size)
      expect(count('idempotency')).toBe([...model.keys.values()].reduce((n, byKey) => n + byKey.size, 0))
    } finally {
      db.close()
    }
  }, 180_000)
})
