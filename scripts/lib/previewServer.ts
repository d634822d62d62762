// The preview server (`npm run preview`, scripts/serve.ts): serves dist/ the way S3 behind
// CloudFront will (README, "Deploying"):
// - `/x` and `/x/` -> `x/index.html` (the viewer-request function), a file as it is, anything
//   else -> `404.html` with status 404 (the error document); the query string is ignored;
// - Content-Type and Cache-Control as `npm run deploy` stores them on the objects, and the
//   security headers of dist/_headers (the same as the CloudFront policy);
// - ETag and 304 for a revalidation, gzip or brotli for text as the client accepts.
// The browser tests run against it (playwright.config.ts).
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import {
  Agent,
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  request,
  type Server,
  type ServerResponse,
} from 'node:http'
import { join, relative, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { parseHeadersFile } from '../../build/headers'
import { cacheControlFor, contentTypeFor, isCompressible } from '../../renderer/shared/host'
import { notFoundKey, servedKey } from '../../renderer/shared/paths'

function isFile(path: string) {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/** The file that answers a request URL, by the host rule of renderer/shared/paths.ts. */
export function resolveRequest(
  root: string,
  url: string,
  exists = (key: string) => isFile(join(root, key)),
): { file: string; status: number } {
  let key: string | undefined
  try {
    key = servedKey(decodeURIComponent(new URL(url, 'http://host').pathname), exists)
  } catch {
    key = undefined
  }
  return key ? { file: join(root, key), status: 200 } : { file: join(root, notFoundKey), status: 404 }
}

interface Entry {
  mtime: number
  body: Buffer
  etag: string
  encoded: Map<string, Buffer>
}

/** Pick the encoding a CDN would: brotli, then gzip, else none. */
function encodingFor(req: IncomingMessage): 'br' | 'gzip' | undefined {
  const accepted = String(req.headers['accept-encoding'] ?? '')
  if (/\bbr\b/.test(accepted)) return 'br'
  if (/\bgzip\b/.test(accepted)) return 'gzip'
  return undefined
}

/** The path prefix CloudFront's second behaviour sends to the API (docs/aws.md). */
const apiPrefix = '/api/'

/** Headers about one connection, not the message (RFC 9110, 7.6.1): a proxy never passes them on. */
const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te', 'trailer'])

/** `headers` without the hop-by-hop ones: those above, `proxy-*`, and any that `Connection` names. */
function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase()),
  )
  const kept: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !hopByHop.has(name) && !name.startsWith('proxy-') && !named.has(name)) kept[name] = value
  return kept
}

/**
 * A new connection to the API for each request: one the API closed after an early answer, with a
 * body left unread, is then never reused for the next client's request (docs/api.md, "Connections
 * and timeouts"), which would cost that client a 502. On loopback a connection costs next to nothing.
 */
const upstreamAgent = new Agent({ keepAlive: false })

/**
 * Forwards a request under /api/ to the API at `origin`, as CloudFront's `/api/*` behaviour does:
 * method, end-to-end headers and body as they came, the viewer's address in
 * `CloudFront-Viewer-Address`, nothing cached. An API that cannot be reached is a 502 problem document.
 */
function forward(req: IncomingMessage, res: ServerResponse, origin: string) {
  const target = new URL(req.url ?? '/', origin)
  const headers: OutgoingHttpHeaders = { ...endToEnd(req.headers), host: target.host }
  delete headers['cloudfront-viewer-address']
  // The client's framing is its own hop's, but its body is not: a chunked body goes on chunked
  // (Node frames it so), never unframed, where the API would read what follows as another request.
  if (req.headers['transfer-encoding'] !== undefined) headers['transfer-encoding'] = 'chunked'
  const viewer = req.socket.remoteAddress
  if (viewer) headers['cloudfront-viewer-address'] = `${viewer}:${req.socket.remotePort ?? 0}`
  const upstream = request(target, { method: req.method, headers, agent: upstreamAgent }, (answer) => {
    const answerHeaders = endToEnd(answer.headers)
    // The API answered before the whole body came (an early 413): like the API, this connection
    // ends with the answer rather than wait for the rest.
    if (!req.complete) answerHeaders.connection = 'close'
    res.writeHead(answer.statusCode ?? 502, answerHeaders)
    answer.pipe(res)
  })
  // A client gone before its whole body came: the API's side goes too, rather than wait for the rest.
  req.on('close', () => {
    if (!req.complete) upstream.destroy()
  })
  upstream.on('error', (err) => {
    if (res.headersSent) return res.destroy(err)
    res.writeHead(502, { 'Content-Type': 'application/problem+json', 'Cache-Control': 'no-store' })
    res.end(
      JSON.stringify({
        type: 'urn:rasid:problem:bad-gateway',
        title: 'The API cannot be reached',
        status: 502,
        code: 'bad-gateway',
      }),
    )
  })
  req.pipe(upstream)
}

/**
 * Serves `dir` on `host:port`. With `apiOrigin`, requests under /api/ go to the API there (the
 * same origin for the browser, as behind CloudFront); without it they are 404, as a bucket has none.
 */
export function serve(
  dir = 'dist',
  port = 4173,
  host = '127.0.0.1',
  options: { apiOrigin?: string } = {},
): Promise<Server> {
  const root = resolve(dir)
  const headersFile = join(root, '_headers')
  const rules = existsSync(headersFile) ? parseHeadersFile(readFileSync(headersFile, 'utf8')) : []
  const cache = new Map<string, Entry>()
  const read = (file: string): Entry => {
    const mtime = statSync(file).mtimeMs
    let entry = cache.get(file)
    if (!entry || entry.mtime !== mtime) {
      const body = readFileSync(file)
      entry = { mtime, body, etag: `"${createHash('md5').update(body).digest('hex')}"`, encoded: new Map() }
      cache.set(file, entry)
    }
    return entry
  }
  const server = createServer((req, res) => {
    if (options.apiOrigin && (req.url ?? '/').startsWith(apiPrefix)) return forward(req, res, options.apiOrigin)
    const { file, status } = resolveRequest(root, req.url ?? '/')
    const key = relative(root, file).split('\\').join('/')
    const pathname = new URL(req.url ?? '/', 'http://host').pathname
    const headers: Record<string, string> = {}
    for (const rule of rules)
      if (rule.pattern.test(pathname)) for (const [name, value] of rule.headers) headers[name] = value
    headers['Content-Type'] = contentTypeFor(key)
    headers['Cache-Control'] ??= cacheControlFor(key)
    let entry: Entry
    try {
      entry = read(file)
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
      return res.end(`Not found, and ${key} is missing too: run npm run build.`)
    }
    headers.ETag = entry.etag
    if (status === 200 && req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, headers)
      return res.end()
    }
    let body = entry.body
    const encoding = isCompressible(key) ? encodingFor(req) : undefined
    if (encoding) {
      headers.Vary = 'Accept-Encoding'
      headers['Content-Encoding'] = encoding
      let encoded = entry.encoded.get(encoding)
      if (!encoded) {
        encoded =
          encoding === 'br'
            ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
            : gzipSync(body)
        entry.encoded.set(encoding, encoded)
      }
      body = encoded
    }
    headers['Content-Length'] = String(body.length)
    res.writeHead(status, headers)
    res.end(req.method === 'HEAD' ? undefined : body)
  })
  return new Promise((ok, fail) => {
    server.once('error', fail)
    server.listen(port, host, () => ok(server))
  })
}
