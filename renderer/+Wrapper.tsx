// https://vike.dev/Wrapper: the IntlProvider around every page, fed with the page's own messages.
// Build time only: an island gets the messages it uses from renderer/islands/Island.tsx.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import type { ReactNode } from 'react'
import { IntlProvider } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { intlLocale } from '../locales/intlLocale'
import { defaultLocale } from '../locales/locales'

export default function Wrapper({ children }: { children: ReactNode }) {
  const { locale, data } = usePageContext()
  return (
    <IntlProvider locale={intlLocale(locale)} defaultLocale={intlLocale(defaultLocale)} messages={(data?.messages ?? {}) as Record<string, MessageFormatElement[]>}>
      {children}
    </IntlProvider>
  )
}
