// The preview server (`npm run preview`, scripts/serve.ts, and `npm run s3:local`): serves the
// site the way S3 behind CloudFront will (docs/deploy.md), through host/local/cdn.ts:
// - the viewer-request function the stack publishes, run from the same source: `/x` and `/x/` ->
//   `x/index.html` of the live build's release, a file as it is, the query string dropped; a key
//   that does not exist -> `404.html` with status 404 (the distribution's error response);
// - the objects' Content-Type and Cache-Control as `npm run deploy` stores them, the build's
//   Content-Security-Policy from the viewer-response function, the other security headers from the
//   site's response headers policy (host/policies.ts);
// - ETag and 304 for a revalidation, gzip or brotli for text as the client accepts;
// - `/api/*` forwarded to the API, as CloudFront's second behaviour does.
// The browser tests run against it (playwright.config.ts).
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
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { siteResponseHeadersPolicy } from '../policies'
import { isCompressible } from '../rules'
import { applyHeadersPolicy, type Bucket, edge, folderBucket } from './cdn'

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
 * Serves `dir` (a build) on `host:port` as a deploy of it would be served: a bucket of one
 * release, live. With `apiOrigin`, requests under /api/ go to the API there (the same origin for the
 * browser, as behind CloudFront); without it they are answered as the bucket would (404). With
 * `statusDir`, /status/ comes from that folder (what `npm run status` writes); while it has no
 * document, /status/status.json is the sample (pages/monitoring/sample.ts, `sample: true`), made
 * here and never written: a preview is the one place it exists (docs/status.md).
 */
export function serve(
  dir = 'dist',
  port = 4173,
  host = '127.0.0.1',
  options: { apiOrigin?: string; statusDir?: string } = {},
): Promise<Server> {
  const { statusDir } = options
  const bucket = folderBucket(dir, { statusDir, statusSample: statusDir !== undefined })
  return serveBucket(bucket, async (key) => (key === 'live' ? bucket.live() : undefined), port, host, options)
}

/** The encodings of one body, made once per ETag (a CDN keeps them too). */
const encodedBodies = new Map<string, Buffer>()
const encoded = (etag: string, encoding: 'br' | 'gzip', body: Buffer) => {
  const id = `${encoding}:${etag}`
  let out = encodedBodies.get(id)
  if (!out) {
    out =
      encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body)
    if (encodedBodies.size > 2000) encodedBodies.clear()
    encodedBodies.set(id, out)
  }
  return out
}

/**
 * Serves `bucket` on `host:port` through the CloudFront Functions, reading the live build from
 * `kvsGet` (a local key value store) on every request, as the edge does.
 */
export function serveBucket(
  bucket: Bucket,
  kvsGet: (key: string) => Promise<string | undefined>,
  port = 4173,
  host = '127.0.0.1',
  options: { apiOrigin?: string } = {},
): Promise<Server> {
  const viaEdge = edge(bucket, kvsGet)
  const policy = siteResponseHeadersPolicy()
  const server = createServer((req, res) => {
    if (options.apiOrigin && (req.url ?? '/').startsWith(apiPrefix)) return forward(req, res, options.apiOrigin)
    const requestHeaders: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') requestHeaders[name] = value
    viaEdge(req.method ?? 'GET', req.url ?? '/', requestHeaders).then(
      (answer) => {
        const headers = applyHeadersPolicy(policy, new Headers(answer.headers))
        const etag = headers.get('etag')
        if (answer.status === 200 && etag && req.headers['if-none-match'] === etag) {
          res.writeHead(304, Object.fromEntries(headers))
          return res.end()
        }
        let body = answer.body
        const encoding = answer.key && isCompressible(answer.key) ? encodingFor(req) : undefined
        if (encoding && etag) {
          headers.set('Vary', 'Accept-Encoding')
          headers.set('Content-Encoding', encoding)
          body = encoded(etag, encoding, body)
        }
        headers.set('Content-Length', String(body.length))
        res.writeHead(answer.status, Object.fromEntries(headers))
        res.end(req.method === 'HEAD' ? undefined : body)
      },
      (err: Error) => {
        // The origin failed (not a missing key): CloudFront's 502.
        res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
        res.end(`The origin failed: ${err.message}`)
      },
    )
  })
  return new Promise((ok, fail) => {
    server.once('error', fail)
    server.listen(port, host, () => ok(server))
  })
}
