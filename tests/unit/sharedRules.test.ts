// One table of paths through every side that must agree on the URL <-> file rule
// (renderer/shared/paths.ts): the build (which file a page is written to, and its payload), the
// browser runtime (which links it swaps in place), `npm run verify` (which key answers), and the
// edge: the CloudFront viewer-request function the stack publishes, over a bucket laid out in
// releases, as the preview serves it (which key S3 is asked for).
import { describe, expect, it } from 'vitest'
import { pageUrl } from '../../renderer/client/links'
import { bucketKey, RELEASES } from '../../host/rules'
import { htmlOfPath, hostFiles, isFilePath, payloadPath, servedKey } from '../../renderer/shared/paths'
import { edge } from '../../host/local/cdn'

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

// The bucket a deploy of that dist/ gives (build `b1`, live), through the edge.
const viaEdge = edge(
  {
    async get(key) {
      const file = [...files].find((f) => !hostFiles.includes(f) && bucketKey('b1', f) === key)
      if (!file && key !== '404.html') return undefined
      return { body: Buffer.from(key), contentType: 'text/plain', cacheControl: '', etag: '"x"', metadata: {} }
    },
  },
  async (key) => (key === 'live' ? 'b1' : undefined),
)
/** The key of dist/ that answers, or null when S3 answers 403/404 and CloudFront serves 404.html. */
const viaCloudFront = async (path: string) => {
  const answer = await viaEdge('GET', `${path}?v=1`, {})
  if (answer.status === 404) return null
  expect(answer.status).toBe(200)
  return answer.key!.replace(new RegExp(`^${RELEASES}b1/`), '')
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

  it('verify serves the same key', () => {
    expect(servedKey(path, exists) ?? null).toBe(key)
  })

  it('the CloudFront function, as the preview runs it, asks S3 for the same key', async () => {
    expect(await viaCloudFront(path)).toBe(key)
  })
})
