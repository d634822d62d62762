// A set of guide articles in a folder of its own, for the guide loader's tests: `en/payments/a.md` -> text.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

export function guideSite(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'guides-'))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true })
    writeFileSync(join(root, name), text)
  }
  return root
}
