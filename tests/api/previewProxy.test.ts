// The preview's proxy to the API (host/local/previewServer.ts, `npm run preview`; docs/api.md,
// "With the site"): one client's oversized POST never costs another client's request a 502, and
// hop-by-hop headers stay on their own hop. The proxy needs no dist/ for /api/*: it serves an empty
// folder here. Real servers on loopback.
import { mkdtempSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { serve } from '../../host/local/previewServer'
import { startApi, type TestApi } from './helpers'
import { head, openRaw } from './rawHttp'

const sales = '/api/v1/contact/sales'
const big = 2 * 1024 * 1024

const listen = (server: Server) =>
  new Promise<number>((ok) => server.listen(0, '127.0.0.1', () => ok((server.address() as AddressInfo).port)))
const stop = (server: Server) =>
  new Promise<void>((ok) => {
    server.close(() => ok())
    server.closeAllConnections()
  })

/** The preview of an empty folder, with /api/* sent to `apiOrigin`; its port. */
async function preview(apiOrigin: string): Promise<{ server: Server; port: number }> {
  const server = await serve(mkdtempSync(join(tmpdir(), 'rasid-preview-')), 0, '127.0.0.1', { apiOrigin })
  return { server, port: (server.address() as AddressInfo).port }
}

/** A GET on a connection of its own (no agent): status, headers and body. */
function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((ok, fail) => {
    request({ host: '127.0.0.1', port, path, headers, agent: false }, (answer) => {
      let body = ''
      answer.setEncoding('utf8')
      answer.on('data', (chunk: string) => {
        body += chunk
      })
      answer.on('end', () => ok({ status: answer.statusCode ?? 0, headers: answer.headers, body }))
    })
      .on('error', fail)
      .end()
  })
}

/** Client A: a 2 MB POST through the proxy, on a socket of its own; its answer's status. */
async function oversizedPost(port: number): Promise<number> {
  const connection = await openRaw(port)
  try {
    const answer = connection.answer(5000)
    await connection.write(
      head('POST', sales, { 'Content-Type': 'application/json', 'Idempotency-Key': 'abcdefgh1234' }, { length: big }),
    )
    void connection.write(Buffer.alloc(big, 'x'))
    return (await answer).status
  } finally {
    connection.close()
  }
}

const servers: Server[] = []
let api: TestApi | undefined
afterEach(async () => {
  for (const server of servers.splice(0)) await stop(server)
  await api?.close()
  api = undefined
})

describe("the preview's proxy to the API", () => {
  test("after one client's 2 MB POST, another client's request right after gets its 200", async () => {
    api = await startApi()
    const { server, port } = await preview(api.url)
    servers.push(server)
    for (let round = 0; round < 5; round++) {
      expect(await oversizedPost(port)).toBe(413)
      const health = await get(port, '/api/v1/health')
      expect(health.status, health.body).toBe(200)
    }
  })

  test('it never sends a request on a connection the upstream left with a body unread', async () => {
    // An upstream as the API was before docs/api.md's "Connections and timeouts": it answers a POST
    // at once, promises keep-alive, reads nothing, and drops the socket soon after.
    const upstream = createServer((req, res) => {
      if (req.method === 'GET') return res.end('{"status":"ok"}')
      req.once('data', () => req.pause())
      res.writeHead(413, { 'Content-Type': 'application/problem+json', Connection: 'keep-alive' })
      res.end('{}')
      setTimeout(() => req.socket.destroy(), 200)
    })
    servers.push(upstream)
    const { server, port } = await preview(`http://127.0.0.1:${await listen(upstream)}`)
    servers.push(server)
    for (let round = 0; round < 3; round++) {
      expect(await oversizedPost(port)).toBe(413)
      const health = await get(port, '/api/v1/health')
      expect(health.status, health.body).toBe(200)
    }
  })

  test('a chunked body goes on framed: what it holds never reaches the API as a request of its own', async () => {
    const requests: string[] = []
    const upstream = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`)
      req.resume()
      req.on('end', () => res.end('{"status":"ok"}'))
    })
    servers.push(upstream)
    const { server, port } = await preview(`http://127.0.0.1:${await listen(upstream)}`)
    servers.push(server)
    const connection = await openRaw(port)
    try {
      const answer = connection.answer(5000)
      const smuggled = 'GET /api/v1/smuggled HTTP/1.1\r\nHost: x\r\n\r\n'
      await connection.write(
        `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${smuggled.length.toString(16)}\r\n${smuggled}\r\n0\r\n\r\n`,
      )
      expect((await answer).status).toBe(200)
    } finally {
      connection.close()
    }
    await new Promise((done) => setTimeout(done, 200))
    expect(requests).toEqual(['GET /api/v1/health'])
  })

  test('hop-by-hop headers are not passed on, in either direction', async () => {
    let seen: IncomingHttpHeaders = {}
    const upstream = createServer((req, res) => {
      seen = req.headers
      res.setHeader('Connection', 'keep-alive, X-Upstream-Hop')
      res.setHeader('Keep-Alive', 'timeout=99')
      res.setHeader('X-Upstream-Hop', 'secret')
      res.setHeader('Proxy-Authenticate', 'Basic realm="upstream"')
      res.setHeader('Trailer', 'X-Checksum')
      res.setHeader('X-End-To-End', 'kept')
      res.setHeader('Content-Type', 'application/json')
      res.end('{"status":"ok"}')
    })
    servers.push(upstream)
    const { server, port } = await preview(`http://127.0.0.1:${await listen(upstream)}`)
    servers.push(server)
    const answer = await get(port, '/api/v1/health', {
      Connection: 'keep-alive, X-Client-Hop',
      'Keep-Alive': 'timeout=77',
      'X-Client-Hop': 'secret',
      TE: 'trailers',
      'Proxy-Authorization': 'Basic dXNlcjpwYXNz',
      'X-Client-End-To-End': 'kept',
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toBe('{"status":"ok"}')
    // What reached the upstream: the proxy's own Connection, none of the client's hop headers.
    expect(seen['x-client-end-to-end']).toBe('kept')
    for (const name of ['keep-alive', 'x-client-hop', 'te', 'proxy-authorization'])
      expect(seen[name], name).toBeUndefined()
    expect(seen.connection ?? '').not.toMatch(/x-client-hop/i)
    // What reached the client: the proxy's own Connection and Keep-Alive, none of the upstream's.
    expect(answer.headers['x-end-to-end']).toBe('kept')
    for (const name of ['x-upstream-hop', 'proxy-authenticate', 'trailer'])
      expect(answer.headers[name], name).toBeUndefined()
    expect(answer.headers['keep-alive'] ?? '').not.toBe('timeout=99')
    expect(answer.headers.connection ?? '').not.toMatch(/x-upstream-hop/i)
  })
})
