// Runs the app on Node with @hono/node-server: `npm run api` (scripts/api.ts) and the tests (tests/api/).
// With a webhook configured (LEAD_WEBHOOK_URL), the forwarder runs in the same process (forward.ts).
// The connections' limits and what happens to a body the app did not read: docs/api.md,
// "Connections and timeouts".
import type { IncomingMessage, Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { type Http2Bindings, type HttpBindings, serve } from '@hono/node-server'
import { getConnInfo } from '@hono/node-server/conninfo'
import { type AppOptions, createApp } from './app'
import { drainBytes } from './bodyLimit'
import { createForwarder, type DrainResult } from './forward'
import { providerFor, type ReconcileResult, reconcileOnce, startReconciling } from './checkout/reconcile'
import { startSweeping } from './retention'

/** The server's limits on its connections (docs/api.md, "Connections and timeouts"). */
export type ConnectionLimits = {
  /** The whole request, headers and body, must arrive within this (Node's default: 300 s). */
  requestTimeoutMs: number
  /** Its headers within this (Node's: 60 s); at most `requestTimeoutMs`. */
  headersTimeoutMs: number
  /** An idle kept-alive connection closes after this (Node's default, announced as `Keep-Alive: timeout=5`). */
  keepAliveTimeoutMs: number
  /** Connections open at once; more are closed as they come (Node has no cap). */
  maxConnections: number
}

const connectionDefaults: ConnectionLimits = {
  requestTimeoutMs: 15_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 256,
}

/** How long a connection being closed keeps reading and dropping what the client still sends. */
const lingerMs = 5_000

/** The connections whose answer says `Connection: close`. */
const closing = new WeakSet<Socket>()

/**
 * Reads and drops up to `limit` bytes of a body nothing has read; true when it ended within them.
 * Past the limit the rest flows on and is dropped as it comes, while the connection closes.
 */
function drain(incoming: IncomingMessage, limit: number): Promise<boolean> {
  return new Promise((done) => {
    let read = 0
    const finish = (ended: boolean) => {
      incoming.off('data', onData).off('end', onEnd).off('close', onClose)
      done(ended)
    }
    const onData = (chunk: Buffer) => {
      read += chunk.length
      if (read > limit) finish(false)
    }
    const onEnd = () => finish(true)
    const onClose = () => finish(incoming.complete)
    incoming.on('data', onData).on('end', onEnd).on('close', onClose)
  })
}

/**
 * Closes the way RFC 9112 (9.6) asks of a server that stops before the request's end: the answer,
 * then this side's FIN, while what the client still sends is read and dropped until it closes too
 * or `lingerMs` pass. Node's own close destroys the socket with bytes unread, and the kernel's
 * reset can then reach the client before the answer does, or instead of it.
 */
function closeGently(socket: Socket): void {
  closing.add(socket)
  let lingering = false
  // Node (after an answer that says close) and @hono/node-server (500 ms after any answer to a body
  // left unread) both end a connection with destroySoon: this connection's does it gently.
  socket.destroySoon = () => {
    if (lingering) return
    lingering = true
    socket.end()
    socket.resume()
    const timer = setTimeout(() => socket.destroy(), lingerMs)
    timer.unref()
    socket.once('close', () => clearTimeout(timer))
  }
}

/**
 * Before an answer goes out: a request body the app left unread (an early 413, 415, 400, 404, 405)
 * is read to its end when it is at most `drainBytes`, so that the connection can carry the next
 * request; otherwise the answer says `Connection: close`, and the connection closes gently.
 */
async function settleBody({ incoming, outgoing }: HttpBindings): Promise<void> {
  if (incoming.complete) return
  const length = incoming.headers['content-length']
  // `readableFlowing` null: nothing ever read the body. bodyLimit.ts, which stops reading part way,
  // has dropped up to drainBytes already, and keeps dropping.
  const unread = incoming.readableFlowing === null
  if (unread && (length === undefined || Number(length) <= drainBytes) && (await drain(incoming, drainBytes))) return
  outgoing.setHeader('Connection', 'close')
  closeGently(incoming.socket)
}

export type RunningApi = {
  url: string
  port: number
  /** Delivers the leads due now (undefined without a webhook): what the timer does, on demand. */
  drainForwards?: () => Promise<DrainResult>
  /** One payment reconciliation run (checkout/reconcile.ts): what the timer does, on demand. */
  reconcilePayments: () => Promise<ReconcileResult>
  close(): Promise<void>
}

/**
 * Listens on `hostname:port` (0 for any free port); `close()` stops the server, then the forwarder
 * (a delivery in flight is aborted and stays due), then closes the store. The retention sweep
 * (retention.ts) runs at start and every day, unless `sweep` is false; the payment reconciliation
 * (checkout/reconcile.ts) every few minutes, unless `reconcile` is false.
 */
export function startApiServer(
  options: Omit<AppOptions, 'socketAddress' | 'onQueued'> & {
    port: number
    hostname?: string
    connections?: Partial<ConnectionLimits>
    sweep?: boolean
    reconcile?: boolean
  },
): Promise<RunningApi> {
  const { webhook } = options.config
  const forwarder = webhook && createForwarder({ store: options.store, webhook, log: options.log, now: options.now })
  const app = createApp({
    ...options,
    socketAddress: (c) => getConnInfo(c).remote.address,
    onQueued: forwarder && (() => void forwarder.drain()),
  })
  const hostname = options.hostname ?? '127.0.0.1'
  const limits = { ...connectionDefaults, ...options.connections }
  const requestTimeout = limits.requestTimeoutMs
  const headersTimeout = Math.min(limits.headersTimeoutMs, requestTimeout)
  // The request as Node has it (HTTP/1.1: this server is never HTTP/2) is the app's env.
  const fetch = async (request: Request, env: HttpBindings | Http2Bindings) => {
    const bindings = env as HttpBindings
    // A request pipelined behind one answered with `Connection: close` is not run (RFC 9112, 9.6):
    // its answer could not be sent.
    if (closing.has(bindings.incoming.socket)) return new Response(null, { status: 400 })
    const response = await app.fetch(request, env)
    await settleBody(bindings)
    return response
  }
  let stopSweeping: (() => void) | undefined
  let stopReconciling: (() => Promise<void>) | undefined
  const provider = options.paymentProvider ?? providerFor(options.config.checkout)
  const reconciling = { sessionTtlMs: options.config.checkout.sessionTtlMs, log: options.log, now: options.now }
  return new Promise((resolve, reject) => {
    const serverOptions = {
      requestTimeout,
      headersTimeout,
      // Node checks both timeouts only this often (30 s by default), which would let them run long.
      connectionsCheckingInterval: Math.min(1000, Math.ceil(headersTimeout / 4)),
    }
    const server = serve({ fetch, port: options.port, hostname, serverOptions }, (info: AddressInfo) => {
      const close = async () => {
        await new Promise<void>((done) => {
          server.close(() => done())
          if ('closeAllConnections' in server) server.closeAllConnections()
        })
        stopSweeping?.()
        await stopReconciling?.()
        await forwarder?.stop()
        await options.store.close()
      }
      // Leads a previous process left pending go out now, before any new one.
      forwarder?.start()
      stopSweeping =
        options.sweep === false
          ? undefined
          : startSweeping(options.store, options.config.retention, { log: options.log, now: options.now })
      if (options.reconcile !== false) stopReconciling = startReconciling(options.store, provider, reconciling)
      resolve({
        url: `http://${hostname}:${info.port}`,
        port: info.port,
        drainForwards: forwarder?.drain,
        reconcilePayments: () => reconcileOnce(options.store, provider, reconciling),
        close,
      })
    })
    ;(server as Server).keepAliveTimeout = limits.keepAliveTimeoutMs
    server.maxConnections = limits.maxConnections
    server.once('error', reject)
  })
}
