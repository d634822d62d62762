import { FormattedMessage } from 'react-intl'
import type { MessageId } from '../../locales/messages'
import { type Market, markets, methodsOf } from '../../site.config'

/** A market's payment methods, its national scheme (mada, Meeza) first, as a row of labels (not mirrored: brand names). */
function PaymentMethods({ market, className = '' }: { market: Market; className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {methodsOf(market).map((brand, i) => (
        <li
          key={brand}
          className={`rounded-lg border bg-white px-3 py-1.5 text-sm font-semibold shadow-sm dark:bg-neutral-900 ${i === 0 ? 'border-primary-600 text-primary-800 dark:text-primary-300' : 'border-neutral-200 text-neutral-800 dark:border-neutral-700 dark:text-neutral-100'}`}
        >
          <bdi>
            <FormattedMessage id={`method.${brand}` as MessageId} />
          </bdi>
        </li>
      ))}
    </ul>
  )
}

/** Every market's payment methods (site.config.ts), each row under the market's name. */
export function MarketMethods({ className = '' }: { className?: string }) {
  return (
    <dl className={`grid gap-4 ${className}`}>
      {markets.map((m) => (
        <div key={m.code}>
          <dt className="text-sm font-medium text-neutral-600 dark:text-neutral-300">
            <FormattedMessage id={`method.market.${m.code}` as MessageId} />
          </dt>
          <dd className="mt-2">
            <PaymentMethods market={m} />
          </dd>
        </div>
      ))}
    </dl>
  )
}
