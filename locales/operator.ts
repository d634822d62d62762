// The operators' catalog: every word the API's start-up refusals and the operator commands (`npm run
// api`, `status`, `deploy`, `verify`, `bench`, …) write, in English and Arabic, beside the site's
// catalogs and never shipped to a browser (no page or island imports this module). Flat ids, `{name}`
// arguments filled in as they are (no ICU plurals: a count is written as a figure beside its noun's
// form that holds for any number). Two pairs of files, so that each can be edited alone:
// `operator/api.<lang>.json` (the API's server and its stores, api/) and
// `operator/commands.<lang>.json` (the commands of scripts/), whose ids never overlap. Static
// imports, so that the Lambda bundles carry them (infra/bundle.ts). In Arabic, an option, a URL or a
// path inside a sentence is preceded (or enclosed) by U+200E (LEFT-TO-RIGHT MARK), written as the
// character itself in the JSON, so that its dashes and slashes stay in place. The API's code holds
// no Arabic of its own: tests/unit/operatorCatalog.test.ts fails on an Arabic letter in
// api/, and holds both languages to the same ids and arguments; the copy checks read these files as
// they read the site's.
import apiAr from './operator/api.ar.json' with { type: 'json' }
import apiEn from './operator/api.en.json' with { type: 'json' }
import commandsAr from './operator/commands.ar.json' with { type: 'json' }
import commandsEn from './operator/commands.en.json' with { type: 'json' }
import type { Locale } from './locales'

/** A language of the operators' words: one of the site's (locales/locales.ts). */
export type Lang = Locale
/** A text in every one of the site's languages: a new locale is a type error until each has its own. */
export type Bilingual = Record<Locale, string>

const en = { ...apiEn, ...commandsEn } as Record<string, string>
const ar = { ...apiAr, ...commandsAr } as Record<string, string>

export type OperatorId = keyof typeof apiEn | keyof typeof commandsEn

/** The operators' catalog of a language, as read: ids to templates. */
export const operatorCatalogs: Record<Lang, Readonly<Record<string, string>>> = { en, ar }

/** An argument: the same in both languages, or its words in each (another message, a list). */
type Value = string | number | Bilingual

/**
 * The message `id` in both languages, its `{name}` arguments filled in: a string or number as it
 * is in both, a Bilingual by its own language. An argument not given stays `{name}`.
 */
export function operatorText(id: OperatorId, values: Readonly<Record<string, Value>> = {}): Bilingual {
  const fill = (lang: Lang) => {
    const template = operatorCatalogs[lang][id]
    if (template === undefined) throw new Error(`operator catalog: no message ${id}`)
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = values[name]
      return value === undefined ? whole : typeof value === 'object' ? value[lang] : String(value)
    })
  }
  return { en: fill('en'), ar: fill('ar') }
}

/**
 * Items as one list in each language, joined by the language's separator (`list.separator`: `, `,
 * and the Arabic comma in Arabic). An item is the same in both languages or its words in each.
 */
export function operatorList(items: readonly Value[]): Bilingual {
  const separator = operatorText('list.separator')
  const of = (lang: Lang) =>
    items.map((item) => (typeof item === 'object' ? item[lang] : String(item))).join(separator[lang])
  return { en: of('en'), ar: of('ar') }
}
