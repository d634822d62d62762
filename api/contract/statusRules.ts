// The status document's numbers and its freshness rule (./status.ts), apart from its valibot
// schema: the runtime's banner (renderer/client/statusBanner.ts) needs these and must not pull
// valibot into the code every page loads. Pure: no imports.

/** Where the document and its feeds are served (the bucket's `status/`, shared by every build). */
export const statusPaths = {
  document: '/status/status.json',
  /** The build's own, beside its pages (not under status/, which operations own). */
  schema: '/schemas/status.json',
  feed: { en: '/status/incidents.atom', ar: '/status/incidents.ar.atom' },
} as const
/** Days of availability the document keeps and the page draws. */
export const statusDays = 90
/** A document older than this leaves the page on the build's view (the probe writes every minute). */
const staleAfterMs = 10 * 60_000
/** A document dated further ahead than this is from a wrong clock: the page does not trust it. */
const futureSkewMs = 2 * 60_000

/** Why the page keeps the build's view: no document, not a document, dated ahead, or too old. */
export type StatusProblem = 'missing' | 'malformed' | 'future' | 'stale'

/** Whether a parsed document can be shown at `now` (ms), else which problem it has. */
export function freshness(doc: { updatedAt: string; sample: boolean }, now: number): StatusProblem | undefined {
  const at = Date.parse(doc.updatedAt)
  if (at - now > futureSkewMs) return 'future'
  if (now - at > staleAfterMs && !doc.sample) return 'stale'
  return undefined
}
