// The preview server (scripts/serve.ts, which the browser tests run against) on the built dist/,
// as S3 behind CloudFront answers: clean URLs and index documents of the live release, the 404
// document, no way out of the folder, the build's Content-Security-Policy on its answers.
import { readFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FALLBACK_CSP } from '../../host/rules'
import { buildCsp } from '../../host/local/cdn'
import { serve } from '../../host/local/previewServer'

let server: Server
let origin: string
beforeAll(async () => {
  server = await serve('dist', 0)
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(() => {
  server.closeAllConnections()
  server.close()
})

describe('the test server answers like S3 behind a CDN', () => {
  test.each([
    ['/', 'index.html', 200],
    ['/pricing', 'pricing/index.html', 200],
    ['/pricing/', 'pricing/index.html', 200],
    ['/pricing?x=1', 'pricing/index.html', 200],
    ['/pricing/_payload.json?abc', 'pricing/_payload.json', 200],
    ['/nope', '404.html', 404],
    ['/ar/nope', '404.html', 404],
    ['/../package.json', '404.html', 404],
    ['/%2e%2e/%2e%2e/package.json', '404.html', 404],
    ['/_headers', '404.html', 404],
  ])('%s -> %s', async (url, file, status) => {
    const res = await fetch(`${origin}${url}`)
    expect(res.status).toBe(status)
    expect(await res.text()).toBe(readFileSync(`dist/${file}`, 'utf8'))
  })

  test('an encoded slash is refused at the edge with 400, nothing of the folder or outside it', async () => {
    for (const url of ['/..%2f..%2fpackage.json', '/assets/..%2f..%2fpackage.json']) {
      const res = await fetch(`${origin}${url}`)
      expect(res.status, url).toBe(400)
      expect(await res.text()).not.toContain('"name"')
    }
  })

  test('every answer of the build carries its Content-Security-Policy; a shared asset one that loads nothing', async () => {
    for (const url of ['/', '/ar/pricing', '/pricing/_payload.json', '/nope'])
      expect((await fetch(`${origin}${url}`)).headers.get('content-security-policy'), url).toBe(buildCsp('dist'))
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(readFileSync('dist/index.html', 'utf8'))![1]
    const asset = await fetch(`${origin}${css}`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-security-policy')).toBe(FALLBACK_CSP)
    expect([...asset.headers.keys()].filter((h) => h.startsWith('x-amz-'))).toEqual([])
  })
})
