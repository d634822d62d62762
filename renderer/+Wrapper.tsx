// https://vike.dev/Wrapper: the IntlProvider around every page, fed with the page's own messages.
import type { ReactNode } from 'react'
import { IntlProvider } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { intlLocale } from '../locales/intlLocale'
import { defaultLocale } from '../locales/locales'
import { rememberShell } from './messageCache'

export default function Wrapper({ children }: { children: ReactNode }) {
  const { locale, data } = usePageContext()
  const messages = data?.messages ?? {}
  if (typeof window !== 'undefined') rememberShell(locale, messages)
  return (
    <IntlProvider locale={intlLocale(locale)} defaultLocale={intlLocale(defaultLocale)} messages={messages as Record<string, string>}>
      {children}
    </IntlProvider>
  )
}
