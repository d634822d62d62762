// Moved pages (docs/deploy.md, "Moved pages"): the list in locales/guides/redirects.json, every
// language's redirects from it, the build's refusals, the file the host reads and the 301 the
// viewer-response function answers a moved page's object with.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { droppedPages, loadRedirects, redirectProblems, sitemapPaths, writeRedirects } from '../../build/redirects'
import { sitemapXml } from '../../build/sitemap'
import { viewerResponse } from '../../host/local/cdn'
import { formatRedirects, LOCATION_METADATA, parseRedirects, redirectKey } from '../../host/redirects'
import { REVALIDATE } from '../../host/rules'

const source = (moves: Record<string, string>) => {
  const file = join(mkdtempSync(join(tmpdir(), 'redirects-')), 'redirects.json')
  writeFileSync(file, JSON.stringify(moves))
  return file
}

describe('moved pages', () => {
  afterEach(() => {
    delete process.env.PREVIOUS_SITEMAP
  })

  it('the repository’s moves point at built guides, in every language', () => {
    const moved = loadRedirects()
    expect(moved.get('/guide/refunds')).toBe('/guide/payments/refunds')
    expect(moved.get('/ar/guide/refunds')).toBe('/ar/guide/payments/refunds')
    const built = [...new Set([...moved.values()])]
    expect(redirectProblems(moved, built)).toEqual([])
  })

  it('refuses a redirect from a page still built, to no page, to another redirect, and a loop', () => {
    const built = ['/guide/a', '/ar/guide/a', '/guide/kept', '/ar/guide/kept']
    expect(redirectProblems(loadRedirects(source({ '/guide/kept': '/guide/a' })), built)).toContain(
      '"/guide/kept" is redirected but still built: remove one of them',
    )
    expect(redirectProblems(loadRedirects(source({ '/guide/old': '/guide/gone' })), built)).toContain(
      '"/guide/old" redirects to "/guide/gone", which is not a page of this build',
    )
    expect(
      redirectProblems(loadRedirects(source({ '/guide/x': '/guide/y', '/guide/y': '/guide/a' })), built),
    ).toContain('"/guide/x" redirects to "/guide/y", which is itself redirected: point it at "/guide/a"')
    expect(
      redirectProblems(loadRedirects(source({ '/guide/x': '/guide/y', '/guide/y': '/guide/x' })), built),
    ).toContain('"/guide/x" is part of a redirect loop (/guide/x -> /guide/y -> /guide/x)')
    expect(() => loadRedirects(source({ '/guide/x/': '/guide/a' }))).toThrow(
      /redirects\.json: "\/guide\/x\/": "\/guide\/a" is not two site paths/,
    )
    expect(() => loadRedirects(source({ '/guide/x': '/guide/x' }))).toThrow(/"\/guide\/x" redirects to itself/)
  })

  it('fails the build on a page of the previous release’s sitemap that is neither built nor redirected', () => {
    const previous = sitemapXml([
      '/',
      '/ar',
      '/guide/refunds',
      '/ar/guide/refunds',
      '/guide/retired',
      '/ar/guide/retired',
    ])
    expect(sitemapPaths(previous)).toEqual(expect.arrayContaining(['/', '/guide/refunds', '/ar/guide/retired']))
    const moved = loadRedirects()
    const built = ['/', '/ar', ...new Set(moved.values())]
    expect(droppedPages(sitemapPaths(previous), built, moved).sort()).toEqual(['/ar/guide/retired', '/guide/retired'])

    const dir = mkdtempSync(join(tmpdir(), 'dist-'))
    process.env.PREVIOUS_SITEMAP = join(dir, 'live-sitemap.xml')
    writeFileSync(process.env.PREVIOUS_SITEMAP, previous)
    expect(() => writeRedirects(dir, built)).toThrow(
      /locales\/guides\/redirects\.json: \/ar\/guide\/retired, \/guide\/retired are in .*live-sitemap\.xml but neither built nor redirected/,
    )
    writeFileSync(process.env.PREVIOUS_SITEMAP, sitemapXml(['/', '/ar', '/guide/refunds', '/ar/guide/refunds']))
    writeRedirects(dir, built)
    expect(parseRedirects(readFileSync(join(dir, '_redirects'), 'utf8'))).toEqual(moved)
  })

  it('the host file round-trips, and a malformed line names its line', () => {
    const moved = new Map([['/guide/a', '/guide/b']])
    expect(formatRedirects(moved)).toBe('/guide/a /guide/b 301\n')
    expect(parseRedirects(formatRedirects(moved))).toEqual(moved)
    expect(() => parseRedirects('/guide/a /guide/b 301\n/guide/c\n')).toThrow(
      /_redirects line 2: not "<from> <to> 301"/,
    )
    expect(redirectKey('/ar/guide/refunds')).toBe('ar/guide/refunds/index.html')
  })

  it('the viewer-response function answers a moved page’s object with a 301, revalidated, and nothing else', async () => {
    const moved = await viewerResponse()({
      request: { method: 'GET', uri: '/releases/b1/guide/refunds/index.html', querystring: {}, headers: {} },
      response: {
        statusCode: 200,
        headers: { [`x-amz-meta-${LOCATION_METADATA}`]: { value: '/guide/payments/refunds' } },
      },
    })
    expect([moved.statusCode, moved.headers.location?.value, moved.headers['cache-control']?.value]).toEqual([
      301,
      '/guide/payments/refunds',
      REVALIDATE,
    ])
    expect(Object.keys(moved.headers).filter((h) => h.startsWith('x-amz-'))).toEqual([])
    const page = await viewerResponse()({
      request: { method: 'GET', uri: '/releases/b1/guide/payments/refunds/index.html', querystring: {}, headers: {} },
      response: { statusCode: 200, headers: {} },
    })
    expect([page.statusCode, page.headers.location]).toEqual([200, undefined])
  })
})
