// The site's host as production runs it, on this machine (docs/deploy.md): a bucket laid out in
// releases (host/rules.ts), the two CloudFront Functions the stack publishes, run from
// the same generated source, and a key value store that names the live build. `npm run preview`
// serves dist/ through it as a bucket of one release; `npm run s3:local` serves a local S3 bucket
// that `npm run deploy` writes, with a local key value store (host/local/kvsServer.ts).
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { GetObjectCommand, type S3Client, type S3ServiceException } from '@aws-sdk/client-s3'
import { parseHeadersFile } from '../../build/headers'
import {
  BUILD_ID_PATTERN,
  CSP_METADATA,
  cacheControlFor,
  contentTypeFor,
  isSharedKey,
  STATUS_PREFIX,
  RELEASES,
  viewerRequestSource,
  viewerResponseSource,
} from '../rules'
import { hostFiles, notFoundKey } from '../../renderer/shared/paths'
import { LOCATION_METADATA, parseRedirects, REDIRECTS_FILE, redirectKey } from '../redirects'
import { loadCatalog } from '../../locales/catalogs'
import { sampleStatus } from '../../pages/monitoring/sample'

/** An object as S3 answers it: what the CDN passes on. */
export interface StoredObject {
  body: Buffer
  contentType: string
  cacheControl: string
  /** S3's ETag, quoted: the MD5 of the body for a single-part upload. */
  etag: string
  /** User metadata (`x-amz-meta-<name>`), names in lower case. */
  metadata: Record<string, string>
}

/** The origin: a bucket read by key. `undefined` is S3's 403/404 for a missing key. */
export interface Bucket {
  get(key: string): Promise<StoredObject | undefined>
}

type FunctionHeaders = Record<string, { value: string }>
export interface FunctionRequest {
  method: string
  uri: string
  querystring: Record<string, { value: string }>
  headers: FunctionHeaders
}
export interface FunctionResponse {
  statusCode: number
  statusDescription?: string
  headers: FunctionHeaders
  body?: { encoding: 'text' | 'base64'; data: string }
}

const IMPORT_LINE = "import cf from 'cloudfront';\n"

/**
 * A CloudFront Function's handler from its source, run here as CloudFront runs it: the
 * `cloudfront` module gives `kvs()`, whose `get` throws for a missing key as the real one does.
 */
function compileFunction<E, R>(
  source: string,
  kvsGet: (key: string) => Promise<string | undefined> = async () => undefined,
): (event: E) => Promise<R> {
  const body = source.startsWith(IMPORT_LINE) ? source.slice(IMPORT_LINE.length) : source
  const cf = {
    kvs: () => ({
      async get(key: string) {
        const value = await kvsGet(key)
        if (value === undefined) throw new Error(`The key ${key} was not found in the key value store`)
        return value
      },
    }),
  }
  const handler = new Function('cf', `${body}\nreturn handler;`)(cf) as (event: E) => R | Promise<R>
  return async (event) => handler(event)
}

export const viewerRequest = (kvsGet: (key: string) => Promise<string | undefined>) =>
  compileFunction<{ request: FunctionRequest }, FunctionRequest | FunctionResponse>(viewerRequestSource(), kvsGet)
export const viewerResponse = () =>
  compileFunction<{ request: FunctionRequest; response: FunctionResponse }, FunctionResponse>(viewerResponseSource())

const md5 = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`

/** The build's Content-Security-Policy, from the `/*` rule of its `_headers` (build/headers.ts). */
export function buildCsp(dir: string): string {
  const file = join(dir, '_headers')
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build`)
  for (const rule of parseHeadersFile(readFileSync(file, 'utf8')))
    for (const [name, value] of rule.headers) if (name.toLowerCase() === 'content-security-policy') return value
  throw new Error(`${file} sets no Content-Security-Policy`)
}

/** The id of the build in `dir`, from its builds/latest.json. */
export function buildIdOf(dir: string): string {
  const file = join(dir, 'builds', 'latest.json')
  let id: unknown
  try {
    id = (JSON.parse(readFileSync(file, 'utf8')) as { id?: unknown }).id
  } catch (err) {
    throw new Error(`${file} cannot be read: ${(err as Error).message}`)
  }
  if (typeof id !== 'string' || !BUILD_ID_PATTERN.test(id))
    throw new Error(`${file} names no usable build id (${JSON.stringify(id)})`)
  return id
}

/**
 * dist/ as the bucket a deploy of it gives: its release under `releases/<id>/`, the shared files at
 * their keys, and its 404.html at the root. Objects carry what `npm run deploy` stores on them.
 * Rebuilt under a running preview, it serves the new build (the id is read again when
 * builds/latest.json changes).
 */
export function folderBucket(
  dir: string,
  options: { statusDir?: string; statusSample?: boolean } = {},
): Bucket & { live(): string } {
  const root = resolve(dir)
  // The status document and its feeds (docs/status.md) from the folder `npm run status` writes, if given.
  const statusRoot = options.statusDir ? resolve(options.statusDir) : undefined
  const cache = new Map<string, { mtime: number; object: StoredObject }>()
  let build: { mtime: number; id: string; csp: string; moved: Map<string, string> } | undefined
  const current = () => {
    const mtime = statSync(join(root, 'builds', 'latest.json')).mtimeMs
    if (build?.mtime !== mtime) build = { mtime, id: buildIdOf(root), csp: buildCsp(root), moved: movedOf(root) }
    return build
  }
  const fileOf = (key: string): { file: string; release: boolean; root?: string } | undefined => {
    // S3 keys are literal: `a/../b` names no file here either, and nothing outside the folder.
    if (key.split('/').some((segment) => segment === '..' || segment === '.' || segment === '')) return undefined
    // The document, its feeds and schema; never the history nor the lock beside them.
    if (statusRoot && key.startsWith(STATUS_PREFIX)) {
      const file = key.slice(STATUS_PREFIX.length)
      return file.includes('/') || file.startsWith('.') ? undefined : { file, release: false, root: statusRoot }
    }
    if (isSharedKey(key)) return { file: key, release: false }
    if (key === notFoundKey) return { file: key, release: true }
    const prefix = `${RELEASES}${current().id}/`
    return key.startsWith(prefix) ? { file: key.slice(prefix.length), release: true } : undefined
  }
  return {
    live: () => current().id,
    async get(key) {
      const found = fileOf(key)
      if (!found || hostFiles.includes(found.file)) return undefined
      const base = found.root ?? root
      const path = join(base, found.file)
      if (!path.startsWith(`${base}/`)) return undefined
      let mtime: number
      try {
        const stat = statSync(path)
        if (!stat.isFile()) return undefined
        mtime = stat.mtimeMs
      } catch {
        // A moved page: the empty object `npm run deploy` stores at its old key (host/redirects.ts).
        const location = found.release ? current().moved.get(found.file) : undefined
        if (location !== undefined) return redirectObject(key, current().csp, location)
        // A preview whose status folder has no document yet: the sample, marked as one.
        return found.root && found.file === 'status.json' && options.statusSample ? sampleObject(key) : undefined
      }
      const cached = cache.get(path)
      if (cached?.mtime === mtime) return cached.object
      const body = readFileSync(path)
      const object: StoredObject = {
        body,
        contentType: contentTypeFor(key),
        cacheControl: cacheControlFor(key),
        etag: md5(body),
        metadata: found.release ? { [CSP_METADATA]: current().csp } : {},
      }
      cache.set(path, { mtime, object })
      return object
    },
  }
}

/** The keys of a build's moved pages and their new addresses, from its _redirects (none without one). */
function movedOf(root: string): Map<string, string> {
  const file = join(root, REDIRECTS_FILE)
  if (!existsSync(file)) return new Map()
  return new Map([...parseRedirects(readFileSync(file, 'utf8'))].map(([from, to]) => [redirectKey(from), to]))
}

/** A moved page's object as the deploy stores it: empty, with the build's policy and the new address. */
function redirectObject(key: string, csp: string, location: string): StoredObject {
  const body = Buffer.alloc(0)
  return {
    body,
    contentType: contentTypeFor(key),
    cacheControl: cacheControlFor(key),
    etag: md5(body),
    metadata: { [CSP_METADATA]: csp, [LOCATION_METADATA]: location },
  }
}

/** The sample status document as the preview serves it while its folder has none (never stored). */
function sampleObject(key: string): StoredObject {
  // The catalogs read as files, not imported: Playwright's loader takes no JSON import on Node 20.
  const body = Buffer.from(`${JSON.stringify(sampleStatus({ en: loadCatalog('en'), ar: loadCatalog('ar') }))}\n`)
  return { body, contentType: contentTypeFor(key), cacheControl: 'no-cache', etag: md5(body), metadata: {} }
}

/** A bucket on an S3-compatible server (s3rver for `npm run s3:local`), read with the AWS SDK. */
export function s3Bucket(client: S3Client, bucket: string): Bucket {
  return {
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
        return {
          body: Buffer.from(await res.Body!.transformToByteArray()),
          contentType: res.ContentType ?? 'application/octet-stream',
          cacheControl: res.CacheControl ?? '',
          etag: res.ETag ?? '',
          metadata: res.Metadata ?? {},
        }
      } catch (err) {
        const e = err as S3ServiceException
        if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404 || e.$metadata?.httpStatusCode === 403)
          return undefined
        throw err
      }
    },
  }
}

/** What the edge answers: a status, headers and a body, before the security headers policy. */
export interface EdgeAnswer {
  status: number
  headers: Record<string, string>
  body: Buffer
  /** The key the body came from, when it came from the bucket. */
  key?: string
}

/**
 * One request through the default behaviour, as CloudFront handles it: the viewer-request function
 * (which may answer itself), the origin, the error response for a missing key (`/404.html`, status
 * 404, fetched without the function: docs/deploy.md), then the viewer-response function.
 */
export function edge(bucket: Bucket, kvsGet: (key: string) => Promise<string | undefined>) {
  const onRequest = viewerRequest(kvsGet)
  const onResponse = viewerResponse()
  const answer = async (
    request: FunctionRequest,
    object: StoredObject,
    status: number,
    key: string,
  ): Promise<EdgeAnswer> => {
    const headers: FunctionHeaders = {
      'content-type': { value: object.contentType },
      etag: { value: object.etag },
    }
    if (object.cacheControl) headers['cache-control'] = { value: object.cacheControl }
    for (const [name, value] of Object.entries(object.metadata)) headers[`x-amz-meta-${name}`] = { value }
    const response = await onResponse({ request, response: { statusCode: status, headers } })
    return { status: response.statusCode, headers: flatten(response.headers), body: object.body, key }
  }
  return async (method: string, url: string, requestHeaders: Record<string, string>): Promise<EdgeAnswer> => {
    // The URI as the viewer sent it, never normalised: CloudFront hands its function the raw path
    // (dot segments, `//`, encoded dots and slashes, backslashes), and so does this, so that the
    // function's own refusal of them is what is tested here. A URL parser
    // would resolve `/status/../deploys/` before the function ever saw it.
    const question = url.indexOf('?')
    const querystring: FunctionRequest['querystring'] = {}
    for (const [name, value] of new URLSearchParams(question === -1 ? '' : url.slice(question + 1)))
      querystring[name] = { value }
    const headers: FunctionHeaders = {}
    for (const [name, value] of Object.entries(requestHeaders)) headers[name.toLowerCase()] = { value }
    const uri = question === -1 ? url : url.slice(0, question)
    const request: FunctionRequest = { method, uri: uri.startsWith('/') ? uri : `/${uri}`, querystring, headers }
    const result = await onRequest({ request })
    if ('statusCode' in result) {
      const body = Buffer.from(result.body?.data ?? '', result.body?.encoding === 'base64' ? 'base64' : 'utf8')
      return { status: result.statusCode, headers: flatten(result.headers), body }
    }
    let key: string
    try {
      key = decodeURIComponent(result.uri.slice(1))
    } catch {
      key = ''
    }
    const object = key ? await bucket.get(key) : undefined
    if (object) return answer(result, object, 200, key)
    const error = await bucket.get(notFoundKey)
    if (error) return answer(result, error, 404, notFoundKey)
    return {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: Buffer.from(`Not found, and ${notFoundKey} is missing too: deploy a build.`),
    }
  }
}

const flatten = (headers: FunctionHeaders) => Object.fromEntries(Object.entries(headers).map(([n, v]) => [n, v.value]))

/** A response-headers policy in the shape of host/policies.ts (the CLI's JSON). */
interface HeadersPolicy {
  SecurityHeadersConfig: {
    ContentSecurityPolicy?: { Override: boolean; ContentSecurityPolicy: string }
    StrictTransportSecurity: {
      Override: boolean
      AccessControlMaxAgeSec: number
      IncludeSubdomains: boolean
      Preload: boolean
    }
    ContentTypeOptions: { Override: boolean }
    FrameOptions: { Override: boolean; FrameOption: string }
    ReferrerPolicy: { Override: boolean; ReferrerPolicy: string }
  }
  CustomHeadersConfig?: { Items: { Header: string; Value: string; Override: boolean }[] }
}

/**
 * What a viewer gets when CloudFront applies `policy` to an answer: a header whose setting has
 * `Override: true` replaces the origin's; otherwise it is added only when the origin sent none
 * (CloudFront's documented rule for response headers policies).
 */
export function applyHeadersPolicy(policy: HeadersPolicy, origin: Headers): Headers {
  const out = new Headers(origin)
  const set = (name: string, value: string, override: boolean) => {
    if (override || !out.has(name)) out.set(name, value)
  }
  const s = policy.SecurityHeadersConfig
  if (s.ContentSecurityPolicy)
    set('Content-Security-Policy', s.ContentSecurityPolicy.ContentSecurityPolicy, s.ContentSecurityPolicy.Override)
  const hsts = s.StrictTransportSecurity
  set(
    'Strict-Transport-Security',
    `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}${hsts.Preload ? '; preload' : ''}`,
    hsts.Override,
  )
  set('X-Content-Type-Options', 'nosniff', s.ContentTypeOptions.Override)
  set('X-Frame-Options', s.FrameOptions.FrameOption, s.FrameOptions.Override)
  set('Referrer-Policy', s.ReferrerPolicy.ReferrerPolicy, s.ReferrerPolicy.Override)
  for (const item of policy.CustomHeadersConfig?.Items ?? []) set(item.Header, item.Value, item.Override)
  return out
}
