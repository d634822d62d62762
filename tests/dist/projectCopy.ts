// A copy of the project's sources (what git tracks or would track) in a temporary folder, with
// node_modules linked, for tests that build a variant of the site beside the real one.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'

export function copyProject(prefix: string): string {
  const copy = mkdtempSync(join(tmpdir(), prefix))
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean)
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true })
    try {
      cpSync(file, join(copy, file))
    } catch {
      // A file deleted in the working tree but not yet in the index.
    }
  }
  symlinkSync(resolve('node_modules'), join(copy, 'node_modules'), 'dir')
  return copy
}

/** Runs a TypeScript command of the copy (`build/index.ts`, `scripts/verify.ts`) as npm would, not as a test process. */
export function runIn(copy: string, script: string, args: string[] = [], env: Record<string, string> = {}) {
  return execFileSync(process.execPath, [resolve('node_modules/tsx/dist/cli.mjs'), script, ...args], {
    cwd: copy,
    // Vitest sets NODE_ENV=test, which would change how Vite builds.
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST|NODE_ENV|TEST)/.test(k))),
      ...env,
    },
    encoding: 'utf8',
    stdio: 'pipe',
  })
}
