// The status probe from outside (docs/status.md, "Measured availability"), against servers on
// 127.0.0.1 that answer well, badly, slowly or not at all; and the scheduled function's refusal
// to run without its settings.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { probeConfig } from '../../api/status/lambda'
import { probe } from '../../api/status/probe'

let server: Server
let origin: string
/** What each path answers: status, content type, body; `hang` never answers. */
const answers: Record<string, [number, string, string] | 'hang'> = {
  '/': [200, 'text/html; charset=utf-8', '<!doctype html>'],
  '/ar/': [200, 'text/html; charset=utf-8', '<!doctype html>'],
  '/api/v1/health': [200, 'application/json', '{"status":"ok"}'],
  '/down/api/v1/health': [503, 'application/json', '{"status":"unavailable"}'],
  '/pay': [404, 'application/problem+json', '{}'],
  '/pay-broken': [502, 'text/plain', 'bad gateway'],
  '/slow/': 'hang',
  '/slow/ar/': 'hang',
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const answer = answers[req.url ?? ''] ?? [404, 'text/plain', 'no']
    if (answer === 'hang') return
    res.writeHead(answer[0], { 'content-type': answer[1] })
    res.end(answer[2])
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

test('a healthy site, API and payment host are up; a 404 from the payment host still means it answers', async () => {
  const results = await probe({ site: origin, api: `${origin}/api/v1`, payment: `${origin}/pay` })
  expect(results.map((r) => [r.component, r.ok])).toEqual([
    ['site', true],
    ['api', true],
    ['checkout', true],
  ])
})

test('a 503 health, a 502 payment host, a site that does not answer in time and a closed port are each down, with why', async () => {
  const closed = createServer()
  await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok))
  const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
  await new Promise((ok) => closed.close(ok))
  const results = await probe(
    { site: `${origin}/slow`, api: `${origin}/down/api/v1`, payment: `${origin}/pay-broken` },
    { timeoutMs: 300 },
  )
  const by = Object.fromEntries(results.map((r) => [r.component, r]))
  expect(by.site).toMatchObject({ ok: false, detail: expect.stringContaining('no answer in 300 ms') })
  expect(by.api).toMatchObject({ ok: false, detail: expect.stringContaining('HTTP 503') })
  expect(by.checkout).toMatchObject({ ok: false, detail: expect.stringContaining('HTTP 502') })
  const [refused] = await probe({ api: `${closedUrl}/api/v1` }, { timeoutMs: 1000 })
  expect(refused).toMatchObject({ component: 'api', ok: false, detail: expect.stringContaining('ECONNREFUSED') })
})

test('the scheduled probe refuses to run without its bucket, its site or its zone, naming each', () => {
  expect(() => probeConfig({})).toThrow(
    'The status probe cannot run: SITE_BUCKET, PROBE_SITE_URL, STATUS_TIME_ZONE not set.',
  )
  expect(() => probeConfig({ SITE_BUCKET: 'b', PROBE_SITE_URL: 'https://x' })).toThrow(/STATUS_TIME_ZONE not set/)
  expect(
    probeConfig({
      SITE_BUCKET: 'b',
      PROBE_SITE_URL: 'https://x/',
      STATUS_TIME_ZONE: 'Asia/Riyadh',
      PROBE_API_URL: 'https://x/api/v1',
    }),
  ).toMatchObject({ bucket: 'b', siteUrl: 'https://x', targets: { site: 'https://x/', api: 'https://x/api/v1' } })
})
