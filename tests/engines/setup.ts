// Global setup of the `engines` project: the built site and the two engines' programs, checked once
// with what to do, instead of every test failing on its own (docs/testing.md, "Firefox and WebKit").
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { debianPrograms, firefoxPath } from './driver'

/** The Debian packages the engines need; `npm test` (scripts/test.sh) installs the missing ones. */
const packages = 'firefox-esr webkit2gtk-driver xvfb xauth gir1.2-webkit2-4.1 python3-gi'

export default function setup() {
  const missing: string[] = []
  if (!existsSync('dist/index.html')) missing.push('dist/: run npm run build first')
  if (!existsSync(firefoxPath)) missing.push(`${firefoxPath} (firefox-esr, or set FIREFOX_PATH)`)
  if (!existsSync(debianPrograms.webkitDriver)) missing.push(`${debianPrograms.webkitDriver} (webkit2gtk-driver)`)
  if (!existsSync(debianPrograms.xvfb)) missing.push(`${debianPrograms.xvfb} (xvfb)`)
  try {
    // The WebKit shell's own imports (./wkshell.py).
    execFileSync(
      debianPrograms.python,
      ['-c', "import gi; gi.require_version('Gtk', '3.0'); gi.require_version('WebKit2', '4.1')"],
      { stdio: 'ignore', timeout: 30_000 },
    )
  } catch {
    missing.push(`WebKitGTK for Python (${debianPrograms.python} with python3-gi and gir1.2-webkit2-4.1)`)
  }
  if (!missing.length) return
  const error = new Error(
    `The engines cannot run. Missing: ${missing.join('; ')}.\n` +
      `As root: apt-get update && apt-get install -y ${packages} (npm test does it).`,
  )
  // Where it was thrown says nothing more.
  error.stack = `Error: ${error.message}`
  throw error
}
