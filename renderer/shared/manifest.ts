// The build manifest (docs/behaviour.md §4), shaped like Nuxt's app manifest so that operators'
// tooling reads it the same way: builds/latest.json and builds/meta/<id>.json. Written by the build
// (build/manifest.ts), read by the browser runtime and `npm run verify`. Pure: no Node, no DOM.
import { stripTrailingSlash } from './paths'

interface RouteRule {
  prerender?: true
  redirect?: string
  /** Route guards (renderer/middleware.ts) that run on client-side navigation. */
  appMiddleware?: string[]
}

/** radix3's exportMatcher() shape: exact paths, path prefixes (`/guide/**` -> `/guide`), dynamic. */
export interface Matcher {
  static: Record<string, RouteRule>
  wildcard: Record<string, RouteRule>
  dynamic: Record<string, RouteRule>
}

/** builds/meta/<id>.json */
export interface BuildMeta {
  id: string
  timestamp: number
  matcher: Matcher
  prerendered: string[]
}

/** builds/latest.json */
export interface LatestBuild {
  id: string
  timestamp: number
}

/** The guards (middleware names) the manifest gives a path: its exact rule and every prefix rule above it. */
export function guardsOf(meta: BuildMeta, pathname: string): string[] {
  const path = stripTrailingSlash(pathname)
  const rules = [
    meta.matcher.static[path],
    ...Object.entries(meta.matcher.wildcard)
      .filter(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))
      .map(([, rule]) => rule),
  ]
  return rules.flatMap((rule) => rule?.appMiddleware ?? [])
}

/** Whether the build prerendered a page at this path (with or without its trailing slash). */
export function isPrerendered(meta: BuildMeta, pathname: string): boolean {
  return meta.prerendered.includes(stripTrailingSlash(pathname))
}
