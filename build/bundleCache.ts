// The bundles Vike's build makes (.vike/client and .vike/server, before the prerender), kept between
// builds: when nothing they are made from has changed, a build restores them instead of running
// Vite twice (1.7 s of a 2.5 s build of the site; the same at 1,000 guides, which the bundles do
// not hold: build/guides.ts reads the articles during the prerender). `BUNDLE_CACHE=0` turns it off.
//
// The key is a hash of everything the bundles can depend on, taken wide rather than traced:
// - every file under the folders the bundles import from (pages, renderer, locales less its
//   guides, api, build, public) and the root's config files, by path and content, so a file added,
//   removed or renamed is a change too (Vike routes by file name);
// - package-lock.json (every package's version) and package.json;
// - what the Vite config compiles in (`define`), the environment Vite reads (VITE_*, NODE_ENV,
//   SOURCEMAP) and its .env files;
// - Node's version and the project's folder (the server bundle may name paths in it).
// A wrong hit would ship old code, so anything unsure is in the key: a miss costs only the 1.7 s.
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'

/** Folders whose every file is in the key (the guides' articles excepted), and single files. */
const FOLDERS = ['pages', 'renderer', 'locales', 'api', 'build', 'public']
const SKIPPED = [join('locales', 'guides')]
const FILES = [
  'package.json',
  'package-lock.json',
  'vike.config.ts',
  'vite.config.ts',
  'uno.config.ts',
  'site.config.ts',
  'tsconfig.json',
]
/** What a build's bundles are: the client's and the server's output folders under .vike/. */
const PARTS = ['client', 'server']
/** How many bundles are kept (the newest by use): a branch switched back and forth hits both. */
const KEPT = 3

/**
 * Vike's transpiled copy of a `+config.ts`, written beside it and deleted once imported while it
 * builds (`+config.ts.build-<content hash>.mjs`): no source, and gone by the time it would be read
 * by the search thread, which hashes the sources while Vike builds.
 */
const vikeCopy = /\.build-[a-z0-9]{12}\.mjs$/

function filesUnder(root: string, folder: string, out: string[]) {
  const dir = join(root, folder)
  if (!existsSync(dir)) return
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = join(folder, entry.name)
    if (SKIPPED.includes(rel) || entry.name === 'node_modules' || vikeCopy.test(entry.name)) continue
    if (entry.isDirectory()) filesUnder(root, rel, out)
    else if (entry.isFile()) out.push(rel)
  }
}

/** A hash of every file under `dir`, by its path there and its content (empty when there is none). */
export function treeHash(dir: string): string {
  const h = createHash('sha256')
  const files: string[] = []
  if (existsSync(dir)) filesUnder(dir, '.', files)
  for (const file of files.sort()) {
    h.update(`${file.split(sep).join('/')}\0`)
    h.update(readFileSync(join(dir, file)))
    h.update('\0')
  }
  return h.digest('hex')
}

/** The key of the bundles a build with `define` would make in `root` now. */
export function bundleKey(root: string, define: Record<string, string>, env: NodeJS.ProcessEnv = process.env): string {
  const h = createHash('sha256')
  const files: string[] = []
  for (const folder of FOLDERS) filesUnder(root, folder, files)
  for (const file of FILES) if (existsSync(join(root, file))) files.push(file)
  for (const entry of readdirSync(root)) if (entry.startsWith('.env')) files.push(entry)
  for (const file of files.sort()) {
    h.update(`${file.split(sep).join('/')}\0`)
    h.update(readFileSync(join(root, file)))
    h.update('\0')
  }
  const vars = Object.keys(env)
    .filter((k) => k.startsWith('VITE_') || k === 'NODE_ENV' || k === 'SOURCEMAP')
    .sort()
    .map((k) => [k, env[k]])
  h.update(JSON.stringify({ define, vars, node: process.version, root }))
  return h.digest('hex').slice(0, 24)
}

export interface BundleCache {
  key: string
  /** Puts the cached bundles into `out` (.vike); false when there are none for this key. */
  restore(): boolean
  /** Keeps the bundles just built in `out`. */
  save(): void
}

/** The bundle cache of `root`'s build into `out`; `BUNDLE_CACHE_DIR` for another folder. */
export function bundleCache(
  root: string,
  out: string,
  define: Record<string, string>,
  env: NodeJS.ProcessEnv = process.env,
): BundleCache | undefined {
  if (env.BUNDLE_CACHE === '0') return undefined
  const cache = env.BUNDLE_CACHE_DIR || join(root, 'node_modules', '.cache', 'rasid-bundles')
  const key = bundleKey(root, define, env)
  const dir = join(cache, key)
  return {
    key,
    restore() {
      if (!existsSync(join(dir, 'complete')) || !serverEntryNamed(root, out)) return false
      for (const part of PARTS) {
        rmSync(join(out, part), { recursive: true, force: true })
        cpSync(join(dir, part), join(out, part), { recursive: true })
      }
      writeFileSync(join(dir, 'complete'), '') // its time is its last use
      return true
    },
    save() {
      // Written beside, then renamed: a build stopped half-way leaves no partial bundles under the key.
      const partial = `${dir}.${process.pid}.tmp`
      rmSync(partial, { recursive: true, force: true })
      for (const part of PARTS) cpSync(join(out, part), join(partial, part), { recursive: true })
      writeFileSync(join(partial, 'complete'), '')
      rmSync(dir, { recursive: true, force: true })
      renameSync(partial, dir)
      prune(cache)
    },
  }
}

/**
 * Whether Vike's prerender, run without its build, will load this project's server entry. It finds
 * it through a module that each build rewrites inside node_modules (@brillout/vite-plugin-server-entry's
 * autoImporter, a path relative to where that module really is): after a build of another copy of
 * the project that shares node_modules, it names that copy's, and the bundles are built again.
 */
export function serverEntryNamed(root: string, out: string): boolean {
  const importer = join(
    root,
    'node_modules',
    '@brillout',
    'vite-plugin-server-entry',
    'dist',
    'esm',
    'runtime',
    'autoImporter.js',
  )
  if (!existsSync(importer)) return false
  const text = readFileSync(importer, 'utf8')
  const relativePath = /serverEntryFilePathRelative: "([^"]+)"/.exec(text)?.[1]
  if (!text.includes("status = 'SET'") || relativePath === undefined) return false
  const entry = resolve(realpathSync(root), relative(root, resolve(root, out)), 'server', 'entry.mjs')
  return resolve(dirname(realpathSync(importer)), relativePath) === entry
}

/** Deletes all but the KEPT entries of `cache` last used, and what a stopped build left half-written. */
export function prune(cache: string) {
  const entries = readdirSync(cache)
  for (const name of entries.filter((n) => n.endsWith('.tmp'))) {
    const pid = Number(name.split('.').at(-2))
    if (!processAlive(pid)) rmSync(join(cache, name), { recursive: true, force: true })
  }
  const used = entries
    .filter((n) => !n.endsWith('.tmp') && existsSync(join(cache, n, 'complete')))
    .map((n) => ({ n, t: statSync(join(cache, n, 'complete')).mtimeMs }))
    .sort((a, b) => b.t - a.t)
  for (const { n } of used.slice(KEPT)) rmSync(join(cache, n), { recursive: true, force: true })
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
