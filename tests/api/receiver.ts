// A CRM's webhook endpoint for the forwarding tests (api/server/forward.ts): an HTTP server on
// 127.0.0.1 that keeps every delivery (headers and the raw body) and answers each in turn as its
// script says: a status, or `hang` (never answers, so the forwarder's timeout must end it).
import { createHmac, timingSafeEqual } from 'node:crypto'
import { once } from 'node:events'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

type Answer = number | 'hang'

type Delivery = { headers: IncomingHttpHeaders; body: string; answer: Answer }

export type Receiver = {
  url: string
  deliveries: Delivery[]
  /** The ids of the leads delivered, in order (from the body). */
  ids(): string[]
  close(): Promise<void>
}

/** Listens on `port` (0: a free one); answers each delivery with the next of `script`, then 200. */
export async function startReceiver(options: { port?: number; script?: Answer[] } = {}): Promise<Receiver> {
  const script = [...(options.script ?? [])]
  const deliveries: Delivery[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const answer = script.shift() ?? 200
      deliveries.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), answer })
      if (answer === 'hang') return
      response.writeHead(answer, { 'content-type': 'text/plain' })
      response.end(answer < 300 ? 'ok' : 'no')
    })
  })
  server.listen(options.port ?? 0, '127.0.0.1')
  await once(server, 'listening')
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/leads`,
    deliveries,
    ids: () => deliveries.map((d) => (JSON.parse(d.body) as { id: string }).id),
    close: () =>
      new Promise<void>((done, fail) => {
        server.close((error) => (error ? fail(error) : done()))
        server.closeAllConnections()
      }),
  }
}

/** A port nothing listens on (yet): a receiver that is down. */
export async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  await new Promise((done) => server.close(done))
  return port
}

/**
 * The check a CRM makes, written from the site's webhooks guide (locales/guides/en/webhooks/index.md),
 * not from the server's code: `t` and `v1` from `Rasid-Signature`, the HMAC-SHA256 of `t.body`,
 * compared in constant time, the timestamp within 5 minutes.
 */
export function validSignature(header: string | string[] | undefined, body: string, secret: string): boolean {
  if (typeof header !== 'string') return false
  const pairs = header.split(',').map((part) => part.trim().split('='))
  const timestamp = pairs.find(([key]) => key === 't')?.[1]
  const signatures = pairs.filter(([key]) => key === 'v1').map(([, value]) => value ?? '')
  if (!timestamp || signatures.length === 0) return false
  if (!(Math.abs(Math.floor(Date.now() / 1000) - Number(timestamp)) <= 300)) return false
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest()
  return signatures.some((signature) => {
    const received = Buffer.from(signature, 'hex')
    return received.length === expected.length && timingSafeEqual(received, expected)
  })
}

/**
 * Waits until `check` holds (polling), or fails after `ms`: room for a machine whose cores are
 * busy with other work; a check that holds returns at once.
 */
export async function until(check: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${check.toString()}`)
    await new Promise((done) => setTimeout(done, 20))
  }
}
