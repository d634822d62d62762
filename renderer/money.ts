// Money in integer minor units (halalas, fils, piastres), never in floating point (docs/content.md).
import type { Fee, Market } from '../site.config'

/** `value * bp / 10000`, rounded half up: basis points of an amount in minor units. */
function applyBp(minor: number, bp: number): number {
  return Math.floor((minor * bp + 5000) / 10000)
}

export interface FeeBreakdown {
  fee: number
  vat: number
  net: number
}

/** Rasid's fee on one payment, the VAT on that fee in the market's rate, and what the merchant receives. */
export function feeOf(
  amountMinor: number,
  fee: Pick<Fee, 'rateBp' | 'fixedMinor'>,
  vatBp: Market['vatBp'],
): FeeBreakdown {
  if (!Number.isInteger(amountMinor) || amountMinor < 0)
    throw new RangeError(`amount must be whole minor units: ${amountMinor}`)
  const f = applyBp(amountMinor, fee.rateBp) + fee.fixedMinor
  const vat = applyBp(f, vatBp)
  return { fee: f, vat, net: amountMinor - f - vat }
}

/** The VAT inside a total that includes it: SAR 248 at 15% holds 32.35. */
export function vatIncluded(totalMinor: number, vatBp: number): number {
  return totalMinor - Math.floor((totalMinor * 10000 + (10000 + vatBp) / 2) / (10000 + vatBp))
}

/** Minor units to the number Intl formats: every currency here has two decimals. */
export const toMajor = (minor: number) => minor / 100
