// The body limit of the JSON endpoints and of the sandbox's forms (docs/api.md, "Rules every request
// follows"), in place of hono/body-limit. That one opens the request's body stream even when the
// length header alone already says too much; on Node, a body stream opened and then left unread
// stalls the connection, and @hono/node-server drops it 500 ms after an answer that promised
// keep-alive (docs/api.md, "Connections and timeouts"). Here a declared length is judged from the
// header; a streamed body is read up to the limit, then dropped up to `drainBytes` so that the
// connection can carry the next request. Past that, serve.ts closes the connection after the answer.
import type { Context, MiddlewareHandler } from 'hono'

/** How much of a body an early answer reads and drops to keep the connection; past it the connection closes. */
export const drainBytes = 1024 * 1024

export function bodyLimit(maxSize: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw
    const length = raw.headers.get('content-length')
    // The runtime ends the body at its declared length: the header decides, and the body stays unopened.
    if (length !== null && /^\d+$/.test(length) && !raw.headers.has('transfer-encoding'))
      return Number(length) > maxSize ? onError(c) : next()
    if (!raw.body) return next()
    const reader = raw.body.getReader()
    const chunks: Uint8Array[] = []
    let size = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxSize) return tooLarge(c, reader, size, onError)
      chunks.push(value)
    }
    c.req.raw = new Request(raw, { body: Buffer.concat(chunks, size) })
    return next()
  }
}

async function tooLarge(
  c: Context,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  size: number,
  onError: (c: Context) => Response | Promise<Response>,
): Promise<Response> {
  let read = size
  while (read <= drainBytes) {
    const { done, value } = await reader.read()
    if (done) return onError(c)
    read += value.byteLength
  }
  // Too much to wait for: answer now, and go on dropping what still comes while the connection
  // closes, since a reader left idle would hold the socket's data back (serve.ts, `closeGently`).
  void (async () => {
    while (!(await reader.read()).done);
  })().catch(() => {})
  return onError(c)
}
