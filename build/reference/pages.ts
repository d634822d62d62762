// The API reference's pages, written as guide Markdown from the OpenAPI document at build time, so
// they take the guides' path (the sidebar, previous / next, the table of contents, the search, the
// sitemap): `reference/index` lists the tags, and each tag is a page `reference/<tag>` with its
// objects, then its operations (parameters, request body, a ```request fence for the code tabs,
// the response's example, the errors). The words of each page come from its locale's `x-ar` or the
// English beside it; the labels from the catalog (`guide.reference.*`).
import { loadCatalog } from '../../locales/catalogs'
import type { Locale } from '../../locales/locales'
import { loadReference, type OpenApi } from './document'
import type { SampleRequest } from './samples'

type Doc = OpenApi
type Operation = NonNullable<Doc['webhooks']>[string][string]
type Schema = NonNullable<Doc['components']['schemas']>[string]
type Parameter = NonNullable<Doc['components']['parameters']>[string]
type Response = NonNullable<Doc['components']['responses']>[string]
type Localized = { summary?: string; description?: string; name?: string }

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const

/** What a `$ref` of the document names: `#/components/schemas/Payment` -> its node. */
export function resolve<T>(doc: Doc, node: T | { $ref?: string } | undefined): T | undefined {
  const ref = (node as { $ref?: string } | undefined)?.$ref
  if (!ref) return node as T | undefined
  const [, , kind, name] = ref.split('/')
  return (doc.components as Record<string, Record<string, T>>)[kind!]?.[name!]
}
const refName = (node: { $ref?: string } | undefined) => node?.$ref?.split('/').pop()

/** The tag's page: `payment_links` -> `payment-links`. */
export const tagSlug = (tag: string) => tag.replace(/_/g, '-')

export interface ReferenceOperation {
  operationId: string
  tag: string
  method: (typeof methods)[number]
  /** The path under the server's URL (`/payments/{id}`), or a webhook's event type. */
  path: string
  webhook: boolean
  operation: Operation
}

/** Every operation and webhook of the document, in its order. */
export function referenceOperations(doc: Doc = loadReference()): ReferenceOperation[] {
  const list: ReferenceOperation[] = []
  const isMethod = (key: string): key is (typeof methods)[number] => (methods as readonly string[]).includes(key)
  for (const [path, item] of Object.entries(doc.paths))
    for (const method of Object.keys(item).filter(isMethod)) {
      const operation = item[method] as Operation | undefined
      if (operation)
        list.push({
          operationId: operation.operationId,
          tag: operation.tags[0]!,
          method,
          path,
          webhook: false,
          operation,
        })
    }
  for (const [event, item] of Object.entries(doc.webhooks ?? {}))
    for (const method of methods) {
      const operation = item[method]
      if (operation)
        list.push({
          operationId: operation.operationId,
          tag: operation.tags[0]!,
          method,
          path: event,
          webhook: true,
          operation,
        })
    }
  return list
}

/** An operation's parameters, resolved: the path item's own, then the operation's. */
function parametersOf(doc: Doc, ref: ReferenceOperation): Parameter[] {
  const shared = ref.webhook ? [] : ((doc.paths[ref.path]?.parameters as Parameter[] | undefined) ?? [])
  return [...shared, ...(ref.operation.parameters ?? [])].map((p) => resolve<Parameter>(doc, p)!).filter(Boolean)
}

/** The request an operation's example makes: its server URL, its path parameters' examples, its body. */
export function requestOf(doc: Doc, ref: ReferenceOperation): SampleRequest {
  const params = parametersOf(doc, ref)
  const path = ref.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const p = params.find((x) => x.in === 'path' && x.name === name)
    return String(p?.example ?? p?.schema?.example ?? name)
  })
  const body = Object.values(ref.operation.requestBody?.content ?? {})[0]?.example
  return {
    method: ref.method,
    url: `${doc.servers[0]!.url}${path}`,
    body: body as SampleRequest['body'],
    idempotent: params.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'),
  }
}

/** The body schema's fields: each top-level property, its type, whether required, its words. */
export function bodyFields(doc: Doc, ref: ReferenceOperation): Map<string, Schema> {
  const media = Object.values(ref.operation.requestBody?.content ?? {})[0]
  const schema = resolve<Schema>(doc, media?.schema)
  return new Map(Object.entries(schema?.properties ?? {}))
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ')
/** A node's words in `locale`: its `x-<locale>` beside the English, or the English itself. */
const words = (
  node: { description?: string; summary?: string; 'x-ar'?: Localized },
  locale: Locale,
  field: 'description' | 'summary' = 'description',
) => (node as Record<string, Localized | undefined>)[`x-${locale}`]?.[field] ?? node[field] ?? ''

/** A schema's type in a cell: `string`, `integer`, `Payment`, `array of Card`, `one of a, b`. */
function typeOf(doc: Doc, s: Schema | undefined): string {
  if (!s) return ''
  const name = refName(s)
  if (name) {
    const target = resolve<Schema>(doc, s)
    return target?.enum ? typeOf(doc, target) : `\`${name}\``
  }
  if (s.enum) return s.enum.map((v) => `\`${v}\``).join(', ')
  if (s.oneOf ?? s.anyOf) return (s.oneOf ?? s.anyOf)!.map((x) => typeOf(doc, x)).join(' \\| ')
  const types = (Array.isArray(s.type) ? s.type : [s.type]).filter(Boolean) as string[]
  return types
    .map((t) => (t === 'array' ? `array<${typeOf(doc, s.items).replace(/`/g, '')}>` : t))
    .map((t) => (t.startsWith('array<') ? `\`${t}\`` : `\`${t}\``))
    .join(' \\| ')
}

function fieldsTable(doc: Doc, schema: Schema, locale: Locale, m: Record<string, string>): string {
  const required = new Set(schema.properties ? (schema.required ?? []) : [])
  const rows = Object.entries(schema.properties ?? {}).map(([name, p]) => {
    const target = refName(p) ? resolve<Schema>(doc, p) : p
    const text = words(p.description ? p : (target ?? p), locale)
    return `| \`${name}\` | ${typeOf(doc, p)} | ${required.has(name) ? m['guide.reference.yes'] : m['guide.reference.no']} | ${cell(text)} |`
  })
  return [
    `| ${m['guide.reference.field']} | ${m['guide.reference.type']} | ${m['guide.reference.required']} | ${m['guide.reference.description']} |`,
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n')
}

/** The schemas a tag's operations answer with: a list's items, an event's object, each once. */
function objectsOf(doc: Doc, ops: ReferenceOperation[]): string[] {
  const names: string[] = []
  for (const { operation, webhook } of ops) {
    if (webhook) continue
    const schema = Object.values(operation.responses['200']?.content ?? operation.responses['201']?.content ?? {})[0]
      ?.schema
    let name = refName(schema)
    const target = resolve<Schema>(doc, schema)
    const items = target?.properties?.data?.items
    if (items) name = refName(items)
    if (name && !names.includes(name)) names.push(name)
  }
  return names
}

/** A file of `referenceSources` that is an operation's or an event's page (`reference/<tag>/<operation>.md`). */
export const isOperationFile = (file: string) => /^reference\/[^/]+\/(?!index\.md$)[^/]+\.md$/.test(file)

/** An operation's page: `createPayment` -> `create-payment`. */
const operationSlug = (operationId: string) => operationId.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)
/** Where an operation's page is, under the reference: `payments/create-payment`. */
export const operationPath = (ref: ReferenceOperation) => `${tagSlug(ref.tag)}/${operationSlug(ref.operationId)}`

const endpointOf = (doc: Doc, ref: ReferenceOperation, m: Record<string, string>) =>
  ref.webhook
    ? `\`${ref.method.toUpperCase()}\` ${m['guide.reference.toYourEndpoint']} · \`${ref.path}\``
    : `\`${ref.method.toUpperCase()} ${new URL(doc.servers[0]!.url).pathname}${ref.path}\``

/** An operation's page: what it does, its parameters and body, the request, the response, the errors. */
function operationPage(doc: Doc, ref: ReferenceOperation, locale: Locale, m: Record<string, string>): string {
  const { operation } = ref
  const out: string[] = [endpointOf(doc, ref, m), '']
  if (!ref.webhook && words(operation, locale)) out.push(words(operation, locale), '')
  const params = parametersOf(doc, ref)
  if (params.length) {
    out.push(
      `## ${m['guide.reference.parameters']}`,
      '',
      `| ${m['guide.reference.name']} | ${m['guide.reference.where']} | ${m['guide.reference.type']} | ${m['guide.reference.required']} | ${m['guide.reference.description']} |`,
      '| --- | --- | --- | --- | --- |',
      ...params.map(
        (p) =>
          `| \`${p.name}\` | ${m[`guide.reference.in${p.in[0]!.toUpperCase()}${p.in.slice(1)}`]} | ${typeOf(doc, p.schema)} | ${p.required ? m['guide.reference.yes'] : m['guide.reference.no']} | ${cell(words(p, locale))} |`,
      ),
      '',
    )
  }
  const media = Object.values(operation.requestBody?.content ?? {})[0]
  const body = resolve<Schema>(doc, media?.schema)
  if (body?.properties && !ref.webhook)
    out.push(`## ${m['guide.reference.requestBody']}`, '', fieldsTable(doc, body, locale, m), '')
  if (!ref.webhook) out.push(`## ${m['guide.reference.request']}`, '', `\`\`\`request ${ref.operationId}`, '```', '')
  else if (media?.example !== undefined)
    out.push(`## ${m['guide.reference.payload']}`, '', '```json', JSON.stringify(media.example, null, 2), '```', '')
  for (const [status, r] of Object.entries(operation.responses)) {
    const response = resolve<Response>(doc, r)!
    if (!/^2/.test(status)) continue
    out.push(`## ${m['guide.reference.response']}`, '', `\`${status}\`: ${words(response, locale)}`, '')
    const example = Object.values(response.content ?? {})[0]?.example
    if (example !== undefined) out.push('```json', JSON.stringify(example, null, 2), '```', '')
  }
  const errors = Object.entries(operation.responses).filter(([status]) => !/^2/.test(status))
  if (errors.length)
    out.push(
      `## ${m['guide.reference.errors']}`,
      '',
      `| ${m['guide.reference.status']} | ${m['guide.reference.code']} | ${m['guide.reference.meaning']} |`,
      '| --- | --- | --- |',
      ...errors.map(([status, r]) => {
        const response = resolve<Response>(doc, r)!
        const example = Object.values(response.content ?? {})[0]?.example as { error?: { code?: string } } | undefined
        const code = example?.error?.code ? `\`${example.error.code}\`` : ''
        return `| \`${status}\` | ${code} | ${cell(words(response, locale))} |`
      }),
      '',
    )
  return out.join('\n')
}

/** The first example of a response that is the schema `name` itself (a retrieve's, a create's). */
function exampleOf(ops: ReferenceOperation[], name: string): unknown {
  for (const { operation, webhook } of ops) {
    if (webhook) continue
    const media = Object.values(operation.responses['200']?.content ?? {})[0]
    if (refName(media?.schema) === name && media?.example !== undefined) return media.example
  }
  return undefined
}

/** A tag's page: its operations and events, each a link to its page, then its objects with every field. */
function tagPage(doc: Doc, own: ReferenceOperation[], locale: Locale, m: Record<string, string>): string {
  const list = (ops: ReferenceOperation[], title: string) =>
    ops.length
      ? [
          `## ${title}`,
          '',
          `| ${m['guide.reference.operation']} | ${m['guide.reference.endpoint']} |`,
          '| --- | --- |',
          ...ops.map(
            (o) =>
              `| [${words(o.operation, locale, 'summary')}](./${operationSlug(o.operationId)}.md) | ${cell(endpointOf(doc, o, m))} |`,
          ),
          '',
        ]
      : []
  const objects = objectsOf(doc, own).flatMap((name) => {
    const schema = doc.components.schemas![name]!
    const example = exampleOf(own, name)
    return [
      `## ${m['guide.reference.object']!.replace('{name}', name)}`,
      '',
      words(schema, locale),
      '',
      fieldsTable(doc, schema, locale, m),
      '',
      ...(example === undefined ? [] : ['```json', JSON.stringify(example, null, 2), '```', '']),
    ]
  })
  return [
    ...list(
      own.filter((o) => !o.webhook),
      m['guide.reference.operations']!,
    ),
    ...list(
      own.filter((o) => o.webhook),
      m['guide.reference.events']!,
    ),
    ...objects,
  ].join('\n')
}

const front = (title: string, description: string, order: number) =>
  `---\ntitle: ${title}\ndescription: ${cell(description).replace(/`/g, '')}\norder: ${order}\n---\n`

/**
 * The reference's pages in `locale`, as Markdown by file: `reference/index.md`; per tag
 * `reference/<tag>/index.md`, and per operation or event `reference/<tag>/<operation>.md`. A page
 * per operation keeps each page within a guide's bytes, however many operations a tag has.
 */
export function referenceSources(locale: Locale, doc: Doc = loadReference()): Map<string, string> {
  const m = loadCatalog(locale) as Record<string, string>
  const ops = referenceOperations(doc)
  const pages = new Map<string, string>()
  const tagName = (t: Doc['tags'][number]) =>
    (t as unknown as Record<string, Localized | undefined>)[`x-${locale}`]?.name ?? t['x-displayName'] ?? t.name
  const scheme = Object.values(
    (doc.components as { securitySchemes?: Record<string, { description?: string }> }).securitySchemes ?? {},
  )[0]
  pages.set(
    'reference/index.md',
    front(m['guide.reference.title']!, m['guide.reference.summary']!, 0) +
      [
        words(doc.info, locale),
        '',
        `## ${m['guide.reference.authTitle']}`,
        '',
        `${m['guide.reference.server']} \`${doc.servers[0]!.url}\``,
        '',
        scheme ? words(scheme, locale) : '',
        '',
        '```request listPayments',
        '```',
        '',
        `## ${m['guide.reference.sections']}`,
        '',
        `| ${m['guide.reference.section']} | ${m['guide.reference.description']} |`,
        '| --- | --- |',
        ...doc.tags.map((t) => `| [${tagName(t)}](./${tagSlug(t.name)}/index.md) | ${cell(words(t, locale))} |`),
        '',
        `## ${m['guide.reference.document']}`,
        '',
        `${m['guide.reference.download']} [openapi.yaml](/openapi.yaml)`,
        '',
      ].join('\n'),
  )
  for (const [i, tag] of doc.tags.entries()) {
    const own = ops.filter((o) => o.tag === tag.name)
    // After the index and the section's written articles (errors, limits), each tag then its operations.
    const order = (i + 1) * 100
    pages.set(
      `reference/${tagSlug(tag.name)}/index.md`,
      front(tagName(tag), words(tag, locale), order) + tagPage(doc, own, locale, m),
    )
    for (const [j, op] of own.entries())
      pages.set(
        `reference/${operationPath(op)}.md`,
        front(
          words(op.operation, locale, 'summary'),
          // An event's own words say when it is sent (its page does not repeat them); an
          // operation's lead names it and what its page holds, and its words follow on the page.
          op.webhook
            ? words(op.operation, locale)
            : m['guide.reference.pageDescription']!.replace('{summary}', words(op.operation, locale, 'summary')),
          order + j + 1,
        ) + operationPage(doc, op, locale, m),
      )
  }
  return pages
}
