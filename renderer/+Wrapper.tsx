// https://vike.dev/Wrapper: the IntlProvider around every page, fed with the page's own messages.
// Build time only: an island gets the messages it uses from renderer/islands/Island.tsx.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { ReactNode } from 'react'
import { createIntl, createIntlCache, type IntlShape, RawIntlProvider } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { intlLocale } from '../locales/intlLocale'
import { defaultLocale } from '../locales/locales'

/** A message the page asks for and its catalog lacks (or cannot format) fails the prerender, naming it: no raw id ever ships. */
function failBuild(error: Error): never {
  throw error
}

// The pages of one language and area share their messages (locales/pickMessages.ts picks one object
// per language and area), and so one `intl`: made once, not on every page (IntlProvider would make
// one per render).
const cache = createIntlCache()
const intls = new WeakMap<object, IntlShape>()

export default function Wrapper({ children }: { children: ReactNode }) {
  const { locale, data } = usePageContext()
  const messages = data?.messages
  let intl = messages && intls.get(messages)
  if (!intl) {
    intl = createIntl(
      {
        locale: intlLocale(locale),
        defaultLocale: intlLocale(defaultLocale),
        messages: (messages ?? {}) as Record<string, MessageFormatElement[]>,
        onError: failBuild,
      },
      cache,
    )
    if (messages) intls.set(messages, intl)
  }
  return <RawIntlProvider value={intl}>{children}</RawIntlProvider>
}
