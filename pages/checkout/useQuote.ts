import { useEffect, useRef, useState } from 'react'
import type { Cart } from '../../api/contract/cart'
import { type Catalogue, priceCart } from '../../api/contract/pricing'
import { loadApi } from './loadApi'
import { type QuoteState, quoteDelayMs, quoteOf } from './quote'

/**
 * The API's figures for the cart as it is now, asked once it has stood still for `quoteDelayMs`;
 * the page's own (`local`) stand until they come, and an answer for a cart changed since is dropped.
 */
export function useQuote(cart: Cart | undefined, catalogue: Catalogue) {
  const [quote, setQuote] = useState<QuoteState>({ state: 'local' })
  const run = useRef(0)
  useEffect(() => {
    if (!cart) return
    const mine = ++run.current
    const local = priceCart(cart, catalogue)
    setQuote({ state: 'local' })
    const timer = setTimeout(async () => {
      try {
        const api = await loadApi()
        const result = await api.quote(cart)
        if (mine === run.current) setQuote(quoteOf(result, local))
      } catch {
        if (mine === run.current) setQuote({ state: 'unreachable' })
      }
    }, quoteDelayMs)
    return () => clearTimeout(timer)
  }, [cart, catalogue])
  return quote
}
