import type { MiddlewareName } from '../middleware'
import { loadedManifest } from './appManifest'

/**
 * The route guards of BEHAVIOUR.md section 6 for client-side navigation, read from the build
 * manifest: a path under a route with the `guide` guard that the build did not prerender is an
 * unknown guide, a 404 that the host's 404.html shows. Returns true when the path must be loaded
 * as a document. Before the manifest has arrived, the missing payload has the same effect.
 */
export function isGuarded(pathname: string): boolean {
  const manifest = loadedManifest()
  if (!manifest) return false
  const path = pathname.replace(/(.)\/$/, '$1')
  const rules = [
    manifest.matcher.static[path],
    ...Object.entries(manifest.matcher.wildcard)
      .filter(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))
      .map(([, r]) => r),
  ]
  const names = rules.flatMap((r) => (r?.appMiddleware ?? []) as MiddlewareName[])
  return names.includes('guide') && !manifest.prerendered.includes(path)
}
