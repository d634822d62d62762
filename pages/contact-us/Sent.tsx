import type { Ref } from 'react'
import { FormattedMessage } from 'react-intl'
import type { FormKind } from './form'

/**
 * A form sent: to whom the answer goes, the lead's reference, and a way to send another. The form
 * focuses its heading (`ref`) once it shows.
 */
export function Sent({
  kind,
  id,
  email,
  onAgain,
  ref,
}: {
  kind: FormKind
  id: string
  email: string
  onAgain: () => void
  ref: Ref<HTMLHeadingElement>
}) {
  return (
    <div className="rounded-xl border border-success-600 bg-success-50 p-6 dark:bg-success-950">
      <h2 ref={ref} tabIndex={-1} className="text-xl font-bold text-neutral-900 outline-none dark:text-white">
        <span
          className="i-lucide-circle-check me-2 inline-block size-5 align-[-0.2em] text-success-700"
          aria-hidden="true"
        />
        <FormattedMessage id="contact.success.title" />
      </h2>
      <p className="mt-2 text-neutral-700 dark:text-neutral-300">
        <FormattedMessage id={`contact.success.${kind}`} values={{ email: <bdi dir="ltr">{email}</bdi> }} />
      </p>
      <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
        <FormattedMessage
          id="contact.success.reference"
          values={{
            id: (
              <bdi dir="ltr" className="font-mono">
                {id.slice(0, 8)}
              </bdi>
            ),
          }}
        />
      </p>
      <button type="button" className="btn-secondary mt-5" onClick={onAgain}>
        <FormattedMessage id="contact.success.again" />
      </button>
    </div>
  )
}
