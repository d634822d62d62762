import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createGenerator } from 'unocss'
import { describe, expect, test } from 'vitest'
import config from '../../uno.config'
import { assertMiddleware } from '../../renderer/pageMeta'
import { middlewareNames } from '../../renderer/shared/middleware'
import { onPrerenderStart } from '../../renderer/+onPrerenderStart'

const sources = ['pages', 'renderer'].flatMap((dir) =>
  (readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f)).map((f) => join(dir, f)),
)

describe('logical CSS only', async () => {
  const uno = await createGenerator(config)

  test('the blocklist rejects physical left/right utilities with a message', async () => {
    for (const token of [
      'ml-4',
      'pr-2',
      'left-0',
      'right-4',
      'text-left',
      'rounded-r-lg',
      'border-l',
      'md:ml-4',
      'float-right',
    ]) {
      expect(await uno.generate(token, { preflights: false, safelist: false }).then((r) => r.css), token).toBe('')
      expect(uno.getBlocked(token.replace(/^md:/, ''))?.[1]?.message ?? '', token).toMatch(/logical/)
    }
    const { css } = await uno.generate('ms-4 pe-2 start-0 text-start rounded-s-lg border-e', { preflights: false })
    expect(css).toContain('margin-inline-start')
    expect(css).toContain('padding-inline-end')
    expect(css).toContain('inset-inline-start')
    expect(css).toContain('text-align:start')
  })

  test('no source file uses a physical utility or a physical inline style', async () => {
    const found: string[] = []
    for (const file of sources) {
      const code = readFileSync(file, 'utf8')
      const tokens = await uno.applyExtractors(code, file)
      for (const token of tokens) {
        const bare = token.replace(/^([\w-]+:)+/, '')
        if (uno.getBlocked(bare)) found.push(`${file}: ${token}`)
      }
      for (const m of code.matchAll(/\b(marginLeft|marginRight|paddingLeft|paddingRight|left|right)\s*:/g)) {
        if (/style=\{\{[^}]*$/.test(code.slice(0, m.index))) found.push(`${file}: inline ${m[1]}`)
      }
    }
    expect(found).toEqual([])
  })

  test('the theme colours of docs/behaviour.md §8 and icons compile to CSS', async () => {
    const { css } = await uno.generate(
      'bg-primary-500 text-secondary-500 text-warning-500 bg-neutral-900 i-lucide-globe',
      { preflights: false },
    )
    expect(css).toMatch(/--colors-primary-500:\s*oklch|#22c55e|--colors-primary-500/)
    expect(css).toContain('.i-lucide-globe')
    expect(css).toMatch(/url\("data:image\/svg\+xml/)
  })
})

describe('route middleware', () => {
  test('the guide guard is registered', () => {
    expect(middlewareNames).toContain('guide')
    expect(() => assertMiddleware(['guide'])).not.toThrow()
  })
  test("an unknown name fails with Unknown route middleware: '<name>'.", () => {
    expect(() => assertMiddleware(['guide', 'auth'])).toThrow("Unknown route middleware: 'auth'.")
  })
  test("the build stops on an unknown route middleware: Unknown route middleware: '<name>'.", () => {
    const pageContext = { urlOriginal: '/x', config: { pageMeta: { middleware: ['guide', 'admin'] } } }
    expect(() => onPrerenderStart({ pageContexts: [pageContext as never] })).toThrow(
      "Unknown route middleware: 'admin'.",
    )
    const ok = onPrerenderStart({
      pageContexts: [{ urlOriginal: '/x', config: { pageMeta: { middleware: ['guide'] } } } as never],
    })
    expect(ok.prerenderContext.pageContexts.map((p) => p.urlOriginal)).toEqual(['/x', '/ar/x'])
  })
})
