// The cart's products and its pricing without a schema (api/contract/cart.ts has the schemas and
// re-exports all of this): the checkout and pricing islands draw and price a cart from here without
// loading valibot, which comes only with the API calls. Pure: imports nothing (cart.ts imports this,
// so its types are spelt here; the schemas' outputs are the same shapes).

export const cartMarkets = ['sa', 'ae', 'eg'] as const
export type CartMarket = (typeof cartMarkets)[number]
export const billingPeriods = ['monthly', 'yearly'] as const
export type Billing = (typeof billingPeriods)[number]
/** What can be bought: a plan (one per cart) or an add-on; message `checkout.sku.<sku>` names it. */
export const skus = ['plan.starter', 'plan.growth', 'addon.posTerminal'] as const
export type Sku = (typeof skus)[number]
export const maxQuantity = 50
/** A year of a plan or an add-on costs this many months (pricing.billing.yearlySaving). */
export const monthsPerYear = 10

/** A cart as priceCart reads it (the `Cart` schema's output). */
export interface PricedCart {
  market: CartMarket
  billing: Billing
  items: { sku: Sku; quantity: number }[]
  discountCode?: string
}

/** The figures of a cart (the `Quote` schema's output). */
export interface Quote {
  market: CartMarket
  currency: string
  billing: Billing
  lines: { sku: Sku; quantity: number; unitMinor: number; amountMinor: number }[]
  subtotalMinor: number
  discountMinor: number
  discount?: { code: string; status: 'applied' | 'unknown' }
  vatBp: number
  vatMinor: number
  totalMinor: number
}

/** A market's prices as the seller sets them: monthly, minor units, VAT excluded. @public */
export interface CatalogueMarket {
  currency: string
  vatBp: number
  monthlyMinor: Record<Sku, number>
}
export type Catalogue = Record<CartMarket, CatalogueMarket>

/** `value * bp / 10000`, rounded half up: basis points of an amount in minor units (fees, VAT, discounts). */
export const bpOf = (value: number, bp: number) => Math.floor((value * bp + 5000) / 10000)

/**
 * The figures of a cart: each line's monthly price times the months billed (a year is
 * `monthsPerYear`) times the quantity; the discount in basis points off the subtotal; VAT in the
 * market's rate on what remains, as its own line; the total. The page and the server both use it,
 * each with its own catalogue, so their figures agree to the minor unit when the catalogues do.
 */
export function priceCart(
  cart: PricedCart,
  catalogue: Catalogue,
  discount?: { code: string; bp: number } | { code: string; bp?: undefined },
): Quote {
  const market = catalogue[cart.market]
  const months = cart.billing === 'yearly' ? monthsPerYear : 1
  const lines = cart.items.map(({ sku, quantity }) => {
    const unitMinor = market.monthlyMinor[sku] * months
    return { sku, quantity, unitMinor, amountMinor: unitMinor * quantity }
  })
  const subtotalMinor = lines.reduce((sum, l) => sum + l.amountMinor, 0)
  const discountMinor = discount?.bp ? Math.min(subtotalMinor, bpOf(subtotalMinor, discount.bp)) : 0
  const vatMinor = bpOf(subtotalMinor - discountMinor, market.vatBp)
  return {
    market: cart.market,
    currency: market.currency,
    billing: cart.billing,
    lines,
    subtotalMinor,
    discountMinor,
    ...(discount && { discount: { code: discount.code, status: discount.bp ? 'applied' : 'unknown' } }),
    vatBp: market.vatBp,
    vatMinor,
    totalMinor: subtotalMinor - discountMinor + vatMinor,
  }
}
