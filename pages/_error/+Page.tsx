// https://vike.dev/error-page: 404 "Page Not Found", anything else "Internal Server Error" (500).
import { FormattedMessage } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { Link } from '../../renderer/Link'
import { errorStatus } from '../../renderer/pageIntl'
import { requestedPath } from '../../renderer/requestedPath'

export default function Page() {
  const pageContext = usePageContext()
  const status = errorStatus(pageContext) ?? 500
  const path = <bdi dir="ltr">{requestedPath(pageContext)}</bdi>
  return (
    <div className="mx-auto max-w-2xl py-8 text-center" data-status={status}>
      <p className="text-5xl font-bold text-primary-700" dir="ltr">{status}</p>
      <h1 className="mt-4 text-3xl font-bold">
        <FormattedMessage id={status === 404 ? 'error.notFound.title' : 'error.server.title'} />
      </h1>
      {status === 404 ? (
        <>
          <p className="mt-4 break-all text-neutral-700 dark:text-neutral-300" data-testid="error-message">
            {/* An unknown route, or a page whose guard refused the address (BEHAVIOUR.md section 6). */}
            <FormattedMessage id={pageContext.abortStatusCode === 404 ? 'error.notFound.invalid' : 'error.notFound.message'} values={{ path }} />
          </p>
          <p className="mt-2 text-neutral-600 dark:text-neutral-400">
            <FormattedMessage id="error.notFound.hint" />
          </p>
        </>
      ) : (
        <p className="mt-4 text-neutral-700 dark:text-neutral-300" data-testid="error-message">
          <FormattedMessage id="error.server.message" />
        </p>
      )}
      <Link href="/" className="btn-primary mt-8">
        <span className="i-lucide-house size-4" aria-hidden="true" />
        <FormattedMessage id="error.backHome" />
      </Link>
    </div>
  )
}
