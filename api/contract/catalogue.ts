// What the pricing page sells: the plans with what each includes, and each market's catalogue of
// monthly prices, which the checkout prices a cart from (./cart.ts `priceCart`; the API prices it
// again with its own copy).
import { markets } from './markets'
import type { Catalogue } from './pricing'

/** What each plan includes, in its card's order: message `pricing.feature.<id>` says each. */
export const planFeatures = {
  starter: ['standardRates', 'everyProduct', 'standardRisk', 'emailSupport'],
  growth: ['growthDiscount', 'everyProduct', 'customRisk', 'prioritySupport'],
  enterprise: ['volumeRates', 'entities', 'schedule', 'accountManager'],
} as const

/** The monthly rent of an extra in-store (POS) terminal per market, minor units, excl. VAT. */
const posTerminalMonthlyMinor: Record<string, number> = { sa: 4900, ae: 4900, eg: 45000 }

/**
 * What the pricing page sells and the checkout's first prices (api/contract/cart.ts): the plans
 * and add-ons per market, monthly, excl. VAT. The API prices the cart again with its own copy.
 */
export const catalogue = Object.fromEntries(
  markets.map((m) => [
    m.code,
    {
      currency: m.currency,
      vatBp: m.vatBp,
      monthlyMinor: {
        'plan.starter': 0,
        'plan.growth': m.growthMonthlyMinor,
        'addon.posTerminal': posTerminalMonthlyMinor[m.code]!,
      },
    },
  ]),
) as Catalogue
