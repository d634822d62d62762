// An island's messages as its `<script type="application/json">` carries them: react-intl's
// compiled form (`[{"type":0,"value":"Sales"}]`) with its literal text written as the string it is
// (`"Sales"`). Most messages are text alone, and the script is in the page's HTML and,
// escaped, in its payload: 25 B a message, twice. Read back into react-intl's form by
// `unpackMessages` where the island's tree is made (./IslandRoot.tsx), at build time and in the
// browser alike, so the island renders and hydrates from the same messages.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'

/** A message's text, if it is literal text alone; else its elements, each literal one as its text. */
export type PackedMessage = string | (string | MessageFormatElement)[]

// The parser's `TYPE.literal` is 0: its enum is not worth a module in the browser.

/** Compiled messages as an island's script carries them. */
export function packMessages(messages: Record<string, unknown>): Record<string, PackedMessage> {
  return Object.fromEntries(
    Object.entries(messages as Record<string, MessageFormatElement[]>).map(([id, elements]) => [
      id,
      elements.every((el) => el.type === 0)
        ? elements.map((el) => (el as { value: string }).value).join('')
        : elements.map((el) => (el.type === 0 ? el.value : el)),
    ]),
  )
}

/**
 * An island script's messages as react-intl takes them, unpacked where they are (again, it changes
 * nothing). Only a message's own elements are packed, not those of its plurals' options or its tags'
 * children: this, in the browser, stays a few bytes (the island pages' JavaScript budget,
 * tests/e2e/budgets.spec.ts).
 */
export function unpackMessages(messages: Record<string, unknown>): Record<string, MessageFormatElement[]> {
  for (const id in messages)
    messages[id] = ([] as (string | MessageFormatElement)[])
      .concat(messages[id] as PackedMessage)
      // An element has a type (0 or more), a string none: the shorter test, in the budget's bytes.
      .map((el) => ((el as MessageFormatElement).type >= 0 ? el : { type: 0, value: el }))
  return messages as Record<string, MessageFormatElement[]>
}
