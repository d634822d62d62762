// The site's languages are named once, in locales/locales.ts, and every table of words derives its
// keys from that list. So a third locale added there is a type error in each table that has no
// words for it yet, never a silent fallback to English: the TypeScript compiler, run in this
// process on the modules that hold such tables, with the list as it would read with French added.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const table = resolve('locales/locales.ts')
const withFrench = readFileSync(table, 'utf8').replace(
  "  { code: 'ar', language: 'ar', name: 'العربية', dir: 'rtl', script: 'arabic' },\n",
  "  { code: 'ar', language: 'ar', name: 'العربية', dir: 'rtl', script: 'arabic' },\n  { code: 'fr', language: 'fr', name: 'Français', dir: 'ltr', script: 'latin' },\n",
)

/** The modules that hold words per language outside the catalogs' JSON: each must name every locale. */
const tables = [
  'locales/operator.ts', // the operators' catalogs
  'api/contract/status.ts', // an incident's title and updates, in every language
  'api/status/feed.ts', // the status feeds' words
  'api/status/summary.ts', // the status summary's words
  'scripts/lib/statusCli.ts', // the status command's words
]

let previous: ts.Program | undefined

/** Each file's type errors with the list as `source`; the second run reuses what the first parsed. */
function errorsByFile(source: string): Map<string, string[]> {
  const { config } = ts.readConfigFile('tsconfig.json', ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, process.cwd())
  const host = ts.createCompilerHost({ ...options, noEmit: true })
  const read = host.readFile.bind(host)
  host.readFile = (file) => (resolve(file) === table ? source : read(file))
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (file, language, onError, create) =>
    resolve(file) === table
      ? ts.createSourceFile(file, source, language)
      : getSourceFile(file, language, onError, create)
  const program = ts.createProgram(
    tables.map((t) => resolve(t)),
    { ...options, noEmit: true },
    host,
    previous,
  )
  previous = program
  const errors = new Map<string, string[]>()
  for (const d of ts.getPreEmitDiagnostics(program)) {
    if (d.category !== ts.DiagnosticCategory.Error || !d.file) continue
    const file = d.file.fileName.replace(`${process.cwd()}/`, '')
    errors.set(file, [...(errors.get(file) ?? []), ts.flattenDiagnosticMessageText(d.messageText, '\n')])
  }
  return errors
}

describe('a third locale in locales/locales.ts', () => {
  it('changes the list as this test means to', () => {
    expect(withFrench).not.toBe(readFileSync(table, 'utf8'))
  })

  it('is a type error in every table of words until it has its own', { timeout: 120_000 }, () => {
    expect([...errorsByFile(readFileSync(table, 'utf8')).keys()], 'the tables compile as they are').toEqual([])
    const errors = errorsByFile(withFrench)
    for (const file of tables) expect(errors.get(file)?.join('\n') ?? '', file).toMatch(/'fr'/)
  })
})
