// dist/status/: the status document's first version, the build's sample (pages/monitoring/sample.ts,
// `sample: true`), and its incidents feeds (docs/status.md). A deploy uploads them only to a bucket
// that has no document yet; from then on operations own them (`npm run status`). The document's JSON
// Schema is the build's: dist/schemas/status.json, deployed with the pages.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { toJsonSchema } from '@valibot/to-json-schema'
import { StatusDocument, statusPaths } from '../api/contract/status'
import type { Catalog } from '../locales/catalogs'
import { sampleStatus } from '../pages/monitoring/sample'
import { atomFeed } from '../api/status/feed'
import { site } from '../site.config'

/** The JSON Schema of the document, for tools that do not read valibot. */
export function statusJsonSchema(): object {
  return {
    $id: `${site.origin}${statusPaths.schema}`,
    title: 'Rasid status document',
    ...toJsonSchema(StatusDocument, { target: 'draft-2020-12', errorMode: 'ignore' }),
  }
}

export function writeStatus(dist: string, catalogs: { en: Catalog; ar: Catalog }) {
  const doc = sampleStatus(catalogs)
  const file = (path: string) => join(dist, path.slice(1))
  for (const folder of ['status', 'schemas']) mkdirSync(join(dist, folder), { recursive: true })
  writeFileSync(file(statusPaths.document), `${JSON.stringify(doc)}\n`)
  writeFileSync(file(statusPaths.schema), `${JSON.stringify(statusJsonSchema(), null, 2)}\n`)
  for (const lang of ['en', 'ar'] as const)
    writeFileSync(file(statusPaths.feed[lang]), atomFeed(doc, lang, site.origin))
}
