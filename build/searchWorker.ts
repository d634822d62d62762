// The build's thread for its sources (build/search.ts `sourcesThread`), started with the build while
// Vike starts and renders: first the checks of the catalogs and the guides (build/verifyCatalogs.ts)
// and of the API's OpenAPI document (build/reference/validate.ts),
// whose verdict stops the build at once; then the guide search's indexes, which the post-build
// writes into dist/search/.
//
// Both are kept between builds (node_modules/.cache/rasid-sources/<key>, the last three), under a key
// of everything they are made from: the bundles' key (build/bundleCache.ts: the catalogs and the rest
// of locales/, the build's code, the search's text rules under renderer/, the lock) and every guide
// file. Sources that passed the checks once pass them again; only a passing build is kept.
// `BUNDLE_CACHE=0` turns it off, as it does the bundles'.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parentPort } from 'node:worker_threads'
import { loadCatalogs } from '../locales/catalogs'
import { bundleKey, prune, treeHash } from './bundleCache'
import { guidesRoot, loadGuides } from './guides'
import { type SearchFile, type SearchReply, searchIndexFiles } from './search'
import { buildStoppers } from './verifyCatalogs'
import { referenceStoppers } from './reference/validate'

const port = parentPort!
const root = process.cwd()
try {
  const cache = join(root, 'node_modules', '.cache', 'rasid-sources')
  const key =
    process.env.BUNDLE_CACHE === '0'
      ? undefined
      : createHash('sha256')
          .update(bundleKey(root, {}, {}))
          .update(treeHash(guidesRoot))
          .digest('hex')
          .slice(0, 24)
  const kept = key && join(cache, key)
  if (kept && existsSync(join(kept, 'complete'))) {
    port.postMessage({ checked: null } satisfies SearchReply)
    const files = JSON.parse(readFileSync(join(kept, 'search.json'), 'utf8')) as SearchFile[]
    writeFileSync(join(kept, 'complete'), '') // its time is its last use
    port.postMessage({ files } satisfies SearchReply)
  } else {
    const stoppers = buildStoppers() ?? (await referenceStoppers())
    port.postMessage({ checked: stoppers } satisfies SearchReply)
    if (!stoppers) {
      const files = searchIndexFiles(loadGuides(), loadCatalogs())
      port.postMessage({ files } satisfies SearchReply)
      if (kept) {
        // Written beside, then renamed: a build stopped half-way leaves nothing under the key.
        const partial = `${kept}.${process.pid}.tmp`
        mkdirSync(partial, { recursive: true })
        writeFileSync(join(partial, 'search.json'), JSON.stringify(files))
        writeFileSync(join(partial, 'complete'), '')
        rmSync(kept, { recursive: true, force: true })
        renameSync(partial, kept)
        prune(cache)
      }
    }
  }
} catch (err) {
  port.postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies SearchReply)
}
