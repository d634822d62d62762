// The `npm run` commands run as an operator runs them, for the commands' tests (commandsHelp,
// commandsUsage and commandsFailures .test.ts): the file each script runs, with tsx, as a child
// process, a few at a time; the scripts that take arguments; and what a test of them checks around
// a run: temporary folders, loopback ports nothing listens on, the files a command writes.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'

export const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts

/** The file a script runs: `tsx scripts/status.ts` -> `scripts/status.ts`. */
export function fileOf(script: string): string {
  const file = /^tsx (\S+\.ts)$/.exec(scripts[script] ?? '')?.[1]
  if (!file) throw new Error(`npm run ${script} does not run one TypeScript file with tsx: ${scripts[script]}`)
  return file
}

// The scripts that take arguments: a new command is either listed here or said to take none
// (`notHere` in commandsHelp.test.ts, which holds package.json to the two).
export const commands = [
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

/** At most this many commands at once: each is a Node process loading TypeScript. */
const slots = Math.min(4, availableParallelism() + 1)
let running = 0
const waiting: (() => void)[] = []
export async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= slots) await new Promise<void>((go) => waiting.push(go))
  running++
  try {
    return await work()
  } finally {
    running--
    waiting.shift()?.()
  }
}

export type Run = { code: number | null; stdout: string; stderr: string; ms: number }

/** `npm run -s <script> -- ...args`, as the script runs it (node with tsx), killed after 60 s. */
export function run(script: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
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
export const stackLine = /^\s+at .*:\d+:\d+\)?$/m
const dirs: string[] = []
export const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'rasid-commands-'))
  dirs.push(dir)
  return dir
}

/** Removes the folders `tempDir` made. */
export function removeTempDirs() {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
}

/** A loopback port nothing listens on (taken, then given back). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as { port: number }
  await new Promise((ok) => server.close(ok))
  return port
}

/** Whether something answers on the loopback port. */
export const answers = (port: number) =>
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
export const mtimes = (script: string) => (writes[script] ?? []).map((f) => statSync(f).mtimeMs)
