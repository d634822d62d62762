// The merchant API's OpenAPI 3.1 document, locales/reference/openapi.yaml: the one source of the
// merchant API's reference, served as /openapi.yaml. Each operation, schema,
// property, parameter, response and tag carries its Arabic beside the English, in `x-ar`
// (`{ summary, description, name }`), written by a person, never machine output. Read here
// synchronously and checked for what the pages need; Redocly's validator checks the rest in the
// build's sources thread (./validate.ts).
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parseYaml } from '@redocly/openapi-core'

export const referenceFile = () => join(process.cwd(), 'locales', 'reference', 'openapi.yaml')

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
interface Localized {
  summary?: string
  description?: string
  name?: string
  title?: string
}
interface Schema {
  $ref?: string
  type?: string | string[]
  description?: string
  'x-ar'?: Localized
  properties?: Record<string, Schema>
  items?: Schema
  required?: string[]
  enum?: Json[]
  format?: string
  readOnly?: boolean
  nullable?: boolean
  oneOf?: Schema[]
  anyOf?: Schema[]
  allOf?: Schema[]
  example?: Json
  additionalProperties?: boolean | Schema
}
interface Parameter {
  $ref?: string
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  description?: string
  'x-ar'?: Localized
  schema?: Schema
  example?: Json
}
interface Response {
  $ref?: string
  description: string
  'x-ar'?: Localized
  headers?: Record<string, { description?: string; schema?: Schema; 'x-ar'?: Localized }>
  content?: Record<string, { schema?: Schema; example?: Json }>
}
interface Operation {
  operationId: string
  summary: string
  description?: string
  'x-ar'?: Localized
  tags: string[]
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content: Record<string, { schema?: Schema; example?: Json }> }
  responses: Record<string, Response>
}
interface Tag {
  name: string
  description?: string
  'x-displayName'?: string
  'x-ar'?: Localized
}
export interface OpenApi {
  openapi: string
  info: { title: string; version: string; description?: string; 'x-ar'?: Localized }
  servers: { url: string; description?: string }[]
  tags: Tag[]
  paths: Record<string, Record<string, Operation | Parameter[]>>
  webhooks?: Record<string, Record<string, Operation>>
  components: {
    schemas?: Record<string, Schema>
    parameters?: Record<string, Parameter>
    responses?: Record<string, Response>
  }
}

const httpMethods = ['get', 'post', 'put', 'patch', 'delete'] as const
interface Endpoint {
  method: (typeof httpMethods)[number]
  path: string
  operation: Operation
}

class DocumentError extends Error {
  constructor(file: string, reason: string) {
    super(`${relative(process.cwd(), file)}: ${reason}`)
    this.name = 'DocumentError'
  }
}

/** Every operation of the document, in its order. */
function endpointsOf(doc: OpenApi): Endpoint[] {
  const list: Endpoint[] = []
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const method of httpMethods) {
      const operation = item[method] as Operation | undefined
      if (operation) list.push({ method, path, operation })
    }
  return list
}

/** The places whose Arabic is missing: `paths./payments.post: no x-ar.summary`. */
function missingArabic(doc: OpenApi): string[] {
  const problems: string[] = []
  const need = (where: string, node: { description?: string; summary?: string; 'x-ar'?: Localized } | undefined) => {
    if (!node || '$ref' in node) return
    for (const field of ['summary', 'description'] as const)
      if (node[field] && !node['x-ar']?.[field]?.trim()) problems.push(`${where}: no x-ar.${field} beside its ${field}`)
  }
  const schema = (where: string, s: Schema | undefined) => {
    if (!s || s.$ref) return
    need(where, s)
    for (const [name, p] of Object.entries(s.properties ?? {})) {
      if (!p.$ref && !p.description) problems.push(`${where}.${name}: no description`)
      schema(`${where}.${name}`, p)
    }
    schema(`${where}[]`, s.items)
    for (const key of ['oneOf', 'anyOf', 'allOf'] as const)
      for (const [i, x] of (s[key] ?? []).entries()) schema(`${where}.${key}[${i}]`, x)
  }
  need('info', doc.info)
  for (const tag of doc.tags ?? []) {
    need(`tags.${tag.name}`, tag)
    if (!tag['x-ar']?.name) problems.push(`tags.${tag.name}: no x-ar.name`)
  }
  const operation = (where: string, op: Operation) => {
    need(where, op)
    for (const p of op.parameters ?? []) need(`${where}.parameters.${p.name ?? p.$ref}`, p)
    for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
      schema(`${where}.requestBody.${type}`, media.schema)
    for (const [status, r] of Object.entries(op.responses ?? {})) need(`${where}.responses.${status}`, r)
  }
  for (const { method, path, operation: op } of endpointsOf(doc)) operation(`paths.${path}.${method}`, op)
  for (const [name, item] of Object.entries(doc.webhooks ?? {}))
    for (const [method, op] of Object.entries(item)) operation(`webhooks.${name}.${method}`, op)
  for (const [name, s] of Object.entries(doc.components?.schemas ?? {})) schema(`components.schemas.${name}`, s)
  for (const [name, p] of Object.entries(doc.components?.parameters ?? {})) need(`components.parameters.${name}`, p)
  for (const [name, r] of Object.entries(doc.components?.responses ?? {})) need(`components.responses.${name}`, r)
  return problems
}

/** What the pages need of each operation: a summary, one tag the document lists, unique ids. */
function shapeProblems(doc: OpenApi): string[] {
  const problems: string[] = []
  if (!/^3\.1\.\d+$/.test(doc.openapi ?? '')) problems.push(`openapi is "${doc.openapi}", not 3.1.x`)
  if (!doc.servers?.[0]?.url) problems.push('servers: no server URL')
  const tags = new Set((doc.tags ?? []).map((t) => t.name))
  const ids = new Set<string>()
  for (const { method, path, operation: op } of endpointsOf(doc)) {
    const where = `paths.${path}.${method}`
    if (!op.operationId) problems.push(`${where}: no operationId`)
    else if (ids.has(op.operationId)) problems.push(`${where}: operationId ${op.operationId} is used twice`)
    ids.add(op.operationId)
    if (op.tags?.length !== 1 || !tags.has(op.tags[0]!))
      problems.push(`${where}: needs exactly one of the document's tags (${[...tags].join(', ')})`)
    if (!op.summary) problems.push(`${where}: no summary`)
  }
  for (const tag of tags)
    if (!endpointsOf(doc).some((e) => e.operation.tags?.[0] === tag)) problems.push(`tags.${tag}: no operation`)
  return problems
}

let loaded: { file: string; doc: OpenApi } | undefined

/** The document, parsed and checked (once per file); throws with the file and the reasons. */
export function loadReference(file = referenceFile()): OpenApi {
  if (loaded?.file === file) return loaded.doc
  let doc: OpenApi
  try {
    doc = parseYaml(readFileSync(file, 'utf8')) as OpenApi
  } catch (e) {
    throw new DocumentError(file, `not readable YAML: ${(e as Error).message.split('\n')[0]}`)
  }
  if (!doc || typeof doc !== 'object') throw new DocumentError(file, 'not an OpenAPI document')
  const problems = [...shapeProblems(doc), ...missingArabic(doc)]
  if (problems.length)
    throw new DocumentError(
      file,
      `${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems
        .slice(0, 20)
        .map((p) => `  ${p}`)
        .join('\n')}`,
    )
  loaded = { file, doc }
  return doc
}

/**
 * Every text of the document a reader of `locale` sees, with where it is: the English `summary`,
 * `description` and tag names for the default language, each node's `x-<locale>` for another.
 * The glossary and bidi checks read them as they read a guide's prose (build/verifyCatalogs.ts).
 */
export function documentTexts(doc: OpenApi, locale: string, english: boolean): { where: string; text: string }[] {
  const texts: { where: string; text: string }[] = []
  const visit = (node: unknown, where: string) => {
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) visit(item, `${where}[${i}]`)
      return
    }
    if (!node || typeof node !== 'object') return
    for (const [key, value] of Object.entries(node)) {
      const at = where ? `${where}.${key}` : key
      if (key === `x-${locale}` && value && typeof value === 'object')
        for (const [field, text] of Object.entries(value)) {
          if (typeof text === 'string') texts.push({ where: `${at}.${field}`, text })
        }
      else if (
        english &&
        (key === 'summary' || key === 'description' || key === 'x-displayName') &&
        typeof value === 'string'
      )
        texts.push({ where: at, text: value })
      else if (key !== 'example' && key !== 'examples' && !key.startsWith('x-')) visit(value, at)
    }
  }
  visit(doc, '')
  return texts
}
