import type { Ref } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { type Errors, fieldId, firstControl, summaryOf } from './errors'
import type { FormKind } from './form'

/**
 * What is wrong with the form, above it (GOV.UK's error summary): each of its fields' messages a
 * link that focuses the control, then any other message as text. The form focuses it (`ref`)
 * after each failed submit.
 */
export function ErrorSummary({
  kind,
  fields,
  errors,
  ref,
}: {
  kind: FormKind
  fields: readonly string[]
  errors: Errors
  ref: Ref<HTMLDivElement>
}) {
  const intl = useIntl()
  const { linked, others } = summaryOf(fields, errors)
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="mt-5 rounded-xl border-2 border-error-700 p-5 outline-none focus:outline-3 focus:outline-solid focus:outline-offset-2 focus:outline-error-700 dark:border-error-400 dark:focus:outline-error-400"
    >
      <h2 id={`${fieldId(kind, 'summary')}-title`} className="text-lg font-bold text-neutral-900 dark:text-white">
        <FormattedMessage id="contact.summary.title" />
      </h2>
      <div role="alert">
        <ul className="mt-2 grid gap-1">
          {linked.map(([field, id]) => (
            <li key={field}>
              <a
                href={`#${firstControl(kind, field)}`}
                className="font-semibold text-error-700 underline dark:text-error-400"
                onClick={(e) => {
                  e.preventDefault()
                  document.getElementById(firstControl(kind, field))?.focus()
                }}
              >
                {intl.formatMessage({ id })}
              </a>
            </li>
          ))}
          {others.map(([field, id]) => (
            <li key={field} className="font-semibold text-error-700 dark:text-error-400">
              {intl.formatMessage({ id: id! })}
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
