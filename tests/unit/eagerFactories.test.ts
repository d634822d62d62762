import { describe, expect, it } from 'vitest'
import { eagerFactories } from '../../build/eagerFactories'

// How the build writes the CommonJS factories of React and react-dom (docs/performance.md, "A tap
// while an island loads"): as parenthesised functions, which V8 compiles while the chunk streams in.
describe('eagerFactories', () => {
  // Rolldown's minified shape: a helper (`e`) called with each module's factory.
  const chunk =
    'import{t as e}from"./chunk-X.js";var n=e((e=>{e.version=`19`})),r=e(((e,t)=>{t.exports=n()})),' +
    'i=e((e=>{e.self=this})),a=e((e=>{e.n=arguments.length})),o=e((e=>e+1)),s=e((async e=>{await e}));' +
    'function l(){var t=e((e=>{e.x=1}));return t}var c=e((e=>{e.f=function(){return this}}));export{r as t}'

  it('writes each top-level factory as a parenthesised function', () => {
    const { code, count } = eagerFactories(chunk)
    expect(count).toBe(3)
    expect(code).toContain('var n=e((function(e){e.version=`19`}))')
    expect(code).toContain('r=e((function(e,t){t.exports=n()}))')
    // A `this` inside its own function is that function's: the factory may still be rewritten.
    expect(code).toContain('c=e((function(e){e.f=function(){return this}}))')
  })

  it('leaves what would change meaning: `this`, `arguments`, an expression body, async, nested code', () => {
    const { code } = eagerFactories(chunk)
    expect(code).toContain('i=e((e=>{e.self=this}))')
    expect(code).toContain('a=e((e=>{e.n=arguments.length}))')
    expect(code).toContain('o=e((e=>e+1))')
    expect(code).toContain('s=e((async e=>{await e}))')
    expect(code).toContain('var t=e((e=>{e.x=1}))')
  })

  it('behaves as before: the module a factory builds is the same', async () => {
    const run = async (code: string) => {
      const helper = 'const e=(f)=>{let m;return()=>(m||f((m={exports:{}}).exports,m),m.exports)};'
      const body = code.replace(/^import[^;]+;/, helper).replace(/export\{r as t\}$/, 'return r()')
      return new Function(body)()
    }
    const before = (await run(chunk)) as unknown
    const after = (await run(eagerFactories(chunk).code)) as unknown
    expect(after).toEqual(before)
    expect(after).toEqual({ version: '19' })
  })
})
