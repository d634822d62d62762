// The status part's messages in the compact form the browser's interpreter reads
// (renderer/client/messageFormat.ts): made at build time from the catalogs' ICU AST (the page's
// messages, locales/pickMessages.ts), so no parser and no formatjs reach the browser. A message
// using what the interpreter does not (a number, date or time skeleton, a tag, an ordinal or an
// offset) fails the build.
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser'
import type { Message, Part } from '../../renderer/client/messageFormat'

/** The messages the status part formats, in the browser and at build time alike. */
export const statusMessagePrefixes = [
  'monitoring.status.',
  'monitoring.uptime.',
  'monitoring.stage.',
  'monitoring.incidents.',
  'monitoring.maintenance.',
  'monitoring.state.',
  'status.component.',
  'common.listSeparator',
] as const

/** One message's ICU AST in the interpreter's form; `id` names it in the build's refusal. */
export function compactMessage(elements: readonly MessageFormatElement[], id: string): Message {
  const out: Part[] = []
  for (const el of elements) {
    if (el.type === TYPE.literal) {
      // Adjacent literals (facts filled in) are one.
      if (typeof out.at(-1) === 'string') out[out.length - 1] += el.value
      else out.push(el.value)
    } else if (el.type === TYPE.pound) out.push(0)
    else if (el.type === TYPE.argument) out.push([el.value])
    else if (el.type === TYPE.select || (el.type === TYPE.plural && el.pluralType !== 'ordinal' && !el.offset)) {
      const options = Object.fromEntries(Object.entries(el.options).map(([k, o]) => [k, compactMessage(o.value, id)]))
      out.push([el.value, el.type === TYPE.select ? 's' : 'p', options])
    } else
      throw new Error(
        `${id}: the status page's message interpreter (renderer/client/messageFormat.ts) takes arguments, cardinal plurals without offset, select and #, not ${TYPE[el.type]}${el.type === TYPE.plural ? ` (${el.pluralType}, offset ${el.offset})` : ''}`,
      )
  }
  return out.length === 0 ? '' : out.length === 1 && typeof out[0] === 'string' ? out[0] : out
}

/** The page's messages under `statusMessagePrefixes`, compacted, by id without `monitoring.`: what the status part embeds. */
export function statusMessages(messages: Record<string, string | readonly MessageFormatElement[]>) {
  const out: Record<string, Message> = {}
  for (const [id, message] of Object.entries(messages))
    if (statusMessagePrefixes.some((p) => id.startsWith(p)))
      out[id.replace(/^monitoring\./, '')] = compactMessage(typeof message === 'string' ? parse(message) : message, id)
  return out
}
