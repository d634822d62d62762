// Every `npm run` command that takes arguments, run as an operator runs it (the file its script
// runs, with tsx, as a child process), through the commands' shared helper (api/server/cli.ts;
// docs/development.md, "The scripts"): `--help` prints the usage and exits 0 having started,
// opened and written nothing; an unknown option, an unknown command or a stray argument is one line
// on stderr that names it and the help to run, exit 2, in English or Arabic; no stack trace ever.
// Then what a failure says: real AWS SDK and network errors (the local S3, dynalite, a closed
// loopback port; never AWS) turned into one line that names what failed and the setting to check,
// and the same through the commands themselves.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { GetObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { describeError, readCommand, type Resources } from '../../api/server/cli'
import { startLocalS3 } from '../../host/local/localSite'
import { dynaliteEnv, startDynalite, type TestDynamo } from './dynalite'

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts

/** The file a script runs: `tsx scripts/status.ts` -> `scripts/status.ts`. */
function fileOf(script: string): string {
  const file = /^tsx (\S+\.ts)$/.exec(scripts[script] ?? '')?.[1]
  if (!file) throw new Error(`npm run ${script} does not run one TypeScript file with tsx: ${scripts[script]}`)
  return file
}

// The scripts that take arguments, and why each other one is not here: a new command is either
// listed or said to take none.
const commands = [
  'deploy',
  'status',
  'api',
  's3:local',
  'preview',
  'verify',
  'bench',
  'contract',
  'i18n:consent',
  'i18n:verify',
  'docs:glossary',
  'docs:architecture',
  'lock:complete',
]
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

/** At most this many commands at once: each is a Node process loading TypeScript. */
const slots = Math.min(4, availableParallelism() + 1)
let running = 0
const waiting: (() => void)[] = []
async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= slots) await new Promise<void>((go) => waiting.push(go))
  running++
  try {
    return await work()
  } finally {
    running--
    waiting.shift()?.()
  }
}

type Run = { code: number | null; stdout: string; stderr: string; ms: number }

/** `npm run -s <script> -- ...args`, as the script runs it (node with tsx), killed after 20 s. */
function run(script: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return limited(
    () =>
      new Promise<Run>((done) => {
        const started = Date.now()
        const child = spawn(process.execPath, ['--import', 'tsx', fileOf(script), ...args], {
          env: {
            ...process.env,
            // The locked SDK warns on Node 20 about its releases after January 2027 (docs/deploy.md).
            AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
            AWS_EC2_METADATA_DISABLED: 'true',
            RASID_LANG: '',
            STATUS_LANG: '',
            ...env,
          },
        })
        let stdout = ''
        let stderr = ''
        child.stdout.on('data', (d) => (stdout += d))
        child.stderr.on('data', (d) => (stderr += d))
        // Room for a busy machine: a command that would stay up is still told apart (killed, code null).
        const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
        child.on('close', (code) => {
          clearTimeout(timer)
          done({ code, stdout, stderr, ms: Date.now() - started })
        })
      }),
  )
}

/** A frame of a Node stack trace: `    at fn (file:1:2)` or `    at file:1:2`. */
const stackLine = /^\s+at .*:\d+:\d+\)?$/m
const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'rasid-commands-'))
  dirs.push(dir)
  return dir
}

/** A loopback port nothing listens on (taken, then given back). */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as { port: number }
  await new Promise((ok) => server.close(ok))
  return port
}

/** Whether something answers on the loopback port. */
const answers = (port: number) =>
  new Promise<boolean>((done) => {
    const server = createServer()
    server.once('error', () => done(true))
    server.listen(port, '127.0.0.1', () => server.close(() => done(false)))
  })

/** Files a command must leave as they are when asked for --help or refused. */
const writes: Record<string, string[]> = {
  contract: ['api/contract/openapi.json'],
  'i18n:consent': ['locales/consent-versions.json', 'api/contract/consentVersions.ts'],
  'docs:glossary': ['docs/content.md'],
  'docs:architecture': ['docs/architecture.md'],
  'lock:complete': ['package-lock.json'],
}
const mtimes = (script: string) => (writes[script] ?? []).map((f) => statSync(f).mtimeMs)

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

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

describe('what a failure says', { timeout: 60_000 }, () => {
  let s3: Awaited<ReturnType<typeof startLocalS3>>
  let dynamo: TestDynamo
  let closed: number
  beforeAll(async () => {
    ;[s3, dynamo, closed] = await Promise.all([startLocalS3(0, ['site']), startDynalite(), freePort()])
  })
  afterAll(async () => {
    await Promise.all([s3.stop(), dynamo.close()])
  })

  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  const bucket: Resources = { bucket: { name: 'nope', settings: ['--bucket', 'SITE_BUCKET'] } }
  const caught = (p: Promise<unknown>) =>
    p.then(
      () => expect.fail('it did not fail'),
      (e: unknown) => e,
    )
  const both = (err: unknown, about?: Resources) => ({
    en: describeError(err, 'en', about),
    ar: describeError(err, 'ar', about),
  })

  /** Runs `work` with no AWS region, credentials or profile in the environment (the SDK reads it at each call). */
  async function withoutAws<T>(work: () => Promise<T>): Promise<T> {
    const saved = { ...process.env }
    for (const k of Object.keys(process.env)) if (/^AWS_/.test(k)) delete process.env[k]
    const none = join(tempDir(), 'none')
    Object.assign(process.env, {
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_CONFIG_FILE: none,
      AWS_SHARED_CREDENTIALS_FILE: none,
    })
    try {
      return await work()
    } finally {
      for (const k of Object.keys(process.env)) if (/^AWS_/.test(k)) delete process.env[k]
      Object.assign(process.env, saved)
    }
  }

  test("no region: set AWS_REGION (or the command's own setting)", async () => {
    const err = await withoutAws(() =>
      caught(
        new S3Client({ credentials, endpoint: `http://127.0.0.1:${closed}` }).send(
          new GetObjectCommand({ Bucket: 'b', Key: 'k' }),
        ),
      ),
    )
    expect(both(err)).toEqual({ en: 'no AWS region: set AWS_REGION', ar: 'لم تُحدَّد منطقة AWS: اضبط AWS_REGION' })
    expect(describeError(err, 'en', { region: ['--region', 'AWS_REGION'] })).toBe(
      'no AWS region: set --region or AWS_REGION',
    )
    // As the SDK refuses one set empty (AWS_REGION=) or to what is not a region, before any request.
    const empty = new Error('Region not accepted: region="" is not a valid hostname component.')
    expect(describeError(empty, 'en')).toBe('no AWS region: set AWS_REGION')
    const wrong = new Error('Region not accepted: region="me south 1" is not a valid hostname component.')
    expect(describeError(wrong, 'en')).toBe(
      '"me south 1" is not an AWS region: set AWS_REGION to one, such as me-south-1',
    )
  })

  test('no credentials: how to give them', async () => {
    const err = await withoutAws(() =>
      caught(
        new S3Client({ region: 'us-east-1', endpoint: `http://127.0.0.1:${closed}`, maxAttempts: 1 }).send(
          new GetObjectCommand({ Bucket: 'b', Key: 'k' }),
        ),
      ),
    )
    expect((err as Error).name).toBe('CredentialsProviderError')
    const line = both(err)
    expect(line.en).toMatch(
      /^no AWS credentials: give them as AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE/,
    )
    expect(line.ar).toMatch(/^لا توجد بيانات اعتماد لـ AWS: قدّمها في AWS_ACCESS_KEY_ID/)
  })

  test('credentials the service refuses, a bucket that does not exist, access denied', async () => {
    const client = (keys = credentials) =>
      new S3Client({
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: keys,
        maxAttempts: 1,
      })
    const refused = await caught(
      client({ accessKeyId: 'WRONG', secretAccessKey: 'WRONG' }).send(
        new GetObjectCommand({ Bucket: 'site', Key: 'k' }),
      ),
    )
    expect(describeError(refused, 'en')).toBe(
      'AWS refused the credentials (InvalidAccessKeyId): check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE',
    )
    const missing = await caught(client().send(new GetObjectCommand({ Bucket: 'nope', Key: 'k' })))
    expect(missing).toBeInstanceOf(S3ServiceException)
    expect(both(missing, bucket)).toEqual({
      en: 'the bucket "nope" does not exist: check --bucket or SITE_BUCKET',
      ar: 'الحاوية «nope» غير موجودة: تحقّق من \u200E--bucket أو SITE_BUCKET',
    })
    const denied = new S3ServiceException({
      name: 'AccessDenied',
      $fault: 'client',
      $metadata: { httpStatusCode: 403 },
      message: 'Access Denied',
    })
    expect(describeError(denied, 'en', bucket)).toBe(
      'AWS denied access to the bucket "nope" (AccessDenied): check the permissions of the credentials in use, and --bucket or SITE_BUCKET',
    )
  })

  test('a table that does not exist (ResourceNotFoundException) names the table and its settings', async () => {
    const err = await caught(
      new DynamoDBClient({
        region: dynaliteEnv.AWS_REGION,
        endpoint: dynamo.endpoint,
        credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      }).send(new DescribeTableCommand({ TableName: 'nope' })),
    )
    expect((err as Error).name).toBe('ResourceNotFoundException')
    const table: Resources = { table: { name: 'nope', settings: ['DDB_TABLE', 'AWS_REGION'] } }
    expect(both(err, table)).toEqual({
      en: 'the table "nope" does not exist: check DDB_TABLE or AWS_REGION',
      ar: 'الجدول «nope» غير موجود: تحقّق من DDB_TABLE أو AWS_REGION',
    })
  })

  test('the network: a closed port, a name that does not resolve, a port in use; under the SDK and fetch', async () => {
    const endpoint = `http://127.0.0.1:${closed}`
    const viaSdk = await caught(
      new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials, maxAttempts: 1 }).send(
        new GetObjectCommand({ Bucket: 'site', Key: 'k' }),
      ),
    )
    const about: Resources = { endpoint: { url: endpoint, settings: ['--endpoint', 'S3_ENDPOINT'] } }
    expect(both(viaSdk, about)).toEqual({
      en: `nothing answers at ${endpoint} (connection refused): check --endpoint or S3_ENDPOINT`,
      ar: `لا شيء يجيب على ${endpoint} (رُفض الاتصال): تحقّق من \u200E--endpoint أو S3_ENDPOINT`,
    })
    const viaFetch = await caught(fetch(`${endpoint}/health`))
    expect(describeError(viaFetch, 'en')).toBe(
      `nothing answers at 127.0.0.1:${closed} (connection refused): is it running?`,
    )
    // A name that does not resolve, as the SDK throws it (never looked up here: loopback only).
    const dns = Object.assign(new Error('getaddrinfo ENOTFOUND s3.example.invalid'), {
      code: 'ENOTFOUND',
      syscall: 'getaddrinfo',
      hostname: 's3.example.invalid',
      $metadata: { attempts: 1 },
    })
    expect(describeError(dns, 'en', about)).toBe(
      'the host s3.example.invalid is not found (DNS): check --endpoint or S3_ENDPOINT',
    )
    const holder = createServer()
    await new Promise<void>((ok) => holder.listen(0, '127.0.0.1', ok))
    const port = (holder.address() as { port: number }).port
    const second: Server = createServer()
    const inUse = await new Promise<unknown>((done) => {
      second.once('error', done)
      second.listen(port, '127.0.0.1')
    })
    await new Promise((ok) => holder.close(ok))
    expect(both(inUse, { ports: { [port]: 'S3_PORT' } })).toEqual({
      en: `port ${port} on 127.0.0.1 is in use: stop what listens there, or set S3_PORT`,
      ar: `المنفذ ${port} على 127.0.0.1 مشغول: أوقف ما يستمع عليه، أو اضبط S3_PORT`,
    })
  })

  test('a refusal carrying its own words; anything else by its first line', () => {
    const refusal = Object.assign(new Error('x'), { text: { en: 'No incident "nope".', ar: 'لا يوجد حادث «nope».' } })
    expect(both(refusal)).toEqual({ en: 'No incident "nope".', ar: 'لا يوجد حادث «nope».' })
    expect(both(new Error('disk full\n  more detail'))).toEqual({
      en: 'failed: disk full',
      ar: 'تعذّر التنفيذ: disk full',
    })
  })

  test('through the commands: one line, exit 1, no stack trace', async () => {
    const dir = tempDir()
    const open = [
      'incident',
      'open',
      '--component',
      'api',
      '--impact',
      'major',
      '--title-en',
      'Down',
      '--title-ar',
      'متوقف',
      '--text-en',
      'Looking.',
      '--text-ar',
      'نتحقق.',
    ]
    // The deploy's stores: the local S3 (or a closed port) and a key value store nothing answers for.
    const deployAt = (endpoint: string) => [
      '--bucket',
      'site',
      '--kvs-arn',
      'arn:aws:cloudfront::111111111111:key-value-store/x',
      '--endpoint',
      endpoint,
      '--kvs-endpoint',
      `http://127.0.0.1:${closed}`,
    ]
    const [noBucket, closedEndpoint, noTable, noRegion, folder, deployClosed, deployKvs, showNoBucket] =
      await Promise.all([
        run('status', open, { ...s3.env, SITE_BUCKET: 'nope', S3_ENDPOINT: s3.endpoint }),
        run('status', ['show', '--lang', 'ar'], {
          ...s3.env,
          SITE_BUCKET: 'site',
          S3_ENDPOINT: `http://127.0.0.1:${closed}`,
        }),
        run('api', ['export', 'contacts'], {
          ...dynaliteEnv,
          API_STORE: 'dynamodb',
          DDB_TABLE: 'nope',
          DDB_ENDPOINT: dynamo.endpoint,
        }),
        run('api', ['migrate'], {
          API_STORE: 'dynamodb',
          DDB_TABLE: 'leads',
          AWS_REGION: '',
          AWS_DEFAULT_REGION: '',
          AWS_PROFILE: '',
          AWS_CONFIG_FILE: join(dir, 'none'),
          AWS_SHARED_CREDENTIALS_FILE: join(dir, 'none'),
        }),
        run('status', open, { STATUS_DIR: join(dir, 'status') }),
        run('deploy', ['--list', ...deployAt(`http://127.0.0.1:${closed}`)], s3.env),
        run('deploy', ['--dir', 'dist', ...deployAt(s3.endpoint)], s3.env),
        run('status', ['show'], { ...s3.env, SITE_BUCKET: 'nope', S3_ENDPOINT: s3.endpoint }),
      ])
    const oneLine = (r: Run, line: string) => {
      expect(r.code, r.stderr).toBe(1)
      expect(r.stderr).toBe(`${line}\n`)
      expect(r.stdout).not.toMatch(stackLine)
    }
    oneLine(noBucket, 'status: the bucket "nope" does not exist: check --bucket or SITE_BUCKET')
    // Reading too: a bucket that is not there is never "no status document yet".
    oneLine(showNoBucket, 'status: the bucket "nope" does not exist: check --bucket or SITE_BUCKET')
    oneLine(
      closedEndpoint,
      `status: لا شيء يجيب على http://127.0.0.1:${closed} (رُفض الاتصال): تحقّق من \u200E--endpoint أو S3_ENDPOINT`,
    )
    expect(noTable.stderr).toMatch(
      /^api export: the table "nope" does not exist: check DDB_TABLE, AWS_REGION,? or DDB_ENDPOINT\n$/,
    )
    expect(noTable.code).toBe(1)
    oneLine(noRegion, 'api migrate: no AWS region: set AWS_REGION')
    // A deploy's failure (after its progress lines: a blank line first) and the line naming the live build.
    expect(deployClosed.code).toBe(1)
    expect(deployClosed.stderr.trim()).toBe(
      `deploy: nothing answers at http://127.0.0.1:${closed} (connection refused): check --endpoint`,
    )
    expect(deployKvs.code).toBe(1)
    expect(deployKvs.stderr.trim().split('\n')).toEqual([
      `deploy: Reading the live build from arn:aws:cloudfront::111111111111:key-value-store/x failed: nothing answers at http://127.0.0.1:${closed} (connection refused): check --kvs-endpoint`,
      expect.stringMatching(/^Nothing was switched/),
    ])
    expect(deployKvs.stderr).not.toMatch(stackLine)
    // No bucket given: the result line says it went to a folder, and why.
    expect(folder).toMatchObject({ code: 0, stderr: '' })
    expect(folder.stdout).toMatch(
      new RegExp(
        `^Opened incident \\S+ \\(revision 1\\), written to the folder ${join(dir, 'status')}/ \\(no bucket given: --bucket or SITE_BUCKET\\)\\.\n$`,
      ),
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
