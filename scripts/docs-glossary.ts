// `npm run docs:glossary`: writes the glossary of locales/glossary.ts into docs/content.md, between
// its glossary markers (tests/unit/terms.test.ts fails when the two differ).
import { readFileSync, writeFileSync } from 'node:fs'
import { glossaryTable } from '../build/terms'

const file = 'docs/content.md'
const start = '<!-- glossary:start (npm run docs:glossary) -->'
const end = '<!-- glossary:end -->'
const text = readFileSync(file, 'utf8')
const from = text.indexOf(start)
const to = text.indexOf(end)
if (from === -1 || to === -1) {
  console.error(`${file} lacks the glossary markers ${start} and ${end}`)
  process.exit(1)
}
writeFileSync(file, `${text.slice(0, from + start.length)}\n${glossaryTable()}\n${text.slice(to)}`)
console.log(`docs:glossary: wrote the glossary into ${file}`)
