// Runs the app on Node with @hono/node-server: `npm run api` (node.ts) and the tests (tests/api/).
// With a webhook configured (LEAD_WEBHOOK_URL), the forwarder runs in the same process (forward.ts).
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { getConnInfo } from '@hono/node-server/conninfo'
import { type AppOptions, createApp } from './app'
import { createForwarder, type DrainResult } from './forward'

export type RunningApi = {
  url: string
  port: number
  /** Delivers the leads due now (undefined without a webhook): what the timer does, on demand. */
  drainForwards?: () => Promise<DrainResult>
  close(): Promise<void>
}

/**
 * Listens on `hostname:port` (0 for any free port); `close()` stops the server, then the forwarder
 * (a delivery in flight is aborted and stays due), then closes the store.
 */
export function startApiServer(
  options: Omit<AppOptions, 'socketAddress' | 'onQueued'> & { port: number; hostname?: string },
): Promise<RunningApi> {
  const { webhook } = options.config
  const forwarder = webhook && createForwarder({ store: options.store, webhook, log: options.log, now: options.now })
  const app = createApp({
    ...options,
    socketAddress: (c) => getConnInfo(c).remote.address,
    onQueued: forwarder && (() => void forwarder.drain()),
  })
  const hostname = options.hostname ?? '127.0.0.1'
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: options.port, hostname }, (info: AddressInfo) => {
      const close = async () => {
        await new Promise<void>((done) => {
          server.close(() => done())
          if ('closeAllConnections' in server) server.closeAllConnections()
        })
        await forwarder?.stop()
        await options.store.close()
      }
      // Leads a previous process left pending go out now, before any new one.
      forwarder?.start()
      resolve({ url: `http://${hostname}:${info.port}`, port: info.port, drainForwards: forwarder?.drain, close })
    })
    server.once('error', reject)
  })
}
