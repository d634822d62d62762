// The commands' words for operators, from the operators' catalog (locales/operator.ts,
// locales/operator/commands.<lang>.json): a message in both languages, or in the operator's.
import { type Bilingual, type Lang, type OperatorId, operatorList, operatorText } from '../../../locales/operator'

type Values = Record<string, string | number>

/**
 * The message `id` in both languages. `values` are the same in both, or given per language (a list
 * joined by that language's separator, another message in that language, an Arabic option after
 * its U+200E).
 */
export function words(id: OperatorId, values: Values | ((lang: Lang) => Values) = {}): Bilingual {
  if (typeof values !== 'function') return operatorText(id, values)
  return { en: operatorText(id, values('en')).en, ar: operatorText(id, values('ar')).ar }
}

/** Items joined by `lang`'s list separator (`, `; the Arabic comma in Arabic). */
export const listed = (items: readonly (string | number)[], lang: Lang) => operatorList(items)[lang]
