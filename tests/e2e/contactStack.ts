// The servers the contact-form tests talk to, all on 127.0.0.1 and started by the tests: the real
// API (api/server) on a SQLite file, a proxy in front of it that the test switches into the
// failures a visitor can meet (an answer of 400, 429 or 500, bad JSON, a slow or a lost answer, a
// stopped API), and the preview (host/local/previewServer.ts) serving dist/ with /api/* sent to
// that proxy, as CloudFront sends it to the API.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defaultConfig } from '../../api/server/config'
import { type RunningApi, startApiServer } from '../../api/server/serve'
import type { ContactRecord } from '../../api/server/store/port'
import { type SqliteStore, sqliteStore } from '../../api/server/store/sqlite'
import { serve } from '../../host/local/previewServer'

/**
 * - `pass`: the API's answer as it is; `slow`: the same, 400 ms late;
 * - `fields`, `rate`, `server`: the proxy answers 400 with a field error, 429 with Retry-After 120, 500;
 * - `bad-json`: the API stores the lead, the browser gets its 201 cut short (not JSON);
 * - `hang`: the API stores the lead, the answer never comes.
 */
type Mode = 'pass' | 'slow' | 'fields' | 'rate' | 'server' | 'bad-json' | 'hang'

export interface ContactStack {
  /** The preview's origin: `${origin}/contact-us`. */
  origin: string
  mode: Mode
  /** The Idempotency-Key of every POST that reached the proxy. */
  posts: string[]
  /** The leads stored under `email`, from the API's own store. */
  leads(email: string): Promise<ContactRecord[]>
  stopApi(): Promise<void>
  startApi(): Promise<void>
  /** A second preview of a copy of dist/ whose runtime-config.json is `text`. */
  previewWithConfig(text: string): Promise<string>
  close(): Promise<void>
}

const listen = (server: Server) =>
  new Promise<string>((ok) =>
    server.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  )
const closeServer = (server: Server) =>
  new Promise<void>((ok) => {
    server.close(() => ok())
    server.closeAllConnections()
  })

const problem = (res: ServerResponse, status: number, extra: object, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/problem+json', ...headers })
  res.end(JSON.stringify({ type: 'about:blank', title: 'Problem', status, ...extra }))
}

export async function startContactStack(
  options: { checkout?: Partial<typeof defaultConfig.checkout> } = {},
): Promise<ContactStack> {
  const dir = mkdtempSync(join(tmpdir(), 'rasid-contact-'))
  const dbPath = join(dir, 'rasid.sqlite')
  let store: SqliteStore
  let api: RunningApi | undefined
  // Only the rate-limit rules' defaults would meet the many leads of a run from one address.
  const config = {
    ...defaultConfig,
    checkout: { ...defaultConfig.checkout, ...options.checkout },
    rate: { perAddress: { limit: 10_000, windowMs: 60_000 }, perEmail: { limit: 10_000, windowMs: 60_000 } },
  }
  const startApi = async () => {
    store = sqliteStore(dbPath)
    api = await startApiServer({ config, store, port: 0, log: () => {} })
  }
  await startApi()

  const held = new Set<ServerResponse>()
  const stack = {
    mode: 'pass' as Mode,
    posts: [] as string[],
  }
  const proxy = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const mode = stack.mode
      if (req.method === 'POST') stack.posts.push(String(req.headers['idempotency-key']))
      if (mode === 'fields')
        return problem(res, 400, { code: 'invalid-request', fields: { email: 'contact.error.email.invalid' } })
      if (mode === 'rate') return problem(res, 429, { code: 'rate-limited', retryAfter: 120 }, { 'retry-after': '120' })
      if (mode === 'server') return problem(res, 500, { code: 'internal' })
      let answer: Response
      try {
        if (!api) throw new Error('the API is stopped')
        const headers: Record<string, string> = {}
        for (const name of ['content-type', 'idempotency-key', 'cloudfront-viewer-address'])
          if (req.headers[name]) headers[name] = String(req.headers[name])
        answer = await fetch(api.url + req.url, {
          method: req.method,
          headers,
          body: req.method === 'POST' ? Buffer.concat(chunks) : undefined,
          // The browser follows the API's redirects (the hosted page's 303 back to /checkout), not the proxy.
          redirect: 'manual',
        })
      } catch {
        // As a closed port looks to CloudFront: the connection fails, and the preview answers 502.
        return res.destroy()
      }
      // Bytes, not text: the hosted page's fonts pass through here too.
      const body = Buffer.from(await answer.arrayBuffer())
      if (mode === 'hang') return held.add(res)
      if (mode === 'slow') await new Promise((ok) => setTimeout(ok, 400))
      // The API's headers as they came (Content-Security-Policy, Location, Retry-After, ...), less
      // those of the body's encoding and length, which fetch has already undone.
      const headers: Record<string, string> = {}
      answer.headers.forEach((value, name) => {
        if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name))
          headers[name] = value
      })
      res.writeHead(answer.status, headers)
      res.end(mode === 'bad-json' ? body.subarray(0, 12) : body)
    })
  })
  const proxyUrl = await listen(proxy)
  // A status folder of its own (the preview's sample while empty): the page's banner reads the
  // document, and a missing one is a 404 the browser logs, which the tests' console check would catch.
  const statusDir = join(dir, 'status')
  const preview = await serve('dist', 0, '127.0.0.1', { apiOrigin: proxyUrl, statusDir })
  const origin = `http://127.0.0.1:${(preview.address() as AddressInfo).port}`
  const extra: Server[] = []

  return Object.assign(stack, {
    origin,
    async leads(email: string) {
      return (await store.listContacts()).filter((lead) => lead.data.email === email)
    },
    async stopApi() {
      await api?.close()
      api = undefined
    },
    startApi,
    async previewWithConfig(text: string) {
      const copy = join(dir, `dist-${extra.length}`)
      cpSync('dist', copy, { recursive: true })
      writeFileSync(join(copy, 'runtime-config.json'), text)
      const server = await serve(copy, 0, '127.0.0.1', { apiOrigin: proxyUrl, statusDir })
      extra.push(server)
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    },
    async close() {
      for (const res of held) res.destroy()
      await Promise.all([preview, proxy, ...extra].map(closeServer))
      await api?.close()
      rmSync(dir, { recursive: true, force: true })
    },
  })
}
