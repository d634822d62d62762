import { useRef, useState } from 'react'
import { type Catalogue, priceCart } from '../../api/contract/pricing'
import type { Locale } from '../../locales/locales'
import { defineIsland } from '../../renderer/islands/define'
import { CartTable } from './CartTable'
import { EmptyCart } from './EmptyCart'
import { PayPanel, PayStatus } from './PayPanel'
import { Notice } from './parts'
import { showsStatus } from './payState'
import { useCartRows } from './useCartRows'
import { usePayment } from './usePayment'
import { useQuote } from './useQuote'
import { useStoredCart } from './useStoredCart'

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

/**
 * The checkout (docs/content.md, Checkout): the cart kept in localStorage (./useStoredCart.ts) as
 * CartSection with a CartItem row per plan or add-on (./CartTable.tsx), and PriceOverview with
 * subtotal, discount, VAT as its own line and total (./PayPanel.tsx): first from the site
 * configuration, then from the API's quote (./useQuote.ts), which is the one that counts (a
 * discount code is checked there only); then the pay step and the return (./usePayment.ts).
 */
function Checkout({ catalogue, pricingPath, privacyPath, locale }: Props) {
  // The first render is the prerendered one (an empty cart): storage is read once hydrated.
  const { cart, notice, update } = useStoredCart()
  const quote = useQuote(cart, catalogue)
  const payment = usePayment(cart, locale, update)
  const root = useRef<HTMLDivElement>(null)
  const rows = useCartRows(root, cart, update)
  const [codeOpen, setCodeOpen] = useState(false)
  const [code, setCode] = useState('')
  const { pay } = payment

  const live = (
    // Present in every view before its text, so that a row added or removed is announced (WCAG 4.1.3).
    <p className="sr-only" aria-live="polite">
      {rows.news}
    </p>
  )
  const panel = showsStatus(pay.state) && <PayStatus ref={payment.status} pay={pay} follow={payment.follow} />

  if (!cart)
    return (
      <div ref={root} className="grid gap-6">
        {live}
        {panel}
        <EmptyCart catalogue={catalogue} pricingPath={pricingPath} notice={notice && <Notice id={notice} />} />
      </div>
    )

  const figures = quote.state === 'server' ? quote.quote : priceCart(cart, catalogue)

  return (
    <div ref={root} className="grid gap-6">
      {live}
      {panel}
      {notice && <Notice id={notice} />}
      <CartTable
        cart={cart}
        figures={figures}
        update={update}
        changeRows={rows.changeRows}
        removeRow={rows.removeRow}
      />
      <PayPanel
        cart={cart}
        figures={figures}
        quote={quote}
        update={update}
        code={code}
        setCode={setCode}
        codeOpen={codeOpen}
        setCodeOpen={setCodeOpen}
        creating={pay.state === 'creating'}
        startPayment={payment.startPayment}
        privacyPath={privacyPath}
      />
    </div>
  )
}

export default defineIsland('Checkout', Checkout, { messages: ['checkout.', 'common.currencySign.'] })
