// What each answer of the server must be, for the property test (contract.property.test.ts): a
// status the document (contractDocument.ts) lists for the operation, in its media type, with a body
// its schema accepts, `Cache-Control: no-store`, never a 5xx; and the one a model of what the server
// acknowledged (contractRequests.ts) predicts, in the order docs/api.md gives its checks. Then the
// model after the answer, and a request sent and checked (`exchange`), once or twice at once.
import http from 'node:http'
import { isDeepStrictEqual } from 'node:util'
import {
  bodyLimit,
  cartOps,
  inline,
  type Op,
  ops,
  problemSchema,
  problemType,
  routes,
  sessionsTemplate,
  strict,
  webhook,
} from './contractDocument'
import type { Plan } from './contractPlans'
import { collectionOf, createdOf, type Model, resolvePlan, type Sent } from './contractRequests'
import type { JsonSchema } from './schemaArbitrary'

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
  const key = op.headers.find((param) => param.name === 'Idempotency-Key')
  if (key?.required && !s.key) return [{ status: 400, code: 'idempotency-key-missing' }]
  if (key && s.key && !key.accepts(s.key)) return [{ status: 400, code: 'idempotency-key-invalid' }]
  // A missing or malformed Rasid-Signature is an invalid one.
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
export function verify(s: Sent, a: Answer, model: Model): string[] {
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

/** `send` and `exchange`, to the server `server()` gives at each request (the one under test then). */
export function speakingTo(server: () => { port: number } | undefined) {
  function send(s: Sent): Promise<Answer> {
    return new Promise((done, fail) => {
      let answered = false
      const request = http.request(
        { host: '127.0.0.1', port: server()!.port, method: s.method, path: s.path, headers: s.headers, agent: false },
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

  return { send, exchange }
}
