import { type ReactNode, useEffect, useRef, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import {
  type Billing,
  billingPeriods,
  type CartMarket,
  type Catalogue,
  cartMarkets,
  maxQuantity,
  priceCart,
  type Sku,
} from '../../api/contract/pricing'
import type { Locale } from '../../locales/locales'
import type { MessageId } from '../../locales/messages'
import { defineIsland } from '../../renderer/islands/define'
import { lazy } from '../../renderer/islands/lazy'
import { Money } from '../../renderer/components/Money'
import { events, storageKeys } from '../../renderer/shared/dom'
import type { Cart, CheckoutSession, Quote } from '../../api/contract/cart'
import { addRequestOf, addToCart, setQuantity, writeCart } from './cart'
import { EmptyCart } from './EmptyCart'
import { forgetPayKey, keepOwnSession, ownSessions, payKeyFor } from './ownSessions'
import { Notice, PayMessage, type PayState, Row, skuMessages } from './parts'
import { allowedPaymentUrl, pollDelays } from './payment'

interface Props {
  /** The site configuration's catalogue: the first prices, before the API's quote. */
  catalogue: Catalogue
  /** The pricing page in the page's language, for the empty cart. */
  pricingPath: string
  /** The privacy notice in the page's language, linked beside the pay button. */
  privacyPath: string
  /** The page's locale: the hosted payment page speaks it and returns to this page. */
  locale: Locale
}

/** The API's calls (./api.ts), loaded once the cart has something to price. */
const loadApi = lazy(() => import('./api'))

type QuoteState = { state: 'local' } | { state: 'server'; quote: Quote; changed: boolean } | { state: 'unreachable' }

const selectClass = 'field mt-1'

/**
 * The checkout (docs/content.md, Checkout): the cart kept in localStorage (./cart.ts) as
 * CartSection with a CartItem row per plan or add-on, and PriceOverview with subtotal, discount,
 * VAT as its own line and total: first from the site configuration, then from the API's quote,
 * which is the one that counts (a discount code is checked there only).
 */
function Checkout({ catalogue, pricingPath, privacyPath, locale }: Props) {
  const intl = useIntl()
  // The first render is the prerendered one (an empty cart): storage is read once hydrated.
  const [cart, setCart] = useState<Cart | undefined>(undefined)
  const [notice, setNotice] = useState<MessageId | undefined>(undefined)
  const [codeOpen, setCodeOpen] = useState(false)
  const [quote, setQuote] = useState<QuoteState>({ state: 'local' })
  const [code, setCode] = useState('')
  const [pay, setPay] = useState<PayState>({ state: 'idle' })
  const quoteRun = useRef(0)
  const paying = useRef(false)
  const status = useRef<HTMLDivElement>(null)
  const root = useRef<HTMLDivElement>(null)
  /** What a row added or removed leaves to say, in the polite region that every view keeps. */
  const [cartNews, setCartNews] = useState('')
  /** After a control removes itself, where focus goes once the cart is drawn again. */
  const focusNext = useRef<string | undefined>(undefined)

  /** Stores the cart (the header's count follows) and shows it. */
  const update = (next: Cart | undefined) => {
    if (!writeCart(localStorage, next)) setNotice('checkout.cart.storageFailed')
    document.dispatchEvent(new Event(events.cartChange))
    setCart(next)
  }

  /** A session that is over: paid empties the cart; failed, cancelled or expired lets the next Pay start afresh. */
  const settle = (session: CheckoutSession) => {
    if (session.status === 'paid') update(undefined)
    if (session.status !== 'open' && session.status !== 'processing') forgetPayKey()
    setPay({ state: 'result', session })
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration: the cart and the return address are read then.
  useEffect(() => {
    const load = async () => {
      // The schema check (and valibot) loads only when there is a stored cart to check.
      let read: Awaited<ReturnType<typeof import('./cartCheck').readCart>> = null
      if (localStorage.getItem(storageKeys.cart) !== null) {
        try {
          read = (await import('./cartCheck')).readCart(localStorage)
        } catch {
          // Its code could not be fetched (offline): the page stays as it is, nothing is lost.
          return
        }
      }
      if (read && 'corrupt' in read) setNotice('checkout.cart.corrupt')
      const next = read && 'cart' in read ? read.cart : undefined
      const add = addRequestOf(location.search)
      if (!add) return setCart(next)
      const q = new URLSearchParams(location.search)
      for (const key of ['add', 'market', 'billing']) q.delete(key)
      history.replaceState(history.state, '', `${location.pathname}${q.size ? `?${q}` : ''}${location.hash}`)
      update(addToCart(next, add))
    }
    void load()
    const q = new URLSearchParams(location.search)
    const sessionId = q.get('session_id')
    if (sessionId && ownSessions().includes(sessionId)) void follow(sessionId, q.get('status') === 'paid')
    else if (sessionId) setPay({ state: 'foreign' })
    // Another tab changed the cart: show what it holds now.
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === storageKeys.cart) void load()
    }
    addEventListener('storage', onStorage)
    return () => removeEventListener('storage', onStorage)
  }, [])

  // The API's figures for the cart as it is now; the page's own stand until they come.
  useEffect(() => {
    if (!cart) return
    const run = ++quoteRun.current
    const local = priceCart(cart, catalogue)
    setQuote({ state: 'local' })
    const timer = setTimeout(async () => {
      try {
        const api = await loadApi()
        const result = await api.quote(cart)
        if (run !== quoteRun.current) return
        if (!result.ok) return setQuote({ state: 'unreachable' })
        const changed =
          result.value.totalMinor !== local.totalMinor && result.value.discountMinor === local.discountMinor
        setQuote({ state: 'server', quote: result.value, changed })
      } catch {
        if (run === quoteRun.current) setQuote({ state: 'unreachable' })
      }
    }, 250)
    return () => clearTimeout(timer)
  }, [cart, catalogue])

  useEffect(() => {
    if (pay.state !== 'idle' && pay.state !== 'creating') status.current?.focus()
  }, [pay.state])

  // A control that removed itself (the add button once its row exists, a row's Remove or − to zero)
  // hands focus on instead of dropping it on the document (WCAG 2.4.3 Focus Order).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the changed cart is drawn, which is when the target exists.
  useEffect(() => {
    const selector = focusNext.current
    focusNext.current = undefined
    if (!selector || !root.current) return
    const target = selector
      .split(',')
      .map((s) => root.current!.querySelector<HTMLElement>(s))
      .find((el) => el && !(el as HTMLButtonElement).disabled)
    if (target?.id === 'cart-title') target.tabIndex = -1
    target?.focus()
  }, [cart])

  /** Adds or removes a row, says so, and names where focus goes next (a list of selectors, first found wins). */
  const changeRows = (next: Cart | undefined, sku: Sku, added: boolean, focus: string) => {
    const item = intl.formatMessage({ id: skuMessages[sku] })
    setCartNews(intl.formatMessage({ id: added ? 'checkout.cart.added' : 'checkout.cart.removed' }, { item }))
    focusNext.current = focus
    update(next)
  }

  /**
   * Removes `sku`'s row: focus goes to the next row's Remove, else the add button (back once the
   * terminal is gone), else the previous row's Remove, else the cart's heading.
   */
  const removeRow = (sku: Sku) => {
    const items = cart?.items ?? []
    const at = items.findIndex((i) => i.sku === sku)
    const row = (i: number) => items[i] && `[data-cart-item="${items[i].sku}"] [data-remove]`
    const next = cart && setQuantity(cart, sku, 0)
    changeRows(
      next,
      sku,
      false,
      [row(at + 1), '[data-add-terminal]', row(at - 1), '#cart-title'].filter(Boolean).join(','),
    )
  }

  /** After the hosted page: the API's word on the session, asked with back-off for about a minute. */
  async function follow(id: string, approved: boolean) {
    setPay({ state: 'returning', id, approved })
    let api: Awaited<ReturnType<typeof loadApi>>
    try {
      api = await loadApi()
    } catch {
      return setPay({ state: 'lost', id })
    }
    let session: CheckoutSession | undefined
    for (const delay of [0, ...pollDelays()]) {
      if (delay) await new Promise((ok) => setTimeout(ok, delay))
      const result = await api.getSession(id)
      if (!result.ok) {
        if (result.error.kind === 'offline' || result.error.kind === 'timeout' || result.error.kind === 'server')
          return setPay({ state: 'lost', id })
        return setPay({ state: 'error', error: result.error })
      }
      session = result.value
      if (session.status !== 'open' && session.status !== 'processing') break
    }
    if (!session) return setPay({ state: 'lost', id })
    settle(session)
  }

  /** The pay step: a session for this cart (one per cart: the key), then the hosted payment page. */
  async function startPayment() {
    if (!cart || paying.current) return
    paying.current = true
    setPay({ state: 'creating' })
    try {
      const api = await loadApi()
      const result = await api.createSession(cart, locale, payKeyFor(cart))
      if (!result.ok) return setPay({ state: 'error', error: result.error })
      const session = result.value
      keepOwnSession(session.id)
      // Nothing to pay (Starter alone): the order is confirmed at once.
      if (session.status === 'paid') return settle(session)
      const target = allowedPaymentUrl(session.paymentUrl, new URL(location.href), await api.paymentHosts())
      if (!target) return setPay({ state: 'refused' })
      // A document load, never the runtime's navigate(): the payment page is not a page of the site
      // (the sandbox's is on this origin, under /api/), so it has no _payload.json to ask for.
      location.assign(target.href)
    } catch {
      setPay({ state: 'error', error: { kind: 'offline' } })
    } finally {
      paying.current = false
    }
  }

  const live = (
    // Present in every view before its text, so that a row added or removed is announced (WCAG 4.1.3).
    <p className="sr-only" aria-live="polite">
      {cartNews}
    </p>
  )

  const panel = pay.state !== 'idle' && pay.state !== 'creating' && (
    <div
      ref={status}
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

  if (!cart)
    return (
      <div ref={root} className="grid gap-6">
        {live}
        {panel}
        <EmptyCart catalogue={catalogue} pricingPath={pricingPath} notice={notice && <Notice id={notice} />} />
      </div>
    )

  const figures = quote.state === 'server' ? quote.quote : priceCart(cart, catalogue)
  const money = (minor: number) => <Money minor={minor} currency={figures.currency} />
  const percent = (bp: number) => intl.formatNumber(bp / 10000, { style: 'percent', maximumFractionDigits: 2 })
  const unitOf = (sku: Sku) => figures.lines.find((l) => l.sku === sku)
  const unknownCode =
    quote.state === 'server' && quote.quote.discount?.status === 'unknown' && quote.quote.discount.code
  const codeUnknown = typeof unknownCode === 'string'
  const rejection = codeUnknown && (
    <FormattedMessage id="checkout.price.codeUnknown" values={{ code: <bdi>{unknownCode}</bdi> }} />
  )

  return (
    <div ref={root} className="grid gap-6">
      {live}
      {panel}
      {notice && <Notice id={notice} />}
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
            const line = unitOf(item.sku)
            const isPlan = item.sku.startsWith('plan.')
            return (
              <li key={item.sku} data-cart-item={item.sku} className="flex flex-wrap items-center gap-4 py-4">
                {/* A name never squeezed to a word per line by the stepper and price: they wrap below it instead (review 4, T4). */}
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
                '[data-cart-item="addon.posTerminal"] [data-more],[data-cart-item="addon.posTerminal"] [data-remove]',
              )
            }
          >
            <span className="i-lucide-plus size-4" aria-hidden="true" />
            <FormattedMessage id="checkout.cart.addTerminal" />
          </button>
        )}
      </section>

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
          aria-disabled={pay.state === 'creating' || undefined}
          onClick={() => void startPayment()}
        >
          <span className="i-lucide-lock size-4" aria-hidden="true" />
          {pay.state === 'creating' ? (
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
    </div>
  )
}

export default defineIsland('Checkout', Checkout, { messages: ['checkout.', 'common.currencySign.'] })
