// Safe by default (docs/api.md, "Settings"; docs/aws.md): a start where a setting is missing or
// unsafe refuses, naming every such setting in English and Arabic, on both entry points: the Lambda
// handler (production unless RASID_ENV says staging) and `npm run api` (production unless
// RASID_ENV says otherwise or PAYMENT_PROVIDER=sandbox asks for the local sandbox). Each case starts the real entry in a child process.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { describe, expect, test, vi } from 'vitest'
import { sandboxWebhookSecret } from '../../api/server/config'

/** Settings a case names itself: none leaks in from the test's own environment. */
const owned =
  /^(RASID_ENV|NODE_ENV|PAYMENT_|MOYASAR_|SITE_ORIGIN|DISCOUNT_CODES|LEAD_WEBHOOK_|TRUST_PROXY|AWS_LAMBDA|API_STORE|DB_PATH|PORT$)/
const baseEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !owned.test(name)))

const secret = 'a-random-secret-of-at-least-32-bytes'
/** Everything production needs. */
const production = {
  PAYMENT_PROVIDER: 'moyasar',
  MOYASAR_SECRET_KEY: 'sk_live_0123456789',
  MOYASAR_WEBHOOK_TOKEN: secret,
  SITE_ORIGIN: 'https://www.rasid.example',
}

// A child process loads tsx and the app (about a second each, more on a loaded machine).
vi.setConfig({ testTimeout: 120_000 })

type Start = { code: number | null; stdout: string; stderr: string }

/** Runs `args` with `env`; stops it at its first line on stdout (a started server), or waits for its exit. */
function start(args: string[], env: Record<string, string>): Promise<Start> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...baseEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  createInterface({ input: child.stdout }).on('line', (line) => {
    stdout += `${line}\n`
    if (/"listening"/.test(line)) child.kill('SIGTERM')
  })
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })))
}

/** Runs the starts two at a time (the machine's cores). */
async function inTurn<T>(jobs: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = []
  let next = 0
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++
      results[i] = await jobs[i]!()
    }
  }
  await Promise.all([worker(), worker()])
  return results
}

const lambda = (env: Record<string, string>) =>
  start(['tests/api/fixtures/lambdaStart.ts'], { AWS_LAMBDA_FUNCTION_NAME: 'rasid-api', API_STORE: 'memory', ...env })
const node = (env: Record<string, string>) => start(['scripts/api.ts'], { PORT: '0', API_STORE: 'memory', ...env })

/** A refusal: exit 1, each setting named, every reason in both languages. */
function expectRefused(result: Start, settings: string[]) {
  expect(result.code, result.stdout).toBe(1)
  expect(result.stdout).not.toMatch(/listening|"health"/)
  for (const setting of settings) {
    const lines = result.stderr.split('\n').filter((line) => line.includes(`${setting}:`))
    expect(lines.length, `${setting} in:\n${result.stderr}`).toBeGreaterThanOrEqual(2)
    expect(lines.some((line) => /[\u0600-\u06FF]/.test(line))).toBe(true)
  }
}

const without = (env: Record<string, string>, name: string) =>
  Object.fromEntries(Object.entries(env).filter(([key]) => key !== name))

describe('the Lambda handler: production unless told otherwise', () => {
  test('refuses to load without each setting production needs, and with the sandbox or its key', async () => {
    const cases: [Record<string, string>, string[]][] = [
      [{}, ['PAYMENT_PROVIDER']],
      [{ PAYMENT_PROVIDER: 'sandbox' }, ['PAYMENT_PROVIDER']],
      [{ PAYMENT_PROVIDER: 'moyasar' }, ['MOYASAR_SECRET_KEY', 'MOYASAR_WEBHOOK_TOKEN', 'SITE_ORIGIN']],
      ...Object.keys(production)
        .filter((name) => name !== 'PAYMENT_PROVIDER')
        .map((name): [Record<string, string>, string[]] => [without(production, name), [name]]),
      [{ ...production, MOYASAR_SECRET_KEY: 'sk_test_0123456789' }, ['MOYASAR_SECRET_KEY']],
      [{ ...production, MOYASAR_WEBHOOK_TOKEN: sandboxWebhookSecret }, ['MOYASAR_WEBHOOK_TOKEN']],
      [{ ...production, MOYASAR_WEBHOOK_TOKEN: 'short' }, ['MOYASAR_WEBHOOK_TOKEN']],
      [{ ...production, RASID_ENV: 'local' }, ['RASID_ENV']],
      [{ ...production, LEAD_WEBHOOK_URL: 'http://crm.example/in', LEAD_WEBHOOK_SECRET: secret }, ['LEAD_WEBHOOK_URL']],
      [{ ...production, LEAD_WEBHOOK_URL: 'https://crm.example/in' }, ['LEAD_WEBHOOK_SECRET']],
      // Staging may take test payments, but never with the public key.
      [{ RASID_ENV: 'staging', PAYMENT_PROVIDER: 'sandbox' }, ['PAYMENT_WEBHOOK_SECRET']],
      [
        { RASID_ENV: 'staging', PAYMENT_PROVIDER: 'sandbox', PAYMENT_WEBHOOK_SECRET: sandboxWebhookSecret },
        ['PAYMENT_WEBHOOK_SECRET'],
      ],
    ]
    const results = await inTurn(
      cases.map(
        ([env]) =>
          () =>
            lambda(env),
      ),
    )
    for (const [i, result] of results.entries()) expectRefused(result, cases[i]![1])
  })

  test('loads with them, and then has no sandbox page', async () => {
    const result = await lambda(production)
    expect(result.code, result.stderr).toBe(0)
    const last = (start: Start) => JSON.parse(start.stdout.trim().split('\n').at(-1)!)
    expect(last(result)).toEqual({ health: 200, sandbox: false })
    // Staging with a secret of its own may run the sandbox.
    const staging = await lambda({ RASID_ENV: 'staging', PAYMENT_PROVIDER: 'sandbox', PAYMENT_WEBHOOK_SECRET: secret })
    expect(last(staging)).toEqual({ health: 200, sandbox: true })
  })
})

describe('`npm run api`', () => {
  test('refuses without a provider named, and production refuses the sandbox', async () => {
    const cases: [Record<string, string>, string[]][] = [
      [{}, ['PAYMENT_PROVIDER']],
      [{ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }, ['PAYMENT_PROVIDER']],
      [{ RASID_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', PAYMENT_WEBHOOK_SECRET: secret }, ['PAYMENT_PROVIDER']],
      [{ RASID_ENV: 'production', ...without(production, 'MOYASAR_WEBHOOK_TOKEN') }, ['MOYASAR_WEBHOOK_TOKEN']],
      [{ RASID_ENV: 'everywhere', PAYMENT_PROVIDER: 'sandbox' }, ['RASID_ENV']],
      // Neither RASID_ENV nor NODE_ENV: production unless the sandbox is asked for.
      [{ ...production, MOYASAR_SECRET_KEY: 'sk_test_0123456789' }, ['MOYASAR_SECRET_KEY']],
      [{ ...production, MOYASAR_WEBHOOK_TOKEN: 'x' }, ['MOYASAR_WEBHOOK_TOKEN']],
      [{ ...production, LEAD_WEBHOOK_URL: 'http://crm.example/in' }, ['LEAD_WEBHOOK_URL', 'LEAD_WEBHOOK_SECRET']],
    ]
    const results = await inTurn(
      cases.map(
        ([env]) =>
          () =>
            node(env),
      ),
    )
    for (const [i, result] of results.entries()) expectRefused(result, cases[i]![1])
  })

  test('starts with the sandbox asked for by name, and warns of its public key', async () => {
    const result = await node({ PAYMENT_PROVIDER: 'sandbox' })
    // The retention sweep's line (docs/privacy.md) may come after, as it runs just after the start.
    const [warning, listening] = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((line) => line.msg !== 'retention sweep')
    expect(warning).toMatchObject({ level: 'warn', setting: 'PAYMENT_WEBHOOK_SECRET' })
    expect(listening).toMatchObject({ msg: 'listening', environment: 'local' })
    // In production with every setting it needs, it starts without a warning.
    const real = await node({ RASID_ENV: 'production', ...production })
    expect(
      real.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).msg)
        .filter((msg) => msg !== 'retention sweep'),
    ).toEqual(['listening'])
  })
})
