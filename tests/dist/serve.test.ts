// The preview server's address rule (scripts/serve.ts, which the browser tests run against) on the
// built dist/: clean URLs, index documents, the 404 document, no way out of the folder.
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { resolveRequest } from '../../scripts/lib/previewServer'

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
  ])('%s -> %s', (url, file, status) => {
    const root = join(process.cwd(), 'dist')
    expect(resolveRequest(root, url)).toEqual({ file: join(root, file), status })
  })
})
