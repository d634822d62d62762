// The header's cart link (docs/behaviour.md, the cart): hidden in the HTML, shown with the number
// of items once the cart in localStorage holds any, on every page, without React. The checkout
// island owns the cart and checks it with the contract; this reads only what it needs to count,
// and a cart it cannot read counts as empty (the checkout page says why and resets it).
import { cartExpired, dataAttrs, events, storageKeys } from '../shared/dom'

/** The items of the stored cart, or 0 when there is none or it cannot be read. */
export function cartCount(raw: string | null, now = Date.now()): number {
  if (!raw) return 0
  try {
    const stored = JSON.parse(raw) as { cart?: { items?: unknown }; savedAt?: unknown }
    // A cart past its keeping time is none: the checkout drops it when it next reads it.
    if (cartExpired(stored?.savedAt, now)) return 0
    const items = stored?.cart?.items
    if (!Array.isArray(items)) return 0
    let count = 0
    for (const item of items) {
      const quantity = (item as { quantity?: unknown })?.quantity
      if (!Number.isInteger(quantity) || (quantity as number) < 1) return 0
      count += quantity as number
    }
    return count
  } catch {
    return 0
  }
}

function show() {
  let count = 0
  try {
    count = cartCount(localStorage.getItem(storageKeys.cart))
  } catch {
    // Storage blocked: no cart to show.
  }
  for (const link of document.querySelectorAll<HTMLElement>(`[${dataAttrs.cartLink}]`)) {
    link.hidden = count === 0
    const badge = link.querySelector(`[${dataAttrs.cartCount}]`)
    if (badge) badge.textContent = String(count)
  }
}

/** Shows the count now, after each page swap, and whenever this tab or another changes the cart. */
export function startCartLink() {
  show()
  document.addEventListener(events.afterSwap, show)
  document.addEventListener(events.cartChange, show)
  addEventListener('storage', (e) => {
    if (e.key === null || e.key === storageKeys.cart) show()
  })
}
