// The operators' catalog: every word the API's start-up refusals and the operator commands (`npm run
// api`, `status`, `deploy`, `verify`, `bench`, …) write, in English and Arabic, beside the site's
// catalogs and never shipped to a browser (no page or island imports this module). Flat ids, `{name}`
// arguments filled in as they are (no ICU plurals: a count is written as a figure beside its noun's
// form that holds for any number). Two pairs of files, so that each can be edited alone:
// `operator/api.<lang>.json` (the API's server and its stores, api/) and
// `operator/commands.<lang>.json` (the commands of scripts/). Static imports, so that the Lambda
// bundles carry them (infra/bundle.ts). tests/unit/operatorCatalog.test.ts holds both languages to the
// same ids and arguments, and the copy checks read them as they read the site's.
import apiAr from './operator/api.ar.json'
import apiEn from './operator/api.en.json'
import commandsAr from './operator/commands.ar.json'
import commandsEn from './operator/commands.en.json'

export type Lang = 'en' | 'ar'
export type Bilingual = { en: string; ar: string }

const en = { ...apiEn, ...commandsEn } as Record<string, string>
const ar = { ...apiAr, ...commandsAr } as Record<string, string>

export type OperatorId = keyof typeof apiEn | keyof typeof commandsEn

/** The operators' catalog of a language, as read: ids to templates. */
export const operatorCatalogs: Record<Lang, Readonly<Record<string, string>>> = { en, ar }

/** The message `id` in both languages, its `{name}` arguments filled in. */
export function operatorText(id: OperatorId, values: Record<string, string | number> = {}): Bilingual {
  const fill = (template: string | undefined) => {
    if (template === undefined) throw new Error(`operator catalog: no message ${id}`)
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
  }
  return { en: fill(en[id]), ar: fill(ar[id]) }
}
