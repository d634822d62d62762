// A CloudFront KeyValueStore on loopback, speaking the service's data-plane protocol for one store
// (REST-JSON, as `@aws-sdk/client-cloudfront-keyvaluestore` sends it: its serializers and error
// registry are the reference), for `npm run s3:local` and the tests (docs/deploy.md). So that the
// SDK throws here the error class it throws in production, every refusal is one the model
// declares, with its status:
//   GET    /key-value-stores/{arn}                 DescribeKeyValueStore, ETag in the `ETag` header
//   GET    /key-value-stores/{arn}/keys/{key}      GetKey; an unknown key 404 ResourceNotFoundException
//   PUT    /key-value-stores/{arn}/keys/{key}      PutKey, `If-Match` + {"Value"}
//   DELETE /key-value-stores/{arn}/keys/{key}      DeleteKey, `If-Match`
//   GET    /key-value-stores/{arn}/keys            ListKeys, ?MaxResults (1-50, 10) &NextToken
//   POST   /key-value-stores/{arn}/keys            UpdateKeys, `If-Match` + {"Puts", "Deletes"}: all or nothing
// Every write changes the store's ETag and needs `If-Match` with the current one: another is 409
// ConflictException, none 400 ValidationException. Keys up to 512 bytes and values up to 1 KB
// (400 ValidationException), the store up to 5 MB (402 ServiceQuotaExceededException); another
// store's ARN is 404. A request without a SigV4 `Authorization` is 403 AccessDeniedException: the
// signature itself is not checked. Requests are handled one at a time (Node's one thread), so a
// conditional write is atomic. With `file`, the store (its ARN too) lives in that JSON file,
// written whole to a temporary file then renamed, so a restart keeps the live build.
import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { isIPv4 } from 'node:net'

const MAX_KEY_BYTES = 512
const MAX_VALUE_BYTES = 1024
const MAX_STORE_BYTES = 5 * 1024 * 1024
const LIST_DEFAULT = 10
const LIST_MAX = 50

interface State {
  arn: string
  /** Seconds since the epoch: REST-JSON's default timestamp format in a body. */
  created: number
  modified: number
  /** Counts the writes; the ETag is made from it. */
  version: number
  items: Record<string, string>
}

/** A refusal as the service answers it: the status and error type of the SDK's model. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message)
  }
}
const invalid = (message: string) => new Refusal(400, 'ValidationException', message)
const notFound = (message: string) => new Refusal(404, 'ResourceNotFoundException', message)

const bytes = (s: string) => Buffer.byteLength(s, 'utf8')
const sizeOf = (items: Record<string, string>) =>
  Object.entries(items).reduce((n, [k, v]) => n + bytes(k) + bytes(v), 0)
/** Shaped like the service's (`KV` and 13 characters), and never the same twice for one store. */
const etagOf = (version: number) => `KV${version.toString(36).toUpperCase().padStart(13, '0')}`
const isLoopback = (address: string) => address === '::1' || (isIPv4(address) && address.startsWith('127.'))

function checkItem(key: unknown, value: unknown) {
  if (typeof key !== 'string' || !key || bytes(key) > MAX_KEY_BYTES)
    throw invalid(`Key must be a string of 1 to ${MAX_KEY_BYTES} bytes`)
  if (typeof value !== 'string' || bytes(value) > MAX_VALUE_BYTES)
    throw invalid(`Value must be a string of at most ${MAX_VALUE_BYTES} bytes`)
}

export async function startKvsServer(opts: { port?: number; host?: string; file?: string } = {}) {
  const host = opts.host ?? '127.0.0.1'
  // Unsigned-but-accepted requests and made-up credentials: never reachable from another machine.
  if (host !== 'localhost' && !isLoopback(host))
    throw new Error(`The local key value store listens on loopback only, not ${host}`)
  const now = () => Math.floor(Date.now() / 1000)
  const save = (next: State) => {
    if (!opts.file) return
    const temp = `${opts.file}.${process.pid}.tmp`
    writeFileSync(temp, JSON.stringify(next))
    renameSync(temp, opts.file)
  }
  let state: State
  if (opts.file && existsSync(opts.file)) state = JSON.parse(readFileSync(opts.file, 'utf8')) as State
  else {
    state = {
      arn: `arn:aws:cloudfront::123456789012:key-value-store/${randomUUID()}`,
      created: now(),
      modified: now(),
      version: 1,
      items: {},
    }
    // Saved at once: the ARN the deploy is given must survive a restart before the first write.
    save(state)
  }
  const counts = (items = state.items) => ({ ItemCount: Object.keys(items).length, TotalSizeInBytes: sizeOf(items) })

  /** A write: if `If-Match` is the store's ETag, `change` makes the next items; saved, then kept. */
  const write = (req: IncomingMessage, change: (items: Record<string, string>) => Record<string, string>) => {
    const ifMatch = req.headers['if-match']
    if (!ifMatch) throw invalid('IfMatch is required')
    if (ifMatch !== etagOf(state.version))
      throw new Refusal(409, 'ConflictException', 'The ETag in If-Match is not the current ETag of the store')
    const items = change({ ...state.items })
    if (sizeOf(items) > MAX_STORE_BYTES)
      throw new Refusal(402, 'ServiceQuotaExceededException', `The store would exceed ${MAX_STORE_BYTES} bytes`)
    const next = { ...state, items, version: state.version + 1, modified: now() }
    // Saved before it is kept: a write that could not be saved changes nothing.
    save(next)
    state = next
    return { status: 200, body: counts(), headers: { ETag: etagOf(state.version) } }
  }

  type Answer = { status: number; body: unknown; headers?: Record<string, string> }
  const handle = (req: IncomingMessage, raw: Buffer): Answer => {
    // AWS refuses an unsigned request with 403 (here as the model's AccessDeniedException), so a
    // client that forgot to sign fails here too. The SDK signs with SigV4a (`AWS4-ECDSA-P256-SHA256`).
    if (!/^AWS4-/.test(req.headers.authorization ?? ''))
      throw new Refusal(403, 'AccessDeniedException', 'Missing Authentication Token')
    const url = new URL(req.url ?? '/', 'http://kvs')
    const m = /^\/key-value-stores\/([^/]+)(\/keys(?:\/([^/]+))?)?$/.exec(url.pathname)
    let arn: string
    let key: string | undefined
    try {
      arn = decodeURIComponent(m?.[1] ?? '')
      key = m?.[3] === undefined ? undefined : decodeURIComponent(m[3])
    } catch {
      throw invalid('The path is not well encoded')
    }
    if (!m) throw invalid(`${req.method} ${url.pathname} is not an operation of the key value store`)
    if (arn !== state.arn) throw notFound(`Key value store ${arn} was not found`)
    let parsed: unknown = {}
    try {
      if (raw.length) parsed = JSON.parse(raw.toString('utf8'))
    } catch {
      parsed = undefined
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw invalid('The body is not a JSON object')
    const body = parsed as Record<string, unknown>
    const items = state.items
    const op = `${req.method} ${m[2] ? (key === undefined ? 'keys' : 'key') : 'store'}`
    switch (op) {
      case 'GET store':
        return {
          status: 200,
          body: {
            ...counts(),
            KvsARN: state.arn,
            Created: state.created,
            LastModified: state.modified,
            Status: 'READY',
          },
          headers: { ETag: etagOf(state.version) },
        }
      case 'GET key':
        if (!Object.hasOwn(items, key!)) throw notFound(`Key ${key} was not found`)
        return { status: 200, body: { Key: key, Value: items[key!], ...counts() } }
      case 'PUT key':
        return write(req, (next) => {
          checkItem(key, body.Value)
          next[key!] = body.Value as string
          return next
        })
      case 'DELETE key':
        return write(req, (next) => {
          if (!Object.hasOwn(next, key!)) throw notFound(`Key ${key} was not found`)
          delete next[key!]
          return next
        })
      case 'GET keys': {
        const max = Number(url.searchParams.get('MaxResults') ?? LIST_DEFAULT)
        if (!Number.isInteger(max) || max < 1 || max > LIST_MAX) throw invalid(`MaxResults must be 1 to ${LIST_MAX}`)
        // The token is the last key of the page before, keys in order: a write between pages neither
        // repeats nor skips the keys it did not touch.
        const token = url.searchParams.get('NextToken')
        const after = token === null ? undefined : Buffer.from(token, 'base64url').toString('utf8')
        if (token !== null && (!after || Buffer.from(after).toString('base64url') !== token))
          throw invalid('NextToken is not valid')
        const keys = Object.keys(items)
          .sort()
          .filter((k) => after === undefined || k > after)
        const page = keys.slice(0, max)
        return {
          status: 200,
          body: {
            Items: page.map((k) => ({ Key: k, Value: items[k] })),
            ...(keys.length > max ? { NextToken: Buffer.from(page.at(-1)!).toString('base64url') } : {}),
          },
        }
      }
      case 'POST keys':
        return write(req, (next) => {
          const puts = body.Puts ?? []
          const deletes = body.Deletes ?? []
          if (!Array.isArray(puts) || !Array.isArray(deletes)) throw invalid('Puts and Deletes must be lists')
          const named = [...puts, ...deletes].map((item) => (item as { Key?: unknown } | null)?.Key)
          // One change per key: a key both put and deleted has no order to settle it.
          if (new Set(named).size !== named.length) throw invalid('A key is named twice in Puts and Deletes')
          for (const item of deletes) {
            const k = (item as { Key?: unknown } | null)?.Key
            if (typeof k !== 'string' || !Object.hasOwn(next, k)) throw notFound(`Key ${String(k)} was not found`)
            delete next[k]
          }
          for (const item of puts) {
            const { Key, Value } = (item ?? {}) as { Key?: unknown; Value?: unknown }
            checkItem(Key, Value)
            next[Key as string] = Value as string
          }
          return next
        })
      default:
        throw invalid(`${req.method} ${url.pathname} is not an operation of the key value store`)
    }
  }

  const reply = (res: ServerResponse, { status, body, headers }: Answer) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'x-amzn-RequestId': randomUUID(), ...headers })
    res.end(JSON.stringify(body))
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      try {
        reply(res, handle(req, Buffer.concat(chunks)))
      } catch (err) {
        // The SDK reads the error type from `x-amzn-ErrorType` and the message from `Message`.
        const r = err instanceof Refusal ? err : new Refusal(500, 'InternalServerException', String(err))
        reply(res, { status: r.status, body: { Message: r.message }, headers: { 'x-amzn-ErrorType': r.type } })
      }
    })
  })
  await new Promise<void>((ok, no) => {
    server.once('error', no)
    server.listen(opts.port ?? 0, host, ok)
  })
  const { address, port } = server.address() as { address: string; port: number }
  if (!isLoopback(address)) {
    server.close()
    throw new Error(`The local key value store listens on loopback only, not ${address}`)
  }
  return {
    endpoint: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
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
