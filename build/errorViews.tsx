// The error view of renderer/components/ErrorView.tsx as static markup, for the errors the browser
// runtime shows itself (showError(), an island's code that cannot load): rendered here at build time
// by the same component as the error pages, in every locale, and shipped in the runtime
// (`virtual:error-views`, build/runtimeMessages.ts), so it shows even when no other chunk loads.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { parse } from '@formatjs/icu-messageformat-parser'
import { renderToStaticMarkup } from 'react-dom/server'
import { createIntl } from '@formatjs/intl'
import { FormattedMessage, IntlProvider } from 'react-intl'
import type { Catalog } from '../locales/catalogs'
import { intlLocale } from '../locales/intlLocale'
import type { Locale } from '../locales/locales'
import { ErrorView } from '../renderer/components/ErrorView'
import { type ErrorViewMarkup, type ErrorViews, pathToken } from '../renderer/shared/dom'

/** @public Loaded by its path through Vite's module runner (build/runtimeMessages.ts), which knip cannot follow. */
export function renderErrorViews(catalogs: Record<Locale, Catalog>): ErrorViews {
  const out = {} as ErrorViews
  for (const [locale, catalog] of Object.entries(catalogs) as [Locale, Catalog][]) {
    const messages = Object.fromEntries(Object.entries(catalog).map(([id, text]) => [id, parse(text)])) as Record<
      string,
      MessageFormatElement[]
    >
    const intl = createIntl({ locale: intlLocale(locale), messages })
    const view = (status: 404 | 500): ErrorViewMarkup => ({
      title: intl.formatMessage(
        { id: 'site.titleTemplate' },
        { page: intl.formatMessage({ id: status === 404 ? 'error.notFound.title' : 'error.server.title' }) },
      ),
      html: renderToStaticMarkup(
        <IntlProvider locale={intlLocale(locale)} messages={messages}>
          <ErrorView
            status={status}
            locale={locale}
            message={
              <FormattedMessage id="error.notFound.message" values={{ path: <bdi dir="ltr">{pathToken}</bdi> }} />
            }
          />
        </IntlProvider>,
      ),
    })
    out[locale] = { 404: view(404), 500: view(500) }
  }
  return out
}
