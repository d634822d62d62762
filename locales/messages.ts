// Message ids and areas. No formatjs here: the browser runtime imports MessageId (toasts), and
// must not reach formatjs (.dependency-cruiser.cjs); the parsed form is in ./pickMessages.ts.
import type en from './en.json'

export type MessageId = keyof typeof en

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
