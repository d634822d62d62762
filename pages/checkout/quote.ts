// The figures a cart is shown with (./useQuote.ts), without React: the page's own from the site
// configuration until the API's quote comes, which is the one that counts (a discount code is
// checked there only). Pure: tests/unit/cartStore.test.ts.
import type { ApiResult } from '../../api/client/http'
import type { Quote } from '../../api/contract/cart'

export type QuoteState =
  | { state: 'local' }
  | { state: 'server'; quote: Quote; changed: boolean }
  | { state: 'unreachable' }

/** How long a cart stays unchanged before the API is asked for its quote: one call per burst of changes. */
export const quoteDelayMs = 250

/**
 * The API's answer for a cart the page priced `local`: its quote, `changed` when its total differs
 * for a reason other than a discount (the catalogue moved since the page was built), else unreachable.
 */
export function quoteOf(result: ApiResult<Quote>, local: Pick<Quote, 'totalMinor' | 'discountMinor'>): QuoteState {
  if (!result.ok) return { state: 'unreachable' }
  const changed = result.value.totalMinor !== local.totalMinor && result.value.discountMinor === local.discountMinor
  return { state: 'server', quote: result.value, changed }
}
