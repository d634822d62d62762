import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { withFacts } from './facts'
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
    ast = withFacts(parse(text), locale)
    cache.set(key, ast)
  }
  return ast
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
