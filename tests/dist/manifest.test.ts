// builds/latest.json and builds/meta/<id>.json as the build wrote them into dist/ (build/manifest.ts).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { localized, routes } from '../routes'

describe('the built manifest', () => {
  const latest = JSON.parse(readFileSync('dist/builds/latest.json', 'utf8'))
  const meta = JSON.parse(readFileSync(`dist/builds/meta/${latest.id}.json`, 'utf8'))

  test('one meta file, for the id and timestamp of latest.json', () => {
    expect(latest.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(readdirSync('dist/builds/meta')).toEqual([`${latest.id}.json`])
    expect(meta).toMatchObject({ id: latest.id, timestamp: latest.timestamp })
    expect(Math.abs(Date.now() - latest.timestamp)).toBeLessThan(24 * 3600 * 1000)
  })

  test('prerendered lists every page of both languages, no trailing slash', () => {
    const expected = routes.flatMap((r) => [localized(r.path, 'en'), localized(r.path, 'ar')]).sort()
    expect(meta.prerendered).toEqual(expected)
  })

  test('matcher says which paths carry the guide middleware', () => {
    expect(meta.matcher.wildcard['/guide']).toEqual({ appMiddleware: ['guide'] })
    expect(meta.matcher.wildcard['/ar/guide']).toEqual({ appMiddleware: ['guide'] })
    expect(meta.matcher.static['/pricing']).toBeUndefined()
  })

  test('every page and payload names its build; no asset does, so assets stay the same from build to build', () => {
    const pages = readdirSync('dist', { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('index.html'))
    for (const page of pages) {
      expect(readFileSync(join('dist', page), 'utf8')).toContain(`<meta name="build-id" content="${latest.id}"/>`)
      expect(JSON.parse(readFileSync(join('dist', page.replace('index.html', '_payload.json')), 'utf8')).buildId).toBe(
        latest.id,
      )
    }
    const assets = readdirSync('dist/assets', { recursive: true })
      .map(String)
      .filter((f) => /\.(js|css)$/.test(f))
    expect(assets.filter((f) => readFileSync(join('dist/assets', f), 'utf8').includes(latest.id))).toEqual([])
    expect(String(latest.timestamp)).toMatch(/^\d{13}$/)
  })
})
