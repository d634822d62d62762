// A thread that writes the guide search's indexes into dist/ (build/search.ts `searchIndexesInThread`):
// the guides read and the indexes built while the post-build's own thread finishes the pages.
import { parentPort, workerData } from 'node:worker_threads'
import { loadCatalogs } from '../locales/catalogs'
import { loadGuides } from './guides'
import { writeSearchIndexes } from './search'

export type SearchReply = { done: true } | { error: string }

try {
  writeSearchIndexes((workerData as { dist: string }).dist, loadGuides(), loadCatalogs())
  parentPort!.postMessage({ done: true } satisfies SearchReply)
} catch (err) {
  parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies SearchReply)
}
