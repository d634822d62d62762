// The README stays a page a newcomer reads in five minutes, and the docs stay linked: one screen,
// every `npm run` script named in one line, and every relative link of README.md and docs/*.md
// pointing at a file (and a heading) that exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'

const readme = readFileSync('README.md', 'utf8')
const scripts = Object.keys(
  (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts,
)

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')

describe('README.md', () => {
  it('fits one screen: at most 60 lines, none of them over 200 characters outside code', () => {
    const lines = readme.trimEnd().split('\n')
    expect(lines.length).toBeLessThanOrEqual(60)
    let code = false
    for (const line of lines) {
      if (line.startsWith('```')) code = !code
      else if (!code) expect(line.length, line).toBeLessThanOrEqual(200)
    }
  })

  it('names every npm script', () => {
    const table = readme.slice(readme.indexOf('## What `npm run` offers'))
    for (const name of scripts)
      expect(table, name).toMatch(new RegExp(`\`${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\``))
  })

  it('keeps the two commands of a fresh machine, the second the one .ci/run runs', () => {
    expect(readme).toContain('npm install && npm run build')
    expect(readme).toMatch(/^npm test +#/m)
    expect(readFileSync('.ci/run', 'utf8')).toMatch(/^npm test$/m)
  })
})

describe('links in README.md and docs/', () => {
  const files = [
    'README.md',
    'CONTRIBUTING.md',
    ...readdirSync('docs')
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ]
  it.each(files)('%s links only to files and headings that exist', (file) => {
    const text = readFileSync(file, 'utf8')
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue
      const [path, hash] = target!.split('#')
      const resolved = path ? join(dirname(file), path) : file
      expect(existsSync(resolved), `${file} -> ${target}`).toBe(true)
      if (hash && resolved.endsWith('.md')) {
        const headings = [...readFileSync(resolved, 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) => anchor(m[1]!))
        expect(headings, `${file} -> ${target}`).toContain(hash)
      }
    }
  })
})
