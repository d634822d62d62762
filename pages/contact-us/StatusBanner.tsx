import { FormattedMessage } from 'react-intl'
import type { ApiError } from '../../api/client/http'
import { retryMinutes, statusMessages } from './status'

/** A failure that is not the visitor's to fix: what happened, that nothing is lost, and a way to send again. */
export function StatusBanner({ error, sending, onRetry }: { error: ApiError; sending: boolean; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="mt-6 flex flex-wrap items-center gap-4 rounded-xl border-2 border-error-700 bg-error-50 p-4 text-neutral-900 dark:border-error-400 dark:bg-error-950 dark:text-white"
    >
      <span className="i-lucide-circle-alert size-5 shrink-0 text-error-700 dark:text-error-400" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        <FormattedMessage
          id={sending ? 'contact.sending' : statusMessages[error.kind]}
          values={{ minutes: retryMinutes(error) }}
        />
      </p>
      <button type="button" className="btn-secondary" aria-disabled={sending || undefined} onClick={onRetry}>
        <FormattedMessage id="contact.retry" />
      </button>
    </div>
  )
}
