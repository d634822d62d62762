// Requests to the contract's operations as fast-check plans, for the property test
// (contract.property.test.ts): for each operation of the document (contractDocument.ts), its method
// or another, its path values, a media type, a body (a value of its schema, broken or not, other
// bytes, one over the limit, nested), an Idempotency-Key and a Rasid-Signature. A plan names what
// to send; contractRequests.ts binds it to what the server acknowledged when it is sent.
import fc from 'fast-check'
import { bodyLimit, type Op, type Parameter, ops, resolve, webhook } from './contractDocument'
import { arbitraryOf, type Mutation, mutationArbitrary } from './schemaArbitrary'

type PathValue = { kind: 'known'; pick: number; encode: boolean; fallback: string } | { kind: 'raw'; value: string }
type KeyPlan =
  | { kind: 'valid'; value: string }
  | { kind: 'missing' }
  | { kind: 'raw'; value: string }
  | { kind: 'reuse'; pick: number; body: 'same' | 'reordered' | 'other' }
  | { kind: 'twice'; value: string }
/** The webhook's event bound to a session the server acknowledged, or an event it answered before. */
export type Bind =
  | { kind: 'none' }
  | { kind: 'match'; pick: number }
  | { kind: 'mismatch'; pick: number; by: number; currency: string | null }
  | { kind: 'repeat'; pick: number }
export type BodyPlan =
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
export type Plan = {
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

export function planArbitrary(op: Op): fc.Arbitrary<Plan> {
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
