// The build's thread for its sources (build/search.ts `sourcesThread`), started with the build while
// Vike starts and renders: first the checks of the catalogs and the guides (build/verifyCatalogs.ts),
// whose verdict stops the build at once; then the guide search's indexes, which the post-build
// writes into dist/search/.
import { parentPort } from 'node:worker_threads'
import { loadCatalogs } from '../locales/catalogs'
import { loadGuides } from './guides'
import { type SearchReply, searchIndexFiles } from './search'
import { buildStoppers } from './verifyCatalogs'

const port = parentPort!
try {
  const stoppers = buildStoppers()
  port.postMessage({ checked: stoppers } satisfies SearchReply)
  if (!stoppers) port.postMessage({ files: searchIndexFiles(loadGuides(), loadCatalogs()) } satisfies SearchReply)
} catch (err) {
  port.postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies SearchReply)
}
