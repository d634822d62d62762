import { guardsOf, isPrerendered } from '../shared/manifest'
import type { MiddlewareName } from '../shared/middleware'
import { loadedManifest } from './appManifest'

const guide: MiddlewareName = 'guide'

/**
 * The route guards of docs/behaviour.md §6 for client-side navigation, read from the build
 * manifest: a path under a route with the `guide` guard that the build did not prerender is an
 * unknown guide, a 404 that the host's 404.html shows. Returns true when the path must be loaded
 * as a document. Before the manifest has arrived, the missing payload has the same effect.
 */
export function isGuarded(pathname: string): boolean {
  const manifest = loadedManifest()
  if (!manifest) return false
  return guardsOf(manifest, pathname).includes(guide) && !isPrerendered(manifest, pathname)
}
