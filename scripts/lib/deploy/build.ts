// The build `npm run deploy` uploads: its id, its files as uploads to their bucket keys (each with
// its type, caching and, on the build's own files, its Content-Security-Policy), its commit, and the
// assets its files name, which must be in the bucket before the switch (docs/deploy.md, "How a
// deploy works").
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, posix, resolve } from 'node:path'
import { buildCsp, buildIdOf } from '../../../host/local/cdn'
import {
  bucketKey,
  CSP_METADATA,
  cacheControlFor,
  contentTypeFor,
  isSharedKey,
  STATUS_PREFIX,
} from '../../../host/rules'
import { hostFiles } from '../../../renderer/shared/paths'
import { LOCATION_METADATA, parseRedirects, REDIRECTS_FILE, redirectKey } from '../../../host/redirects'
import { site } from '../../../site.config'
import { words } from '../cli/words'
import { NoBuild } from './words'

export interface Upload {
  key: string
  /** Its path inside the build (dist/), when it comes from one. */
  path?: string
  body: Buffer
  md5: string
  contentType: string
  cacheControl: string
  metadata?: Record<string, string>
}

export const md5 = (body: Buffer) => createHash('md5').update(body).digest('hex')

/** The commit of the build, as CI names it, or git's at deploy time (marked when the tree differs). */
export function commitOf(): string | undefined {
  const named = process.env.GIT_COMMIT || process.env.GITHUB_SHA
  if (named) return named.slice(0, 12)
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    const head = git('rev-parse', '--short=12', 'HEAD').trim()
    return git('status', '--porcelain', '--untracked-files=no').trim() ? `${head}+changes` : head
  } catch {
    return undefined
  }
}

/**
 * The build in `dir`: its id, when it was built, and its files as uploads to their bucket keys.
 * Never a status document: `status/` belongs to operations and the probe (docs/status.md), so a
 * file the build left there is skipped.
 */
export function readBuild(dir: string): { id: string; builtAt: number; uploads: Upload[] } {
  const root = resolve(dir)
  if (!existsSync(join(root, 'builds', 'latest.json'))) throw new NoBuild(words('deploy.noBuild.latest', { dir }))
  let id: string
  let csp: string
  try {
    id = buildIdOf(root)
    csp = buildCsp(root)
  } catch (err) {
    throw new NoBuild(words('deploy.noBuild.incomplete', { error: (err as Error).message }))
  }
  if (!existsSync(join(root, 'builds', 'meta', `${id}.json`)))
    throw new NoBuild(words('deploy.noBuild.meta', { dir, id }))
  const builtAt =
    Number(
      (JSON.parse(readFileSync(join(root, 'builds', 'latest.json'), 'utf8')) as { timestamp?: unknown }).timestamp,
    ) || 0
  const paths = (readdirSync(root, { recursive: true }) as string[])
    .map((p) => p.split('\\').join('/'))
    .filter((p) => !hostFiles.includes(p) && !p.startsWith(STATUS_PREFIX) && statSync(join(root, p)).isFile())
  const uploads = paths.map((path): Upload => {
    const body = readFileSync(join(root, path))
    return {
      key: bucketKey(id, path),
      path,
      body,
      md5: md5(body),
      contentType: contentTypeFor(path),
      cacheControl: cacheControlFor(path),
      // The build's policy rides on each of its objects; the viewer-response function sets it.
      metadata: isSharedKey(path) ? undefined : { [CSP_METADATA]: csp },
    }
  })
  // A moved page (host/redirects.ts): an empty object at its old key, whose metadata the
  // viewer-response function answers with a 301 to the new address of this build.
  const redirects = join(root, REDIRECTS_FILE)
  if (existsSync(redirects)) {
    const built = new Set(paths)
    for (const [from, to] of parseRedirects(readFileSync(redirects, 'utf8'))) {
      const path = redirectKey(from)
      if (built.has(path)) continue
      const body = Buffer.alloc(0)
      uploads.push({
        key: bucketKey(id, path),
        body,
        md5: md5(body),
        contentType: contentTypeFor(path),
        cacheControl: cacheControlFor(path),
        metadata: { [CSP_METADATA]: csp, [LOCATION_METADATA]: to },
      })
    }
  }
  uploads.sort((a, b) => (a.key < b.key ? -1 : 1))
  return { id, builtAt, uploads }
}

/**
 * `/assets/...` named by a page, payload, shell or stylesheet: what must be in the bucket before the
 * switch. Also as an absolute URL on the site's origin: a page's social card (og:image, docs/cards.md).
 */
export function assetsNamed(uploads: Upload[]): Set<string> {
  const named = new Set<string>()
  const origin = site.origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  // A backslash ends a name too: a page's payload holds its HTML as a JSON string (`src=\"/assets/…\"`).
  const ref = new RegExp(`["'(](?:${origin})?\\/(assets\\/[^"'()\\s?#\\\\]+)`, 'g')
  for (const u of uploads) {
    if (!/\.(html|json|css|js)$/.test(u.key)) continue
    for (const [, key] of u.body.toString('utf8').matchAll(ref)) named.add(key!)
  }
  return named
}

/**
 * `/assets/...` a file of the status host names (host/rules.ts, STATUS_HOST_FILES), as
 * paths inside the build: from the root (`"/assets/x.css"`, `url(/assets/f.woff2)`), from the
 * document's base (Vite's preload list: `"assets/chunks/x.js"`), or relative to a script or
 * stylesheet under assets/ (`"../chunks/x.js"`). Not the site's absolute URLs (a page's social
 * card): those stay on the site.
 */
export function assetReferences(path: string, text: string): string[] {
  const found = new Set<string>()
  for (const [, ref] of text.matchAll(/["'`(\s,=]\/?(assets\/[^"'`()\s?#\\]+)/g)) found.add(ref!)
  if (path.startsWith('assets/'))
    for (const [, ref] of text.matchAll(/["'`(](\.\.?\/[^"'`()\s?#\\]+)/g)) {
      const resolved = posix.join(posix.dirname(path), ref!)
      if (resolved.startsWith('assets/')) found.add(resolved)
    }
  return [...found]
}
