import { FormattedMessage } from 'react-intl'
import type { MessageId } from '../../locales/messages'

const items = ['settlement', 'mada', 'security', 'start'] as const

/** The FAQ block of the default and background layouts; <details> works without JavaScript. */
export function Faq() {
  return (
    <section aria-labelledby="faq-title" className="mx-auto mt-16 max-w-3xl px-4">
      <h2 id="faq-title" className="text-2xl font-bold">
        <FormattedMessage id="faq.title" />
      </h2>
      <div className="mt-4 divide-y divide-neutral-200 border-y border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800">
        {items.map((item) => (
          <details key={item} className="group py-3">
            <summary className="flex cursor-pointer items-center justify-between gap-4 font-medium">
              <FormattedMessage id={`faq.${item}.question` as MessageId} />
              <span className="i-lucide-chevron-down size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
            </summary>
            <p className="mt-2 text-neutral-600 dark:text-neutral-400">
              <FormattedMessage id={`faq.${item}.answer` as MessageId} />
            </p>
          </details>
        ))}
      </div>
    </section>
  )
}
