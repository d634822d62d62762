// The status document at build time (docs/status.md). The build publishes no status document: a
// deploy never writes `status/`, which operations own (`npm run status`, the probe). It writes the
// document's and the summary's JSON Schemas (dist/schemas/), deployed with the pages, and it can
// prerender the last known document: `STATUS_SNAPSHOT=<file>` (a copy of /status/status.json, e.g.
// fetched by the release job) is validated, and a bad one fails the build with the file and the
// reason. Without it the page is prerendered in a neutral state, never with sample figures.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { toJsonSchema } from '@valibot/to-json-schema'
import { parseStatus, StatusDocument, statusPaths } from '../api/contract/status'
import { statusSummaryJsonSchema } from '../api/status/summary'
import { site } from '../site.config'

/** The JSON Schema of the document, for tools that do not read valibot. */
export function statusJsonSchema(): object {
  return {
    $id: `${site.origin}${statusPaths.schema}`,
    title: 'Rasid status document',
    ...toJsonSchema(StatusDocument, { target: 'draft-2020-12', errorMode: 'ignore' }),
  }
}

/** A status document the build was given to prerender, refused with its file and the reason. */
export class StatusSnapshotError extends Error {}

/**
 * The last known document, from `STATUS_SNAPSHOT` (a file), or undefined without one. A file that
 * is missing, not JSON or not the schema's document fails the build, naming it and why.
 */
export function statusSnapshot(env: Record<string, string | undefined> = process.env): StatusDocument | undefined {
  const file = env.STATUS_SNAPSHOT
  if (!file) return undefined
  const path = resolve(file)
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (err) {
    throw new StatusSnapshotError(`STATUS_SNAPSHOT ${path}: ${(err as Error).message}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (err) {
    throw new StatusSnapshotError(`STATUS_SNAPSHOT ${path}: not JSON (${(err as Error).message})`)
  }
  const parsed = parseStatus(json)
  if ('error' in parsed)
    throw new StatusSnapshotError(`STATUS_SNAPSHOT ${path}: not a status document (${parsed.error})`)
  if (parsed.doc.sample)
    throw new StatusSnapshotError(`STATUS_SNAPSHOT ${path}: a sample, which a build never publishes`)
  return parsed.doc
}

/** dist/schemas/: the JSON Schemas of the document and of its summary (docs/status-api.md). */
export function writeStatus(dist: string) {
  mkdirSync(join(dist, 'schemas'), { recursive: true })
  const file = (path: string) => join(dist, path.slice(1))
  writeFileSync(file(statusPaths.schema), `${JSON.stringify(statusJsonSchema(), null, 2)}\n`)
  writeFileSync(file(statusPaths.summarySchema), `${JSON.stringify(statusSummaryJsonSchema(site.origin), null, 2)}\n`)
}
