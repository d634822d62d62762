import type en from './en.json'

export type MessageId = keyof typeof en
export type Messages = Partial<Record<MessageId, string>>

// Typed message ids: a typo in `intl.formatMessage({ id })` or `<FormattedMessage id>` fails `tsc`.
// https://formatjs.github.io/docs/react-intl/api#typing-message-ids
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId
    }
  }
}

/** Message areas every page needs (header, footer, FAQ, error page); each page adds its own. */
export const shellAreas = ['site', 'common', 'nav', 'locale', 'footer', 'faq', 'error'] as const

/** The catalog subset a page needs: shell areas plus the page's own area, nothing else. */
export function pickMessages(catalog: Record<string, string>, areas: readonly string[]): Messages {
  const wanted = new Set<string>([...shellAreas, ...areas])
  const out: Record<string, string> = {}
  for (const [id, text] of Object.entries(catalog)) {
    if (wanted.has(id.slice(0, id.indexOf('.')))) out[id] = text
  }
  return out as Messages
}
