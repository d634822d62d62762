// The fee calculator's logic (pages/pricing/calculator.ts): what a visitor types read into minor
// units, the worked cases of docs/content.md on each plan, and the choice kept in the URL.
import { describe, expect, test } from 'vitest'
import {
  type CalculatorMarket,
  calculate,
  maxAmountMinor,
  parseAmount,
  planFee,
  stateFromQuery,
  stateToQuery,
} from '../../pages/pricing/calculator'
import { markets as siteMarkets } from '../../api/contract/markets'

const markets: CalculatorMarket[] = siteMarkets.map((m) => ({ ...m, fees: [...m.fees] }))
const market = (code: string) => markets.find((m) => m.code === code)!

describe('parseAmount', () => {
  test.each([
    ['200', 20000],
    [' 1,234.5 ', 123450],
    ['١٬٢٣٤٫٥٠', 123450],
    ['۲۰۰', 20000],
    ['0.01', 1],
    ['.5', 50],
    ['149.', 14900],
    ['10000000', maxAmountMinor],
    ['+20', 2000],
  ])('%s -> %i minor units', (text, minor) => {
    expect(parseAmount(text)).toEqual({ ok: true, minor })
  })
  test.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'invalid'],
    ['12a', 'invalid'],
    ['1.2.3', 'invalid'],
    ['.', 'invalid'],
    ['-5', 'negative'],
    ['−5', 'negative'],
    ['0', 'zero'],
    ['0.00', 'zero'],
    ['1.234', 'decimals'],
    ['10000000.01', 'tooLarge'],
    ['99999999999999999999', 'tooLarge'],
  ])('%j is refused as %s, never NaN', (text, error) => {
    expect(parseAmount(text)).toEqual({ ok: false, error })
  })
})

describe('calculate', () => {
  // docs/content.md, "Worked cases", on the Starter plan.
  test.each([
    ['sa', 'mada', 20000, { fee: 400, vat: 60, net: 19540 }],
    ['sa', 'cards', 20000, { fee: 520, vat: 78, net: 19402 }],
    ['ae', 'cards', 10000, { fee: 390, vat: 20, net: 9590 }],
    ['eg', 'cards', 100000, { fee: 3050, vat: 427, net: 96523 }],
  ])('%s %s on %i', (code, scheme, amount, expected) => {
    expect(calculate(market(code), scheme, 'starter', amount)).toEqual(expected)
  })
  test('Growth takes its discount off the percentage, not the fixed part', () => {
    const sa = market('sa')
    expect(planFee(sa, 'mada', 'growth')).toMatchObject({ rateBp: 150 - sa.growthDiscountBp, fixedMinor: 100 })
    // SAR 200 by mada on Growth: 1.2% + 1.00 = 3.40, VAT 0.51, net 196.09.
    expect(calculate(sa, 'mada', 'growth', 20000)).toEqual({ fee: 340, vat: 51, net: 19609 })
  })
  test('a scheme the market lacks falls back to its first', () => {
    expect(planFee(market('eg'), 'mada', 'starter').scheme).toBe('meeza')
  })
})

describe('the URL', () => {
  const fallback = { amount: '200', market: 'sa', scheme: 'mada', plan: 'starter' as const }
  test('round trip, other parameters kept', () => {
    const state = { amount: '1000', market: 'eg', scheme: 'cards', plan: 'growth' as const }
    const query = stateToQuery(state, '?utm=x')
    expect(query).toContain('utm=x')
    expect(stateFromQuery(query, markets, fallback)).toEqual(state)
  })
  test('unknown values fall back; a scheme of another market becomes the market’s first', () => {
    expect(stateFromQuery('?market=zz&plan=gold', markets, fallback)).toEqual(fallback)
    expect(stateFromQuery('?market=eg&scheme=mada', markets, fallback)).toMatchObject({ market: 'eg', scheme: 'meeza' })
  })
  test('the amount comes back as typed, however odd (the form says what is wrong with it)', () => {
    expect(stateFromQuery('?amount=-3', markets, fallback).amount).toBe('-3')
  })
})
