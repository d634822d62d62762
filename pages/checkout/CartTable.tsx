import { FormattedMessage, useIntl } from 'react-intl'
import type { Cart, Quote } from '../../api/contract/cart'
import {
  type Billing,
  billingPeriods,
  type CartMarket,
  cartMarkets,
  maxQuantity,
  type Sku,
} from '../../api/contract/pricing'
import { Money } from '../../renderer/components/Money'
import { addToCart, setQuantity } from './cart'
import { focusAfterAdding } from './cartRows'
import { selectClass, skuMessages } from './parts'

/**
 * The cart (CartSection, docs/content.md "Checkout"): its market and billing period, a CartItem
 * row per plan or add-on with its unit price, quantity and amount from `figures`, and the add
 * button for a POS terminal while there is none. `update` stores a changed cart; `changeRows` and
 * `removeRow` (./useCartRows.ts) add and remove rows, saying so and handing focus on.
 */
export function CartTable({
  cart,
  figures,
  update,
  changeRows,
  removeRow,
}: {
  cart: Cart
  figures: Quote
  update: (next: Cart | undefined) => void
  changeRows: (next: Cart | undefined, sku: Sku, added: boolean, focus: string) => void
  removeRow: (sku: Sku) => void
}) {
  const intl = useIntl()
  const money = (minor: number) => <Money minor={minor} currency={figures.currency} />
  return (
    <section
      aria-labelledby="cart-title"
      className="rounded-2xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900"
      data-cart-section=""
    >
      <h2 id="cart-title" className="text-lg ink-strong">
        <FormattedMessage id="checkout.cart.title" />
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <label className="block text-sm ink-strong">
          <FormattedMessage id="checkout.cart.market" />
          <select
            name="market"
            value={cart.market}
            onChange={(e) => update({ ...cart, market: e.target.value as CartMarket })}
            className={selectClass}
          >
            {cartMarkets.map((m) => (
              <option key={m} value={m}>
                {intl.formatMessage({ id: `checkout.market.${m}` })}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm ink-strong">
          <FormattedMessage id="checkout.cart.billing" />
          <select
            name="billing"
            value={cart.billing}
            onChange={(e) => update({ ...cart, billing: e.target.value as Billing })}
            className={selectClass}
          >
            {billingPeriods.map((b) => (
              <option key={b} value={b}>
                {intl.formatMessage({ id: `checkout.billing.${b}` })}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ul className="mt-6 divide-y divide-neutral-200 dark:divide-neutral-800">
        {cart.items.map((item) => {
          const line = figures.lines.find((l) => l.sku === item.sku)
          const isPlan = item.sku.startsWith('plan.')
          return (
            <li key={item.sku} data-cart-item={item.sku} className="flex flex-wrap items-center gap-4 py-4">
              {/* A name never squeezed to a word per line by the stepper and price: they wrap below it instead. */}
              <div className="min-w-48 flex-1">
                <p className="ink-strong">
                  <FormattedMessage id={skuMessages[item.sku]} />
                </p>
                <p className="text-sm ink-muted">
                  <FormattedMessage
                    id={`checkout.cart.unit.${cart.billing}`}
                    values={{ price: <bdi>{money(line?.unitMinor ?? 0)}</bdi> }}
                  />
                </p>
              </div>
              {!isPlan && (
                <div className="flex items-center gap-1" dir="ltr">
                  <button
                    type="button"
                    className="btn-secondary px-3 py-1"
                    aria-label={intl.formatMessage({ id: 'checkout.cart.less' })}
                    onClick={() =>
                      item.quantity > 1 ? update(setQuantity(cart, item.sku, item.quantity - 1)) : removeRow(item.sku)
                    }
                  >
                    −
                  </button>
                  <output className="min-w-8 text-center tabular-nums" aria-live="polite">
                    {item.quantity}
                  </output>
                  <button
                    type="button"
                    className="btn-secondary px-3 py-1"
                    data-more=""
                    aria-label={intl.formatMessage({ id: 'checkout.cart.more' })}
                    disabled={item.quantity >= maxQuantity}
                    onClick={() => update(setQuantity(cart, item.sku, item.quantity + 1))}
                  >
                    +
                  </button>
                </div>
              )}
              <p className="w-28 text-end font-semibold tabular-nums text-neutral-900 dark:text-white">
                <bdi>{money(line?.amountMinor ?? 0)}</bdi>
              </p>
              {/* A quiet icon button on the end side, its name the same words ("Remove Growth plan"). */}
              <button
                type="button"
                data-remove=""
                className="grid size-9 place-items-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-error-700 focus-visible:outline-2 focus-visible:outline-primary-700 dark:text-neutral-400 dark:hover:bg-neutral-800 dark:hover:text-error-400"
                onClick={() => removeRow(item.sku)}
              >
                <span className="i-lucide-trash-2 size-4.5" aria-hidden="true" />
                <span className="sr-only">
                  <FormattedMessage
                    id="checkout.cart.remove"
                    values={{ item: intl.formatMessage({ id: skuMessages[item.sku] }) }}
                  />
                </span>
              </button>
            </li>
          )
        })}
      </ul>
      {!cart.items.some((i) => i.sku === 'addon.posTerminal') && (
        <button
          type="button"
          data-add-terminal=""
          className="btn-secondary mt-2"
          onClick={() =>
            // The button goes once the row exists: focus moves to the new row's quantity.
            changeRows(
              addToCart(cart, { sku: 'addon.posTerminal', market: cart.market, billing: cart.billing }),
              'addon.posTerminal',
              true,
              focusAfterAdding('addon.posTerminal'),
            )
          }
        >
          <span className="i-lucide-plus size-4" aria-hidden="true" />
          <FormattedMessage id="checkout.cart.addTerminal" />
        </button>
      )}
    </section>
  )
}
