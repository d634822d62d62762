import type { ReactNode, Ref } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { Cart, Quote } from '../../api/contract/cart'
import { Money } from '../../renderer/components/Money'
import { PayMessage, Row, selectClass } from './parts'
import type { PayState } from './payState'
import type { QuoteState } from './quote'

/**
 * The pay step's status (./usePayment.ts): the panel that says how a payment started or returned
 * stands, focused (`ref`) whenever that changes; "Check again" once the API could not be reached.
 */
export function PayStatus({
  pay,
  follow,
  ref,
}: {
  pay: PayState
  follow: (id: string, approved: boolean) => Promise<void>
  ref: Ref<HTMLDivElement>
}) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      data-pay-state={pay.state === 'result' ? pay.session.status : pay.state}
      className="rounded-2xl border-2 border-neutral-300 bg-white p-6 outline-none dark:border-neutral-700 dark:bg-neutral-900"
    >
      <PayMessage pay={pay} />
      {pay.state === 'lost' && (
        <button type="button" className="btn-secondary mt-4" onClick={() => void follow(pay.id, false)}>
          <FormattedMessage id="checkout.pay.checkAgain" />
        </button>
      )}
    </div>
  )
}

/**
 * The price and the pay button (PriceOverview, docs/content.md "Checkout"): the discount code
 * behind a disclosure, subtotal, discount, VAT as its own line and total from `figures` (the API's
 * quote once `quote` has it), what the quote says, and the button that starts the payment.
 * `code` and `codeOpen` are the island's, so that they outlast an emptied cart.
 */
export function PayPanel({
  cart,
  figures,
  quote,
  update,
  code,
  setCode,
  codeOpen,
  setCodeOpen,
  creating,
  startPayment,
  privacyPath,
}: {
  cart: Cart
  figures: Quote
  quote: QuoteState
  update: (next: Cart | undefined) => void
  code: string
  setCode: (code: string) => void
  codeOpen: boolean
  setCodeOpen: (open: boolean) => void
  creating: boolean
  startPayment: () => Promise<void>
  privacyPath: string
}) {
  const intl = useIntl()
  const money = (minor: number) => <Money minor={minor} currency={figures.currency} />
  const percent = (bp: number) => intl.formatNumber(bp / 10000, { style: 'percent', maximumFractionDigits: 2 })
  const unknownCode =
    quote.state === 'server' && quote.quote.discount?.status === 'unknown' && quote.quote.discount.code
  const codeUnknown = typeof unknownCode === 'string'
  const rejection = codeUnknown && (
    <FormattedMessage id="checkout.price.codeUnknown" values={{ code: <bdi>{unknownCode}</bdi> }} />
  )
  return (
    <section
      aria-labelledby="price-title"
      className="rounded-2xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900"
      data-price-overview=""
    >
      <h2 id="price-title" className="text-lg ink-strong">
        <FormattedMessage id="checkout.price.title" />
      </h2>
      {/* The code's field behind a link-like disclosure: open by itself once a code is in the cart. */}
      <details
        className="group mt-3"
        open={codeOpen || Boolean(cart.discountCode) || codeUnknown}
        onToggle={(e) => setCodeOpen(e.currentTarget.open)}
      >
        <summary className="inline-flex cursor-pointer list-none items-center gap-1 text-sm font-semibold text-primary-700 hover:underline dark:text-primary-400 [&::-webkit-details-marker]:hidden">
          <span className="i-lucide-plus size-4 group-open:rotate-45" aria-hidden="true" />
          <FormattedMessage id="checkout.price.addCode" />
        </summary>
        <form
          className="mt-4 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault()
            const discountCode = code.trim()
            update({ ...cart, ...(discountCode ? { discountCode } : { discountCode: undefined }) })
          }}
        >
          <label className="block flex-1 text-sm ink-strong">
            <FormattedMessage id="checkout.price.code" />
            <input
              name="discountCode"
              aria-invalid={codeUnknown || undefined}
              aria-describedby={codeUnknown ? 'discount-error' : undefined}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              dir="ltr"
              autoComplete="off"
              maxLength={32}
              className={selectClass}
            />
          </label>
          <button type="submit" className="btn-secondary">
            <FormattedMessage id="checkout.price.apply" />
          </button>
        </form>
      </details>
      {codeUnknown && (
        // Tied to the field; announced by the price status below, the region that changes at the same moment.
        <p id="discount-error" className="mt-2 text-sm font-semibold text-error-700 dark:text-error-400">
          {rejection}
        </p>
      )}
      <dl className="mt-4 grid gap-2">
        <Row
          label={intl.formatMessage({ id: 'checkout.price.subtotal' })}
          value={money(figures.subtotalMinor)}
          name="subtotal"
        />
        {figures.discountMinor > 0 && (
          <Row
            label={intl.formatMessage({ id: 'checkout.price.discount' }, { code: figures.discount?.code ?? '' })}
            value={<>−{money(figures.discountMinor)}</>}
            name="discount"
          />
        )}
        <Row
          label={intl.formatMessage({ id: 'checkout.price.vat' }, { rate: percent(figures.vatBp) })}
          value={money(figures.vatMinor)}
          name="vat"
        />
        <Row
          label={intl.formatMessage({ id: 'checkout.price.total' })}
          value={money(figures.totalMinor)}
          name="total"
          strong
        />
      </dl>
      <p className="mt-3 text-sm ink-muted" role="status" data-quote-state={quote.state}>
        {quote.state === 'local' && <FormattedMessage id="checkout.price.checking" />}
        {/* One status for both: two regions changing at once make a screen reader read one of them,
            and a rejected code must not be heard as just "Prices confirmed" (WCAG 3.3.1, 4.1.3). */}
        {codeUnknown && <span className="sr-only">{rejection} </span>}
        {quote.state === 'server' && (
          <FormattedMessage id={quote.changed ? 'checkout.price.changed' : 'checkout.price.confirmed'} />
        )}
        {quote.state === 'unreachable' && <FormattedMessage id="checkout.price.unreachable" />}
      </p>
      <button
        type="button"
        className="btn-primary mt-5 w-full justify-center aria-disabled:cursor-progress aria-disabled:opacity-75"
        aria-disabled={creating || undefined}
        onClick={() => void startPayment()}
      >
        <span className="i-lucide-lock size-4" aria-hidden="true" />
        {creating ? (
          <FormattedMessage id="checkout.pay.creating" />
        ) : figures.totalMinor === 0 ? (
          <FormattedMessage id="checkout.pay.activate" />
        ) : (
          <FormattedMessage id="checkout.pay.button" values={{ total: <bdi>{money(figures.totalMinor)}</bdi> }} />
        )}
      </button>
      <p className="mt-2 text-xs ink-muted">
        <FormattedMessage id="checkout.pay.note" />
      </p>
      <p className="mt-2 text-xs ink-muted">
        <FormattedMessage
          id="checkout.pay.privacy"
          values={{
            link: (chunks: ReactNode[]) => (
              <a href={privacyPath} className="font-semibold text-primary-700 underline dark:text-primary-400">
                {chunks}
              </a>
            ),
          }}
        />
      </p>
    </section>
  )
}
