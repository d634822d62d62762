import { describe, expect, it } from 'vitest'
import { feeOf, vatIncluded } from '../../renderer/money'
import { markets } from '../../site.config'

const fee = (market: string, scheme: string) => {
  const m = markets.find((x) => x.code === market)!
  return { fee: m.fees.find((f) => f.scheme === scheme)!, vatBp: m.vatBp }
}

// docs/content.md, "Worked cases", computed from the site configuration's own fee table.
describe('fees in minor units', () => {
  it.each([
    ['sa', 'mada', 20000, { fee: 400, vat: 60, net: 19540 }],
    ['sa', 'cards', 20000, { fee: 520, vat: 78, net: 19402 }],
    ['ae', 'cards', 10000, { fee: 390, vat: 20, net: 9590 }],
    ['eg', 'cards', 100000, { fee: 3050, vat: 427, net: 96523 }],
  ])('%s %s on %i', (market, scheme, amount, expected) => {
    const { fee: f, vatBp } = fee(market, scheme)
    expect(feeOf(amount, f, vatBp)).toEqual(expected)
  })

  it('finds the VAT inside a consumer total', () => {
    expect(vatIncluded(24800, 1500)).toBe(3235)
  })

  it('refuses fractional or negative amounts', () => {
    expect(() => feeOf(10.5, { rateBp: 150, fixedMinor: 100 }, 1500)).toThrow(RangeError)
    expect(() => feeOf(-1, { rateBp: 150, fixedMinor: 100 }, 1500)).toThrow(RangeError)
  })
})
