// The same commit built twice gives the same dist/assets/, names and bytes, so a deploy makes
// returning visitors download only what changed. Builds a second copy of the project and compares.
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { copyProject, runIn } from './projectCopy'

const copy = copyProject('rasid-rebuild-')
afterAll(() => rmSync(copy, { recursive: true, force: true }))

const listing = (dir: string) =>
  (readdirSync(dir, { recursive: true }) as string[])
    .map((f) => f.split('\\').join('/'))
    .filter((f) => !f.endsWith('/') && /\.\w+$/.test(f))
    .sort()

test('a second build of the same sources writes byte-identical assets; the build id and time live only in HTML, payloads and builds/', {
  timeout: 180_000,
}, () => {
  runIn(copy, 'build/index.ts', [], { BUILD_ID: 'second-build', BUILD_TIMESTAMP: '1700000000000' })
  const ours = listing('dist/assets')
  const theirs = listing(join(copy, 'dist/assets'))
  expect(theirs).toEqual(ours)
  for (const file of ours)
    expect(readFileSync(join(copy, 'dist/assets', file)).equals(readFileSync(join('dist/assets', file))), file).toBe(
      true,
    )
  // The sitemap and robots.txt carry no date and no build id either.
  for (const file of ['sitemap.xml', 'robots.txt'])
    expect(readFileSync(join(copy, 'dist', file)).equals(readFileSync(join('dist', file))), file).toBe(true)
  // The other build's id is in its pages, its payloads and shells, and its manifest, and nowhere else.
  const withId = listing(join(copy, 'dist')).filter((f) =>
    readFileSync(join(copy, 'dist', f), 'utf8').includes('second-build'),
  )
  expect(withId.filter((f) => !/(\.html|(^|\/)_payload\.json)$/.test(f) && !/^(builds|_shell)\//.test(f))).toEqual([])
  expect(withId).toContain('builds/latest.json')
  expect(withId).toContain('builds/meta/second-build.json')
})
