// `npm run verify [-- DIR] [--json]`: refuses a broken build before operations upload it to S3.
// Checks a built output folder (dist/ by default) as the host will serve it and prints what is wrong;
// the checks themselves are in scripts/lib/verify/, one file each.
import { existsSync, statSync } from 'node:fs'
import type { Bilingual } from '../locales/operator'
import { parseCommand, runCommand, UsageError } from './lib/cli/command'
import { site } from '../site.config'
import { words } from './lib/cli/words'
import { checkNames, checks, loadBuild, type CheckName, type Problem } from './lib/verify'

export type { CheckName, Problem }

/** Every problem of the built folder `dir`, and the HTML files it checked. */
export function verify(dir: string): { pages: string[]; problems: Problem[] } {
  const build = loadBuild(dir)
  const problems: Problem[] = []
  const seen = new Set<string>()
  for (const check of checkNames) {
    checks[check](build, (file, message) => {
      // A header link to a missing page is one problem of that page, not one per header link.
      const key = JSON.stringify([check, file, message])
      if (!seen.has(key)) problems.push({ check, file, message })
      seen.add(key)
    })
  }
  return { pages: [...build.html.keys()].sort(), problems }
}

/** What each check holds the build to, in both languages (locales/operator/commands.<lang>.json, `verify.*`). */
const about: Record<CheckName, Bilingual> = {
  pages: words('verify.check.pages'),
  links: words('verify.check.links'),
  payloads: words('verify.check.payloads'),
  manifest: words('verify.check.manifest'),
  sitemap: words('verify.check.sitemap'),
  origins: words('verify.check.origins', { origin: site.origin }),
  headers: words('verify.check.headers'),
  config: words('verify.check.config'),
  copy: words('verify.check.copy'),
}

const usage = words('verify.usage', (lang) => ({
  checks: checkNames.map((c) => `  ${c.padEnd(9)} ${about[c][lang]}`).join('\n'),
}))

/** The report, in English: the checks' findings are written in English (scripts/lib/verify/). */
function report(dir: string, { pages, problems }: ReturnType<typeof verify>): string {
  const lines: string[] = []
  for (const check of checkNames) {
    const found = problems.filter((p) => p.check === check)
    lines.push(`${found.length ? '✗' : '✓'} ${check}: ${plural(found.length, 'problem')} (${about[check].en})`)
    for (const p of found) lines.push(`  ${p.file}: ${p.message}`)
  }
  lines.push(`verify: ${dir} ${plural(pages.length, 'page')}, ${plural(problems.length, 'problem')}`)
  return lines.join('\n')
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function main(json: boolean, dir: string): number {
  if (!existsSync(dir)) throw new UsageError(words('verify.noDir', { dir }))
  if (!statSync(dir).isDirectory()) throw new UsageError(words('verify.notFolder', { dir }))
  const label = dir.replace(/\/*$/, '/')
  const result = verify(dir)
  if (json) {
    const counts = Object.fromEntries(checkNames.map((c) => [c, result.problems.filter((p) => p.check === c).length]))
    console.log(
      JSON.stringify(
        {
          ok: !result.problems.length,
          dir: label,
          pages: result.pages.length,
          problems: result.problems,
          checks: counts,
        },
        null,
        2,
      ),
    )
  } else {
    console.log(report(label, result))
  }
  return result.problems.length ? 1 : 0
}

if (/[\\/]verify\.ts$/.test(process.argv[1] ?? '')) {
  const cmd = parseCommand({ script: 'verify', usage, options: { json: { type: 'boolean' } }, args: ['dir?'] })
  void runCommand(cmd, () => main(!!cmd.values.json, cmd.args[0] ?? 'dist'))
}
