// https://vike.dev/error-page: 404 "Page Not Found", anything else "Internal Server Error" (500).
import { FormattedMessage } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { ErrorView } from '../../renderer/components/ErrorView'
import { errorStatus } from '../../renderer/pageIntl'
import { requestedPath } from '../../renderer/requestedPath'

export default function Page() {
  const pageContext = usePageContext()
  const path = <bdi dir="ltr">{requestedPath(pageContext)}</bdi>
  return (
    <ErrorView
      status={errorStatus(pageContext) ?? 500}
      locale={pageContext.locale}
      // An unknown route, or a page whose guard refused the address (docs/behaviour.md §6).
      message={
        <FormattedMessage
          id={pageContext.abortStatusCode === 404 ? 'error.notFound.invalid' : 'error.notFound.message'}
          values={{ path }}
        />
      }
    />
  )
}
