// Money in integer minor units (halalas, fils, piastres), never in floating point (docs/content.md).
import { type AmountParts, amountParts, amountText } from '../api/contract/currencySign'
import { bpOf } from '../api/contract/pricing'
import type { Fee, Market } from '../api/contract/markets'

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
  const f = bpOf(amountMinor, fee.rateBp) + fee.fixedMinor
  const vat = bpOf(f, vatBp)
  return { fee: f, vat, net: amountMinor - f - vat }
}

/** The VAT inside a total that includes it: SAR 248 at 15% holds 32.35. */
export function vatIncluded(totalMinor: number, vatBp: number): number {
  return totalMinor - Math.floor((totalMinor * 10000 + (10000 + vatBp) / 2) / (10000 + vatBp))
}

/** Minor units to the number Intl formats: every currency here has two decimals. */
export const toMajor = (minor: number) => minor / 100

/** What formats an amount: react-intl's `intl`, or a page's own formatter in the tests. */
interface MoneyFormatter {
  formatNumberToParts(
    value: number,
    options: { style: 'currency'; currency: string; minimumFractionDigits: number },
  ): Intl.NumberFormatPart[]
}

/**
 * An amount in minor units as the page shows it: the currency, two decimals, the locale's Latin
 * digits, and the Saudi riyal's own sign in place of Intl's symbol (api/contract/currencySign.ts),
 * which `renderer/components/Money.tsx` shows with its name for a screen reader.
 */
export function moneyParts(intl: MoneyFormatter, minor: number, currency: string): AmountParts {
  return amountParts(
    intl.formatNumberToParts(toMajor(minor), { style: 'currency', currency, minimumFractionDigits: 2 }),
    currency,
  )
}

/** The same amount as plain text (`<Money>` is the amount in a page: it names the riyal's sign). */
export function formatMoney(intl: MoneyFormatter, minor: number, currency: string): string {
  return amountText(moneyParts(intl, minor, currency))
}
