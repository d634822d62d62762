import { describe, expect, it } from 'vitest'
import { scriptImports } from '../../build/scriptImports'

// What the build keeps of dist/assets (build/postbuild.ts prunes the rest) and `npm run verify` checks.
describe('scriptImports', () => {
  it('finds static and dynamic imports, preload lists and a worker’s script', () => {
    const code =
      'import{a as b}from"./chunk-A.js";const c=()=>import(`./chunk-B.js`),d=["assets/chunks/chunk-C.js"];' +
      'new Worker(new URL(`/assets/intlWarm-X1.js`,``+import.meta.url),{type:`module`})'
    expect(scriptImports(code)).toEqual({
      relative: ['./chunk-A.js', './chunk-B.js'],
      fromRoot: ['assets/chunks/chunk-C.js', 'assets/intlWarm-X1.js'],
    })
  })

  it('does not take a URL that is not a script under assets/', () => {
    expect(
      scriptImports('new URL(`/status/current.json`,location.href);new URL("https://x.test/assets/a.js")').fromRoot,
    ).toEqual([])
  })
})
