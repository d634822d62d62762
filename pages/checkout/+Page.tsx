import { FormattedMessage } from 'react-intl'
import { usePageContext } from 'vike-react/usePageContext'
import { localizePath } from '../../locales/localizePath'
import { PageHero, Section, Steps } from '../../renderer/components/PageHero'
import { MarketMethods } from '../../renderer/components/PaymentMethods'
import { StatusBanner } from '../../renderer/components/StatusBanner'
import { Island } from '../../renderer/islands/Island'
import { allMethods, markets, methodsOf } from '../../api/contract/markets'
import { catalogue } from '../../api/contract/catalogue'
import { type ComponentKey, componentKeys } from '../../api/contract/status'
import Checkout from './Checkout.island'

// The cart (an island: localStorage, the API's quote) and the pay step, which happens on the hosted
// payment page: card numbers are never typed into this site.
const steps = ['review', 'pay', 'activate'] as const

/**
 * What the checkout needs (its status banner, docs/status.md): the hosted payment page, every
 * method it sells in a market that has a status component of its own (for a cart in that market:
 * `needMarkets`), and the API.
 */
const needs: readonly ComponentKey[] = [
  'checkout',
  ...componentKeys.filter((key) => (allMethods as readonly string[]).includes(key)),
  'api',
]

/** The methods' markets (api/contract/markets.ts): the banner names a method only for a cart in one of them. */
const needMarkets = Object.fromEntries(
  needs
    .filter((key) => (allMethods as readonly string[]).includes(key))
    .map((key) => [key, markets.filter((m) => (methodsOf(m) as string[]).includes(key)).map((m) => m.code)]),
) as Partial<Record<ComponentKey, string[]>>

export default function Page() {
  const pageContext = usePageContext()
  return (
    <>
      <PageHero title="checkout.hero.title" body="checkout.hero.body" />
      <StatusBanner needs={needs} markets={needMarkets} />
      {/* The panel shows the order's market's methods alone (uno.config.ts `methodsCss`). */}
      <div className="checkout-grid mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div>
          <Island
            of={Checkout}
            props={{
              catalogue,
              pricingPath: localizePath('/pricing', pageContext.locale),
              privacyPath: localizePath('/privacy', pageContext.locale),
              locale: pageContext.locale,
            }}
            hydrate="load"
          />
        </div>
        <aside aria-labelledby="methods-title" className="panel self-start">
          <h2 id="methods-title" className="font-semibold text-neutral-900 dark:text-white">
            <FormattedMessage id="checkout.methods.title" />
          </h2>
          <MarketMethods id="checkout-methods-market" size="sm" className="mt-3" />
          <p className="mt-4 flex gap-2 text-sm text-neutral-600 dark:text-neutral-400">
            <span
              className="i-lucide-lock mt-0.5 size-4 shrink-0 text-primary-700 dark:text-primary-400"
              aria-hidden="true"
            />
            <FormattedMessage id="checkout.methods.secure" />
          </p>
        </aside>
      </div>
      <Section id="how" title="checkout.how.title" className="mt-12">
        <Steps prefix="checkout.how" keys={steps} />
      </Section>
    </>
  )
}
