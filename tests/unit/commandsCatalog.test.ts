// The commands' half of the operators' catalog (locales/operator/commands.<lang>.json):
// both languages with the same ids and the same `{arguments}`, every id said by a command, and no
// Arabic letter in the commands' code (scripts/, bench/): their words for operators (refusals, results,
// errors, help) come from the catalog, bar the files named below with their reason.
// tests/unit/operatorCatalog.test.ts holds both pairs to the rules every operator message keeps.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { words } from '../../scripts/lib/cli/words'
import ar from '../../locales/operator/commands.ar.json'
import en from '../../locales/operator/commands.en.json'

const root = join(import.meta.dirname, '../..')

/** Files of scripts/ and bench/ that may hold Arabic letters, and why: none of it is words for an operator. */
const arabicAllowed: Record<string, string> = {
  'bench/lib/syntheticGuides.ts':
    'the synthetic Arabic guides the build benchmark writes and builds (content, not operator words)',
  'bench/lib/apiBench.ts': 'the Arabic sales leads the API benchmark posts (request bodies, not operator words)',
}

const arabic = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/

/** A template's `{name}` arguments, sorted, each once. */
const argumentsOf = (template: string) => [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort()

const scripts = ['scripts', 'bench']
  .flatMap((dir) =>
    (readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }) as string[])
      .filter((file) => /\.[cm]?tsx?$/.test(file))
      .map((file) => `${dir}/${file.split('\\').join('/')}`),
  )
  .sort()

test('both languages have the same ids and the same {arguments} per id', () => {
  expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort())
  const catalogs = { en: en as Record<string, string>, ar: ar as Record<string, string> }
  for (const id of Object.keys(en))
    expect(argumentsOf(catalogs.ar[id]!), `${id}: the arguments of ar`).toEqual(argumentsOf(catalogs.en[id]!))
})

test('every id of the pair is one a command says', () => {
  const code = scripts.map((file) => readFileSync(join(root, file), 'utf8')).join('\n')
  expect(Object.keys(en).filter((id) => !code.includes(`'${id}'`))).toEqual([])
})

test('a message in both languages, its arguments filled in, each language with its own values', () => {
  expect(words('status.incident.opened', { id: 'x', revision: 2, written: 'w' })).toEqual({
    en: 'Opened incident x (revision 2), w.',
    ar: 'سُجِّل العطل x (المراجعة 2)، w.',
  })
  expect(
    words('status.market.unknown', (lang) => ({ market: 'zz', markets: lang === 'ar' ? 'sa، ae' : 'sa, ae' })),
  ).toEqual({
    en: 'Unknown market "zz": sa, ae.',
    ar: 'السوق «zz» غير معروف: sa، ae.',
  })
})

test('no Arabic letter in the commands’ code (scripts/, bench/) but in the named exceptions', () => {
  const found: string[] = []
  for (const file of scripts) {
    if (file in arabicAllowed) continue
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (arabic.test(line)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 100)}`)
      })
  }
  expect(found, 'move the words to locales/operator/commands.<lang>.json and call operatorText').toEqual([])
  // An exception names a file that is still there, and that still needs it.
  for (const file of Object.keys(arabicAllowed)) {
    expect(scripts, file).toContain(file)
    expect(arabic.test(readFileSync(join(root, file), 'utf8')), `${file} has no Arabic left: drop its exception`).toBe(
      true,
    )
  }
})
