// Pricing a cart on the server: the contract's `priceCart` with the server's catalogue (the site
// configuration's, the one source of prices) and the discount codes only the server knows.
import type { BaseIssue } from 'valibot'
import { type Cart, priceCart, type Quote } from '../../contract/cart'
import type { CheckoutMessageId } from '../../contract/schemas'
import { catalogue } from '../../contract/catalogue'

/** The code as the cart wrote it, and its basis points when the server knows it (case-insensitive). */
export function quoteCart(cart: Cart, discountCodes: Record<string, number>): Quote {
  const code = cart.discountCode
  if (code === undefined) return priceCart(cart, catalogue)
  return priceCart(cart, catalogue, { code, bp: discountCodes[code.toUpperCase()] })
}

/**
 * The field errors of a cart the schema took but the rules refuse: more than one plan (a plan is
 * the account's tier; there is one), or one sku in several lines (each line is at most 50, so
 * three lines of 50 terminals would price 150; the page keeps one line per
 * sku). `prefix` is the cart's path in the body (`cart.` in a session).
 */
export function cartRuleErrors(cart: Cart, prefix = ''): Record<string, CheckoutMessageId> | undefined {
  const plans = cart.items.filter((item) => item.sku.startsWith('plan.'))
  if (plans.length > 1) return { [`${prefix}items`]: 'checkout.error.twoPlans' }
  if (new Set(cart.items.map((item) => item.sku)).size < cart.items.length)
    return { [`${prefix}items`]: 'checkout.error.duplicateItem' }
  return undefined
}

/**
 * The field errors of a failed parse of a cart or a session: the first issue of each field, keyed
 * by its path down to the cart's own field (`market`, `cart.items`), never deeper: an item's index
 * tells the page nothing it can show.
 */
export function checkoutFieldErrors(issues: readonly BaseIssue<unknown>[]): Record<string, CheckoutMessageId> {
  // No prototype: a field named `constructor` or `__proto__` is refused and named like any other.
  const fields: Record<string, CheckoutMessageId> = Object.create(null)
  for (const issue of issues) {
    const keys = (issue.path ?? []).map((item) => item.key)
    const depth = keys[0] === 'cart' && typeof keys[1] === 'string' ? 2 : 1
    const path = keys.slice(0, depth)
    if (path.length === 0 || path.some((key) => typeof key !== 'string')) {
      fields.body ??= 'checkout.error.invalid'
      continue
    }
    const key = path.join('.')
    if (key in fields) continue
    const last = issue.path![depth - 1]!
    // valibot's strictObject reports a key it does not know with the key as the input.
    if (issue.type === 'strict_object' && issue.input === last.key) fields[key] = 'checkout.error.unknownField'
    else if (issue.input === undefined && keys.length === depth) fields[key] = 'checkout.error.required'
    else fields[key] = 'checkout.error.invalid'
  }
  return fields
}
