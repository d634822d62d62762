// https://vike.dev/Wrapper: the IntlProvider around every page, fed with the page's own messages.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { ReactNode } from 'react'
import { IntlProvider } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { intlLocale } from '../locales/intlLocale'
import { defaultLocale } from '../locales/locales'
import { rememberShell, shellMessages } from './messageCache'

export default function Wrapper({ children }: { children: ReactNode }) {
  const { locale, data } = usePageContext()
  // An error page rendered in the browser may have no data of its own: use the shell messages
  // of the last page shown in its language.
  const messages = data?.messages ?? shellMessages(locale) ?? {}
  if (typeof window !== 'undefined' && data?.messages) rememberShell(locale, data.messages)
  return (
    <IntlProvider locale={intlLocale(locale)} defaultLocale={intlLocale(defaultLocale)} messages={messages as Record<string, MessageFormatElement[]>}>
      {children}
    </IntlProvider>
  )
}
