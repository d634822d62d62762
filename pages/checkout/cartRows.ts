// Where focus goes after a cart's control removes itself (./useCartRows.ts): a list of selectors,
// the first found in the island and not disabled taking it (WCAG 2.4.3 Focus Order). Pure:
// tests/unit/cartStore.test.ts.
import type { CartItem } from '../../api/contract/cart'
import type { Sku } from '../../api/contract/pricing'

/**
 * After `sku`'s row is removed: the next row's Remove, else the add button (back once the terminal
 * is gone), else the previous row's Remove, else the cart's heading.
 */
export function focusAfterRemoving(items: readonly CartItem[], sku: Sku): string {
  const at = items.findIndex((i) => i.sku === sku)
  const row = (i: number) => items[i] && `[data-cart-item="${items[i].sku}"] [data-remove]`
  return [row(at + 1), '[data-add-terminal]', row(at - 1), '#cart-title'].filter(Boolean).join(',')
}

/** After the add button adds `sku` (and goes, its row being there): the new row's quantity, else its Remove. */
export const focusAfterAdding = (sku: Sku) =>
  `[data-cart-item="${sku}"] [data-more],[data-cart-item="${sku}"] [data-remove]`

/** The first of `selectors` that `find` finds and that is not disabled. */
export function focusTarget<T extends { disabled?: boolean }>(selectors: string, find: (selector: string) => T | null) {
  return selectors
    .split(',')
    .map((s) => find(s))
    .find((el) => el && !el.disabled)
}
