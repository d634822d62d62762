import { describe, expect, it } from 'vitest'
import { type ChunkInfo, islandChunkTable, withIslandChunks } from '../../build/islandChunks'

// The table the runtime reads to ask for an island's chunks a link per task (docs/performance.md,
// "A tap while an island loads"), from the bundle's graph as Rolldown hands it to the build.
const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null, isDynamicEntry = false) =>
  ({ fileName, imports, facadeModuleId, isDynamicEntry, code: '' }) satisfies ChunkInfo

describe('islandChunkTable', () => {
  const runtime = chunk('assets/entries/client.js', ['assets/chunks/shared.js'], '/r/renderer/+client.ts')
  const chunks = [
    runtime,
    chunk('assets/chunks/shared.js', []),
    chunk('assets/chunks/react.js', ['assets/chunks/helper.js']),
    chunk('assets/chunks/helper.js', []),
    chunk('assets/chunks/react-dom.js', ['assets/chunks/react.js', 'assets/chunks/helper.js']),
    chunk(
      'assets/chunks/hydrate.js',
      ['assets/chunks/react-dom.js', 'assets/chunks/shared.js'],
      '/r/renderer/islands/hydrate.tsx',
      true,
    ),
    chunk(
      'assets/chunks/calc.js',
      ['assets/chunks/react.js', 'assets/chunks/format.js'],
      '/r/pages/pricing/FeeCalculator.island.tsx',
      true,
    ),
    chunk('assets/chunks/format.js', ['assets/chunks/format.js']),
    // A dynamic chunk that is neither (the toaster): not in the table.
    chunk('assets/chunks/toaster.js', ['assets/chunks/react.js'], '/r/renderer/toaster/mountToaster.tsx', true),
  ]

  it('lists the hydrator and each island with every chunk it imports, deepest first, less what is loaded already', () => {
    // The island's own list leaves out the hydrator's chunks (the runtime asks for both) and the runtime's.
    expect(islandChunkTable(chunks, runtime)).toEqual({
      hydrator: [
        '/assets/chunks/helper.js',
        '/assets/chunks/react.js',
        '/assets/chunks/react-dom.js',
        '/assets/chunks/hydrate.js',
      ],
      FeeCalculator: ['/assets/chunks/format.js', '/assets/chunks/calc.js'],
    })
  })

  it('writes the table where the runtime carries its placeholder, each URL whole, for JSON.parse', () => {
    const table = { hydrator: ['/assets/chunks/a.js'], "it's": ['/assets/chunks/b\\c.js'] }
    for (const code of ['var t="__RASID_ISLAND_CHUNKS__";', 'var t=`__RASID_ISLAND_CHUNKS__`;']) {
      const out = withIslandChunks(code, table)
      // The deploy's check and the build's pruning find each URL as it is.
      expect(out).toContain('"/assets/chunks/a.js"')
      expect(JSON.parse(new Function(`${out} return t`)() as string)).toEqual(table)
    }
  })
})
