import { FormattedMessage } from 'react-intl'
import type { MessageId } from '../../locales/messages'
import { site } from '../../site.config'

/** `Apple Pay` -> `method.applePay`, `STC Pay` -> `method.stcPay`: the name a page shows (مدى and تابي in Arabic, docs/content.md). */
const methodId = (name: string) =>
  `method.${name
    .toLowerCase()
    .split(/\s+/)
    .map((w, i) => (i ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join('')}` as MessageId

/** The accepted payment methods, mada first, as a row of labels (not mirrored: brand names). */
export function PaymentMethods({ className = '' }: { className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {site.paymentMethods.map((m, i) => (
        <li
          key={m}
          className={`rounded-lg border bg-white px-3 py-1.5 text-sm font-semibold shadow-sm dark:bg-neutral-900 ${i === 0 ? 'border-primary-600 text-primary-800 dark:text-primary-300' : 'border-neutral-200 text-neutral-800 dark:border-neutral-700 dark:text-neutral-100'}`}
        >
          <bdi>
            <FormattedMessage id={methodId(m)} />
          </bdi>
        </li>
      ))}
    </ul>
  )
}
