// A build's permanent redirects (docs/deploy.md, "Moved pages"): `dist/_redirects`, one line per
// old address, `<from> <to> 301`, written by the build (build/redirects.ts) from
// locales/guides/redirects.json in every language. The host answers each `from` with 301 and the
// `to` of the build that is live: `npm run deploy` uploads an empty object at the old page's key
// carrying `x-amz-meta-location`, which the viewer-response function turns into the 301, so a
// rollback takes its redirects with it; `npm run preview` and the local edge answer from the file.
import { htmlOfPath } from '../renderer/shared/paths'

/** The file in dist/ (a host file: never uploaded nor served as it is). */
export const REDIRECTS_FILE = '_redirects'

/** The object metadata that makes a release's object a redirect (`x-amz-meta-location`). */
export const LOCATION_METADATA = 'location'

/** `/guide/api-keys` -> `/guide/getting-started/api-keys`, in file order. */
export function parseRedirects(text: string): Map<string, string> {
  const moved = new Map<string, string>()
  for (const [n, line] of text.split('\n').entries()) {
    if (!line.trim() || line.startsWith('#')) continue
    const [from, to, code, ...rest] = line.trim().split(/\s+/)
    if (!from?.startsWith('/') || !to?.startsWith('/') || code !== '301' || rest.length)
      throw new Error(`${REDIRECTS_FILE} line ${n + 1}: not "<from> <to> 301": ${line}`)
    moved.set(from, to)
  }
  return moved
}

export function formatRedirects(moved: ReadonlyMap<string, string>): string {
  return [...moved].map(([from, to]) => `${from} ${to} 301\n`).join('')
}

/** The key in a build of the page a redirect stands for: `/guide/api-keys` -> `guide/api-keys/index.html`. */
export const redirectKey = (from: string) => htmlOfPath(from)
