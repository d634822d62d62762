import type { BuildMeta } from '../shared/manifest'
import { buildId } from './buildInfo'

let manifest: Promise<BuildMeta | null> | undefined
let loaded: BuildMeta | null = null

/** The manifest once it has arrived, else null. */
export function loadedManifest(): BuildMeta | null {
  return loaded
}

/** builds/meta/<buildId>.json, fetched once; a failure is logged and tried again on the next call. */
export function getAppManifest(): Promise<BuildMeta | null> {
  manifest ??= fetch(`/builds/meta/${buildId()}.json`)
    .then(async (res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      const meta = (await res.json()) as BuildMeta
      if (!Array.isArray(meta?.prerendered)) throw new Error('no prerendered list')
      loaded = meta
      return meta
    })
    .catch((err: Error) => {
      console.warn(`[rasid] Error fetching app manifest: ${err.message}`)
      manifest = undefined
      return null
    })
  return manifest
}
