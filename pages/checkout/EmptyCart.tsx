import type { ReactNode } from 'react'
import { FormattedMessage } from 'react-intl'
import { Money } from '../../renderer/components/Money'
import { type Catalogue, cartMarkets, type Sku } from '../../api/contract/pricing'
import { skuMessages } from './parts'

/** The plans an empty cart offers; each is named as the cart names it (./parts.tsx `skuMessages`). */
const offers = [
  { sku: 'plan.starter', key: 'starter' },
  { sku: 'plan.growth', key: 'growth' },
] as const satisfies readonly { sku: Sku; key: string }[]

/**
 * The empty cart: the two plans one can buy here, side by side, each added by a link to this page
 * (`?add=`, ./cart.ts) in the market the methods panel shows (uno.config.ts `methodsCss` keeps that
 * market's price and link), and the pricing page for the rest.
 */
export function EmptyCart({
  catalogue,
  pricingPath,
  notice,
}: {
  catalogue: Catalogue
  pricingPath: string
  notice?: ReactNode
}) {
  return (
    <section aria-labelledby="cart-title" className="panel sm:p-8">
      {notice}
      <div className="flex items-center gap-3">
        <span className="i-lucide-shopping-cart size-6 text-neutral-500" aria-hidden="true" />
        <h2 id="cart-title" className="text-lg ink-strong">
          <FormattedMessage id="checkout.empty.title" />
        </h2>
      </div>
      <p className="mt-2 ink-muted">
        <FormattedMessage id="checkout.empty.body" />
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {offers.map((offer) => (
          <li key={offer.sku} aria-labelledby={`offer-${offer.key}`} className="panel-card">
            <h3 id={`offer-${offer.key}`} className="ink-strong">
              <FormattedMessage id={skuMessages[offer.sku]} />
            </h3>
            <p className="mt-1 text-sm ink-muted">
              <FormattedMessage id={`checkout.empty.${offer.key}.body`} />
            </p>
            {cartMarkets.map((market) => {
              const monthly = catalogue[market].monthlyMinor[offer.sku]
              return (
                <div key={market} data-plan-market={market} className="mt-auto flex flex-col gap-4 pt-4">
                  <p className="text-xl font-bold tabular-nums ink-strong">
                    {monthly === 0 ? (
                      <FormattedMessage id="checkout.empty.free" />
                    ) : (
                      <FormattedMessage
                        id="checkout.cart.unit.monthly"
                        values={{ price: <Money minor={monthly} currency={catalogue[market].currency} /> }}
                      />
                    )}
                  </p>
                  <a
                    href={`?add=${offer.sku}&market=${market}&billing=monthly`}
                    className={`justify-center ${offer.key === 'growth' ? 'btn-primary' : 'btn-secondary'}`}
                  >
                    <FormattedMessage
                      id="checkout.empty.add"
                      values={{ plan: <FormattedMessage id={skuMessages[offer.sku]} /> }}
                    />
                  </a>
                </div>
              )
            })}
          </li>
        ))}
      </ul>
      <a href={pricingPath} className="mt-5 inline-flex items-center gap-1.5 text-link">
        <FormattedMessage id="checkout.empty.cta" />
        <span className="i-lucide-arrow-right size-4 flip-rtl" aria-hidden="true" />
      </a>
    </section>
  )
}
