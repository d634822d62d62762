// Runs the app on Node with @hono/node-server: `npm run api` (node.ts) and the tests (tests/api/).
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { getConnInfo } from '@hono/node-server/conninfo'
import { type AppOptions, createApp } from './app'

export type RunningApi = { url: string; port: number; close(): Promise<void> }

/** Listens on `hostname:port` (0 for any free port); `close()` stops the server, then closes the store. */
export function startApiServer(
  options: Omit<AppOptions, 'socketAddress'> & { port: number; hostname?: string },
): Promise<RunningApi> {
  const app = createApp({ ...options, socketAddress: (c) => getConnInfo(c).remote.address })
  const hostname = options.hostname ?? '127.0.0.1'
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: options.port, hostname }, (info: AddressInfo) => {
      const close = async () => {
        await new Promise<void>((done) => {
          server.close(() => done())
          if ('closeAllConnections' in server) server.closeAllConnections()
        })
        await options.store.close()
      }
      resolve({ url: `http://${hostname}:${info.port}`, port: info.port, close })
    })
    server.once('error', reject)
  })
}
