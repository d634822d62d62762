// The OpenAPI document checked as the build starts (build/searchWorker.ts, beside the catalogs'
// checks): first what the site needs of it (./document.ts: OpenAPI 3.1, one tag per operation,
// every text's Arabic beside its English), then Redocly's validator with its `recommended`
// ruleset, which also checks each example against its schema. Any error or warning stops the
// build, with the file, the place in it (a JSON pointer) and the rule.
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { createConfig, lintFromString } from '@redocly/openapi-core'
import { loadReference, referenceFile } from './document'

/** Why the document cannot ship, in a few lines, or null. */
export async function referenceStoppers(file = referenceFile()): Promise<string | null> {
  try {
    loadReference(file)
  } catch (e) {
    return (e as Error).message
  }
  const source = readFileSync(file, 'utf8')
  const problems = await lintFromString({
    source,
    absoluteRef: file,
    config: await createConfig({ extends: ['recommended'] }),
  })
  if (!problems.length) return null
  const lines = problems
    .slice(0, 20)
    .map(
      (p) =>
        `  ${p.severity} ${p.ruleId}: ${p.message}${p.location[0]?.pointer ? ` (at ${p.location[0].pointer})` : ''}`,
    )
  return `${relative(process.cwd(), file)}: ${problems.length} problem${problems.length === 1 ? '' : 's'} (Redocly, recommended):\n${lines.join('\n')}`
}
