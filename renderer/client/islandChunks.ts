// The chunks an island's code needs, asked for one at a time before the island is imported
// (docs/performance.md, "A tap while an island loads"). Vite's preload helper would append a
// `<link rel=modulepreload>` for each of them in the one task that imports the island, 5-10 ms
// each on a slow phone; here each link is its own task, so a tap meanwhile waits for one link at
// most. The helper then finds them all present and appends nothing. The table comes from the
// build (build/islandChunks.ts); in `vike dev` it is empty and the helper does it all.
import { nextTask } from './when'

/** Replaced by the build with the table as JSON. */
const table = '__RASID_ISLAND_CHUNKS__'

/** Each island's chunks (and the hydrator's, as `hydrator`) as URLs; empty without the build's table. */
let chunks: Record<string, string[]> | undefined

function chunkTable(): Record<string, string[]> {
  if (!chunks) {
    try {
      const parsed: unknown = JSON.parse(table)
      chunks = parsed && typeof parsed === 'object' ? (parsed as Record<string, string[]>) : {}
    } catch {
      // `vike dev`, or a table that is not one: Vite's helper does it all.
      chunks = {}
    }
  }
  return chunks
}

/** Each chunk asked for, and when its link has loaded (or failed: the import then says why). */
const asked = new Map<string, Promise<void>>()

/**
 * Asks for the chunks of the hydrator and of island `name`, a link per task; resolves once all of
 * them are in the browser (loaded or failed), so that what imports them next runs at once.
 */
export async function preloadIsland(name: string) {
  const table = chunkTable()
  const hrefs = [...(table.hydrator ?? []), ...(table[name] ?? [])]
  for (const href of hrefs) {
    if (asked.has(href)) continue
    await nextTask()
    const link = document.createElement('link')
    // A module preload's destination is `script` without an `as`.
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    asked.set(
      href,
      new Promise<void>((resolve) => {
        link.onload = link.onerror = () => resolve()
      }),
    )
    document.head.append(link)
  }
  await Promise.all(hrefs.map((href) => asked.get(href)))
}
