// The fee calculator's logic without React (pages/pricing/FeeCalculator.island.tsx): the amount a
// visitor types read into minor units, the Growth plan's discount, and the choice kept in the URL.
// Money stays in integer minor units (renderer/money.ts); tests/unit/calculator.test.ts.
import { type FeeBreakdown, feeOf } from '../../renderer/money'
import { latinDigits } from '../../locales/digits'

/** What the calculator needs of a market (api/contract/markets.ts), as island props: JSON only. */
export interface CalculatorMarket {
  code: string
  currency: string
  vatBp: number
  growthDiscountBp: number
  fees: { scheme: string; rateBp: number; fixedMinor: number }[]
}

export type Plan = 'starter' | 'growth'
export const plans: readonly Plan[] = ['starter', 'growth']

/** The largest payment the calculator takes: 10 million in the major unit; more is a typo. */
export const maxAmountMinor = 1_000_000_000

export type AmountError = 'empty' | 'invalid' | 'negative' | 'zero' | 'decimals' | 'tooLarge'

/**
 * `1,234.5`, `١٬٢٣٤٫٥`, ` 200 ` -> minor units. Arabic-Indic digits become Latin; the last `.` or
 * `٫` is the decimal point; `,`, `٬` and spaces group thousands and are dropped. At most two
 * decimals (every currency here has two), nothing but digits, above zero, at most `maxAmountMinor`.
 */
export function parseAmount(text: string): { ok: true; minor: number } | { ok: false; error: AmountError } {
  const compact = latinDigits(text)
    .replace(/[\s\u00A0\u202F\u200E\u200F\u061C,\u066C]/g, '')
    .replace(/\u066B/g, '.')
  if (compact === '') return { ok: false, error: 'empty' }
  const negative = /^[-\u2212]/.test(compact)
  const m = /^[-\u2212+]?(\d*)(?:\.(\d*))?$/.exec(compact)
  if (!m || (m[1] === '' && !m[2])) return { ok: false, error: 'invalid' }
  if (negative) return { ok: false, error: 'negative' }
  const decimals = m[2] ?? ''
  if (decimals.length > 2) return { ok: false, error: 'decimals' }
  const whole = m[1] || '0'
  if (whole.replace(/^0+/, '').length > 12) return { ok: false, error: 'tooLarge' }
  const minor = Number(whole) * 100 + Number(decimals.padEnd(2, '0'))
  if (minor === 0) return { ok: false, error: 'zero' }
  if (minor > maxAmountMinor) return { ok: false, error: 'tooLarge' }
  return { ok: true, minor }
}

/** The market's fee for the first of `schemes` it takes, else its first (mada where it exists). */
function feeIn(market: CalculatorMarket, ...schemes: (string | null)[]) {
  for (const scheme of schemes) {
    const fee = market.fees.find((f) => f.scheme === scheme)
    if (fee) return fee
  }
  return market.fees[0]!
}

/** The scheme a choice means in a market: the chosen one when the market takes it, else the market's first. */
export const schemeIn = (market: CalculatorMarket, scheme: string) => feeIn(market, scheme).scheme

/** A scheme's fee on a plan: Growth takes its discount off the percentage, never below zero. */
export function planFee(market: CalculatorMarket, scheme: string, plan: Plan) {
  const fee = feeIn(market, scheme)
  const rateBp = plan === 'growth' ? Math.max(0, fee.rateBp - market.growthDiscountBp) : fee.rateBp
  return { ...fee, rateBp }
}

export function calculate(market: CalculatorMarket, scheme: string, plan: Plan, amountMinor: number): FeeBreakdown {
  return feeOf(amountMinor, planFee(market, scheme, plan), market.vatBp)
}

export interface CalculatorState {
  amount: string
  market: string
  scheme: string
  plan: Plan
}

/** The state a query gives (`?amount=200&market=sa&scheme=mada&plan=growth`), unknown values ignored. */
export function stateFromQuery(search: string, markets: readonly CalculatorMarket[], fallback: CalculatorState) {
  const q = new URLSearchParams(search)
  const market = markets.find((m) => m.code === q.get('market')) ?? markets.find((m) => m.code === fallback.market)!
  const { scheme } = feeIn(market, q.get('scheme'), fallback.scheme)
  const amount = q.get('amount')
  const plan = (plans as readonly string[]).includes(q.get('plan') ?? '') ? (q.get('plan') as Plan) : fallback.plan
  return {
    amount: amount !== null && amount.length <= 32 ? amount : fallback.amount,
    market: market.code,
    scheme,
    plan,
  }
}

/** The query for a state, other parameters of `search` kept. */
export function stateToQuery(state: CalculatorState, search: string): string {
  const q = new URLSearchParams(search)
  q.set('amount', state.amount)
  q.set('market', state.market)
  q.set('scheme', state.scheme)
  q.set('plan', state.plan)
  return `?${q}`
}
