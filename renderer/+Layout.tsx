// https://vike.dev/Layout: picks the layout the page's `pageMeta` asks for.
import { useEffect, type ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { dirOf } from '../locales/locales'
import { writeLocaleCookie } from './bootScript'
import { Faq } from './Faq'
import { Footer } from './Footer'
import { ErrorView } from './ErrorView'
import { Header } from './Header'
import { ToastHost } from './ToastHost'
import { clearError, useAppError } from './runtime/errorState'
import '@fontsource/inter/latin-400.css'
import '@fontsource/inter/latin-700.css'
import '@fontsource/ibm-plex-sans-arabic/arabic-400.css'
import '@fontsource/ibm-plex-sans-arabic/arabic-700.css'
import 'virtual:uno.css'

export default function Layout({ children }: { children: ReactNode }) {
  const pageContext = usePageContext()
  const { locale } = pageContext
  const { layout = 'default', noFAQ = false, denseLayout = false } = pageContext.config.pageMeta ?? {}
  const appError = useAppError()

  useEffect(() => {
    // vike-react re-applies only `lang` after a client-side navigation; `dir` is ours to keep right.
    document.documentElement.lang = locale
    document.documentElement.dir = dirOf(locale)
    // Every navigation records the locale it landed on (BEHAVIOUR.md section 3).
    writeLocaleCookie(locale)
  }, [locale, pageContext.urlOriginal])
  // A new page replaces an error shown with showError().
  useEffect(() => void clearError(), [pageContext.urlOriginal])

  return (
    <div data-layout={layout} className={layout === 'background' ? 'page-background min-h-screen' : 'min-h-screen'}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        <FormattedMessage id="common.skipToContent" />
      </a>
      <Header />
      <main id="main" data-density={denseLayout ? 'dense' : 'comfortable'} className={`mx-auto max-w-6xl px-4 ${denseLayout ? 'py-6' : 'py-12'}`}>
        {appError ? <ErrorView status={appError.statusCode} message={appError.message} /> : children}
      </main>
      {!noFAQ && layout !== 'no-footer' && <Faq />}
      {layout !== 'no-footer' && <Footer />}
      <ToastHost />
    </div>
  )
}
