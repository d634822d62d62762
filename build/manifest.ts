// Writes the build manifest (its types and reading rules: renderer/shared/manifest.ts):
// builds/latest.json and builds/meta/<id>.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { BuildMeta, LatestBuild, Matcher } from '../renderer/shared/manifest'
import { stripTrailingSlash } from '../renderer/shared/paths'

/** What the prerender step knows about each route (written by renderer/+onPrerenderStart.ts). */
export interface RouteInfo {
  /** A Vike route string (`/guide/*`) or the filesystem route (`/pricing`). */
  route: string
  middleware: string[]
}

// The prerender step runs inside Vike; it hands its routes to build/postbuild.ts through this file.
const routeInfoFile = join('.vike', 'routes.json')

export function writeRouteInfo(routes: RouteInfo[], file = routeInfoFile) {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, JSON.stringify(routes))
}

/** One entry per route: a route string once, a filesystem route by its URL. */
export function routeInfoOf(
  pageContexts: { urlOriginal: string; config: { route?: unknown; pageMeta?: { middleware?: string[] } } }[],
): RouteInfo[] {
  const byRoute = new Map<string, RouteInfo>()
  for (const pc of pageContexts) {
    const route = typeof pc.config.route === 'string' ? pc.config.route : pc.urlOriginal
    byRoute.set(route, { route, middleware: pc.config.pageMeta?.middleware ?? [] })
  }
  return [...byRoute.values()]
}

/** `/guide/*` with prefixes `['', '/ar']` -> wildcard rules for `/guide` and `/ar/guide`. */
export function buildMatcher(routes: RouteInfo[], prefixes: string[]): Matcher {
  const matcher: Matcher = { static: {}, wildcard: {}, dynamic: {} }
  for (const { route, middleware } of routes) {
    if (!middleware.length) continue
    for (const prefix of prefixes) {
      const rule = { appMiddleware: [...middleware] }
      if (route.endsWith('/*')) matcher.wildcard[prefix + route.slice(0, -2)] = rule
      else matcher.static[stripTrailingSlash(prefix + route)] = rule
    }
  }
  return matcher
}

export function buildMeta(id: string, timestamp: number, matcher: Matcher, prerendered: string[]): BuildMeta {
  return { id, timestamp, matcher, prerendered: [...prerendered].sort() }
}

/** Writes builds/latest.json and builds/meta/<id>.json into the output folder. */
export function writeManifest(dist: string, meta: BuildMeta) {
  mkdirSync(join(dist, 'builds', 'meta'), { recursive: true })
  writeFileSync(
    join(dist, 'builds', 'latest.json'),
    JSON.stringify({ id: meta.id, timestamp: meta.timestamp } satisfies LatestBuild),
  )
  writeFileSync(join(dist, 'builds', 'meta', `${meta.id}.json`), JSON.stringify(meta))
}

export function readRouteInfo(file = routeInfoFile): RouteInfo[] {
  return JSON.parse(readFileSync(file, 'utf8'))
}
