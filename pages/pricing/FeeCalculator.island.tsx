import { memo, useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { MessageId } from '../../locales/messages'
import { defineIsland } from '../../renderer/islands/define'
import { CurrencySymbol, Money } from '../../renderer/components/Money'
import { events } from '../../renderer/shared/dom'
import {
  type AmountError,
  type CalculatorMarket,
  type CalculatorState,
  calculate,
  type Plan,
  parseAmount,
  planFee,
  schemeIn,
  plans,
  stateFromQuery,
  stateToQuery,
} from './calculator'

interface Props {
  /** The markets and their fees (api/contract/markets.ts), in display order. */
  markets: CalculatorMarket[]
  /** The first state: the first market's worked example. */
  initial: CalculatorState
}

const amountErrors: Record<AmountError, MessageId> = {
  empty: 'pricing.calculator.error.empty',
  invalid: 'pricing.calculator.error.invalid',
  negative: 'pricing.calculator.error.negative',
  zero: 'pricing.calculator.error.zero',
  decimals: 'pricing.calculator.error.decimals',
  tooLarge: 'pricing.calculator.error.tooLarge',
}

const selectClass = 'field mt-1.5'

/**
 * The pricing page's fee calculator (docs/content.md, Pricing): an amount, a market, a payment
 * method and a plan give Rasid's fee, the VAT on it and what reaches the merchant, in the market's
 * currency, computed in minor units. The choice lives in the URL query, so a link shares it.
 */
function FeeCalculator({ markets, initial }: Props) {
  const id = useId()
  // The first render is the prerendered one; the query is applied once hydrated.
  const [state, setState] = useState<CalculatorState>(initial)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  // biome-ignore lint/correctness/useExhaustiveDependencies: the markets and the first state are fixed for the life of the page.
  useEffect(() => {
    const fromUrl = () => setState(stateFromQuery(location.search, markets, initial))
    if (location.search) fromUrl()
    addEventListener('popstate', fromUrl)
    return () => removeEventListener('popstate', fromUrl)
  }, [])

  // A choice is applied to the state as it then is (a function of the previous state), never to a
  // copy a handler closed over: choices made in quick succession, or replayed together once the
  // island has hydrated, each keep the others (a market chosen during hydration was lost to the
  // amount typed after it).
  // One function for the life of the page, so that a choice renders again only the control that
  // changed (each control below is memoized): a plan tap does not render the selects' options.
  const chosen = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the markets are fixed for the life of the page.
  const update = useCallback((patch: Partial<CalculatorState>) => {
    chosen.current = true
    setState((previous) => {
      const next = { ...previous, ...patch }
      next.scheme = schemeIn(markets.find((m) => m.code === next.market)!, next.scheme)
      return next
    })
  }, [])
  // The address follows the visitor's choices, replaced rather than pushed (Back leaves the page,
  // not a digit), 300 ms after the last; a state read from the address is not written back.
  useEffect(() => {
    if (!chosen.current) return
    chosen.current = false
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      history.replaceState(
        history.state,
        '',
        `${location.pathname}${stateToQuery(state, location.search)}${location.hash}`,
      )
      document.dispatchEvent(new Event(events.urlChange))
    }, 300)
  }, [state])

  const market = markets.find((m) => m.code === state.market)!
  // The options' values, the same arrays while their market is (the selects are memoized).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the markets are fixed for the life of the page.
  const marketCodes = useMemo(() => markets.map((m) => m.code), [])
  const schemes = useMemo(() => market.fees.map((f) => f.scheme), [market])
  const parsed = parseAmount(state.amount)
  // The figures follow in a render of their own, which yields to input: a tap or a key paints the
  // control first (docs/performance.md, "A tap while an island loads").
  const shown = useDeferredValue(state)
  const errorId = `${id}-error`
  // The currency as the page's figures write it (the riyal's sign, named; د.إ. in Arabic, AED in English), not the ISO code.
  const symbol = <CurrencySymbol currency={market.currency} />

  return (
    <form
      className="needs-script mt-6 grid gap-6 rounded-2xl border border-neutral-200 bg-white p-5 sm:p-8 lg:grid-cols-2 dark:border-neutral-800 dark:bg-neutral-900"
      onSubmit={(e) => e.preventDefault()}
      aria-labelledby={`${id}-title`}
    >
      <div className="grid content-start gap-4">
        <h3 id={`${id}-title`} className="text-lg ink-strong">
          <FormattedMessage id="pricing.calculator.title" />
        </h3>
        <div>
          <label htmlFor={`${id}-amount`} className="ink-strong">
            <FormattedMessage id="pricing.calculator.amount" values={{ currency: symbol }} />
          </label>
          {/* A live region present before its message, so that the message is announced when it
              appears, once (WCAG 4.1.3 Status Messages); empty while the amount is right. */}
          <p
            id={errorId}
            aria-live="polite"
            className={parsed.ok ? undefined : 'mt-1 text-sm font-semibold text-error-700 dark:text-error-400'}
          >
            {!parsed.ok && (
              <>
                <span className="sr-only">
                  <FormattedMessage id="pricing.calculator.errorPrefix" />{' '}
                </span>
                <FormattedMessage id={amountErrors[parsed.error]} />
              </>
            )}
          </p>
          <div className="mt-1.5 flex" dir="ltr">
            <span className="rounded-s-lg border border-e-0 border-neutral-300 bg-neutral-100 px-3 py-2 text-neutral-700 dark:border-neutral-700 dark:bg-neutral-800 dark:text-neutral-300">
              {symbol}
            </span>
            <input
              id={`${id}-amount`}
              name="amount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              value={state.amount}
              maxLength={32}
              aria-invalid={!parsed.ok || undefined}
              aria-describedby={parsed.ok ? undefined : errorId}
              onChange={(e) => update({ amount: e.target.value })}
              className="block w-full min-w-0 rounded-e-lg border border-neutral-300 bg-white px-3 py-2 text-neutral-900 aria-[invalid=true]:border-2 aria-[invalid=true]:border-error-700 dark:border-neutral-700 dark:bg-neutral-950 dark:text-white"
            />
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceSelect
            id={`${id}-market`}
            name="market"
            label="pricing.market.legend"
            values={marketCodes}
            value={state.market}
            update={update}
          />
          <ChoiceSelect
            id={`${id}-scheme`}
            name="scheme"
            label="pricing.fees.method"
            values={schemes}
            value={state.scheme}
            update={update}
          />
        </div>
        <PlanChoice value={state.plan} update={update} />
      </div>
      <Results markets={markets} state={shown} />
    </form>
  )
}

type Update = (patch: Partial<CalculatorState>) => void

/** The market's or the payment method's select: its options named `pricing.<name>.<value>`. */
const ChoiceSelect = memo(function ChoiceSelect(props: {
  id: string
  name: 'market' | 'scheme'
  label: MessageId
  values: readonly string[]
  value: string
  update: Update
}) {
  const intl = useIntl()
  const { name } = props
  return (
    <div>
      <label htmlFor={props.id} className="ink-strong">
        <FormattedMessage id={props.label} />
      </label>
      <select
        id={props.id}
        name={name}
        value={props.value}
        onChange={(e) => props.update({ [name]: e.target.value })}
        className={selectClass}
      >
        {props.values.map((value) => (
          <option key={value} value={value}>
            {intl.formatMessage({ id: `pricing.${name}.${value}` as MessageId })}
          </option>
        ))}
      </select>
    </div>
  )
})

const PlanChoice = memo(function PlanChoice({ value, update }: { value: Plan; update: Update }) {
  return (
    <fieldset className="segmented">
      <legend className="mb-1.5 ink-strong">
        <FormattedMessage id="pricing.calculator.plan" />
      </legend>
      <div className="segmented-options">
        {plans.map((p) => (
          <label key={p}>
            <input
              type="radio"
              name="plan"
              value={p}
              checked={value === p}
              onChange={() => update({ plan: p as Plan })}
            />
            <span>
              <FormattedMessage id={`pricing.plans.${p}.title`} />
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
})

/** The fee, VAT and net for a state: rendered apart from the controls, and only when the state changes. */
const Results = memo(function Results({ markets, state }: { markets: CalculatorMarket[]; state: CalculatorState }) {
  const intl = useIntl()
  const market = markets.find((m) => m.code === state.market)!
  const parsed = parseAmount(state.amount)
  const money = (minor: number) => <Money minor={minor} currency={market.currency} />
  const percent = (bp: number) => intl.formatNumber(bp / 10000, { style: 'percent', maximumFractionDigits: 2 })
  const fee = planFee(market, state.scheme, state.plan)
  const result = parsed.ok ? calculate(market, state.scheme, state.plan, parsed.minor) : undefined
  return (
    <div className="self-start rounded-xl bg-neutral-50 p-5 dark:bg-neutral-950">
      <p className="text-sm ink-muted">
        <FormattedMessage
          id="pricing.calculator.rate"
          values={{ rate: <bdi>{percent(fee.rateBp)}</bdi>, fixed: <bdi>{money(fee.fixedMinor)}</bdi> }}
        />
      </p>
      {/* While the amount is wrong the figures are dashes: busy, so that only the reason is heard. */}
      <dl className="mt-4 grid gap-3" aria-live="polite" aria-busy={!parsed.ok || undefined}>
        {(
          [
            ['fee', 'pricing.calculator.fee'],
            ['vat', 'pricing.calculator.vat'],
            ['net', 'pricing.calculator.net'],
          ] as const
        ).map(([key, label]) => (
          <div
            key={key}
            className={`flex items-baseline justify-between gap-4 ${key === 'net' ? 'border-t border-neutral-200 pt-3 dark:border-neutral-800' : ''}`}
          >
            <dt className="text-neutral-700 dark:text-neutral-300">
              <FormattedMessage id={label} values={{ rate: percent(market.vatBp) }} />
            </dt>
            <dd
              data-result={key}
              className={`font-semibold tabular-nums text-neutral-900 dark:text-white ${key === 'net' ? 'text-xl' : ''}`}
            >
              <bdi>{result ? money(result[key]) : '–'}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-xs text-neutral-500 dark:text-neutral-400">
        <FormattedMessage id="pricing.calculator.note" />
      </p>
    </div>
  )
})

export default defineIsland('FeeCalculator', FeeCalculator, {
  messages: [
    'pricing.calculator.',
    'pricing.scheme.',
    'pricing.market.',
    'pricing.fees.method',
    'pricing.plans.starter.title',
    'pricing.plans.growth.title',
    'common.currencySign.',
  ],
})
