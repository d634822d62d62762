import { FormattedMessage, useIntl } from 'react-intl'
import { Link } from '../../renderer/components/Link'
import { PageHero, SampleNote, Section } from '../../renderer/components/PageHero'
import type { MessageId } from '../../locales/messages'
import { billingPeriods, type CartMarket, type Sku } from '../../api/contract/pricing'
import { Island } from '../../renderer/islands/Island'
import { Money } from '../../renderer/components/Money'
import { MethodTile } from '../../renderer/components/PaymentMethods'
import { feeOf, toMajor } from '../../renderer/money'
import { catalogue, planFeatures } from '../../api/contract/catalogue'
import { type Fee, markets, type Market, schemeBrands } from '../../api/contract/markets'
import { posFeeRows } from '../../api/contract/posFees'
import type { CalculatorMarket } from './calculator'
import FeeCalculator from './FeeCalculator.island'

// The billing and market choices are native radio buttons: CSS (`.pricing:has(...)` in
// uno.config.ts) shows the matching prices, so the page needs no script for them.
const plans = [
  { key: 'starter', cta: 'pricing.plans.cta.start' },
  { key: 'growth', cta: 'pricing.plans.cta.start', featured: true },
  { key: 'enterprise', cta: 'pricing.plans.cta.sales' },
] as const

/** What the fee calculator needs of each market: its props are JSON in the page. */
const calculatorMarkets: CalculatorMarket[] = markets.map((m) => ({
  code: m.code,
  currency: m.currency,
  vatBp: m.vatBp,
  growthDiscountBp: m.growthDiscountBp,
  fees: m.fees.map(({ scheme, rateBp, fixedMinor }) => ({ scheme, rateBp, fixedMinor })),
}))

/** An amount as the page shows it: the riyal's sign named for a screen reader (renderer/components/Money.tsx). */
function useMoney() {
  return (minor: number, currency: string) => <Money minor={minor} currency={currency} />
}

function Segmented({
  name,
  legend,
  options,
}: {
  name: string
  legend: MessageId
  options: { value: string; label: MessageId; extra?: MessageId }[]
}) {
  return (
    <fieldset className="segmented">
      <legend className="mb-2 text-sm font-medium text-neutral-600 dark:text-neutral-300">
        <FormattedMessage id={legend} />
      </legend>
      <div className="segmented-options">
        {options.map((o, i) => (
          <label key={o.value}>
            <input type="radio" name={name} id={`${name}-${o.value}`} value={o.value} defaultChecked={i === 0} />
            <span>
              <FormattedMessage id={o.label} />
              {o.extra && (
                <span className="ms-1.5 rounded-full bg-primary-100 px-2 py-0.5 text-xs font-semibold text-primary-800 dark:bg-primary-900 dark:text-primary-200">
                  <FormattedMessage id={o.extra} />
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/**
 * The link that puts `sku` in the cart: one per market and billing period, of which CSS shows the
 * one the radios chose (`[data-market]`, `[data-billing]`), so the pricing page needs no script;
 * the checkout page adds it (pages/checkout/cart.ts, `?add=`).
 */
function AddToCart({ sku, label, className }: { sku: Sku; label: MessageId; className: string }) {
  return markets.flatMap((m) =>
    billingPeriods.map((b) => (
      <Link
        key={`${m.code}-${b}`}
        href={`/checkout?add=${sku}&market=${m.code}&billing=${b}`}
        data-market={m.code}
        data-billing={b}
        className={className}
      >
        <FormattedMessage id={label} />
      </Link>
    )),
  )
}

function PlanPrice({ plan, market }: { plan: (typeof plans)[number]['key']; market: Market }) {
  const money = useMoney()
  // Every plan's price in the same slot, at the same size, so the three cards' lists line up.
  if (plan !== 'growth')
    return (
      <span className="text-3xl font-bold">
        <FormattedMessage id={`pricing.plans.${plan}.price`} />
      </span>
    )
  return (
    <>
      <span data-billing="monthly">
        <FormattedMessage
          id="pricing.plans.perMonth"
          values={{
            price: <bdi className="text-3xl font-bold">{money(market.growthMonthlyMinor, market.currency)}</bdi>,
          }}
        />
      </span>
      <span data-billing="yearly">
        <FormattedMessage
          id="pricing.plans.perYear"
          values={{
            price: <bdi className="text-3xl font-bold">{money(market.growthMonthlyMinor * 10, market.currency)}</bdi>,
          }}
        />
      </span>
    </>
  )
}

/** The three rates a merchant of the market looks for first: its national scheme (or cards), cards, and instalments or wallets. */
function headlineFees(market: Market) {
  const pick = (schemes: string[]) => market.fees.find((f) => schemes.includes(f.scheme))
  return [market.fees[0]!, pick(['cards']), pick(['tabby', 'tamara', 'wallets', 'fawry'])].filter(
    (f, i, all): f is Market['fees'][number] => f !== undefined && all.indexOf(f) === i,
  )
}

/** The chosen market's headline rates, at headline size, above the plans (the market radio shows one market's). */
function RateStrip() {
  const intl = useIntl()
  const money = useMoney()
  const percent = (bp: number) => intl.formatNumber(bp / 10000, { style: 'percent', maximumFractionDigits: 2 })
  return (
    <Section id="rates" title="pricing.rates.title" className="mt-8" headingClassName="sr-only">
      {markets.map((market) => (
        <ul key={market.code} data-market={market.code} className="grid gap-4 sm:grid-cols-3">
          {headlineFees(market).map((f) => (
            <li
              key={f.scheme}
              className="rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
            >
              <ul className="flex gap-1.5">
                {schemeBrands[f.scheme].map((brand) => (
                  <MethodTile key={brand} brand={brand} size="sm" />
                ))}
              </ul>
              <p className="mt-3 text-sm font-semibold text-neutral-700 dark:text-neutral-200">
                <FormattedMessage id={`pricing.scheme.${f.scheme}` as MessageId} />
              </p>
              <p className="mt-1 text-3xl font-bold tabular-nums text-neutral-950 dark:text-white">
                <FormattedMessage
                  id="pricing.fees.rate"
                  values={{
                    rate: <bdi>{percent(f.rateBp)}</bdi>,
                    fixed: <bdi>{money(f.fixedMinor, market.currency)}</bdi>,
                  }}
                />
              </p>
              <p className="mt-1 text-sm ink-muted">
                <FormattedMessage id="pricing.rates.per" />
              </p>
            </li>
          ))}
        </ul>
      ))}
    </Section>
  )
}

/** A market's fee rows: a region named by its caption, in the tab order so a keyboard can scroll it (WCAG 2.1.1); on a phone its rows stack. */
function FeeRows({ market, rows, caption }: { market: Market; rows: readonly Fee[]; caption: MessageId }) {
  const intl = useIntl()
  const money = useMoney()
  const percent = (bp: number) => intl.formatNumber(bp / 10000, { style: 'percent', maximumFractionDigits: 2 })
  const id = `${caption === 'pricing.fees.caption' ? 'fees' : 'pos-fees'}-${market.code}`
  return (
    <section
      aria-labelledby={id}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-neutral-200 dark:border-neutral-800"
    >
      <table className="table-stack w-full text-start text-sm [--stack-cols:2]">
        <caption id={id} className="px-4 pt-4 text-start ink-strong">
          <FormattedMessage
            id={caption}
            values={{
              market: <FormattedMessage id={`pricing.marketName.${market.code}` as MessageId} />,
              currency: <FormattedMessage id={`pricing.currencyName.${market.code}` as MessageId} />,
            }}
          />
        </caption>
        <thead>
          <tr className="border-b border-neutral-200 text-neutral-600 dark:border-neutral-800 dark:text-neutral-400">
            <th scope="col" className="px-4 py-3 text-start font-medium">
              <FormattedMessage id="pricing.fees.method" />
            </th>
            <th scope="col" className="px-4 py-3 text-start font-medium">
              <FormattedMessage id="pricing.fees.fee" />
            </th>
            <th scope="col" className="px-4 py-3 text-start font-medium">
              <FormattedMessage id="pricing.fees.settlement" />
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((f) => (
            <tr key={f.scheme} className="table-line">
              <th scope="row" className="table-row-head">
                <FormattedMessage id={`pricing.scheme.${f.scheme}` as MessageId} />
              </th>
              <td className="whitespace-nowrap px-4 py-3 tabular-nums">
                {f.fixedMinor ? (
                  <FormattedMessage
                    id="pricing.fees.rate"
                    values={{
                      rate: <bdi>{percent(f.rateBp)}</bdi>,
                      fixed: <bdi>{money(f.fixedMinor, market.currency)}</bdi>,
                    }}
                  />
                ) : (
                  <bdi>{percent(f.rateBp)}</bdi>
                )}
              </td>
              <td className="stack-end px-4 py-3">
                <FormattedMessage id="pricing.fees.days" values={{ days: f.settlementDays }} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function FeeTable({ market }: { market: Market }) {
  const intl = useIntl()
  const money = useMoney()
  const percent = (bp: number) => intl.formatNumber(bp / 10000, { style: 'percent', maximumFractionDigits: 2 })
  const example = market.fees.find((f) => f.scheme === market.exampleScheme)!
  const breakdown = feeOf(market.exampleMinor, example, market.vatBp)
  return (
    <div data-market={market.code} className="mt-6">
      <FeeRows market={market} rows={market.fees} caption="pricing.fees.caption" />
      <ul className="mt-4 grid gap-2 text-sm text-neutral-600 dark:text-neutral-300">
        <li>
          <FormattedMessage
            id="pricing.fees.vat"
            values={{
              rate: <bdi>{percent(market.vatBp)}</bdi>,
              market: <FormattedMessage id={`pricing.marketName.${market.code}` as MessageId} />,
            }}
          />
        </li>
        <li>
          <FormattedMessage
            id="pricing.fees.dispute"
            values={{ amount: <bdi>{money(market.disputeFeeMinor, market.currency)}</bdi> }}
          />
        </li>
        <li>
          <FormattedMessage
            id="pricing.fees.example"
            values={{
              amount: <bdi>{money(market.exampleMinor, market.currency)}</bdi>,
              // One payment is by one method: "card (Visa or Mastercard)", not the row's "Visa and Mastercard".
              method: (
                <FormattedMessage
                  id={
                    example.scheme === 'cards'
                      ? 'pricing.fees.exampleMethod.cards'
                      : (`pricing.scheme.${example.scheme}` as MessageId)
                  }
                />
              ),
              fee: <bdi>{money(breakdown.fee, market.currency)}</bdi>,
              vat: <bdi>{money(breakdown.vat, market.currency)}</bdi>,
              net: (
                <strong>
                  <bdi>{money(breakdown.net, market.currency)}</bdi>
                </strong>
              ),
            }}
          />
        </li>
      </ul>
    </div>
  )
}

export default function Page() {
  const intl = useIntl()
  const money = useMoney()
  return (
    <div className="pricing">
      <PageHero title="pricing.hero.title" body="pricing.hero.body">
        <SampleNote id="pricing.sample" />
      </PageHero>

      <div className="mt-10 flex flex-wrap gap-6">
        <Segmented
          name="billing"
          legend="pricing.billing.legend"
          options={[
            { value: 'monthly', label: 'pricing.billing.monthly' },
            { value: 'yearly', label: 'pricing.billing.yearly', extra: 'pricing.billing.yearlySaving' },
          ]}
        />
        <Segmented
          name="market"
          legend="pricing.market.legend"
          options={markets.map((m) => ({ value: m.code, label: `pricing.market.${m.code}` as MessageId }))}
        />
      </div>

      <RateStrip />

      <Section id="plans" title="pricing.plans.title" className="mt-8" headingClassName="sr-only">
        <div className="grid gap-4 lg:grid-cols-3">
          {plans.map((plan) => (
            <article
              key={plan.key}
              aria-labelledby={`plan-${plan.key}`}
              className={`flex flex-col rounded-2xl border bg-white p-6 dark:bg-neutral-900 ${'featured' in plan ? 'border-primary-600 shadow-lg shadow-primary-900/10 ring-1 ring-primary-600' : 'border-neutral-200 dark:border-neutral-800'}`}
            >
              <div className="flex items-center justify-between gap-2">
                <h3 id={`plan-${plan.key}`} className="text-lg ink-strong">
                  <FormattedMessage id={`pricing.plans.${plan.key}.title` as MessageId} />
                </h3>
                {'featured' in plan && (
                  <span className="rounded-full bg-primary-700 px-2.5 py-0.5 text-xs font-semibold text-white">
                    <FormattedMessage id="pricing.plans.growth.badge" />
                  </span>
                )}
              </div>
              <p className="mt-2 text-sm ink-muted">
                <FormattedMessage id={`pricing.plans.${plan.key}.body` as MessageId} />
              </p>
              <div className="mt-5 min-h-12 text-neutral-900 dark:text-white">
                {markets.map((m) => (
                  <p key={m.code} data-market={m.code}>
                    <PlanPrice plan={plan.key} market={m} />
                  </p>
                ))}
              </div>
              <ul className="mt-5 grid flex-1 content-start gap-2 text-sm">
                {planFeatures[plan.key].map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <span className="i-lucide-check list-check" aria-hidden="true" />
                    <span>
                      <FormattedMessage
                        id={`pricing.feature.${feature}` as MessageId}
                        values={{
                          points: (
                            <bdi>
                              {intl.formatNumber(markets[0]!.growthDiscountBp / 100, { maximumFractionDigits: 2 })}
                            </bdi>
                          ),
                        }}
                      />
                    </span>
                  </li>
                ))}
              </ul>
              {plan.key === 'enterprise' ? (
                <Link href="/contact-us" className="btn-secondary mt-6 justify-center">
                  <FormattedMessage id={plan.cta} />
                </Link>
              ) : (
                <AddToCart
                  sku={`plan.${plan.key}`}
                  label={plan.cta}
                  className={`mt-6 justify-center ${'featured' in plan ? 'btn-primary' : 'btn-secondary'}`}
                />
              )}
            </article>
          ))}
        </div>
        <p className="mt-3 text-sm text-neutral-500 dark:text-neutral-400">
          <FormattedMessage id="pricing.plans.vatNote" />
        </p>
        {/* Its description, then its price and button: one row on a wide screen, two on a phone. */}
        <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-4 rounded-2xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900">
          <div className="flex min-w-0 flex-[1_1_18rem] items-start gap-4">
            <span
              className="i-lucide-credit-card mt-0.5 size-7 shrink-0 text-primary-700 dark:text-primary-400"
              aria-hidden="true"
            />
            <div className="min-w-0">
              <h3 className="ink-strong">
                <FormattedMessage id="pricing.addons.posTerminal.title" />
              </h3>
              <p className="text-sm ink-muted">
                <FormattedMessage id="pricing.addons.posTerminal.body" />
              </p>
            </div>
          </div>
          <div className="flex flex-[1_0_auto] items-center justify-between gap-4 sm:flex-none">
            {markets.map((m) => (
              <p key={m.code} data-market={m.code} className="ink-strong">
                <FormattedMessage
                  id="pricing.addons.perMonth"
                  values={{
                    price: (
                      <bdi>{money(catalogue[m.code as CartMarket].monthlyMinor['addon.posTerminal'], m.currency)}</bdi>
                    ),
                  }}
                />
              </p>
            ))}
            <AddToCart sku="addon.posTerminal" label="pricing.addons.add" className="btn-secondary" />
          </div>
        </div>
      </Section>

      <Section id="fees" title="pricing.fees.title" intro="pricing.fees.body" className="mt-16">
        {markets.map((m) => (
          <FeeTable key={m.code} market={m} />
        ))}
        <h3 id="in-store" className="mt-10 text-lg font-semibold ink-strong">
          <FormattedMessage id="pricing.pos.title" />
        </h3>
        <p className="mt-2 text-sm ink-muted">
          <FormattedMessage id="pricing.pos.body" />
        </p>
        {markets.map((m) => {
          const rows = posFeeRows(m)
          return (
            rows.length > 0 && (
              <div key={m.code} data-market={m.code} className="mt-4">
                <FeeRows market={m} rows={rows} caption="pricing.pos.caption" />
              </div>
            )
          )
        })}
        <Island
          of={FeeCalculator}
          props={{
            markets: calculatorMarkets,
            initial: {
              amount: String(toMajor(markets[0]!.exampleMinor)),
              market: markets[0]!.code,
              scheme: markets[0]!.fees[0]!.scheme,
              plan: 'starter',
            },
          }}
        />
      </Section>
    </div>
  )
}
