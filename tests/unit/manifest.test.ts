import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { buildMatcher, buildMeta, routeInfoOf, writeManifest } from '../../build/manifest'
import { pathOfHtml } from '../../renderer/shared/paths'

describe('manifest writers', () => {
  test('route rules: guide guards on the prefix of both languages', () => {
    const info = routeInfoOf([
      { urlOriginal: '/', config: {} },
      { urlOriginal: '/guide', config: { pageMeta: { middleware: ['guide'] } } },
      { urlOriginal: '/guide/a', config: { route: '/guide/*', pageMeta: { middleware: ['guide'] } } },
      { urlOriginal: '/guide/b', config: { route: '/guide/*', pageMeta: { middleware: ['guide'] } } },
    ])
    expect(info).toEqual([
      { route: '/', middleware: [] },
      { route: '/guide', middleware: ['guide'] },
      { route: '/guide/*', middleware: ['guide'] },
    ])
    expect(buildMatcher(info, ['', '/ar'])).toEqual({
      static: { '/guide': { appMiddleware: ['guide'] }, '/ar/guide': { appMiddleware: ['guide'] } },
      wildcard: { '/guide': { appMiddleware: ['guide'] }, '/ar/guide': { appMiddleware: ['guide'] } },
      dynamic: {},
    })
  })

  test.each([
    ['index.html', '/'],
    ['ar/index.html', '/ar'],
    ['pricing/index.html', '/pricing'],
    ['ar/guide/webhooks/retries/index.html', '/ar/guide/webhooks/retries'],
  ])('%s is the page %s', (file, path) => {
    expect(pathOfHtml(file)).toBe(path)
  })

  test('latest.json and meta/<id>.json share id and timestamp', () => {
    const dir = mkdtempSync(join(tmpdir(), 'manifest-'))
    writeManifest(dir, buildMeta('b1', 42, { static: {}, wildcard: {}, dynamic: {} }, ['/pricing', '/']))
    expect(JSON.parse(readFileSync(join(dir, 'builds/latest.json'), 'utf8'))).toEqual({ id: 'b1', timestamp: 42 })
    expect(JSON.parse(readFileSync(join(dir, 'builds/meta/b1.json'), 'utf8'))).toEqual({
      id: 'b1',
      timestamp: 42,
      matcher: { static: {}, wildcard: {}, dynamic: {} },
      prerendered: ['/', '/pricing'],
    })
  })
})
