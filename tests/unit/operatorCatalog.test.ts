// The operators' catalog (locales/operator.ts): both languages of each pair of files with the same
// ids and the same `{arguments}`, no message empty, the two pairs' ids apart, an option after
// Arabic words kept in front by U+200E; every id the code names is in it (OperatorId is typed from
// the English files, so `tsc` refuses an unknown one; this reads the calls too); and no
// Arabic letter in the API's code (api/), whose words for operators all come from the catalog.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { type OperatorId, operatorCatalogs, operatorList, operatorText } from '../../locales/operator'
import apiAr from '../../locales/operator/api.ar.json'
import apiEn from '../../locales/operator/api.en.json'
import commandsAr from '../../locales/operator/commands.ar.json'
import commandsEn from '../../locales/operator/commands.en.json'

const root = join(import.meta.dirname, '../..')

const pairs = {
  api: { en: apiEn as Record<string, unknown>, ar: apiAr as Record<string, unknown> },
  commands: { en: commandsEn as Record<string, unknown>, ar: commandsAr as Record<string, unknown> },
}

/** A template's `{name}` arguments, sorted, each once. */
const argumentsOf = (template: string) => [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort()

/** The Arabic letters and signs (the Arabic blocks, their supplement and presentation forms). */
const arabic = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/

/** The TypeScript files under `dir` (relative to the root), recursively. */
function sources(dir: string): string[] {
  return (readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => /\.[cm]?tsx?$/.test(file))
    .map((file) => join(dir, file))
}

describe.each(Object.entries(pairs))('locales/operator/%s.<lang>.json', (_name, { en, ar }) => {
  test('both languages have the same ids, flat and dotted', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort())
    for (const id of Object.keys(en)) expect(id, id).toMatch(/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/)
  })

  test('every message is text, not empty, with the same {arguments} in both languages', () => {
    for (const [id, template] of Object.entries(en)) {
      const other = ar[id]
      expect(typeof template, `${id} (en)`).toBe('string')
      expect(typeof other, `${id} (ar)`).toBe('string')
      expect((template as string).trim(), `${id} (en) is empty`).not.toBe('')
      expect((other as string).trim(), `${id} (ar) is empty`).not.toBe('')
      expect(argumentsOf(other as string), `${id}: the arguments of ar`).toEqual(argumentsOf(template as string))
    }
  })

  test('in Arabic, an option after Arabic words has U+200E before its dashes', () => {
    const missing: string[] = []
    for (const [id, template] of Object.entries(ar))
      for (const line of (template as string).split('\n'))
        for (const option of line.matchAll(/(?<![\w-])--[a-z]/g)) {
          if (line[option.index - 1] === '\u200E') continue
          // The last letter before it: an option in a Latin run (`npm run x -- --list`) or at the
          // start of a line (a usage's table of options) keeps its place without one.
          const letters = line.slice(0, option.index).match(/\p{L}/gu)
          const last = letters?.at(-1)
          if (last !== undefined && arabic.test(last))
            missing.push(`${id}: …${line.slice(Math.max(0, option.index - 20), option.index + 12)}`)
        }
    expect(missing).toEqual([])
  })
})

test('the two pairs of files share no id (one would hide the other)', () => {
  const shared = Object.keys(apiEn).filter((id) => id in commandsEn)
  expect(shared).toEqual([])
})

test('operatorText fills arguments, a Bilingual one by its language; operatorList joins with the language’s separator', () => {
  expect(operatorText('statusDoc.incident.unknown', { id: 'nope' })).toEqual({
    en: 'There is no incident "nope" (npm run status -- show).',
    ar: 'لا يوجد عطل «nope» (npm run status -- show).',
  })
  expect(operatorText('secrets.unreadable', { id: 'x', reason: { en: 'no', ar: 'لا' } })).toEqual({
    en: 'could not be read from Secrets Manager (x): no',
    ar: 'تعذّرت قراءته من Secrets Manager (x): لا',
  })
  // An argument not given stays as written, rather than "undefined".
  expect(operatorText('statusDoc.incident.unknown').en).toContain('"{id}"')
  const options = ['--title-ar', '--text-ar'].map((option) => operatorText('list.option', { option }))
  expect(operatorList(options)).toEqual({ en: '--title-ar, --text-ar', ar: '\u200E--title-ar، \u200E--text-ar' })
  expect(operatorCatalogs.en['list.separator']).toBe(', ')
  expect(() => operatorText('no.such.message' as OperatorId)).toThrow(/no message no\.such\.message/)
})

test('OperatorId is the catalog’s ids, not any string', () => {
  // @ts-expect-error: `tsc` (npm run typecheck) fails here if OperatorId ever widens to string.
  const unknown: OperatorId = 'no.such.message'
  expect(unknown in operatorCatalogs.en).toBe(false)
})

test('every id the code passes to operatorText or cliText is in the catalog', () => {
  const unknown: string[] = []
  for (const file of [...sources('api'), ...sources('scripts'), ...sources('bench'), ...sources('locales')]) {
    const text = readFileSync(join(root, file), 'utf8')
    for (const call of text.matchAll(/\b(?:operatorText|cliText)\(\s*'([^']+)'/g))
      if (!(call[1]! in operatorCatalogs.en)) unknown.push(`${file}: ${call[1]}`)
  }
  expect(unknown).toEqual([])
})

test('no Arabic letter in the API’s code (api/); its words for operators are in locales/operator/', () => {
  const found: string[] = []
  for (const file of sources('api'))
    readFileSync(join(root, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (arabic.test(line)) found.push(`${file}:${i + 1}: ${line.trim().slice(0, 100)}`)
      })
  expect(found, 'move the words to locales/operator/api.<lang>.json and call operatorText').toEqual([])
})
