import { FormattedMessage } from 'react-intl'
import type { MessageId } from '../../locales/messages'
import { type Market, markets, methodsOf } from '../../site.config'

/** A market's payment methods, its national scheme (mada, Meeza) first, as a row of labels (not mirrored: brand names). */
function PaymentMethods({ market, className = '' }: { market: Market; className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {methodsOf(market).map((brand, i) => (
        // Shortcuts (uno.config.ts): a dozen labels on each page that shows them.
        <li key={brand} className={i === 0 ? 'method-chip-lead' : 'method-chip'}>
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
          <dt className="method-market">
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
