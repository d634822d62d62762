// The same commit built twice gives the same dist/assets/, names and bytes, so a deploy makes
// returning visitors download only what changed. Builds a second copy of the project and compares.
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
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

test('a build over the last one (build/outDir.ts) writes the same dist/ as one from nothing: its pages in the last one’s files, a page it no longer has swept out', {
  timeout: 180_000,
}, () => {
  const dist = join(copy, 'dist')
  if (!existsSync(join(dist, 'index.html')))
    runIn(copy, 'build/index.ts', [], { BUILD_ID: 'second-build', BUILD_TIMESTAMP: '1700000000000' })
  const before = Object.fromEntries(listing(dist).map((f) => [f, readFileSync(join(dist, f), 'utf8')]))
  const inode = statSync(join(dist, 'guide', 'webhooks', 'index.html')).ino
  // Pages of the last build that this one has not (a guide since removed), in both languages.
  for (const gone of ['guide/removed-guide', 'ar/guide/removed-guide']) {
    mkdirSync(join(dist, gone), { recursive: true })
    writeFileSync(join(dist, gone, 'index.html'), 'a page since removed')
    writeFileSync(join(dist, gone, '_payload.json'), '{}')
  }
  writeFileSync(join(dist, 'guide', 'stray.json'), '{}')
  runIn(copy, 'build/index.ts', [], { BUILD_ID: 'second-build', BUILD_TIMESTAMP: '1700000000000' })
  const after = Object.fromEntries(listing(dist).map((f) => [f, readFileSync(join(dist, f), 'utf8')]))
  expect(Object.keys(after)).toEqual(Object.keys(before))
  for (const f of Object.keys(before)) expect(after[f], f).toBe(before[f])
  // Written over, not made anew.
  expect(statSync(join(dist, 'guide', 'webhooks', 'index.html')).ino).toBe(inode)
})

test('sources that passed the checks are kept (build/searchWorker.ts), and a guide changed since still stops the build, naming it', {
  timeout: 180_000,
}, () => {
  // The builds above left this copy's checks and search indexes under their key.
  expect(readdirSync(join(copy, 'node_modules', '.cache', 'rasid-sources')).length).toBeGreaterThan(0)
  appendFileSync(
    join(copy, 'locales', 'guides', 'ar', 'getting-started', 'api-keys.md'),
    '\nراجع صفحة الحالة قبل الإطلاق.\n',
  )
  let failure: { status?: number; stderr?: string } = {}
  try {
    runIn(copy, 'build/index.ts', [], { BUILD_ID: 'third-build', BUILD_TIMESTAMP: '1700000000000' })
  } catch (err) {
    failure = err as typeof failure
  }
  expect(failure.status).toBe(1)
  expect(failure.stderr).toContain('Copy uses words the glossary bans')
  expect(failure.stderr).toContain('locales/guides/ar/getting-started/api-keys.md')
})
