// A CloudFront KeyValueStore on 127.0.0.1, speaking the service's data-plane protocol (REST-JSON,
// as `@aws-sdk/client-cloudfront-keyvaluestore` sends it) for one store, for `npm run s3:local` and
// the tests (docs/deploy.md). What the deploy relies on behaves as the service documents it: every
// write changes the store's ETag; a write needs `If-Match` with the current ETag, else 409
// ConflictException (a missing one is 400 ValidationException); an unknown key is 404
// ResourceNotFoundException; keys up to 512 bytes, values up to 1 KB, the store up to 5 MB. It
// checks that a request is signed (an Authorization header) but not the signature. With `file`,
// the data is kept in a JSON file (written whole, then renamed) and survives a restart.
import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

const MAX_KEY_BYTES = 512
const MAX_VALUE_BYTES = 1024
const MAX_STORE_BYTES = 5 * 1024 * 1024
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost'])

interface State {
  arn: string
  created: number
  modified: number
  version: number
  items: Record<string, string>
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8')

export async function startKvsServer(opts: { port?: number; host?: string; file?: string } = {}) {
  const host = opts.host ?? '127.0.0.1'
  if (!LOOPBACK.has(host)) throw new Error(`The local key value store listens on loopback only, not ${host}`)
  const now = () => Math.floor(Date.now() / 1000)
  const state: State =
    opts.file && existsSync(opts.file)
      ? (JSON.parse(readFileSync(opts.file, 'utf8')) as State)
      : {
          arn: `arn:aws:cloudfront::123456789012:key-value-store/${randomUUID()}`,
          created: now(),
          modified: now(),
          version: 1,
          items: {},
        }
  const etag = () => `ETVPDKIKX0DER${state.version}`
  const size = () => Object.entries(state.items).reduce((n, [k, v]) => n + bytes(k) + bytes(v), 0)
  const save = () => {
    if (!opts.file) return
    writeFileSync(`${opts.file}.tmp`, JSON.stringify(state))
    renameSync(`${opts.file}.tmp`, opts.file)
  }

  const answer = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
    res.end(JSON.stringify(body))
  }
  const fail = (res: ServerResponse, status: number, type: string, message: string) =>
    answer(res, status, { Message: message }, { 'x-amzn-ErrorType': type })
  const counts = () => ({ ItemCount: Object.keys(state.items).length, TotalSizeInBytes: size() })
  /** A write, if `If-Match` is the store's ETag: the new ETag on the answer. */
  const write = (req: IncomingMessage, res: ServerResponse, change: () => string | undefined) => {
    const ifMatch = req.headers['if-match']
    if (!ifMatch) return fail(res, 400, 'ValidationException', 'IfMatch is required')
    if (ifMatch !== etag()) return fail(res, 409, 'ConflictException', 'The ETag does not match the current store')
    const problem = change()
    if (problem) return fail(res, 400, 'ValidationException', problem)
    state.version++
    state.modified = now()
    save()
    answer(res, 200, counts(), { ETag: etag() })
  }
  const checkItem = (key: string, value: string) => {
    if (!key || bytes(key) > MAX_KEY_BYTES) return `Key must be 1 to ${MAX_KEY_BYTES} bytes`
    if (typeof value !== 'string' || bytes(value) > MAX_VALUE_BYTES)
      return `Value must be at most ${MAX_VALUE_BYTES} bytes`
    if (size() - bytes(key) - bytes(state.items[key] ?? '') + bytes(key) + bytes(value) > MAX_STORE_BYTES)
      return 'The store would exceed 5 MB'
    return undefined
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (!String(req.headers.authorization ?? '').startsWith('AWS4-'))
        return fail(res, 403, 'AccessDeniedException', 'Missing Authentication Token')
      const url = new URL(req.url ?? '/', 'http://kvs')
      const m = /^\/key-value-stores\/([^/]+)(\/keys(?:\/([^/]+))?)?$/.exec(url.pathname)
      if (!m || decodeURIComponent(m[1]!) !== state.arn)
        return fail(res, 404, 'ResourceNotFoundException', 'The key value store does not exist')
      const key = m[3] === undefined ? undefined : decodeURIComponent(m[3])
      let body: Record<string, unknown> = {}
      try {
        if (chunks.length) body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
      } catch {
        return fail(res, 400, 'ValidationException', 'The body is not JSON')
      }
      if (!m[2] && req.method === 'GET')
        return answer(
          res,
          200,
          { ...counts(), KvsARN: state.arn, Created: state.created, LastModified: state.modified, Status: 'READY' },
          { ETag: etag() },
        )
      if (key !== undefined && req.method === 'GET') {
        if (!Object.hasOwn(state.items, key)) return fail(res, 404, 'ResourceNotFoundException', `Key ${key} not found`)
        return answer(res, 200, { Key: key, Value: state.items[key], ...counts() })
      }
      if (key !== undefined && req.method === 'PUT')
        return write(req, res, () => {
          const value = body.Value as string
          const problem = checkItem(key, value)
          if (!problem) state.items[key] = value
          return problem
        })
      if (key !== undefined && req.method === 'DELETE')
        return write(req, res, () => {
          if (!Object.hasOwn(state.items, key)) return `Key ${key} not found`
          delete state.items[key]
          return undefined
        })
      if (m[2] && key === undefined && req.method === 'GET')
        return answer(res, 200, { Items: Object.entries(state.items).map(([Key, Value]) => ({ Key, Value })) })
      if (m[2] && key === undefined && req.method === 'POST')
        return write(req, res, () => {
          const puts = (body.Puts ?? []) as { Key: string; Value: string }[]
          const deletes = (body.Deletes ?? []) as { Key: string }[]
          const next = { ...state.items }
          for (const { Key } of deletes) delete next[Key]
          for (const { Key, Value } of puts) {
            const problem = checkItem(Key, Value)
            if (problem) return problem
            next[Key] = Value
          }
          state.items = next
          return undefined
        })
      fail(res, 400, 'ValidationException', `${req.method} ${url.pathname} is not an operation of this store`)
    })
  })
  await new Promise<void>((ok, no) => {
    server.once('error', no)
    server.listen(opts.port ?? 0, host, ok)
  })
  const { port } = server.address() as { port: number }
  return {
    endpoint: `http://${host}:${port}`,
    arn: state.arn,
    /** What the edge's `kvs.get` reads (in process, as CloudFront reads its replica at the edge). */
    get: (key: string): string | undefined => (Object.hasOwn(state.items, key) ? state.items[key] : undefined),
    stop: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections()
        server.close(() => ok())
      }),
  }
}
