// `npm run docs:glossary`: writes the glossary of locales/glossary.ts into docs/content.md, between
// its glossary markers (tests/unit/terms.test.ts fails when the two differ).
import { readFileSync, writeFileSync } from 'node:fs'
import { parseCommand, runCommand } from './lib/cli/command'
import { glossaryTable } from '../build/terms'

const file = 'docs/content.md'
const start = '<!-- glossary:start (npm run docs:glossary) -->'
const end = '<!-- glossary:end -->'

const cmd = parseCommand({
  script: 'docs:glossary',
  usage: `Usage: npm run docs:glossary [-- --help]

Writes the glossary of locales/glossary.ts into ${file}, between its markers
${start} and ${end}. Run it after changing a term; a unit test fails while they differ.
Exit codes: 0 written, 1 the markers are missing or the write failed, 2 wrong usage.`,
})

await runCommand(cmd, () => {
  const text = readFileSync(file, 'utf8')
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from === -1 || to === -1) {
    console.error(`${file} lacks the glossary markers ${start} and ${end}`)
    return 1
  }
  writeFileSync(file, `${text.slice(0, from + start.length)}\n${glossaryTable()}\n${text.slice(to)}`)
  console.log(`docs:glossary: wrote the glossary into ${file}`)
  return 0
})
