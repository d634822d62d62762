// The layout of renderer/ shows where code runs; these tests keep it true.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { expect, test } from 'vitest'

/** Static imports of a source file (type-only imports and dynamic `import()` left out). */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8')
  return [...code.matchAll(/^import\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)].map((m) => m[1]!)
}

function resolveLocal(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null
  const base = resolve(dirname(from), spec)
  for (const f of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(f) && !f.endsWith('/')) return f
  return null
}

test("the browser runtime's imports never reach React: islands and the toaster come only through import()", () => {
  const seen = new Map<string, string[]>()
  const walk = (file: string, trail: string[]) => {
    if (seen.has(file)) return
    seen.set(file, trail)
    for (const spec of staticImports(file)) {
      const local = resolveLocal(file, spec)
      if (local) walk(local, [...trail, local])
      else
        expect(spec, `${[...trail, file].join(' -> ')} imports ${spec}`).not.toMatch(
          /^(react|react-dom|react-intl|@radix-ui|vike-react|vike\/|@formatjs)/,
        )
    }
  }
  walk(resolve('renderer/+client.ts'), [])
  const files = [...seen.keys()].map((f) => f.slice(process.cwd().length + 1))
  expect(files).toContain('renderer/client/navigation.ts')
  expect(
    files.filter((f) => /\.tsx$/.test(f) || f.startsWith('renderer/islands/') || f.startsWith('renderer/components/')),
  ).toEqual(
    // The registry is plain data: names to import() calls.
    ['renderer/islands/registry.ts'],
  )
})
