// The chunks each island's code needs, written into the browser's runtime by the build, so that the
// runtime can ask for them one at a time before it imports the island (renderer/client/islandChunks.ts,
// docs/architecture.md "A tap while an island loads"). Vite's own preload helper appends every
// `<link rel=modulepreload>` of a dynamic import in one go, inside the task that imports it: on
// /pricing that is eleven links and 50-130 ms of one task at 4x, just as the visitor reaches the
// island. The table is the same graph Vite's helper reads, from Rolldown's bundle.
import type { Plugin } from 'vite'
import { islandNameOf } from '../renderer/shared/dom'

/** The string the runtime carries until the build replaces it (with its quotes, any of three). */
const islandChunksPlaceholder = '__RASID_ISLAND_CHUNKS__'

/** What the plugin reads of a bundle's chunk (Rolldown's OutputChunk). */
export interface ChunkInfo {
  fileName: string
  facadeModuleId: string | null
  isDynamicEntry: boolean
  imports: string[]
  code: string
}

/**
 * For the hydrator (`hydrator`) and each island (by name): the URL of its chunk and of every chunk
 * it imports, each after what it imports, less those the runtime's own chunk has loaded already and,
 * for an island, less the hydrator's (the runtime asks for both).
 */
export function islandChunkTable(chunks: ChunkInfo[], runtime: ChunkInfo, base = '/'): Record<string, string[]> {
  const byName = new Map(chunks.map((c) => [c.fileName, c]))
  // Depth first, each chunk after what it imports; chunks may import each other in a cycle.
  const closure = (start: string, into = new Set<string>(), seen = new Set<string>()) => {
    if (seen.has(start)) return into
    seen.add(start)
    for (const dep of byName.get(start)?.imports ?? []) closure(dep, into, seen)
    into.add(start)
    return into
  }
  const loaded = closure(runtime.fileName)
  const table: Record<string, string[]> = {}
  for (const chunk of chunks) {
    if (!chunk.isDynamicEntry || !chunk.facadeModuleId) continue
    const id = chunk.facadeModuleId.replace(/\?.*$/, '')
    const key = id.endsWith('.island.tsx')
      ? islandNameOf(id)
      : id.endsWith('/renderer/islands/hydrate.tsx')
        ? 'hydrator'
        : undefined
    if (key) table[key] = [...closure(chunk.fileName)].filter((f) => !loaded.has(f)).map((f) => base + f)
  }
  const hydrator = new Set(table.hydrator ?? [])
  for (const key of Object.keys(table)) if (key !== 'hydrator') table[key] = table[key]!.filter((u) => !hydrator.has(u))
  return table
}

/**
 * The runtime's code with the table in place of the placeholder: its JSON, for `JSON.parse`, in a
 * single-quoted string, so that each URL stands whole and unescaped in the code, as the deploy's
 * check of the assets a build names (scripts/deploy.ts) and the build's pruning read them.
 */
export function withIslandChunks(code: string, table: Record<string, string[]>) {
  const json = JSON.stringify(table).replace(/[\\']/g, '\\$&')
  return code.replace(new RegExp(`(["'\`])${islandChunksPlaceholder}\\1`), () => `'${json}'`)
}

export function islandChunksPlugin(): Plugin {
  return {
    name: 'rasid:island-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk') as unknown as ChunkInfo[]
      const runtimes = chunks.filter((c) => c.code.includes(islandChunksPlaceholder))
      if (runtimes.length !== 1)
        throw new Error(
          `build/islandChunks.ts: expected one browser chunk with ${islandChunksPlaceholder}, found ${runtimes.length}`,
        )
      const runtime = runtimes[0]!
      const table = islandChunkTable(chunks, runtime)
      if (!table.hydrator || Object.keys(table).length < 2)
        throw new Error(`build/islandChunks.ts: no hydrator or no island among the dynamic chunks`)
      runtime.code = withIslandChunks(runtime.code, table)
    },
  }
}
