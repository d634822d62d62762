import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import type { Locale } from '../../locales/locales'
import { localizePath } from '../../locales/localizePath'

/**
 * "Page Not Found" for 404, "Internal Server Error" for anything else (shown as 500), with a
 * way home. `message` is the 404 line with the path, as text. The one source of this view: the
 * error pages render it at build time, and build/errorViews.tsx renders it to static markup for
 * the browser runtime's errors (renderer/client/errorView.ts), so both are the same markup.
 */
export function ErrorView({ status, locale, message }: { status: number; locale: Locale; message?: ReactNode }) {
  const notFound = status === 404
  return (
    <div className="mx-auto max-w-2xl py-8 text-center" data-status={notFound ? 404 : 500}>
      <p className="text-5xl font-bold text-primary-700 dark:text-primary-400" dir="ltr">
        {notFound ? 404 : 500}
      </p>
      <h1 className="mt-4 text-3xl font-bold">
        <FormattedMessage id={notFound ? 'error.notFound.title' : 'error.server.title'} />
      </h1>
      {notFound ? (
        <>
          <p className="mt-4 break-all text-neutral-700 dark:text-neutral-300" data-testid="error-message">
            {message}
          </p>
          <p className="mt-2 ink-muted">
            <FormattedMessage id="error.notFound.hint" />
          </p>
        </>
      ) : (
        <p className="mt-4 text-neutral-700 dark:text-neutral-300" data-testid="error-message">
          <FormattedMessage id="error.server.message" />
        </p>
      )}
      <a href={localizePath('/', locale)} className="btn-primary mt-8">
        <span className="i-lucide-house size-4" aria-hidden="true" />
        <FormattedMessage id="error.backHome" />
      </a>
    </div>
  )
}
