import { FormattedMessage, useIntl } from 'react-intl'
import type { ComponentKey } from '../../api/contract/status'
import type { MessageId } from '../../locales/messages'
import { dataAttrs } from '../shared/dom'
import { Link } from './Link'

/**
 * The banner of a page that needs some of the platform (docs/status.md, "Where an outage matters"):
 * hidden in the HTML, shown by the runtime (renderer/client/statusBanner.ts) while one of `needs` is
 * not operational in the live status document at the server's time, as the status page says it
 * (api/contract/statusRules.ts `stateAt`: an open incident whatever the document's age, the probe's
 * verdict only while fresh), with the names of those affected. A page without it makes no request
 * for the document. A component of `markets` counts only while the stored cart is in one of its
 * markets (a Saudi buyer is not told of Fawry); with no cart, only those without markets count.
 */
export function StatusBanner({
  needs,
  markets,
}: {
  needs: readonly ComponentKey[]
  /** The components needed only in some markets (the cart's, `cartMarkets`): the others always are. */
  markets?: Partial<Record<ComponentKey, readonly string[]>>
}) {
  const intl = useIntl()
  return (
    <div role="status" {...{ [dataAttrs.statusNeeds]: needs.join(',') }}>
      <div
        hidden
        {...{ [dataAttrs.statusBanner]: '' }}
        className="mt-6 flex gap-3 rounded-xl border border-warning-300 bg-warning-50 p-4 text-warning-900 dark:border-warning-700 dark:bg-warning-950 dark:text-warning-100"
      >
        <span className="i-lucide-circle-alert mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">
            <FormattedMessage id="status.banner.title" />
          </p>
          <p className="mt-1 text-sm">
            <FormattedMessage id="status.banner.affected" />{' '}
            <span
              {...{ [dataAttrs.statusAffected]: intl.formatMessage({ id: 'common.listSeparator' }) }}
              className="font-medium"
            />
            {needs.map((key) => (
              <span
                key={key}
                hidden
                {...{ [dataAttrs.statusComponent]: key, [dataAttrs.statusMarkets]: markets?.[key]?.join(' ') }}
              >
                {intl.formatMessage({ id: `status.component.${key}` as MessageId })}
              </span>
            ))}
          </p>
          <p className="mt-2 text-sm">
            <Link href="/monitoring" className="font-medium underline">
              <FormattedMessage id="status.banner.link" />
            </Link>
          </p>
        </div>
      </div>
    </div>
  )
}
