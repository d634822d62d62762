import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser'
import { withFacts } from './facts'
import { keepNamesTogether } from './keepTogether'
import type { Locale } from './locales'
import { areaOfId, type MessageId, shellAreas } from './messages'

/** Messages as the browser gets them: parsed to the ICU AST at build time (see build/noIcuParser.ts). */
export type Messages = Partial<Record<MessageId, MessageFormatElement[]>>

// Every page of a build parses the same messages: parse each text once per locale.
const cache = new Map<string, MessageFormatElement[]>()
function parsed(text: string, locale: Locale): MessageFormatElement[] {
  const key = `${locale}\u0000${text}`
  let ast = cache.get(key)
  if (!ast) {
    ast = keepTogether(withFacts(parse(text), locale), locale)
    cache.set(key, ast)
  }
  return ast
}

/** The literal text of a message, at every depth, with its short Latin names on one line (./keepTogether.ts). */
function keepTogether(ast: MessageFormatElement[], locale: Locale): MessageFormatElement[] {
  return ast.map((el) => {
    if (el.type === TYPE.literal) return { ...el, value: keepNamesTogether(el.value, locale) }
    if (el.type === TYPE.tag) return { ...el, children: keepTogether(el.children, locale) }
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(el.options).map(([key, option]) => [
          key,
          { ...option, value: keepTogether(option.value, locale) },
        ]),
      )
      return { ...el, options } as MessageFormatElement
    }
    return el
  })
}

const picked = new WeakMap<Record<string, string>, Map<string, Messages>>()

/**
 * The catalog subset a page needs, parsed, with the site's facts filled in (./facts.ts): shell areas
 * plus the page's own area, nothing else.
 */
export function pickMessages(catalog: Record<string, string>, locale: Locale, areas: readonly string[]): Messages {
  // The pages of an area share one subset (nothing mutates it): picked once per build.
  const key = `${locale}\u0000${[...areas].sort().join(',')}`
  let byAreas = picked.get(catalog)
  if (!byAreas) {
    byAreas = new Map()
    picked.set(catalog, byAreas)
  }
  const known = byAreas.get(key)
  if (known) return known
  const wanted = new Set<string>([...shellAreas, ...areas])
  const out: Record<string, MessageFormatElement[]> = {}
  for (const [id, text] of Object.entries(catalog)) {
    if (wanted.has(areaOfId(id))) out[id] = parsed(text, locale)
  }
  byAreas.set(key, out as Messages)
  return out as Messages
}
