// How the host serves dist/: the same for S3 objects written by `npm run deploy`, the preview
// server (`npm run preview`) and the CloudFront viewer-request function, which is generated here
// from the rule in ./paths.ts so that production cannot disagree with the preview. Pure: no Node, no DOM.
import { extensionOf, fileTypes } from './paths'

/** Content-hashed files and the meta of a build never change under their name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Everything else is kept but checked with the origin on every use (a 304 when unchanged). */
export const REVALIDATE = 'public, max-age=0, must-revalidate'

/** `assets/site.x.css` -> `text/css; charset=utf-8`. Keys are paths inside dist/, without a leading slash. */
export function contentTypeFor(key: string): string {
  return fileTypes[extensionOf(key)] ?? 'application/octet-stream'
}

export function cacheControlFor(key: string): string {
  return key.startsWith('assets/') || key.startsWith('builds/meta/') ? IMMUTABLE : REVALIDATE
}

/** Text worth compressing on the wire (fonts and images are compressed already). */
export function isCompressible(key: string): boolean {
  return /^(text\/|application\/(json|xml|manifest))|^image\/svg/.test(contentTypeFor(key))
}

/**
 * The viewer-request function: ES5.1 for CloudFront Functions (cloudfront-js-2.0), built from
 * isFilePath and the extension list, so that it maps `/pricing` and `/pricing/` to
 * `pricing/index.html`, leaves a file path as it is, and drops the query string (the site's
 * `?<buildId>` and `?<now>` only defeat browser caches).
 */
export function viewerRequestSource(): string {
  const extensions = JSON.stringify(Object.keys(fileTypes).sort())
  return `// Written by npm run build from renderer/shared/paths.ts: do not edit.
var extensions = ${extensions};
${isFilePathSource()}
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (!isFilePath(uri)) request.uri = uri.replace(/\\/+$/, '') + '/index.html';
  request.querystring = {};
  return request;
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
