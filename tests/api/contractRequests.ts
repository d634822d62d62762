// What the server acknowledged, and each plan (contractPlans.ts) made a request against it, for the
// property test (contract.property.test.ts): a webhook's event pointed at a session the server
// created, a key reused from an answer it gave, a path naming a thing it made, a signature with the
// test's secret; and what the test knows of the request as sent.
import { createHmac } from 'node:crypto'
import { mutate } from './schemaArbitrary'
import { type Op, opById, sessionsTemplate, webhook, webhookSecret } from './contractDocument'
import type { Bind, BodyPlan, Plan } from './contractPlans'

// ---- What the server acknowledged ----

type Acknowledged = { key: string; request: unknown; text: string; generated: boolean; status: number; answer: string }
export type Model = {
  /** Operation -> Idempotency-Key -> the first 2xx answer to it (only those are kept: docs/api.md). */
  keys: Map<string, Map<string, Acknowledged>>
  /** A POST's path -> the id of each thing it created -> the request and the answer. */
  created: Map<string, Map<string, { request: unknown; body: Record<string, unknown> }>>
  /** Event id -> the body of a payment event answered 200 (so recorded). */
  events: Map<string, string>
  /** Operation (or `elsewhere`: another method or path) -> the statuses it answered. */
  seen: Map<string, Set<number>>
}

export const newModel = (): Model => ({ keys: new Map(), created: new Map(), events: new Map(), seen: new Map() })
export const createdOf = (model: Model, template: string) => model.created.get(template) ?? new Map()
export const collectionOf = (op: Op) => op.template.replace(/\/\{\w+\}$/, '')

/** A request as sent, and what the test knows of it. */
export type Sent = {
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

export function sign(secret: string, body: Buffer, t: number): string {
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

export function resolvePlan(plan: Plan, model: Model): Sent {
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
