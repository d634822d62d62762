// build/bundleCache.ts: a build reuses Vike's bundles only when nothing they are made from changed,
// and only when Vike will load this project's server entry. A temporary project, no build.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { bundleCache, bundleKey, serverEntryNamed } from '../../build/bundleCache'

let root: string
const write = (file: string, text: string) => {
  mkdirSync(join(root, file, '..'), { recursive: true })
  writeFileSync(join(root, file), text)
}
const define = { __UPDATE_CHECK_INTERVAL__: '3600000' }
const env = {} as NodeJS.ProcessEnv

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rasid-bundle-cache-'))
  write('pages/index/+Page.tsx', 'export default 1')
  write('locales/en.json', '{}')
  write('locales/guides/en/a.md', '# A')
  write('package-lock.json', '{}')
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('the bundles key', () => {
  test('the same sources, settings and environment give the same key', () => {
    expect(bundleKey(root, define, env)).toBe(bundleKey(root, { ...define }, {}))
  })

  test('an edited, added or renamed source, another lock, define or VITE_ variable is another key', () => {
    const key = bundleKey(root, define, env)
    const changed = (change: () => void, d = define, e = env) => {
      change()
      const other = bundleKey(root, d, e)
      return other !== key
    }
    expect(changed(() => {}, { __UPDATE_CHECK_INTERVAL__: '60000' })).toBe(true)
    expect(changed(() => {}, define, { VITE_API: 'x' })).toBe(true)
    expect(changed(() => {}, define, { NODE_ENV: 'development' })).toBe(true)
    expect(changed(() => write('pages/index/+Page.tsx', 'export default 2'))).toBe(true)
    write('pages/index/+Page.tsx', 'export default 1')
    expect(bundleKey(root, define, env)).toBe(key)
    expect(changed(() => write('pages/new/+Page.tsx', ''))).toBe(true)
    rmSync(join(root, 'pages/new'), { recursive: true })
    expect(changed(() => write('package-lock.json', '{"v":2}'))).toBe(true)
  })

  test('Vike’s transpiled copies of the config files are not in it: they come and go while it builds', () => {
    const key = bundleKey(root, define, env)
    write('pages/index/+config.ts.build-0123456789ab.mjs', 'export default {}')
    expect(bundleKey(root, define, env)).toBe(key)
  })

  test('the guides are not in it: the prerender reads them, the bundles do not hold them', () => {
    const key = bundleKey(root, define, env)
    write('locales/guides/en/b.md', '# B')
    write('locales/guides/en/a.md', '# A, edited')
    expect(bundleKey(root, define, env)).toBe(key)
  })
})

describe('the bundle cache', () => {
  /** A project whose node_modules names `entryOf`'s server entry, as Vike's last build would have. */
  function autoImporter(relative: string) {
    write(
      'node_modules/@brillout/vite-plugin-server-entry/dist/esm/runtime/autoImporter.js',
      `export const status = 'SET';\nexport const paths = {\n  serverEntryFilePathRelative: "${relative}",\n};\n`,
    )
  }

  test('kept bundles come back into .vike when the server entry is this project’s; BUNDLE_CACHE=0 turns it off', () => {
    autoImporter('../../../../../../.vike/server/entry.mjs')
    expect(serverEntryNamed(root, '.vike')).toBe(true)
    write('.vike/client/assets/a.js', 'client')
    write('.vike/server/entry.mjs', 'server')
    const cacheEnv = { BUNDLE_CACHE_DIR: join(root, 'cache') } as NodeJS.ProcessEnv
    const first = bundleCache(root, join(root, '.vike'), define, cacheEnv)!
    expect(first.restore()).toBe(false)
    first.save()
    rmSync(join(root, '.vike'), { recursive: true })
    const second = bundleCache(root, join(root, '.vike'), define, cacheEnv)!
    expect(second.key).toBe(first.key)
    expect(second.restore()).toBe(true)
    expect(readFileSync(join(root, '.vike/client/assets/a.js'), 'utf8')).toBe('client')
    expect(readFileSync(join(root, '.vike/server/entry.mjs'), 'utf8')).toBe('server')
    write('pages/index/+Page.tsx', 'export default 3')
    expect(bundleCache(root, join(root, '.vike'), define, cacheEnv)!.restore()).toBe(false)
    expect(bundleCache(root, join(root, '.vike'), define, { ...cacheEnv, BUNDLE_CACHE: '0' })).toBeUndefined()
  })

  test('not when node_modules names another copy’s server entry (a copy that shares node_modules built last)', () => {
    autoImporter('../../../../../../../elsewhere/.vike/server/entry.mjs')
    expect(serverEntryNamed(root, '.vike')).toBe(false)
    write('.vike/client/a.js', '')
    write('.vike/server/entry.mjs', '')
    const cacheEnv = { BUNDLE_CACHE_DIR: join(root, 'cache') } as NodeJS.ProcessEnv
    bundleCache(root, join(root, '.vike'), define, cacheEnv)!.save()
    expect(bundleCache(root, join(root, '.vike'), define, cacheEnv)!.restore()).toBe(false)
  })

  test('a copy whose node_modules is a link to the project’s: named by the path from where the packages really are', () => {
    const copy = mkdtempSync(join(tmpdir(), 'rasid-bundle-copy-'))
    try {
      symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'))
      autoImporter('../../../../../../.vike/server/entry.mjs')
      expect(serverEntryNamed(root, '.vike')).toBe(true)
      expect(serverEntryNamed(copy, '.vike')).toBe(false)
      expect(existsSync(join(copy, 'node_modules', '@brillout'))).toBe(true)
    } finally {
      rmSync(copy, { recursive: true, force: true })
    }
  })
})
