// The edge reads only what visitors may see: a URI with a dot segment, an
// empty segment, an encoded dot, slash or backslash, or a backslash, gets 400 from the
// viewer-request function, on the local edge as in production (host/local/cdn.ts runs the same
// generated function, handed the raw path as CloudFront hands it), and never an object of the
// bucket's private prefixes. Sent with node:http, which sends the path as written (a browser or
// fetch() would resolve the dot segments first).
import { request as httpRequest, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Bucket, StoredObject } from '../../host/local/cdn'
import { serve, serveBucket } from '../../host/local/previewServer'

const PRIVATE = 'who-deployed-what: operator@build-host'
const object = (body: string, contentType = 'application/json'): StoredObject => ({
  body: Buffer.from(body),
  contentType,
  cacheControl: 'no-cache',
  etag: '"x"',
  metadata: {},
})
/** A bucket laid out as a deploy leaves it, with its private prefixes beside the public ones. */
const objects: Record<string, StoredObject> = {
  'releases/b1/index.html': object('<!doctype html><title>home</title>', 'text/html; charset=utf-8'),
  'releases/b1/builds/latest.json': object('{"id":"b1"}'),
  'status/status.json': object('{"status":"ok"}'),
  '404.html': object('<!doctype html><title>404</title>', 'text/html; charset=utf-8'),
  'deploys/builds/b1.json': object(`{"by":"${PRIVATE}"}`),
  'status-history/0000000001.json': object(`{"change":"${PRIVATE}"}`),
}
// S3's keys are literal, as the real bucket's: `status/../deploys/x` is no key of it. A bucket that
// resolved dot segments would be the worst case, so this one does: only the function stands between.
const resolving: Bucket = {
  async get(key) {
    const segments: string[] = []
    for (const segment of key.replaceAll('\\', '/').split('/'))
      if (segment === '..') segments.pop()
      else if (segment !== '.' && segment !== '') segments.push(segment)
    return objects[segments.join('/')]
  },
}

let bucketEdge: Server
let distEdge: Server
const port = (server: Server) => (server.address() as { port: number }).port
beforeAll(async () => {
  bucketEdge = await serveBucket(resolving, async (key) => (key === 'live' ? 'b1' : undefined), 0)
  distEdge = await serve('dist', 0)
})
afterAll(() => {
  for (const server of [bucketEdge, distEdge]) {
    server?.closeAllConnections()
    server?.close()
  }
})

/** A GET of `path` exactly as written. */
function get(server: Server, path: string): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const req = httpRequest({ host: '127.0.0.1', port: port(server), path, method: 'GET' }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => done({ status: res.statusCode!, body }))
    })
    req.on('error', fail)
    req.end()
  })
}

const unsafe = [
  '/status/../deploys/builds/b1.json',
  '/status/./../deploys/builds/b1.json',
  '/assets/../status-history/0000000001.json',
  '/status/..%2fdeploys/builds/b1.json',
  '/status/..%2Fdeploys/builds/b1.json',
  '/status/%2e%2e/deploys/builds/b1.json',
  '/status/%2E%2E/status-history/0000000001.json',
  '/builds/meta/.%2e/.%2e/deploys/builds/b1.json',
  '/status//../deploys/builds/b1.json',
  '//deploys/builds/b1.json',
  '/status/..\\deploys\\builds\\b1.json',
  '/status/%5c..%5cdeploys/builds/b1.json',
]

describe('the local edge refuses a path that could leave the public prefixes', () => {
  test.each(unsafe)('%s -> 400, never the private object', async (path) => {
    const answer = await get(bucketEdge, path)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatch(/Bad request[\s\S]*طلب غير صالح/)
    expect(answer.body).not.toContain(PRIVATE)
  })

  test('still serves what the site links to, and the private prefixes by their own names are not found', async () => {
    expect(await get(bucketEdge, '/')).toMatchObject({ status: 200, body: expect.stringContaining('home') })
    expect(await get(bucketEdge, '/builds/latest.json')).toMatchObject({ status: 200, body: '{"id":"b1"}' })
    expect(await get(bucketEdge, '/status/status.json')).toMatchObject({ status: 200, body: '{"status":"ok"}' })
    for (const path of ['/deploys/builds/b1.json', '/status-history/0000000001.json']) {
      const answer = await get(bucketEdge, path)
      expect(answer.status, path).toBe(404)
      expect(answer.body).not.toContain(PRIVATE)
    }
  })

  test('the preview of dist/ answers the same 400', async () => {
    for (const path of ['/pricing/../index.html', '/assets/%2e%2e/index.html', '/assets\\x', '//pricing']) {
      const answer = await get(distEdge, path)
      expect(answer.status, path).toBe(400)
    }
    expect((await get(distEdge, '/pricing')).status).toBe(200)
  })
})
