// What a payment at a Rasid POS terminal costs (card present: tap or chip), per market, in display
// order, with no fixed part: the pricing page's POS table. Apart from api/contract/markets.ts so that
// the pages that need only the markets (checkout, contact) do not carry it. Sample values
// (docs/content.md "Sample numbers and money"). Pure: imports only the markets' types.
import type { Fee, Market, Scheme } from './markets'

/** A market's POS fees; a market with none sells no terminal, and the page shows no table for it. */
const posFees: Readonly<Record<string, readonly { scheme: Scheme; rateBp: number }[]>> = {
  sa: [
    { scheme: 'mada', rateBp: 80 },
    { scheme: 'cards', rateBp: 180 },
    { scheme: 'applePay', rateBp: 180 },
    { scheme: 'googlePay', rateBp: 180 },
  ],
  ae: [
    { scheme: 'cards', rateBp: 230 },
    { scheme: 'applePay', rateBp: 230 },
    { scheme: 'googlePay', rateBp: 230 },
  ],
  eg: [
    { scheme: 'meeza', rateBp: 150 },
    { scheme: 'cards', rateBp: 225 },
    { scheme: 'applePay', rateBp: 225 },
    { scheme: 'googlePay', rateBp: 225 },
  ],
}

/**
 * A market's POS fees as fee rows: no fixed part, and each settled as the online row of its scheme
 * (a scheme taken only in store, as Google Pay in Saudi Arabia, as the market's cards).
 */
export function posFeeRows(market: Market): Fee[] {
  const cards = market.fees.find((f) => f.scheme === 'cards') ?? market.fees[0]!
  return (posFees[market.code] ?? []).map(({ scheme, rateBp }) => ({
    scheme,
    rateBp,
    fixedMinor: 0,
    settlementDays: (market.fees.find((f) => f.scheme === scheme) ?? cards).settlementDays,
  }))
}
