// The one URL <-> file rule of the built site (docs/architecture.md, "Shared rules"). The build
// names its files by it, the browser runtime decides which links it swaps in place by it, the
// preview server and `npm run verify` resolve addresses by it, and the CloudFront viewer-request
// function is generated from it (host/rules.ts). tests/unit/sharedRules.test.ts runs one
// table of paths through every side. Pure: no Node, no DOM.

/**
 * The extensions of files the site serves, with their Content-Type. A path whose last segment ends
 * in one of them is a file; any other path is a page (so a page may have a dot in its path:
 * `/guide/v1.2`). The build fails on a file of dist/ whose extension is not here, and on a page
 * whose path would read as a file.
 */
export const fileTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.atom': 'application/atom+xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
}

/** Files of dist/ that configure a host and are not part of the site: never uploaded nor served. */
export const hostFiles: readonly string[] = ['_headers', '_redirects']

/** The document the host answers an unknown address with, with status 404. */
export const notFoundKey = '404.html'

/** `404.html`, `ar/404.html`: a language's error document, not a page. */
export function isNotFoundFile(file: string): boolean {
  return file === notFoundKey || file.endsWith(`/${notFoundKey}`)
}

/** `.JS` -> `.js`; `''` when the last segment has no extension. */
export function extensionOf(path: string): string {
  const last = path.slice(path.lastIndexOf('/') + 1)
  const dot = last.lastIndexOf('.')
  return dot > 0 ? last.slice(dot).toLowerCase() : ''
}

/** Whether a path names a file (`/assets/x.js`, `/robots.txt`) rather than a page (`/pricing`, `/guide/v1.2`). */
export function isFilePath(pathname: string): boolean {
  return !pathname.endsWith('/') && Object.hasOwn(fileTypes, extensionOf(pathname))
}

/** `/pricing/` -> `/pricing`, `/ar//` -> `/ar`; `/` stays `/`. */
export function stripTrailingSlash(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/'
}

/** `index.html` -> `/`, `ar/pricing/index.html` -> `/ar/pricing`. */
export function pathOfHtml(file: string): string {
  return stripTrailingSlash(`/${file.replace(/\\/g, '/').replace(/(^|\/)index\.html$/, '')}`)
}

/** The inverse for a page: `/` -> `index.html`, `/ar/pricing/` -> `ar/pricing/index.html`. */
export function htmlOfPath(pathname: string): string {
  const path = stripTrailingSlash(pathname)
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`
}

/** `/` -> `/_payload.json`, `/ar/pricing/` -> `/ar/pricing/_payload.json`. */
export function payloadPath(pathname: string): string {
  const path = stripTrailingSlash(pathname)
  return `${path === '/' ? '' : path}/_payload.json`
}

/** `/a/./b/../c` -> `a/c`: the key inside dist/ of a decoded path, never above its root. */
function keyOf(pathname: string): string {
  const out: string[] = []
  for (const segment of pathname.split('/')) {
    if (segment === '..') out.pop()
    else if (segment !== '.' && segment !== '') out.push(segment)
  }
  return out.join('/')
}

/**
 * The key the host serves for a decoded path, as S3 behind the CloudFront function does: a file
 * path as it is, any other path (with or without its trailing slash) as `<path>/index.html`;
 * undefined when that key does not exist (`exists` says) or is a host file: then 404.html answers.
 */
export function servedKey(pathname: string, exists: (key: string) => boolean): string | undefined {
  const key = keyOf(pathname)
  const served = isFilePath(pathname) ? key : htmlOfPath(`/${key}`)
  if (hostFiles.includes(served)) return undefined
  return exists(served) ? served : undefined
}
