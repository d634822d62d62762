// Wrong usage of every `npm run` command that takes arguments, run as an operator runs it (the file
// its script runs, with tsx, as a child process: commandRunner.ts), through the commands' shared
// helper (scripts/lib/cli/command.ts; docs/development.md, "The scripts"): an unknown option, an unknown
// command or a stray argument is one line on stderr that names it and the help to run, exit 2, in
// English or Arabic; no stack trace ever, nothing started or written. Then the parser itself.
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { readCommand } from '../../scripts/lib/cli/command'
import {
  answers,
  commands,
  freePort,
  limited,
  mtimes,
  type Run,
  removeTempDirs,
  run,
  stackLine,
  tempDir,
} from './commandRunner'

afterAll(removeTempDirs)

/** The one line of a usage error: exit 2, nothing on stdout, the line names `what` and the help to run. */
function expectUsageLine(r: Run, script: string, what: string, help = `npm run ${script} -- --help`) {
  expect(r.code, r.stderr).toBe(2)
  expect(r.stdout).toBe('')
  expect(r.stderr.endsWith('\n')).toBe(true)
  const lines = r.stderr.trimEnd().split('\n')
  expect(lines, r.stderr).toHaveLength(1)
  expect(lines[0]!.startsWith(`${script}`)).toBe(true)
  expect(lines[0]).toContain(what)
  expect(lines[0]).toContain(help)
  expect(r.stderr).not.toMatch(stackLine)
}

// A typo for each, and a word the command does not take (a subcommand, or an argument).
const typos: Record<string, { option: string[]; word: string[]; named: string }> = {
  deploy: { option: ['--bukcet', 'site'], word: ['list'], named: 'unexpected argument "list"' },
  status: {
    option: ['show', '--bukcet', 'site'],
    word: ['incident', 'opne'],
    named: 'unknown command "incident opne"',
  },
  api: { option: ['--bogus'], word: ['serve'], named: 'unknown command "serve"' },
  's3:local': { option: ['--port', '1'], word: ['start'], named: 'unexpected argument "start"' },
  preview: { option: ['--dist', 'x'], word: ['dist'], named: 'unexpected argument "dist"' },
  verify: { option: ['--jsn'], word: ['dist', 'other'], named: 'unexpected argument "other"' },
  bench: { option: ['--lighthous'], word: ['lighthouse'], named: 'unexpected argument "lighthouse"' },
  contract: { option: ['--write'], word: ['write'], named: 'unexpected argument "write"' },
  'i18n:consent': { option: ['--dry-run'], word: ['en'], named: 'unexpected argument "en"' },
  'i18n:verify': { option: ['--fix'], word: ['ar'], named: 'unexpected argument "ar"' },
  'docs:glossary': { option: ['--check'], word: ['docs/content.md'], named: 'unexpected argument "docs/content.md"' },
  'docs:architecture': {
    option: ['--write'],
    word: ['docs/architecture.md'],
    named: 'unexpected argument "docs/architecture.md"',
  },
  'lock:complete': { option: ['--lock'], word: ['a.json', 'b.json'], named: 'unexpected argument "b.json"' },
}

describe.concurrent('wrong usage: one line, exit 2, nothing started', { timeout: 120_000 }, () => {
  for (const script of commands)
    test(`npm run ${script}: an unknown option and an unknown word`, async () => {
      const dir = tempDir()
      const port = await freePort()
      const env = {
        PORT: String(port),
        DB_PATH: join(dir, 'api.sqlite'),
        STATUS_DIR: join(dir, 'status'),
        PAYMENT_PROVIDER: 'sandbox',
      }
      const before = mtimes(script)
      const { option, word, named } = typos[script]!
      const [unknown, stray] = await Promise.all([run(script, option, env), run(script, word, env)])
      expectUsageLine(unknown, script, `unknown option ${option.find((a) => a.startsWith('-'))}`)
      expectUsageLine(stray, script, named)
      expect(await answers(port)).toBe(false)
      expect(readdirSync(dir)).toEqual([])
      expect(mtimes(script)).toEqual(before)
    })

  test('a subcommand names itself, its form and its own help; an option of another subcommand is refused', async () => {
    const env = { DB_PATH: join(tempDir(), 'api.sqlite') }
    const [exportTypo, subjectWord, forwardSince, noEmail] = await Promise.all([
      run('api', ['export', 'contacts', '--sinse', '2026-11-01'], env),
      run('api', ['subject', 'delete', '--email', 'a@b.c'], env),
      run('api', ['forward', '--since', '2026-11-01'], env),
      // A value the command refuses itself (UsageError): the same line.
      run('api', ['subject', 'show'], env),
    ])
    const exportHelp = 'npm run api -- export --help'
    expectUsageLine(exportTypo, 'api export', 'unknown option --sinse', exportHelp)
    expect(exportTypo.stderr).toContain('Usage: npm run api -- export contacts [--since DATE]')
    expectUsageLine(subjectWord, 'api subject', 'unknown command "subject delete"', 'npm run api -- subject --help')
    expectUsageLine(
      forwardSince,
      'api forward',
      '--since is not an option of api forward',
      'npm run api -- forward --help',
    )
    expectUsageLine(noEmail, 'api subject', '--email is required', 'npm run api -- subject --help')
  })

  test('status refuses credentials, a query or a fragment in its endpoint, as deploy does, never printing them', async () => {
    const dir = tempDir()
    const base = { SITE_BUCKET: 'site', STATUS_DIR: join(dir, 'status'), AWS_REGION: 'us-east-1' }
    const [user, query, fragment, fromEnv, arabic] = await Promise.all([
      run('status', ['show', '--endpoint', 'http://AKIAEXAMPLE:s3cr3t-value@127.0.0.1:9/'], base),
      run('status', ['show', '--endpoint', 'http://127.0.0.1:9/?X-Amz-Signature=s3cr3t-value'], base),
      run('status', ['show', '--endpoint', 'http://127.0.0.1:9/#s3cr3t-value'], base),
      run('status', ['show'], { ...base, S3_ENDPOINT: 'http://s3cr3t-value@127.0.0.1:9' }),
      run('status', ['show', '--lang', 'ar', '--endpoint', 'http://a:s3cr3t-value@127.0.0.1:9'], base),
    ])
    expectUsageLine(user, 'status', '--endpoint must not hold credentials')
    expectUsageLine(query, 'status', '--endpoint takes no query or fragment')
    expectUsageLine(fragment, 'status', '--endpoint takes no query or fragment')
    expectUsageLine(fromEnv, 'status', 'S3_ENDPOINT must not hold credentials')
    expectUsageLine(arabic, 'status', 'بيانات اعتماد', 'للتفاصيل شغّل npm run status -- --help')
    for (const r of [user, query, fragment, fromEnv, arabic]) expect(r.stderr + r.stdout).not.toContain('s3cr3t')
    expect(readdirSync(dir)).toEqual([])
  })

  test('in Arabic: --lang ar, STATUS_LANG or RASID_LANG', async () => {
    const [flag, statusLang, rasidLang] = await Promise.all([
      run('status', ['show', '--bukcet', 'site', '--lang', 'ar']),
      run('status', ['incident', 'opne'], { STATUS_LANG: 'ar' }),
      run('api', ['--bogus'], { RASID_LANG: 'ar' }),
    ])
    expectUsageLine(flag, 'status', 'الخيار \u200E--bukcet غير معروف', 'للتفاصيل شغّل npm run status -- --help')
    expect(flag.stderr).toContain('الاستخدام: npm run status -- show')
    expectUsageLine(statusLang, 'status', 'الأمر «incident opne» غير معروف')
    expectUsageLine(rasidLang, 'api', 'الخيار \u200E--bogus غير معروف', 'للتفاصيل شغّل npm run api -- --help')
  })

  test('through npm itself, as the operator types it', async () => {
    const npm = (args: string[]) =>
      limited(
        () =>
          new Promise<Run>((done) => {
            const started = Date.now()
            const child = spawn('npm', ['run', '-s', 'status', '--', ...args], {
              env: { ...process.env, STATUS_LANG: '', RASID_LANG: '' },
            })
            let stdout = ''
            let stderr = ''
            child.stdout.on('data', (d) => (stdout += d))
            child.stderr.on('data', (d) => (stderr += d))
            child.on('close', (code) => done({ code, stdout, stderr, ms: Date.now() - started }))
          }),
      )
    const typo = await npm(['--bukcet', 'site'])
    expectUsageLine(typo, 'status', 'unknown option --bukcet')
    expect(typo.stderr).toMatch(
      /^status: unknown option --bukcet\. Usage: npm run status -- .*\. Run npm run status -- --help for the details\.\n$/,
    )
  })
})

// The parser itself, without a process: what each kind of line reads as.
test('readCommand: subcommands, their arguments and options, the language', () => {
  const spec = {
    script: 'x',
    usage: 'Usage: npm run x -- go <id> | stop',
    options: { fast: { type: 'boolean' }, name: { type: 'string' } },
    global: ['name'],
    commands: { go: { args: ['id'], options: ['fast'] }, stop: { options: [] } },
  } as const
  const read = (argv: string[], env = {}) => readCommand(spec, argv, env)
  expect(read(['go', '7', '--fast', '--name', 'n'])).toMatchObject({
    kind: 'run',
    command: { command: 'go', args: ['7'], values: { fast: true, name: 'n' }, lang: 'en' },
  })
  expect(read(['stop', '--fast'])).toMatchObject({
    kind: 'usage',
    line: expect.stringContaining('--fast is not an option of x stop'),
  })
  expect(read(['go'])).toMatchObject({ kind: 'usage', line: expect.stringContaining('x go needs <id>') })
  expect(read(['--name=-n', 'stop'])).toMatchObject({ kind: 'run', command: { values: { name: '-n' } } })
  expect(read(['--name', '--fast', 'go', '1'])).toMatchObject({ line: expect.stringContaining('--name needs a value') })
  expect(read([])).toMatchObject({ line: expect.stringContaining('name a command: go, stop') })
  expect(read(['stop', '--', '--fast'])).toMatchObject({
    line: expect.stringContaining('unexpected argument "--fast"'),
  })
  expect(read(['go', '1'], { RASID_LANG: 'ar' })).toMatchObject({ command: { lang: 'ar' } })
  // --help (or -h) anywhere wins over any problem of the line.
  expect(read(['--help', '--nope'])).toEqual({ kind: 'help', text: spec.usage })
  expect(read(['go', 'x', 'y', '-h', '--name'])).toEqual({ kind: 'help', text: spec.usage })
  expect(read(['go', '1', '--fast=yes'])).toMatchObject({ line: expect.stringContaining('--fast takes no value') })
  expect(read(['go', '1', '--lang', 'fr'])).toMatchObject({
    line: expect.stringContaining('--lang is en or ar, not "fr"'),
  })
  expect(read(['go', '1', '--lang'])).toMatchObject({ line: expect.stringContaining('--lang needs a value') })
  expect(read(['go', '1', '--lang', 'ar', '--nope'])).toMatchObject({
    lang: 'ar',
    line: 'x: الخيار \u200E--nope غير معروف. الاستخدام: npm run x -- go <id> | stop. للتفاصيل شغّل npm run x -- --help',
  })
})
