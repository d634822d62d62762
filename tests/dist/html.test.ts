// The Nu Html Checker (vnu.jar from the vnu-jar package, run by Java) over every page of the built
// dist/, in one run: each error fails the test with its file, line and message. Needs `java` on
// PATH (scripts/test.sh installs default-jre-headless when it is missing) or JAVA set to one.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import vnu from 'vnu-jar'
import { expect, test } from 'vitest'

const dist = 'dist'
const pages = (readdirSync(dist, { recursive: true }) as string[])
  .map((f) => f.split('\\').join('/'))
  .filter((f) => f.endsWith('.html'))
  .sort()

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error'
  subType?: string
  url?: string
  lastLine?: number
  firstColumn?: number
  lastColumn?: number
  message: string
}

test('every page of dist/ is valid HTML for the Nu Html Checker', { timeout: 5 * 60_000 }, () => {
  const java = process.env.JAVA ?? 'java'
  const run = spawnSync(
    java,
    ['-jar', String(vnu), '--errors-only', '--format', 'json', ...pages.map((f) => join(dist, f))],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: 5 * 60_000,
    },
  )
  if (run.error) {
    throw new Error(
      `could not run ${java} (${run.error.message}): install Java 11 or later (apt-get install -y default-jre-headless, as scripts/test.sh does) or set JAVA`,
    )
  }
  // vnu writes its JSON report on stderr; anything else there is Java's own failure.
  let report: { messages: VnuMessage[] }
  try {
    report = JSON.parse(run.stderr)
  } catch {
    throw new Error(`vnu.jar gave no JSON report (exit ${run.status}):\n${run.stderr}${run.stdout}`)
  }
  const where = (m: VnuMessage) => {
    const file = m.url?.startsWith('file:')
      ? relative(dist, fileURLToPath(m.url)).split('\\').join('/')
      : (m.url ?? '?')
    return `${file}${m.lastLine ? `:${m.lastLine}` : ''}${m.firstColumn ? `:${m.firstColumn}` : ''}`
  }
  const errors = report.messages.filter((m) => m.type !== 'info').map((m) => `${where(m)}: ${m.message}`)
  expect(errors).toEqual([])
  expect(run.status).toBe(0)
})
