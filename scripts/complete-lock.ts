// `npm run lock:complete`: after `npm install` on a machine whose registry mirror carries only some
// platforms' builds of a package's optional native binaries (Biome's CLI, oxc-parser's bindings),
// npm writes a package-lock.json without the others, and `npm ci` then refuses it as out of sync.
// This adds each missing binary as npm writes it with a full registry (version, os, cpu, libc,
// optional), so `npm ci` installs the one for its platform and skips the rest, each with the
// registry's sha512 `integrity` (`npm view <name>@<version> dist.integrity`), so that `npm ci` on
// any platform checks what it downloads. Idempotent.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { parseCommand, runCommand } from './lib/cli/command'

interface Entry {
  version: string
  integrity?: string
  inBundle?: boolean
  link?: boolean
  dev?: boolean
  optional?: boolean
  os?: string[]
  cpu?: string[]
  libc?: string[]
  optionalDependencies?: Record<string, string>
}

const cmd = parseCommand({
  script: 'lock:complete',
  args: ['file?'],
  usage: `Usage: npm run lock:complete [-- FILE]

After \`npm install <package>\` on this machine: adds to FILE (package-lock.json by default) the other
platforms' native binaries of Biome's CLI and oxc-parser that this machine's registry mirror lacks,
as npm writes them with a full registry and with the registry's integrity of each, so that \`npm ci\`
accepts the lock and checks what it downloads. Running it twice changes nothing. Exit codes: 0 done, 1 failed (FILE missing or not a lock), 2 wrong usage.`,
})
const file = cmd.args[0] ?? 'package-lock.json'

/** `@biomejs/cli-linux-x64-musl` -> os, cpu and libc; undefined for a name that names no platform. */
function platformOf(name: string): Pick<Entry, 'os' | 'cpu' | 'libc'> | undefined {
  const m =
    /(?:cli|binding)-(android|darwin|freebsd|linux|openharmony|win32)-(arm64|arm|x64|ia32|ppc64|riscv64|s390x)(?:-(\w+))?$/.exec(
      name,
    )
  if (!m) return undefined
  const [, os, cpu, abi] = m
  const libc = abi === 'gnu' || abi === 'gnueabihf' ? ['glibc'] : abi?.startsWith('musl') ? ['musl'] : undefined
  return { os: [os!], cpu: [cpu!], ...(libc && { libc }) }
}

/** `node_modules/a/node_modules/b` -> `['', 'node_modules/a', 'node_modules/a/node_modules/b']`. */
function chainOf(location: string): string[] {
  const parts = location.split('/node_modules/')
  const chain = ['']
  let current = parts[0]!
  chain.push(current)
  for (const part of parts.slice(1)) {
    current = `${current}/node_modules/${part}`
    chain.push(current)
  }
  return chain
}

await runCommand(cmd, () => {
  const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, Entry> }
  const packages = lock.packages
  const at = (base: string, name: string) => (base ? `${base}/node_modules/${name}` : `node_modules/${name}`)
  const added: Record<string, Entry> = {}
  for (const [location, entry] of Object.entries(packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const platform = platformOf(name)
      if (!platform) continue
      const chain = chainOf(location)
      const resolved = [...chain]
        .reverse()
        .map((base) => at(base, name))
        .find((k) => packages[k] ?? added[k])
      if (resolved && (packages[resolved] ?? added[resolved])!.version === version) continue
      const target = chain.map((base) => at(base, name)).find((k) => !packages[k] && !added[k])!
      // In npm's own key order.
      added[target] = {
        version,
        cpu: platform.cpu,
        ...(entry.dev && { dev: true }),
        ...(platform.libc && { libc: platform.libc }),
        optional: true,
        os: platform.os,
      }
    }
  }

  const pending = Object.keys(added).sort()
  const out: Record<string, Entry> = {}
  for (const [key, entry] of Object.entries(packages)) {
    while (key && pending.length && pending[0]!.toLowerCase() < key.toLowerCase())
      out[pending[0]!] = added[pending.shift()!]!
    out[key] = entry
  }
  for (const key of pending) out[key] = added[key]!
  // Every platform binary (added now or before) with the registry's integrity, in npm's key order.
  let hashed = 0
  for (const [key, entry] of Object.entries(out)) {
    const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length)
    if (entry.integrity || entry.inBundle || entry.link || !platformOf(name)) continue
    const integrity = execFileSync('npm', ['view', `${name}@${entry.version}`, 'dist.integrity'], {
      encoding: 'utf8',
    }).trim()
    if (!/^sha512-[A-Za-z0-9+/]+=*$/.test(integrity))
      throw new Error(`the registry gave no sha512 integrity for ${name}@${entry.version}`)
    const { version, ...rest } = entry
    out[key] = { version, integrity, ...rest }
    hashed++
  }
  lock.packages = out
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
  console.log(`${file}: ${Object.keys(added).length} missing platform binaries added, ${hashed} given their integrity`)
  return 0
})
