// https://vike.dev/Layout: picks the layout the page's `pageMeta` asks for. Rendered at build time
// only; everything inside `#root` is what a client-side navigation swaps (build/payloads.ts).
import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { Faq } from './components/Faq'
import { ClosingCta, Footer } from './components/Footer'
import { Header } from './components/Header'
import { areaOf } from './pageData'
import 'virtual:uno.css'
import { dataAttrs } from './shared/dom'

/** The marketing pages, which end on the closing call to action before the footer. */
const closingCtaAreas = new Set(['home', 'services', 'pricing', 'design', 'monitoring'])

export default function Layout({ children }: { children: ReactNode }) {
  const pageContext = usePageContext()
  const { layout = 'default', noFAQ = false, denseLayout = false } = pageContext.config.pageMeta ?? {}
  const area = areaOf(pageContext.pageId ?? '')
  return (
    <div
      {...{ [dataAttrs.layout]: layout }}
      className={layout === 'background' ? 'page-background frame-page' : 'frame-page'}
    >
      <a href="#main" className="frame-skip-link">
        <FormattedMessage id="common.skipToContent" />
      </a>
      <Header />
      <main
        id="main"
        data-density={denseLayout ? 'dense' : 'comfortable'}
        className={`mx-auto max-w-6xl px-4 ${denseLayout ? 'py-6' : 'py-12'}`}
      >
        {children}
      </main>
      {!noFAQ && layout !== 'no-footer' && area && <Faq area={area} />}
      {layout !== 'no-footer' && area && closingCtaAreas.has(area) && <ClosingCta />}
      {layout !== 'no-footer' && <Footer />}
    </div>
  )
}
