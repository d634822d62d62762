// `npm run docs:architecture`: draws who imports whom, folder by folder, from the import graph
// dependency-cruiser reads with the project's own rules (.dependency-cruiser.cjs), into
// docs/architecture.md between its markers; `--check` writes nothing and exits 1 when the drawing
// there is not the graph's (`npm run deps` runs it, so the drawing cannot drift from the code).
import { readFileSync, writeFileSync } from 'node:fs'
import { cruise } from 'dependency-cruiser'
import { parseCommand, runCommand } from './lib/cli/command'

const file = 'docs/architecture.md'
const start = '<!-- imports:start (npm run docs:architecture) -->'
const end = '<!-- imports:end -->'
const roots = ['api', 'bench', 'build', 'host', 'infra', 'locales', 'pages', 'renderer', 'scripts']

const cmd = parseCommand({
  script: 'docs:architecture',
  usage: `Usage: npm run docs:architecture [-- --check] [-- --help]

Draws who imports whom, folder by folder (${roots.join(', ')}; api/ and renderer/ by their
folders), from the import graph dependency-cruiser reads, into ${file} between its markers
${start} and ${end}.
  --check  write nothing; exit 1 when the drawing in ${file} is not the graph's
Exit codes: 0 written (or current), 1 out of date or the markers are missing, 2 wrong usage.`,
  options: { check: { type: 'boolean' } },
})

/** The folder a module is drawn as: api/ and renderer/ by their folders, the rest by their top. */
function folderOf(path: string): string | undefined {
  const parts = path.split('/')
  const top = parts[0]!
  if (!roots.includes(top)) return undefined
  if ((top === 'api' || top === 'renderer') && parts.length > 2) return `${top}/${parts[1]}`
  return top
}

/** The drawing: a Mermaid flowchart of the folders, each arrow from importer to imported. */
async function drawing(): Promise<string> {
  const result = await cruise(roots, {
    includeOnly: `^(${roots.join('|')})/`,
    exclude: { path: 'infra/cdk\\.out/' },
    tsPreCompilationDeps: true,
  })
  const output = typeof result.output === 'string' ? JSON.parse(result.output) : result.output
  const edges = new Set<string>()
  for (const module of output.modules as { source: string; dependencies: { resolved: string }[] }[]) {
    const from = folderOf(module.source)
    if (!from) continue
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved)
      if (to && to !== from) edges.add(`  ${from.replace('/', '_')}["${from}"] --> ${to.replace('/', '_')}["${to}"]`)
    }
  }
  return ['```mermaid', 'flowchart LR', ...[...edges].sort(), '```'].join('\n')
}

await runCommand(cmd, async () => {
  const text = readFileSync(file, 'utf8')
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from === -1 || to === -1) {
    console.error(`${file} lacks the markers ${start} and ${end}`)
    return 1
  }
  const next = `${text.slice(0, from + start.length)}\n${await drawing()}\n${text.slice(to)}`
  if (cmd.values.check) {
    if (next === text) return 0
    console.error(`${file}: the drawing of who imports whom is not the import graph's; run npm run docs:architecture`)
    return 1
  }
  writeFileSync(file, next)
  console.log(`docs:architecture: drew the import graph into ${file}`)
  return 0
})
