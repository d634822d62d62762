// The guides' requests say what the OpenAPI document says: every `curl` of an article names an
// operation of locales/reference/openapi.yaml (its method and path) and sends only that
// operation's fields, query parameters and headers, so a guide cannot teach a request the API
// refuses. The reference's own samples come from the document's examples (build/reference/samples.ts).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { guidesRoot, listMarkdown } from '../../build/guides'
import { loadReference } from '../../build/reference/document'
import { bodyFields, referenceOperations, resolve } from '../../build/reference/pages'
import { localeCodes } from '../../locales/locales'

const doc = loadReference()
const server = new URL(doc.servers[0]!.url)
const operations = referenceOperations(doc).filter((o) => !o.webhook)
type Schema = { properties?: Record<string, Schema>; $ref?: string; items?: Schema; additionalProperties?: unknown }

interface Curl {
  file: string
  method: string
  path: string
  query: string[]
  headers: string[]
  body?: unknown
  form: string[]
}

/** A shell block's commands: a line break ends one unless a `\\` continues it or a quote is open. */
function commandsOf(block: string): string[] {
  const commands: string[] = []
  let command = ''
  let quote = ''
  for (let i = 0; i < block.length; i++) {
    const ch = block[i]!
    if (!quote && ch === '\\' && block[i + 1] === '\n') {
      command += ' '
      i++
    } else if (!quote && ch === '\n') {
      commands.push(command)
      command = ''
    } else {
      if (quote ? ch === quote : ch === "'" || ch === '"') quote = quote ? '' : ch
      command += ch
    }
  }
  return [...commands, command]
}

/** The `curl` commands of a file's shell blocks, their continuations joined. */
function curlsOf(file: string, text: string): Curl[] {
  const found: Curl[] = []
  for (const [, block] of text.matchAll(/```(?:bash|sh)\n([\s\S]*?)```/g)) {
    for (const command of commandsOf(block!).filter((l) => /^\s*curl\s/.test(l))) {
      const url = /https?:\/\/[^\s"']+/.exec(command)?.[0]
      if (!url || !url.startsWith(server.origin)) continue
      const { pathname, searchParams } = new URL(url)
      const data = /\s-d\s+'([\s\S]*?)'(?:\s|$)/.exec(command)?.[1]
      const form = [...command.matchAll(/\s-F\s+"?([\w[\]]+)=/g)].map((m) => m[1]!)
      const method = /-X\s+([A-Z]+)/.exec(command)?.[1] ?? (data !== undefined || form.length ? 'POST' : 'GET')
      found.push({
        file,
        method,
        path: pathname.slice(server.pathname.length),
        query: [...searchParams.keys()],
        headers: [...command.matchAll(/-H\s+"([\w-]+):/g)].map((m) => m[1]!),
        body: data === undefined ? undefined : JSON.parse(data),
        form,
      })
    }
  }
  return found
}

const curls = localeCodes.flatMap((locale) =>
  listMarkdown(join(guidesRoot, locale)).flatMap((f) =>
    curlsOf(`${locale}/${f}`, readFileSync(join(guidesRoot, locale, f), 'utf8')),
  ),
)

const pathPattern = (template: string) => new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`)
/** The operation a request names: a literal path before a template (`/payments/{id}/capture`). */
function operationOf(c: Curl) {
  return operations
    .filter((o) => o.method.toUpperCase() === c.method && pathPattern(o.path).test(c.path))
    .sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0))[0]
}

/** The fields of `value` that `schema` does not describe, as dotted paths. */
function unknownFields(value: unknown, schema: Schema | undefined, at = ''): string[] {
  const s = resolve<Schema>(doc, schema)
  if (!s || typeof value !== 'object' || value === null) return []
  if (Array.isArray(value)) return value.flatMap((v, i) => unknownFields(v, s.items, `${at}[${i}]`))
  if (!s.properties) return []
  return Object.entries(value).flatMap(([key, v]) =>
    s.properties![key] ? unknownFields(v, s.properties![key], `${at}${key}.`) : [`${at}${key}`],
  )
}

describe("the guides' requests", () => {
  test('the guides hold requests to check', () => {
    expect(curls.length).toBeGreaterThan(30)
    expect(new Set(curls.map((c) => c.file.split('/')[0])).size).toBe(localeCodes.length)
  })

  test('a request to no operation, or with a field its operation lacks, is found', () => {
    const [wrongPath, wrongField] = curlsOf(
      'x.md',
      '```bash\ncurl -X POST https://api.rasid.example/v1/payments/pay_1/charge\n' +
        'curl https://api.rasid.example/v1/refunds \\\n  -d \'{\n    "payment_id": "pay_1",\n    "amount_in_riyals": 23\n  }\'\n```\n',
    )
    expect(operationOf(wrongPath!)).toBeUndefined()
    const refund = operationOf(wrongField!)!
    expect(refund.operationId).toBe('createRefund')
    const media = Object.values(refund.operation.requestBody!.content)[0]!
    expect(unknownFields(wrongField!.body, media.schema as Schema)).toEqual(['amount_in_riyals'])
  })

  test.each(curls.map((c) => [`${c.file}: ${c.method} ${c.path}`, c] as const))(
    '%s names an operation of the document with only its fields',
    (_, c) => {
      const op = operationOf(c)
      expect(op, `no operation ${c.method} ${c.path} in the document`).toBeDefined()
      const params = [...(op!.operation.parameters ?? [])].map((p) => resolve<{ name: string; in: string }>(doc, p)!)
      const query = params.filter((p) => p.in === 'query').map((p) => p.name)
      expect(
        c.query.filter((q) => !query.includes(q)),
        'query parameters the operation lacks',
      ).toEqual([])
      const headers = params.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase())
      const sent = c.headers.map((h) => h.toLowerCase()).filter((h) => !['authorization', 'content-type'].includes(h))
      expect(
        sent.filter((h) => !headers.includes(h)),
        'headers the operation lacks',
      ).toEqual([])
      const fields = bodyFields(doc, op!)
      if (c.body !== undefined) {
        const media = Object.values(op!.operation.requestBody?.content ?? {})[0]
        expect(unknownFields(c.body, media?.schema as Schema), 'body fields the operation lacks').toEqual([])
      }
      expect(
        c.form.filter((f) => !fields.has(f)),
        'form fields the operation lacks',
      ).toEqual([])
    },
  )
})
