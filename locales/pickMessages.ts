import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { areaOfId, type MessageId, shellAreas } from './messages'

/** Messages as the browser gets them: parsed to the ICU AST at build time (see build/noIcuParser.ts). */
export type Messages = Partial<Record<MessageId, MessageFormatElement[]>>

// Every page of a build parses the same messages: parse each text once.
const cache = new Map<string, MessageFormatElement[]>()
function parsed(text: string): MessageFormatElement[] {
  let ast = cache.get(text)
  if (!ast) {
    ast = parse(text)
    cache.set(text, ast)
  }
  return ast
}

/** The catalog subset a page needs, parsed: shell areas plus the page's own area, nothing else. */
export function pickMessages(catalog: Record<string, string>, areas: readonly string[]): Messages {
  const wanted = new Set<string>([...shellAreas, ...areas])
  const out: Record<string, MessageFormatElement[]> = {}
  for (const [id, text] of Object.entries(catalog)) {
    if (wanted.has(areaOfId(id))) out[id] = parsed(text)
  }
  return out as Messages
}
