// `npm run verify [-- DIR] [--json]`: refuses a broken build before operations upload it to S3.
// Checks a built output folder (dist/ by default) as the host will serve it and prints what is wrong;
// the checks themselves are in scripts/lib/verifyChecks.ts.
import { existsSync, statSync } from 'node:fs'
import { parseCommand, runCommand, UsageError } from '../api/server/cli'
import { site } from '../site.config'
import { checkNames, checks, loadBuild, type CheckName, type Problem } from './lib/verifyChecks'

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

const about: Record<CheckName, string> = {
  pages: 'every route in every language, its <html lang dir>, title, canonical and hreflang links; 404.html',
  links: 'every internal address of a page, stylesheet or script reaches a file (and its #fragment an id)',
  payloads: "every page's _payload.json is JSON and matches the page",
  manifest: 'builds/latest.json and builds/meta/<id>.json agree with each other and with the pages',
  sitemap: 'sitemap.xml lists exactly the canonical URL of every page; robots.txt names it',
  origins: `no script, stylesheet, font or image comes from an origin other than ${site.origin}`,
  headers:
    "_headers gives the security headers, and its Content-Security-Policy admits the pages' inline scripts and styles",
  config:
    "runtime-config.json is a valid runtime configuration, and the Content-Security-Policy admits its API's origin",
  copy: 'no page shows doubled punctuation («ر.س..»), a bare percentage after Arabic («%15») or a currency in a second form («SAR» beside «ر.س.»); English titles and headings in sentence case (build/copyRules.ts)',
}

const usage = `Usage: npm run verify [-- DIR] [--json] [--help]

Checks a built output folder (DIR, dist/ by default) before it is uploaded, and refuses a broken build.
${checkNames.map((c) => `  ${c.padEnd(9)} ${about[c]}`).join('\n')}

Internal addresses resolve as S3 behind the CDN serves them: /x and /x/ -> x/index.html, a file as it is.

Options:
  --json    print one JSON object { ok, dir, pages, problems, checks } on stdout instead of the report
  --help    print this help

Exit codes: 0 no problems, 1 problems found, 2 usage error (unknown option, DIR missing or not a folder)`

function report(dir: string, { pages, problems }: ReturnType<typeof verify>): string {
  const lines: string[] = []
  for (const check of checkNames) {
    const found = problems.filter((p) => p.check === check)
    lines.push(`${found.length ? '✗' : '✓'} ${check}: ${plural(found.length, 'problem')} (${about[check]})`)
    for (const p of found) lines.push(`  ${p.file}: ${p.message}`)
  }
  lines.push(`verify: ${dir} ${plural(pages.length, 'page')}, ${plural(problems.length, 'problem')}`)
  return lines.join('\n')
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function main(json: boolean, dir: string): number {
  const wrong = (en: string) => new UsageError({ en, ar: en })
  if (!existsSync(dir)) throw wrong(`${dir} does not exist: run \`npm run build\` first`)
  if (!statSync(dir).isDirectory())
    throw wrong(`${dir} is not a folder: run \`npm run build\` first, or name the built folder`)
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
