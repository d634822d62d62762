// One table of paths through every side that must agree on the URL <-> file rule
// (renderer/shared/paths.ts): the build (which file a page is written to, and its payload), the
// browser runtime (which links it swaps in place), the preview server and `npm run verify` (which
// key answers), and the CloudFront viewer-request function the build writes (which key S3 is asked for).
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { pageUrl } from '../../renderer/client/links'
import { viewerRequestSource } from '../../renderer/shared/host'
import { htmlOfPath, isFilePath, notFoundKey, payloadPath, servedKey } from '../../renderer/shared/paths'
import { resolveRequest } from '../../scripts/lib/previewServer'

/** What dist/ holds in this table's world. */
const files = new Set([
  'index.html',
  'ar/index.html',
  'pricing/index.html',
  'guide/v1.2/index.html',
  'guide/v1.2/notes/index.html',
  'assets/x.js',
  'assets/site.AbC.css',
  'robots.txt',
  'favicon.svg',
  'builds/latest.json',
  '_headers',
  '404.html',
])
const exists = (key: string) => files.has(key)

type Row = { path: string; kind: 'page' | 'file'; key: string | null; payload?: string }
const table: Row[] = [
  { path: '/', kind: 'page', key: 'index.html', payload: '/_payload.json' },
  { path: '/ar', kind: 'page', key: 'ar/index.html', payload: '/ar/_payload.json' },
  { path: '/ar/', kind: 'page', key: 'ar/index.html', payload: '/ar/_payload.json' },
  { path: '/pricing/', kind: 'page', key: 'pricing/index.html', payload: '/pricing/_payload.json' },
  { path: '/guide/v1.2', kind: 'page', key: 'guide/v1.2/index.html', payload: '/guide/v1.2/_payload.json' },
  {
    path: '/guide/v1.2/notes',
    kind: 'page',
    key: 'guide/v1.2/notes/index.html',
    payload: '/guide/v1.2/notes/_payload.json',
  },
  { path: '/ar/unknown', kind: 'page', key: null, payload: '/ar/unknown/_payload.json' },
  { path: '/assets/x.js', kind: 'file', key: 'assets/x.js' },
  { path: '/assets/site.AbC.css', kind: 'file', key: 'assets/site.AbC.css' },
  { path: '/assets/missing.js', kind: 'file', key: null },
  { path: '/robots.txt', kind: 'file', key: 'robots.txt' },
  { path: '/favicon.svg', kind: 'file', key: 'favicon.svg' },
  { path: '/builds/latest.json', kind: 'file', key: 'builds/latest.json' },
  // A host's configuration is never served; with no extension it reads as a page that does not exist.
  { path: '/_headers', kind: 'page', key: null, payload: '/_headers/_payload.json' },
]

// The function CloudFront runs, as the build writes it (ES5, no modules).
const cloudFront = new Function(`${viewerRequestSource()}; return handler`)() as (event: {
  request: { uri: string; querystring: Record<string, unknown> }
}) => { uri: string; querystring: Record<string, unknown> }
/** The key S3 is asked for, or null when it answers 403/404 and CloudFront serves 404.html. */
const viaCloudFront = (path: string) => {
  const request = cloudFront({ request: { uri: path, querystring: { v: { value: '1' } } } })
  expect(request.querystring).toEqual({})
  const key = request.uri.replace(/^\//, '')
  return exists(key) && key !== '_headers' ? key : null
}

describe.each(table)('$path', ({ path, kind, key, payload }) => {
  it(`is a ${kind} for the shared rule`, () => {
    expect(isFilePath(path)).toBe(kind === 'file')
  })

  it('the build writes a page where the host looks for it, with its payload beside it', () => {
    if (kind === 'file') return
    if (key) expect(htmlOfPath(path)).toBe(key)
    expect(payloadPath(path)).toBe(payload)
  })

  it('the runtime swaps a page in place and leaves a file to the browser', () => {
    const here = new URL('https://site.example/somewhere')
    const url = pageUrl(path, here)
    expect(url === null ? 'file' : 'page').toBe(kind)
  })

  it('the preview server and verify serve the same key', () => {
    expect(servedKey(path, exists) ?? null).toBe(key)
    const { file, status } = resolveRequest('/dist', `${path}?x=1`, exists)
    expect(file).toBe(join('/dist', key ?? notFoundKey))
    expect(status).toBe(key ? 200 : 404)
  })

  it('the CloudFront function asks S3 for the same key', () => {
    expect(viaCloudFront(path)).toBe(key)
  })
})
