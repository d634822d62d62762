// The OpenAPI 3.1 document of the API, made from the contract (api/contract/): each schema once
// under components.schemas (JSON Schema 2020-12 by @valibot/to-json-schema, `$schema` dropped),
// each endpoint of the table referring to them. Deterministic: the same contract gives the same
// bytes, so tests/unit/contract.test.ts can tell when api/contract/openapi.json is stale.
import { toJsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import { Cart, CheckoutSession, CreateSession, Quote, sessionIdPattern } from '../../api/contract/cart'
import { apiBase, endpoints, pages } from '../../api/contract/endpoints'
import { PaymentEvent, PaymentEventReceived } from '../../api/contract/payments'
import { ContactCreated, Health, Problem, SalesRequest, SupportRequest } from '../../api/contract/schemas'
import { localeCodes } from '../../locales/locales'

export const openApiPath = 'api/contract/openapi.json'

const named: Record<string, v.GenericSchema> = {
  Health,
  SalesRequest,
  SupportRequest,
  ContactCreated,
  Cart,
  Quote,
  CreateSession,
  CheckoutSession,
  PaymentEvent,
  PaymentEventReceived,
  Problem,
}

const statusText: Record<number, string> = {
  200: 'OK',
  401: 'The Rasid-Signature header is missing or does not match',
  404: 'Not found',
  201: 'Created (a replay of the same Idempotency-Key and body answers the same, with Idempotent-Replayed: true)',
  400: 'Invalid request: `fields` maps each field to a message id',
  409: 'The Idempotency-Key was used with another body',
  413: 'Body over 16 KB',
  415: 'Not application/json',
  429: 'Too many requests: see Retry-After',
  500: 'Internal error',
  503: 'Unavailable',
}

function schemaJson(schema: v.GenericSchema): Record<string, unknown> {
  const { $schema: _, ...json } = toJsonSchema(schema, { target: 'draft-2020-12', errorMode: 'throw' })
  return json
}

function ref(schema: v.GenericSchema): { $ref: string } {
  const name = Object.keys(named).find((key) => named[key] === schema)
  if (!name) throw new Error('A schema of the endpoint table is missing from the components of scripts/lib/openapi.ts')
  return { $ref: `#/components/schemas/${name}` }
}

/** `GET /checkout/sessions/{id}` -> `getCheckoutSessionsId`. */
const operationId = ({ method, path }: { method: string; path: string }) =>
  `${method.toLowerCase()}${path.replace(/\/\{?(\w)(\w*)\}?/g, (_, c: string, rest: string) => c.toUpperCase() + rest)}`

/** A path's parameter, with the pattern the server holds it to (a session's id). */
const pathParameter = (name: string) => ({
  name,
  in: 'path',
  required: true,
  schema: name === 'id' ? { type: 'string', pattern: sessionIdPattern.source } : { type: 'string' },
})

function openApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const endpoint of endpoints) {
    const operation: Record<string, unknown> = {
      operationId: operationId(endpoint),
      summary: endpoint.summary,
    }
    const parameters: Record<string, unknown>[] = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) =>
      pathParameter(m[1]!),
    )
    // Every header the server requires is a parameter, so that a client (or a validator) made from
    // the document alone sends it.
    if (endpoint.path === '/webhooks/payments') {
      operation.description =
        'An event of the payment provider. The sandbox, and any provider that signs so, signs it with `Rasid-Signature`; Moyasar proves its events by the `secret_token` in the body instead, and each is confirmed with Moyasar’s API. Without either: 401 `signature-invalid`.'
      parameters.push({
        name: 'Rasid-Signature',
        in: 'header',
        required: true,
        description:
          '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under the webhook secret, at most 5 minutes old; several `v1` are allowed during a key rotation. Moyasar’s events, which prove themselves by their body’s `secret_token`, are taken without it.',
        schema: { type: 'string', examples: [`t=1767225600,v1=${'0'.repeat(64)}`] },
      })
    }
    if (endpoint.idempotent)
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: true,
        description: 'A unique key per submission (a UUID): the same key and body replay the first answer',
        schema: { type: 'string', pattern: '^[\\x21-\\x7E]{8,255}$' },
      })
    if (parameters.length > 0) operation.parameters = parameters
    if ('request' in endpoint)
      operation.requestBody = { required: true, content: { 'application/json': { schema: ref(endpoint.request) } } }
    operation.responses = Object.fromEntries(
      Object.entries(endpoint.responses).map(([status, schema]) => [
        status,
        {
          description: statusText[Number(status)] ?? status,
          content: {
            [Number(status) >= 400 && schema === Problem ? 'application/problem+json' : 'application/json']: {
              schema: ref(schema),
            },
          },
        },
      ]),
    )
    paths[`${apiBase}${endpoint.path}`] = {
      ...paths[`${apiBase}${endpoint.path}`],
      [endpoint.method.toLowerCase()]: operation,
    }
  }
  // The sandbox's hosted payment page: HTML documents and redirects for a browser.
  for (const route of pages) {
    const operation: Record<string, unknown> = {
      operationId: operationId(route),
      summary: route.summary,
      parameters: [
        ...[...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => pathParameter(name!)),
        // A session's pages speak the buyer's language; a font has none.
        ...(route.path.includes('{id}')
          ? [
              {
                name: 'lang',
                in: 'query',
                required: false,
                description: 'The page’s language; else the session’s, else (for an unknown link) Accept-Language',
                schema: { type: 'string', enum: localeCodes },
              },
            ]
          : []),
      ],
    }
    if (route.method === 'POST')
      operation.requestBody = {
        required: true,
        content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } },
      }
    operation.responses = Object.fromEntries(
      Object.entries(route.responses).map(([status, { answer, description }]) => [
        status,
        answer === 'redirect'
          ? { description, headers: { Location: { required: true, schema: { type: 'string' } } } }
          : answer === 'html'
            ? { description, content: { 'text/html': { schema: { type: 'string' } } } }
            : answer === 'font'
              ? { description, content: { 'font/woff2': { schema: { type: 'string', format: 'binary' } } } }
              : { description, content: { 'application/problem+json': { schema: ref(answer) } } },
      ]),
    )
    paths[`${apiBase}${route.path}`] = { ...paths[`${apiBase}${route.path}`], [route.method.toLowerCase()]: operation }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Rasid website API',
      version,
      description:
        'The API behind the site (docs/api.md). JSON, but for the sandbox’s hosted payment page (HTML for a browser); every response has Cache-Control: no-store; errors are RFC 9457 problem documents.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(named).map(([name, schema]) => [name, schemaJson(schema)])),
    },
  }
}

/** The file's exact text. */
export function openApiText(version: string): string {
  return `${JSON.stringify(openApiDocument(version), null, 2)}\n`
}
