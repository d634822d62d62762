// `npm run preview` serves the built site and the API behind /api/* on one origin, as CloudFront
// does: its own API (the settings of `npm run api`), or the one at API_ORIGIN. Real servers on loopback.
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { serve } from '../../host/local/previewServer'
import { call, goodSales, startApi, type TestApi } from '../api/helpers'

const freePort = () =>
  new Promise<number>((ok) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => ok(port))
    })
  })

describe('npm run preview starts its own API', () => {
  let child: ChildProcess
  let origin = ''
  afterAll(() => {
    child?.kill('SIGTERM')
  })

  test('the site and /api/v1 answer on the same origin; a lead is stored', { timeout: 60_000 }, async () => {
    const port = await freePort()
    origin = `http://127.0.0.1:${port}`
    child = spawn(process.execPath, [resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/serve.ts'], {
      env: { ...process.env, PORT: String(port), API_STORE: 'memory', API_ORIGIN: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    await new Promise<void>((ok, fail) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk
        if (output.includes('Serving')) ok()
      })
      child.stderr!.on('data', (chunk: Buffer) => {
        output += chunk
      })
      child.once('exit', (code) => fail(new Error(`preview exited with ${code}: ${output}`)))
    })
    expect(output).toMatch(/\/api\/\* -> http:\/\/127\.0\.0\.1:\d+/)
    const page = await fetch(`${origin}/contact-us`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const health = await call({ url: origin }, '/api/v1/health')
    expect(health.status).toBe(200)
    expect(health.body).toMatchObject({ status: 'ok', store: 'memory' })
    const created = await call({ url: origin }, '/api/v1/contact/sales', { body: goodSales })
    expect(created.status).toBe(201)
    const exited = new Promise<number | null>((ok) => child.once('exit', ok))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  })
})

describe('with API_ORIGIN, /api/* goes to the API already running there', () => {
  let api: TestApi | undefined
  let preview: Server | undefined
  afterAll(async () => {
    preview?.close()
    preview?.closeAllConnections()
    await api?.close().catch(() => {})
  })

  test('requests reach it and are stored there; a stopped API is a 502 problem', async () => {
    api = await startApi({ config: { trustProxy: { kind: 'cloudfront' } } })
    const port = await freePort()
    preview = await serve('dist', port, '127.0.0.1', { apiOrigin: api.url })
    const origin = { url: `http://127.0.0.1:${port}` }
    const created = await call(origin, '/api/v1/contact/sales', { body: goodSales })
    expect(created.status).toBe(201)
    expect((await api.store.listContacts()).length).toBe(1)
    // Not under /api/: the site, as before.
    expect((await fetch(`${origin.url}/api`)).status).toBe(404)
    await api.close()
    api = undefined
    const down = await fetch(`${origin.url}/api/v1/health`)
    expect(down.status).toBe(502)
    expect(down.headers.get('content-type')).toMatch(/^application\/problem\+json/)
    expect(await down.json()).toMatchObject({ status: 502, code: 'bad-gateway' })
  })
})
