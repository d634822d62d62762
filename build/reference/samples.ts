// One request of the merchant API written four ways (cURL, Node, Python, PHP), from the same
// example of the OpenAPI document: the reference's code tabs and a guide's ```request fence show
// these, so a sample cannot say a field or a path the document does not. The secret key is the
// guides' sample key in the shell, and the environment's `RASID_SECRET_KEY` in code a merchant
// would keep.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

export interface SampleRequest {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete'
  /** The whole address, path parameters filled in, query string included. */
  url: string
  body?: Json
  /** The operation takes an `Idempotency-Key`: each sample sends one. */
  idempotent: boolean
}

/** The languages of the tabs, in their order: the tab's id, its label and the fence's language. */
export const sampleLanguages = [
  { id: 'curl', label: 'cURL', fence: 'bash' },
  { id: 'node', label: 'Node.js', fence: 'js' },
  { id: 'python', label: 'Python', fence: 'python' },
  { id: 'php', label: 'PHP', fence: 'php' },
] as const
export type SampleLanguage = (typeof sampleLanguages)[number]['id']

/** The guides' sample secret key (a shell line a reader pastes into the sandbox). */
const sampleKey = 'sk_test_Yk3f9Qm2Rx7Lp4Vt8Nc1Hb6Z'
/** The sample idempotency key of the document's `IdempotencyKey` parameter. */
const sampleIdempotencyKey = '6f1c2a9e-3b7d-4c51-9a0e-5d8f2b4c7e13'

const indent = (text: string, by: string) => text.replace(/\n/g, `\n${by}`)

/** A JSON value as a literal of the language: Python's `True`/`None`, PHP's `[... => ...]`. */
function literal(value: Json, language: 'python' | 'php', depth = 0): string {
  const pad = '    '.repeat(depth + 1)
  const end = '    '.repeat(depth)
  if (value === null) return language === 'python' ? 'None' : 'null'
  if (typeof value === 'boolean') return language === 'python' ? (value ? 'True' : 'False') : String(value)
  if (typeof value === 'number') return String(value)
  if (typeof value === 'string')
    return language === 'python' ? JSON.stringify(value) : `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
  if (Array.isArray(value)) {
    if (!value.length) return '[]'
    return `[\n${value.map((v) => `${pad}${literal(v, language, depth + 1)}`).join(',\n')},\n${end}]`
  }
  const entries = Object.entries(value)
  if (!entries.length) return language === 'python' ? '{}' : '(object) []'
  const key = (k: string) => (language === 'python' ? JSON.stringify(k) : literal(k, 'php'))
  const sep = language === 'python' ? ': ' : ' => '
  const [open, close] = language === 'python' ? ['{', '}'] : ['[', ']']
  return `${open}\n${entries.map(([k, v]) => `${pad}${key(k)}${sep}${literal(v, language, depth + 1)}`).join(',\n')},\n${end}${close}`
}

function curl({ method, url, body, idempotent }: SampleRequest): string {
  // `-d` makes the request a POST by itself; another method with a body, or none, says its own.
  const verb =
    body !== undefined
      ? method === 'post'
        ? ''
        : `-X ${method.toUpperCase()} `
      : method === 'get'
        ? ''
        : `-X ${method.toUpperCase()} `
  const lines = [`curl ${verb}${url.includes('?') ? `"${url}"` : url}`, `  -H "Authorization: Bearer ${sampleKey}"`]
  if (body !== undefined) lines.push('  -H "Content-Type: application/json"')
  if (idempotent) lines.push(`  -H "Idempotency-Key: ${sampleIdempotencyKey}"`)
  if (body !== undefined) lines.push(`  -d '${indent(JSON.stringify(body, null, 2), '  ').replace(/'/g, "'\\''")}'`)
  return lines.join(' \\\n')
}

function node({ method, url, body, idempotent }: SampleRequest): string {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample's own template literal, written out
  const headers = ['    Authorization: `Bearer ${process.env.RASID_SECRET_KEY}`,']
  if (body !== undefined) headers.push("    'Content-Type': 'application/json',")
  if (idempotent) headers.push("    'Idempotency-Key': crypto.randomUUID(),")
  const options = [`  method: '${method.toUpperCase()}',`, '  headers: {', ...headers, '  },']
  if (body !== undefined) options.push(`  body: JSON.stringify(${indent(JSON.stringify(body, null, 2), '  ')}),`)
  return [`const response = await fetch('${url}', {`, ...options, '})', 'const result = await response.json()'].join(
    '\n',
  )
}

function python({ method, url, body, idempotent }: SampleRequest): string {
  const headers = ['        "Authorization": f"Bearer {os.environ[\'RASID_SECRET_KEY\']}",']
  if (idempotent) headers.push('        "Idempotency-Key": str(uuid.uuid4()),')
  const args = [`    "${url}",`, '    headers={', ...headers, '    },']
  if (body !== undefined) args.push(`    json=${literal(body, 'python', 1)},`)
  return [
    idempotent ? 'import os, uuid' : 'import os',
    'import requests',
    '',
    `response = requests.${method}(`,
    ...args,
    ')',
    'result = response.json()',
  ].join('\n')
}

function php({ method, url, body, idempotent }: SampleRequest): string {
  const headers = ["        'Authorization: Bearer ' . getenv('RASID_SECRET_KEY'),"]
  if (body !== undefined) headers.push("        'Content-Type: application/json',")
  if (idempotent) headers.push("        'Idempotency-Key: ' . bin2hex(random_bytes(16)),")
  const options = [
    `    CURLOPT_CUSTOMREQUEST => '${method.toUpperCase()}',`,
    '    CURLOPT_HTTPHEADER => [',
    ...headers,
    '    ],',
  ]
  if (body !== undefined) options.push(`    CURLOPT_POSTFIELDS => json_encode(${literal(body, 'php', 1)}),`)
  options.push('    CURLOPT_RETURNTRANSFER => true,')
  return [
    '<?php',
    `$curl = curl_init('${url}');`,
    'curl_setopt_array($curl, [',
    ...options,
    ']);',
    '$result = json_decode(curl_exec($curl), true);',
  ].join('\n')
}

const writers: Record<SampleLanguage, (request: SampleRequest) => string> = { curl, node, python, php }

/** The request in each tab's language, in the tabs' order. */
export function samplesOf(
  request: SampleRequest,
): { id: SampleLanguage; label: string; fence: string; code: string }[] {
  return sampleLanguages.map((l) => ({ ...l, code: writers[l.id](request) }))
}
