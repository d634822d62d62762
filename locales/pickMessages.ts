import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { areaOfId, shellAreas, type Messages } from './messages'

/** The catalog subset a page needs, parsed: shell areas plus the page's own area, nothing else. */
export function pickMessages(catalog: Record<string, string>, areas: readonly string[]): Messages {
  const wanted = new Set<string>([...shellAreas, ...areas])
  const out: Record<string, MessageFormatElement[]> = {}
  for (const [id, text] of Object.entries(catalog)) {
    if (wanted.has(areaOfId(id))) out[id] = parse(text)
  }
  return out as Messages
}
