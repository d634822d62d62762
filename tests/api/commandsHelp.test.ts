// Every `npm run` command that takes arguments, run as an operator runs it (the file its script
// runs, with tsx, as a child process: commandRunner.ts), through the commands' shared helper
// (scripts/lib/cli/command.ts; docs/development.md, "The scripts"): `--help` prints the usage and exits 0
// having started, opened and written nothing, a subcommand's its own, in English or Arabic. And
// every script of package.json is such a command or said to take no arguments.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import {
  answers,
  commands,
  fileOf,
  freePort,
  mtimes,
  removeTempDirs,
  run,
  scripts,
  stackLine,
  tempDir,
} from './commandRunner'

// Why each other script is not in `commands`.
const notHere: Record<string, string> = {
  dev: "Vike's own CLI",
  build: 'takes no arguments (build/run.mjs reads none)',
  'infra:synth': "cdk's own CLI",
  typecheck: 'tsc',
  lint: 'biome',
  deps: 'dependency-cruiser',
  knip: 'knip',
  test: 'scripts/test.sh, every step',
  'test:unit': 'vitest',
  'test:api': 'vitest',
  'test:dist': 'vitest',
  'test:e2e': 'playwright',
  screenshots: 'playwright',
  'test:engines': 'vitest',
}

afterAll(removeTempDirs)

test('every script that runs a TypeScript command is covered here or said to take no arguments', () => {
  for (const script of Object.keys(scripts))
    expect(commands.includes(script) || script in notHere, `npm run ${script}`).toBe(true)
  for (const script of commands) expect(existsSync(fileOf(script)), script).toBe(true)
})

describe.concurrent('--help', { timeout: 300_000 }, () => {
  for (const script of commands)
    test(`npm run ${script} -- --help prints its usage and exit 0, and does nothing else`, async () => {
      const dir = tempDir()
      const [s3, kvs, edge] = [await freePort(), await freePort(), await freePort()]
      const env = {
        // Where each command would listen or write, were --help to run it.
        PORT: String(edge),
        S3_PORT: String(s3),
        KVS_PORT: String(kvs),
        DB_PATH: join(dir, 'api.sqlite'),
        STATUS_DIR: join(dir, 'status'),
        PAYMENT_PROVIDER: 'sandbox',
      }
      const before = mtimes(script)
      const { code, stdout, stderr } = await run(script, ['--help'], env)
      expect(code, stderr).toBe(0)
      expect(stdout).toMatch(new RegExp(`^Usage: npm run ${script.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`))
      expect(stdout).not.toMatch(stackLine)
      expect(stderr).toBe('')
      // Nothing started (it exited by itself: one that stays up is killed, and its code is null),
      // nothing written.
      for (const port of [s3, kvs, edge]) expect(await answers(port), `port ${port}`).toBe(false)
      expect(readdirSync(dir)).toEqual([])
      expect(mtimes(script)).toEqual(before)
    })

  test("a subcommand's --help (or -h) is its own, and runs nothing: migrate does not migrate, erase does not erase", async () => {
    const dir = tempDir()
    const env = { DB_PATH: join(dir, 'api.sqlite') }
    const [migrate, erase] = await Promise.all([
      run('api', ['migrate', '--help'], env),
      run('api', ['subject', 'erase', '--email', 'a@b.c', '-h'], env),
    ])
    expect(migrate).toMatchObject({ code: 0, stderr: '' })
    expect(migrate.stdout).toMatch(/^Usage: npm run api -- migrate\n/)
    expect(erase).toMatchObject({ code: 0, stderr: '' })
    expect(erase.stdout).toMatch(/^Usage: npm run api -- subject show --email <address>/)
    expect(readdirSync(dir)).toEqual([])
  })

  test("in Arabic with --lang ar, or the command's variable", async () => {
    const [status, api] = await Promise.all([
      run('status', ['--help'], { STATUS_LANG: 'ar' }),
      run('api', ['export', '--help', '--lang', 'ar']),
    ])
    expect(status.stdout).toMatch(/^الاستخدام: npm run status -- show/)
    expect(status.stdout).toContain('رموز الخروج: 0 تم التنفيذ')
    expect(api.stdout).toMatch(/^الاستخدام: npm run api -- export contacts/)
    expect(api.stdout).toContain('يقرأ من مخزن API_STORE')
  })
})
