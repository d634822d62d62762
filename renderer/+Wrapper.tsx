// https://vike.dev/Wrapper: the IntlProvider around every page, fed with the page's own messages.
// Build time only: an island gets the messages it uses from renderer/islands/Island.tsx.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { ReactNode } from 'react'
import { IntlProvider } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { intlLocale } from '../locales/intlLocale'
import { defaultLocale } from '../locales/locales'

/** A message the page asks for and its catalog lacks (or cannot format) fails the prerender, naming it: no raw id ever ships. */
function failBuild(error: Error): never {
  throw error
}

export default function Wrapper({ children }: { children: ReactNode }) {
  const { locale, data } = usePageContext()
  return (
    <IntlProvider
      locale={intlLocale(locale)}
      defaultLocale={intlLocale(defaultLocale)}
      messages={(data?.messages ?? {}) as Record<string, MessageFormatElement[]>}
      onError={failBuild}
    >
      {children}
    </IntlProvider>
  )
}
