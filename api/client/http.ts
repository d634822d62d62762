// The islands' HTTP client for the API (docs/api.md): the base address from runtime-config.json,
// JSON in and out, an Idempotency-Key on every write (the same key on the one retry, so a write
// happens at most once), a timeout, and the answer checked with the contract's schema: a response
// that does not match is an error (`bad-response`), never a silent success. Errors come back as
// kinds the island turns into messages in the page's language.
import { type GenericSchema, safeParse } from 'valibot'
import type { ContactMessageId } from '../contract/schemas'
import { runtimeConfig } from './runtimeConfig'

/** @public What went wrong, for the contact island's messages. */
export type ApiErrorKind = 'offline' | 'timeout' | 'rate' | 'invalid' | 'conflict' | 'server' | 'bad-response'

/** @public */
export interface ApiError {
  kind: ApiErrorKind
  status?: number
  /** Field errors of a 400, as message ids. */
  fields?: Partial<Record<string, ContactMessageId>>
  /** Seconds to wait, from a 429's Retry-After. */
  retryAfter?: number
}

export type ApiResult<T> = { ok: true; value: T } | { ok: false; error: ApiError }

export interface PostOptions<T> {
  /** The contract's schema of the success answer. */
  schema: GenericSchema<unknown, T>
  /** The same key for every attempt of one submission (crypto.randomUUID() when the visitor submits). */
  key: string
  timeoutMs?: number
  signal?: AbortSignal
  fetchImpl?: typeof fetch
}

const retryable = new Set([502, 503, 504])

/** POSTs `body` to `<apiBase><path>`; one retry, with the same key, on a network error or 502/503/504. */
export async function post<T>(path: string, body: unknown, options: PostOptions<T>): Promise<ApiResult<T>> {
  const json = JSON.stringify(body)
  // CloudFront's Origin Access Control signs a POST to a Lambda function URL only with the body's
  // hash from the viewer (docs/aws.md); the reference server ignores it.
  const headers = {
    'content-type': 'application/json',
    'idempotency-key': options.key,
    'x-amz-content-sha256': await sha256Hex(json),
  }
  return send(path, { method: 'POST', headers, body: json }, options)
}

/** GETs `<apiBase><path>`, with the same timeout, retry and answer check as `post`. */
export function get<T>(path: string, options: Omit<PostOptions<T>, 'key'>): Promise<ApiResult<T>> {
  return send(path, { method: 'GET', headers: { accept: 'application/json' } }, options)
}

async function send<T>(
  path: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  options: Omit<PostOptions<T>, 'key'>,
): Promise<ApiResult<T>> {
  const fetchImpl = options.fetchImpl ?? fetch
  const { apiBase } = await runtimeConfig(fetchImpl)
  const url = `${apiBase.replace(/\/$/, '')}${path}`
  let last: ApiResult<T> | undefined
  for (let attempt = 0; attempt < 2; attempt++) {
    // A timer rather than AbortSignal.timeout(): page timers are what a test's fake clock moves.
    const timeout = new AbortController()
    const timer = setTimeout(() => timeout.abort(), options.timeoutMs ?? 10_000)
    const signal =
      options.signal && 'any' in AbortSignal ? AbortSignal.any([timeout.signal, options.signal]) : timeout.signal
    let response: Response
    try {
      response = await fetchImpl(url, { ...init, signal })
      // The body is read under the same timer: a server that sends headers and then stalls is a timeout too.
      last = await answerOf(response, options.schema)
    } catch (err) {
      if (options.signal?.aborted) throw err
      const kind = timeout.signal.aborted ? 'timeout' : 'offline'
      last = { ok: false, error: { kind } }
      if (kind === 'timeout') return last
      continue
    } finally {
      clearTimeout(timer)
    }
    if (!(retryable.has(response.status) && attempt === 0)) return last
  }
  return last!
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

async function answerOf<T>(response: Response, schema: GenericSchema<unknown, T>): Promise<ApiResult<T>> {
  let body: unknown
  const text = await response.text()
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  const status = response.status
  if (response.ok) {
    const parsed = safeParse(schema, body)
    return parsed.success ? { ok: true, value: parsed.output } : { ok: false, error: { kind: 'bad-response', status } }
  }
  const problem = (body ?? {}) as { fields?: ApiError['fields']; retryAfter?: number }
  if (status === 400 && problem.fields) return { ok: false, error: { kind: 'invalid', status, fields: problem.fields } }
  if (status === 409) return { ok: false, error: { kind: 'conflict', status } }
  if (status === 429) {
    const retryAfter = Number(response.headers.get('retry-after') ?? problem.retryAfter)
    return { ok: false, error: { kind: 'rate', status, ...(retryAfter > 0 && { retryAfter }) } }
  }
  if (status >= 500) return { ok: false, error: { kind: 'server', status } }
  return { ok: false, error: { kind: 'bad-response', status } }
}
