import { FormattedMessage, useIntl } from 'react-intl'
import type { MessageId } from '../../locales/messages'
import { paymentMarkHref } from '../../build/icons'
import { type Brand, type Market, markets, methodsOf } from '../../api/contract/markets'

/** A mark's box (renderer/brand/paymentMarks.ts) at the tile's height. */
const markSize = { md: { width: 58, height: 24 }, sm: { width: 48, height: 20 } }

/**
 * One payment method's mark on a white tile (renderer/brand/, its file build/icons.ts), named by the
 * method's message: a brand's mark never mirrors. `size="sm"` for a panel's tighter row. Lazy: it
 * never competes with the faces for the first paint (and React preloads every other image).
 */
export function MethodTile({ brand, size = 'md' }: { brand: Brand; size?: 'md' | 'sm' }) {
  const intl = useIntl()
  return (
    <li className={size === 'sm' ? 'pay-tile-sm' : 'pay-tile'}>
      <img
        src={paymentMarkHref(brand)}
        alt={intl.formatMessage({ id: `method.${brand}` as MessageId })}
        {...markSize[size]}
        loading="lazy"
        decoding="async"
      />
    </li>
  )
}

/** A market's payment methods as a row of tiles, its national scheme (mada, Meeza) first; in Arabic the row runs from the right. */
function PaymentMethods({
  market,
  size = 'md',
  className = '',
}: {
  market: Market
  size?: 'md' | 'sm'
  className?: string
}) {
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`} {...{ 'data-methods-market': market.code }}>
      {methodsOf(market).map((brand) => (
        <MethodTile key={brand} brand={brand} size={size} />
      ))}
    </ul>
  )
}

/**
 * Every market's payment methods, one market at a time: a segmented control of the markets (radios,
 * the first checked) over the markets' rows, of which the stylesheet shows the checked one's
 * (uno.config.ts `methodsCss`), no script. `id` names the radios (`<id>-sa`): one per page.
 */
export function MarketMethods({
  id,
  size = 'md',
  className = '',
}: {
  id: string
  size?: 'md' | 'sm'
  className?: string
}) {
  return (
    <div className={`methods ${className}`}>
      <fieldset className="segmented">
        <legend className="sr-only">
          <FormattedMessage id="method.marketLabel" />
        </legend>
        <div className="segmented-options">
          {markets.map((m, i) => (
            <label key={m.code}>
              <input type="radio" name={id} id={`${id}-${m.code}`} value={m.code} defaultChecked={i === 0} />
              <span>
                <FormattedMessage id={`method.tab.${m.code}` as MessageId} />
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {markets.map((m) => (
        <PaymentMethods key={m.code} market={m} size={size} className="mt-4" />
      ))}
    </div>
  )
}
