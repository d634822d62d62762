import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { shellAreas, type Messages } from './messages'

/** The catalog subset a page needs, parsed: shell areas plus the page's own area, nothing else. */
export function pickMessages(catalog: Record<string, string>, areas: readonly string[]): Messages {
  const wanted = new Set<string>([...shellAreas, ...areas])
  const out: Record<string, MessageFormatElement[]> = {}
  for (const [id, text] of Object.entries(catalog)) {
    if (wanted.has(id.slice(0, id.indexOf('.')))) out[id] = parse(text)
  }
  return out as Messages
}
