import type en from './en.json'

import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'

export type MessageId = keyof typeof en
/** Messages as the browser gets them: parsed to the ICU AST at build time (see build/noIcuParser.ts). */
export type Messages = Partial<Record<MessageId, MessageFormatElement[]>>

// Typed message ids: a typo in `intl.formatMessage({ id })` or `<FormattedMessage id>` fails `tsc`.
// https://formatjs.github.io/docs/react-intl/api#typing-message-ids
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId
    }
  }
}

/** `pricing.hero.title` -> `pricing`. */
export function areaOfId(id: string): string {
  return id.slice(0, id.indexOf('.'))
}

/** Message areas every page needs (header, footer, FAQ, error page); each page adds its own. */
export const shellAreas = [
  'site',
  'common',
  'nav',
  'locale',
  'footer',
  'faq',
  'method',
  'error',
  'toast',
  'update',
] as const
