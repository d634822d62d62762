// JSON Schema (as api/contract/openapi.json writes it) -> fast-check: values a schema accepts, for the
// property test of the contract (contract.property.test.ts), and mutations that may break them. It
// covers the keywords the document uses and throws on any other, so that a new keyword in the
// contract fails the test rather than making values the document does not describe.
import fc from 'fast-check'

export type JsonSchema = {
  $ref?: string
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null'
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  propertyNames?: JsonSchema
  enum?: unknown[]
  const?: unknown
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  minimum?: number
  maximum?: number
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  description?: string
}

const known = new Set([
  '$ref',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'items',
  'minItems',
  'maxItems',
  'anyOf',
  'oneOf',
  'description',
])

/** A `$ref` of the document (`#/components/schemas/Cart`) -> its schema. */
type Resolve = (ref: string) => JsonSchema

/**
 * An email the server's check accepts too: the document says only `format: email`, which is wider
 * (and an annotation in JSON Schema 2020-12); docs/api.md leaves the exact rule to the server.
 */
const email = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9_+-]{1,20}(\.[A-Za-z0-9_+-]{1,10}){0,2}$/),
    fc.array(fc.stringMatching(/^[a-z0-9]{1,12}$/), { minLength: 1, maxLength: 3 }),
    fc.stringMatching(/^[a-z]{2,6}$/),
  )
  .map(([local, domain, tld]) => `${local}@${domain.join('.')}.${tld}`)

/** Any text around an unanchored pattern's match: Arabic, emoji, and now and then a lone surrogate. */
const anyText = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
)

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  let base: fc.Arbitrary<string>
  if (schema.format === 'email') base = email
  else if (schema.format === 'uuid') base = fc.uuid()
  else if (schema.format === 'date-time')
    base = fc
      .date({ min: new Date(0), max: new Date(253402300799999), noInvalidDate: true })
      .map((d) => d.toISOString())
  else if (schema.format !== undefined) throw new Error(`schemaArbitrary: no arbitrary for format ${schema.format}`)
  else if (schema.pattern !== undefined) {
    const match = fc.stringMatching(new RegExp(schema.pattern))
    base = /^\^.*\$$/.test(schema.pattern)
      ? match
      : fc.tuple(anyText, match, anyText).map(([before, core, after]) => before + core + after)
  } else base = anyText
  const min = schema.minLength ?? 0
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY
  // The document counts code points, the server UTF-16 units (valibot's maxLength, as the page's
  // inputs do): a value within both bounds is one both accept.
  return base.filter((value) => [...value].length >= min && value.length <= max)
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -(2 ** 31)
  if (schema.maximum !== undefined) return fc.integer({ min, max: schema.maximum })
  // Unbounded above: small numbers mostly, and now and then one near the largest safe integer.
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min, max: Math.max(min, 2 ** 31 - 1) }) },
    { weight: 1, arbitrary: fc.maxSafeInteger().filter((n) => n >= min) },
  )
}

/** Values `schema` accepts. */
export function arbitraryOf(schema: JsonSchema, resolve: Resolve): fc.Arbitrary<unknown> {
  for (const key of Object.keys(schema))
    if (!known.has(key)) throw new Error(`schemaArbitrary: keyword ${key} is not covered (${JSON.stringify(schema)})`)
  if (schema.$ref !== undefined) return arbitraryOf(resolve(schema.$ref), resolve)
  if ('const' in schema) return fc.constant(schema.const)
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const alternatives = schema.anyOf ?? schema.oneOf
  // oneOf: the document's alternatives are disjoint (an enum each), so any one of them is exactly one.
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => arbitraryOf(alternative, resolve)))
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {}
      const shape = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, arbitraryOf(s, resolve)]))
      const record = fc.record(shape, { requiredKeys: schema.required ?? [] })
      const extra = schema.additionalProperties
      if (typeof extra !== 'object') return record
      // A map (Problem's `fields`): its keys by propertyNames, its values by additionalProperties.
      const keys = schema.propertyNames
        ? (arbitraryOf(schema.propertyNames, resolve) as fc.Arbitrary<string>)
        : fc.string({ maxLength: 12 })
      const names = new Set(Object.keys(properties))
      return fc
        .tuple(record, fc.dictionary(keys, arbitraryOf(extra, resolve), { maxKeys: 4, noNullPrototype: true }))
        .map(([known, more]) => {
          const value: Record<string, unknown> = { ...known }
          for (const [k, v] of Object.entries(more)) if (!names.has(k)) defineKey(value, k, v)
          return value
        })
    }
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, resolve), {
        minLength: schema.minItems ?? 0,
        maxLength: schema.maxItems ?? Math.max(schema.minItems ?? 0, 4),
      })
    case 'string':
      return stringArbitrary(schema)
    case 'integer':
      return integerArbitrary(schema)
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e9,
        max: schema.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case undefined:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/** Sets a key as JSON.parse would, `__proto__` included (an assignment would set the prototype). */
function defineKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

type Path = (string | number)[]

/** Every place in a JSON value below its root. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...prefix, i], ...pathsOf(item, [...prefix, i])])
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, item]) => [[...prefix, k], ...pathsOf(item, [...prefix, k])])
  return []
}

function at(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value)
}

/** One change to a valid value: it may or may not still be valid (the test asks the document). */
export type Mutation =
  | { kind: 'drop'; pick: number }
  | { kind: 'retype'; pick: number; value: unknown }
  | { kind: 'extra'; pick: number; key: string; value: unknown }
  | { kind: 'overlong'; pick: number; unit: string; length: number }

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('drop' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('retype' as const),
    pick: fc.nat(),
    value: fc.oneof(
      fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, '', ' ', 'x', '\u0000', '٣', [], {}, [null]),
      fc.jsonValue({ maxDepth: 2 }),
    ),
  }),
  fc.record({
    kind: fc.constant('extra' as const),
    pick: fc.nat(),
    key: fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isAdmin', 'price', 'id'),
      fc.string({ maxLength: 12 }),
    ),
    value: fc.jsonValue({ maxDepth: 2 }),
  }),
  fc.record({
    kind: fc.constant('overlong' as const),
    pick: fc.nat(),
    // An astral character counts 1 in the document and 2 on the server: both sides of that are tried.
    unit: fc.constantFrom('x', 'ع', '😀', ' '),
    length: fc.integer({ min: 1, max: 5200 }),
  }),
)

/** `value` with `mutation` applied (a copy); a mutation that finds no place to act changes nothing. */
export function mutate(value: unknown, mutation: Mutation): unknown {
  const copy = structuredClone(value)
  const paths = pathsOf(copy)
  const pick = <T>(list: T[]) => (list.length ? list[mutation.pick % list.length] : undefined)
  const parentOf = (path: Path) => at(copy, path.slice(0, -1)) as Record<string | number, unknown>
  switch (mutation.kind) {
    case 'drop': {
      const path = pick(paths.filter((p) => typeof p[p.length - 1] === 'string'))
      if (path) delete parentOf(path)[path[path.length - 1]!]
      return copy
    }
    case 'retype': {
      const path = pick(paths)
      if (!path) return mutation.value
      parentOf(path)[path[path.length - 1]!] = mutation.value
      return copy
    }
    case 'extra': {
      const objects = [[], ...paths].filter((p) => {
        const node = at(copy, p)
        return node !== null && typeof node === 'object' && !Array.isArray(node)
      })
      const path = pick(objects)
      if (path) defineKey(at(copy, path) as Record<string, unknown>, mutation.key, mutation.value)
      return copy
    }
    case 'overlong': {
      const path = pick(paths.filter((p) => typeof at(copy, p) === 'string'))
      if (path) parentOf(path)[path[path.length - 1]!] = mutation.unit.repeat(mutation.length)
      return copy
    }
  }
}
