// The site as the engines meet it: the built dist/ served by the preview server
// (host/local/previewServer.ts, as `npm run preview` serves it) on 127.0.0.1 with a port of its own,
// the API behind /api/* (its sandbox payments, an in-memory store, rate limits raised for a run's
// many forms from one address), and a status folder of its own, so that /status/status.json is the
// sample and the status page shows its live view. Every answer of 400 or more is recorded: an
// engine-independent account of what the browser asked for and did not get (WebKitWebDriver has no
// network events).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defaultConfig } from '../../api/server/config'
import { startApiServer } from '../../api/server/serve'
import { memoryStore } from '../../api/server/store/memory'
import { serve } from '../../host/local/previewServer'

export interface Site {
  origin: string
  /** The answers of 400 or more since the last call, as `404 GET /path?query`. */
  failures(): string[]
  close(): Promise<void>
}

export async function startSite(): Promise<Site> {
  const statusDir = mkdtempSync(join(tmpdir(), 'rasid-engines-status-'))
  const api = await startApiServer({
    config: {
      ...defaultConfig,
      rate: { perAddress: { limit: 10_000, windowMs: 60_000 }, perEmail: { limit: 10_000, windowMs: 60_000 } },
    },
    store: memoryStore(),
    port: 0,
    log: () => {},
  })
  const server = await serve('dist', 0, '127.0.0.1', { apiOrigin: api.url, statusDir })
  const failed: string[] = []
  // A second listener beside the preview's own: it reads the status each answer was sent with.
  server.on('request', (req, res) => {
    res.on('finish', () => {
      if (res.statusCode >= 400) failed.push(`${res.statusCode} ${req.method} ${req.url}`)
    })
  })
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    failures: () => failed.splice(0),
    async close() {
      await new Promise<void>((done) => {
        server.close(() => done())
        server.closeAllConnections()
      })
      await api.close().catch(() => {})
      rmSync(statusDir, { recursive: true, force: true })
    },
  }
}

/** The document title of a built page (`/ar/pricing`), from its payload in dist/: what a swap to it shows. */
export function builtTitle(path: string): string {
  const dir = path.replace(/^\//, '').replace(/\/$/, '')
  return (JSON.parse(readFileSync(join('dist', dir, '_payload.json'), 'utf8')) as { title: string }).title
}
