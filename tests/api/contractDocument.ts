// The contract's document as the property test (contract.property.test.ts) reads it:
// api/contract/openapi.json, its JSON API's operations with their schemas compiled by ajv (answers
// with formats asserted, requests with formats as annotations), its paths as patterns, and the
// settings of the server under test the document's answers depend on.
import { readFileSync } from 'node:fs'
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import type { JsonSchema } from './schemaArbitrary'

type MediaTypes = Record<string, { schema: JsonSchema }>
export type Parameter = { name: string; in: 'path' | 'header' | 'query'; required?: boolean; schema: JsonSchema }
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

export const document = JSON.parse(
  readFileSync(new URL('../../api/contract/openapi.json', import.meta.url), 'utf8'),
) as OpenApi

export function resolve(ref: string): JsonSchema {
  const found = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document)
  if (!found) throw new Error(`openapi.json: ${ref} does not resolve`)
  return found as JsonSchema
}

/** The schema with every `$ref` replaced by what it names, for ajv. */
export function inline(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(inline)
  if (!schema || typeof schema !== 'object') return schema
  const { $ref } = schema as JsonSchema
  if ($ref !== undefined) return inline(resolve($ref))
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inline(v)]))
}

// Answers: formats asserted (the server writes real uuids and timestamps). Requests: `format` is
// an annotation, as JSON Schema 2020-12 has it by default; the server may refuse more than that.
export const strict = new Ajv2020({ strict: true, allErrors: true })
addFormats(strict)
const lenient = new Ajv2020({ strict: true, validateFormats: false })

/** RFC 9457 problems, as docs/api.md ("Rules every request follows") answers a 404 or a 405 on any path. */
export const problemType = 'application/problem+json'
export const problemSchema = strict.compile(inline(document.components.schemas.Problem) as object)

export type Op = {
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

export const ops: Op[] = jsonPaths.flatMap(([template, methods]) =>
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
export const routes = jsonPaths.map(([template]) => ({
  template,
  regex: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`),
  methods: ops.filter((op) => op.template === template).map((op) => op.method),
}))

export const opById = (id: string) => ops.find((op) => op.id === id)!
// What docs/api.md says of some operations that a schema cannot: the webhook's signature and
// session, the one-plan rule of a cart.
export const webhook = opById('postWebhooksPayments')
export const sessionsTemplate = opById('postCheckoutSessions').template
export const cartOps = new Map([
  ['postCartQuote', ''],
  ['postCheckoutSessions', 'cart.'],
])

// ---- The server's settings the answers depend on ----

export const bodyLimit = 16 * 1024 // the document's 413: "Body over 16 KB"
export const webhookSecret = 'whsec_property_test_only'
