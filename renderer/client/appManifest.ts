import type { BuildMeta } from '../shared/manifest'
import { buildId } from './buildInfo'
import { fetchHere, wasLeft } from './leaving'

let manifest: Promise<BuildMeta | null> | undefined
let loaded: BuildMeta | null = null

/** The manifest once it has arrived, else null. */
export function loadedManifest(): BuildMeta | null {
  return loaded
}

/** builds/meta/<buildId>.json, fetched once; a failure is logged (not the abort of a page being left) and tried again on
 * the next call. */
export function getAppManifest(): Promise<BuildMeta | null> {
  manifest ??= fetchHere(`/builds/meta/${buildId()}.json`, async (res) => {
    if (!res.ok) throw new Error(`HTTP ${res.status}`)
    const meta = (await res.json()) as BuildMeta
    if (!Array.isArray(meta?.prerendered)) throw new Error('no prerendered list')
    loaded = meta
    return meta
  }).catch((err: Error) => {
    // Aborted as the page was left: not a failure.
    if (!wasLeft(err)) console.warn(`[rasid] Error fetching app manifest: ${err.message}`)
    manifest = undefined
    return null
  })
  return manifest
}
