// How the host serves dist/: the same for S3 objects written by `npm run deploy`, the preview
// server (`npm run preview`) and the CloudFront viewer-request function, which is generated here
// from the rule in ./paths.ts so that production cannot disagree with the preview. Pure: no Node, no DOM.
import { extensionOf, fileTypes, notFoundKey } from '../renderer/shared/paths'
import { escapeHtml } from '../renderer/shared/html'
import { LOCATION_METADATA } from './redirects'

/** Content-hashed files and the meta of a build never change under their name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Everything else is kept but checked with the origin on every use (a 304 when unchanged). */
export const REVALIDATE = 'public, max-age=0, must-revalidate'

/** `assets/site.x.css` -> `text/css; charset=utf-8`. Keys are paths inside dist/, without a leading slash. */
export function contentTypeFor(key: string): string {
  return fileTypes[extensionOf(key)] ?? 'application/octet-stream'
}

/** The status document and its feeds (docs/status.md): changed by operations between builds, read every minute. */
export const STATUS_PREFIX = 'status/'
/** The status store's private history in the site bucket (api/status/store.ts `s3Store`): no viewer reaches it. */
export const STATUS_HISTORY_PREFIX = 'status-history/'
/** The status subscriptions' list there, whose old versions hold removed subscribers' sealed secrets. */
export const STATUS_SUBSCRIPTIONS_KEY = `${STATUS_HISTORY_PREFIX}subscriptions.json`
/** Short enough that an update reaches every visitor within a minute, long enough to shield the bucket. */
const STATUS_CACHE = 'public, max-age=30'

export function cacheControlFor(key: string): string {
  if (key.startsWith(STATUS_PREFIX)) return STATUS_CACHE
  return key.startsWith('assets/') || key.startsWith('builds/meta/') ? IMMUTABLE : REVALIDATE
}

/** Text worth compressing on the wire (fonts and images are compressed already). */
export function isCompressible(key: string): boolean {
  return /^(text\/|application\/(json|xml|atom\+xml|manifest))|^image\/svg/.test(contentTypeFor(key))
}

/**
 * Where each file of a build lives in the bucket (docs/deploy.md). Content-hashed assets and the
 * builds' meta never change under their name, so every build shares them; everything else (pages,
 * payloads, shells, sitemap, `builds/latest.json`...) lives under `releases/<build id>/`, uploaded
 * in full before the live build is switched to it. `404.html` is also copied to the bucket's root
 * after each switch: CloudFront fetches its error page without running the viewer-request function.
 */
export const RELEASES = 'releases/'
const SHARED_PREFIXES: readonly string[] = ['assets/', 'builds/meta/', STATUS_PREFIX]
export const isSharedKey = (key: string) => SHARED_PREFIXES.some((prefix) => key.startsWith(prefix))
/**
 * The bucket's keys a visitor may read through the edge, as patterns of an S3 policy's resources:
 * the releases, the shared files and the 404 page; never `deploys/` (who deployed what) nor
 * `status-history/` (operators' changes), whatever the viewer-request function lets through.
 */
export const EDGE_READABLE_KEYS: readonly string[] = [RELEASES, ...SHARED_PREFIXES]
  .map((p) => `${p}*`)
  .concat(notFoundKey)
/** `pricing/index.html` of build `b1` -> `releases/b1/pricing/index.html`; `assets/x.js` -> itself. */
export const bucketKey = (id: string, key: string) => (isSharedKey(key) ? key : `${RELEASES}${id}/${key}`)
/** The key of the CloudFront KeyValueStore whose value is the live build's id. */
export const LIVE_KEY = 'live'
/** What a build id may be (a UUID from the build, or BUILD_ID): safe in a key and a URL path. */
export const BUILD_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/
/** The S3 user metadata (`x-amz-meta-csp`) that carries a build's Content-Security-Policy on each of its objects. */
export const CSP_METADATA = 'csp'
/**
 * The policy of an answer whose object carries none (a shared asset): it loads nothing and is never
 * framed. Scripts, styles and fonts are not documents, so a policy on them restricts nothing else.
 */
export const FALLBACK_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'"

/**
 * A URI the viewer-request function refuses with 400: a dot segment, an
 * empty one, an encoded dot, slash or backslash, or a backslash. CloudFront matches behaviours on a
 * normalised path but hands the function the raw one, so `/status/../deploys/x.json` would pass the
 * prefix checks below unchanged; the site has no such address.
 */
const UNSAFE_URI = /(^|\/)\.\.?(\/|$)|\/\/|%2e|%2f|%5c|\\/i
const BAD_REQUEST_PAGE =
  'Bad request: this address is not one of the site.\nطلب غير صالح: هذا العنوان ليس من عناوين الموقع.\n'

/**
 * Where the status host is, for the 503 page: its URL, and a sentence of each catalog with `{host}`
 * where the link goes (`edge.unavailable.statusHost`, locales/*.json; infra/constructs/site.ts gives them).
 */
export interface StatusHostLink {
  url: string
  en: string
  ar: string
}

/** A catalog's sentence with the status host's link where `{host}` is (kept left to right in Arabic). */
function statusHostSentence(message: string, url: string): string {
  const host = escapeHtml(new URL(url).host)
  const link = `<a href="${escapeHtml(url)}" dir="ltr">${host}</a>`
  return message.split('{host}').map(escapeHtml).join(link)
}

/**
 * What the edge answers when it cannot tell which build is live (the store is empty before the first
 * deploy, or unreadable): 503 with a retry, in both languages, never a page of an unknown build; and,
 * where the stack has a status host, where to read the status meanwhile.
 */
function unavailablePage(statusHost?: StatusHostLink): string {
  const status = statusHost
    ? `<p>${statusHostSentence(statusHost.en, statusHost.url)}</p>
<p lang="ar" dir="rtl">${statusHostSentence(statusHost.ar, statusHost.url)}</p>`
    : ''
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Rasid: back in a moment</title></head>
<body><main><p>Rasid is being updated. Please try again in a minute.</p>
<p lang="ar" dir="rtl">نحدّث موقع رصيد الآن. يُرجى المحاولة مرة أخرى بعد دقيقة.</p>${status ? `\n${status}` : ''}</main></body></html>
`
}

/**
 * The viewer-request function, for CloudFront Functions (cloudfront-js-2.0, with the key value
 * store associated), built from isFilePath and the extension list. It maps `/pricing` and
 * `/pricing/` to `pricing/index.html`, leaves a file path as it is, drops the query string (the
 * site's `?<buildId>` and `?<now>` only defeat browser caches), and serves every file but the shared
 * ones from the live build's release, read from the key value store on each request: switching the
 * whole site to another build is one write to the store (scripts/deploy.ts), and the cache key (the
 * rewritten URI) is new with each build, so nothing needs invalidating. With `statusHost`, its 503
 * page links the status host.
 */
/** The 400 both viewer-request functions answer to a URI they refuse, as function source. */
const refuseUnsafeSource = `var badRequest = ${JSON.stringify(BAD_REQUEST_PAGE)};
function refuseUnsafe() {
  return {
    statusCode: 400,
    statusDescription: 'Bad Request',
    headers: {
      'content-type': { value: 'text/plain; charset=utf-8' },
      'cache-control': { value: 'no-store' }
    },
    body: { encoding: 'text', data: badRequest }
  };
}`

export function viewerRequestSource(options: { statusHost?: StatusHostLink } = {}): string {
  const extensions = JSON.stringify(Object.keys(fileTypes).sort())
  return `import cf from 'cloudfront';
// Written from host/rules.ts: do not edit.
var kvs = cf.kvs();
var extensions = ${extensions};
var shared = ${JSON.stringify(SHARED_PREFIXES.map((p) => `/${p}`))};
var buildId = ${BUILD_ID_PATTERN};
var unavailable = ${JSON.stringify(unavailablePage(options.statusHost))};
var unsafe = ${UNSAFE_URI};
${refuseUnsafeSource}
${isFilePathSource()}
async function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (unsafe.test(uri)) return refuseUnsafe();
  request.querystring = {};
  if (!isFilePath(uri)) uri = uri.replace(/\\/+$/, '') + '/index.html';
  for (var i = 0; i < shared.length; i++) {
    if (uri.indexOf(shared[i]) === 0) {
      request.uri = uri;
      return request;
    }
  }
  var live = '';
  try {
    live = await kvs.get(${JSON.stringify(LIVE_KEY)});
  } catch (e) {}
  if (!buildId.test(live)) {
    return {
      statusCode: 503,
      statusDescription: 'Service Unavailable',
      headers: {
        'content-type': { value: 'text/html; charset=utf-8' },
        'cache-control': { value: 'no-store' },
        'retry-after': { value: '60' }
      },
      body: { encoding: 'text', data: unavailable }
    };
  }
  request.uri = '/${RELEASES}' + live + uri;
  return request;
}
`
}

/**
 * The status host (docs/status.md, "Hosted apart: what survives what"): `status.<domain>`, a
 * distribution and a bucket of its own in a second region, sharing no failure with the site's. Its
 * bucket holds the status document, replicated from the site's bucket (`status/`), and what of a
 * build the monitoring pages need, at the paths they have in dist/ (no releases, no key value
 * store: `npm run deploy` writes them, pages last). The addresses it answers with a monitoring page,
 * without their trailing slash:
 */
const STATUS_HOST_PAGES: Readonly<Record<string, string>> = {
  '/': 'monitoring/index.html',
  '/monitoring': 'monitoring/index.html',
  '/ar': 'ar/monitoring/index.html',
  '/ar/monitoring': 'ar/monitoring/index.html',
}
/**
 * The files of a build the status host serves at their own address: the monitoring pages, their
 * payloads and their languages' shells (a switch of language swaps in place), the build's pointer
 * (the runtime's reload offer), the icon, and the 404 page its distribution answers a missing key
 * with. Beside them, the build's meta (`builds/meta/<id>.json`) and the assets all of these name.
 */
export const STATUS_HOST_FILES: readonly string[] = [
  'monitoring/index.html',
  'ar/monitoring/index.html',
  'monitoring/_payload.json',
  'ar/monitoring/_payload.json',
  '_shell/en.json',
  '_shell/ar.json',
  'builds/latest.json',
  'favicon.svg',
  notFoundKey,
]
/** What the status host serves under a prefix, as it is: the replicated document, assets and metas. */
const STATUS_HOST_PREFIXES: readonly string[] = [STATUS_PREFIX, 'assets/', 'builds/meta/']
/**
 * The status bucket's keys its distribution may read (the OAC grant), as patterns of an S3
 * policy's resources; `npm run deploy` may write all of them but `status/*`, which only
 * replication writes.
 */
export const STATUS_HOST_READABLE_KEYS: readonly string[] = [
  ...STATUS_HOST_PREFIXES.map((p) => `${p}*`),
  ...STATUS_HOST_FILES,
]

/**
 * The status host's viewer-request function (cloudfront-js-2.0, no key value store): `/` and `/ar/`
 * are the monitoring page of their language, as are `/monitoring` and `/ar/monitoring`; the files of
 * STATUS_HOST_FILES and everything under `/status/`, `/assets/` and `/builds/meta/` are served as
 * they are; any other address is redirected (301) to the same path on `siteOrigin`, the site's
 * origin, without the query string (which the site ignores too). The unsafe addresses the site's
 * function refuses are refused alike (400).
 */
export function statusHostRequestSource(siteOrigin: string): string {
  if (!/^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(siteOrigin))
    throw new Error(
      `The status host redirects to the site's origin, an https:// origin without a path: not ${siteOrigin}`,
    )
  const pages = Object.fromEntries(Object.entries(STATUS_HOST_PAGES).map(([path, file]) => [path, `/${file}`]))
  return `// Written from host/rules.ts: do not edit.
var site = ${JSON.stringify(siteOrigin)};
var pages = ${JSON.stringify(pages)};
var files = ${JSON.stringify(STATUS_HOST_FILES.map((f) => `/${f}`))};
var prefixes = ${JSON.stringify(STATUS_HOST_PREFIXES.map((p) => `/${p}`))};
var unsafe = ${UNSAFE_URI};
${refuseUnsafeSource}
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (unsafe.test(uri)) return refuseUnsafe();
  request.querystring = {};
  var path = uri.replace(/\\/+$/, '') || '/';
  if (Object.prototype.hasOwnProperty.call(pages, path)) {
    request.uri = pages[path];
    return request;
  }
  if (files.indexOf(uri) !== -1) return request;
  for (var i = 0; i < prefixes.length; i++) {
    if (uri.indexOf(prefixes[i]) === 0) return request;
  }
  return {
    statusCode: 301,
    statusDescription: 'Moved Permanently',
    headers: {
      location: { value: site + uri },
      'cache-control': { value: 'public, max-age=3600' }
    }
  };
}
`
}

/**
 * The viewer-response function (cloudfront-js-2.0): the Content-Security-Policy of the build that
 * answered, from its object's `x-amz-meta-csp`, so that a build's inline-script hashes switch with
 * its pages (a policy fixed in the distribution would lag a deploy that changed them); the fallback
 * where the object has none; a moved page's object (`x-amz-meta-location`, host/redirects.ts) answered
 * as a 301 to its new address, revalidated like a page so that a rollback takes it back; and S3's
 * own `x-amz-*` headers removed.
 */
export function viewerResponseSource(): string {
  return `// Written from host/rules.ts: do not edit.
var fallback = ${JSON.stringify(FALLBACK_CSP)};
function handler(event) {
  var response = event.response;
  var headers = response.headers;
  var csp = headers['x-amz-meta-${CSP_METADATA}'];
  headers['content-security-policy'] = { value: csp && csp.value ? csp.value : fallback };
  var moved = headers['x-amz-meta-${LOCATION_METADATA}'];
  if (moved && moved.value && response.statusCode === 200) {
    response.statusCode = 301;
    response.statusDescription = 'Moved Permanently';
    headers['location'] = { value: moved.value };
    headers['cache-control'] = { value: ${JSON.stringify(REVALIDATE)} };
  }
  for (var name in headers) {
    if (name.indexOf('x-amz-') === 0) delete headers[name];
  }
  return response;
}
`
}

// ./paths.ts isFilePath, for an engine without Object.hasOwn or modules; tests/unit/sharedRules.test.ts
// checks that both answer alike.
function isFilePathSource(): string {
  return `function isFilePath(uri) {
  if (uri.charAt(uri.length - 1) === '/') return false;
  var last = uri.slice(uri.lastIndexOf('/') + 1);
  var dot = last.lastIndexOf('.');
  return dot > 0 && extensions.indexOf(last.slice(dot).toLowerCase()) !== -1;
}`
}
