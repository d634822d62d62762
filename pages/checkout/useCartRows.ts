import { type RefObject, useEffect, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import type { Cart } from '../../api/contract/cart'
import type { Sku } from '../../api/contract/pricing'
import { setQuantity } from './cart'
import { focusAfterRemoving, focusTarget } from './cartRows'
import { skuMessages } from './parts'

/**
 * Rows added and removed: `news` says which, in the polite region every view keeps (WCAG 4.1.3),
 * and a control that removed itself (the add button once its row exists, a row's Remove or − to
 * zero) hands focus on, once the changed cart is drawn in `root`, instead of dropping it on the
 * document (WCAG 2.4.3 Focus Order; ./cartRows.ts says where).
 */
export function useCartRows(
  root: RefObject<HTMLDivElement | null>,
  cart: Cart | undefined,
  update: (next: Cart | undefined) => void,
) {
  const intl = useIntl()
  const [news, setNews] = useState('')
  /** After a control removes itself, where focus goes once the cart is drawn again. */
  const focusNext = useRef<string | undefined>(undefined)

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the changed cart is drawn, which is when the target exists.
  useEffect(() => {
    const selector = focusNext.current
    focusNext.current = undefined
    if (!selector || !root.current) return
    const target = focusTarget(selector, (s) => root.current!.querySelector<HTMLButtonElement>(s))
    if (target?.id === 'cart-title') target.tabIndex = -1
    target?.focus()
  }, [cart])

  /** Adds or removes a row, says so, and names where focus goes next (a list of selectors, first found wins). */
  const changeRows = (next: Cart | undefined, sku: Sku, added: boolean, focus: string) => {
    const item = intl.formatMessage({ id: skuMessages[sku] })
    setNews(intl.formatMessage({ id: added ? 'checkout.cart.added' : 'checkout.cart.removed' }, { item }))
    focusNext.current = focus
    update(next)
  }

  /** Removes `sku`'s row (./cartRows.ts `focusAfterRemoving` says where focus goes). */
  const removeRow = (sku: Sku) => {
    const items = cart?.items ?? []
    changeRows(cart && setQuantity(cart, sku, 0), sku, false, focusAfterRemoving(items, sku))
  }

  return { news, changeRows, removeRow }
}
