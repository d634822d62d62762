// The sandbox's test cards: exactly the table of the test cards guide
// (locales/guides/en/testing/test-cards.md), and what each does. Any other number is refused before
// anything happens: the sandbox never takes, stores or logs a real card number.
import { latinDigits } from '../../../locales/digits'
import type { Brand } from '../../contract/markets'

type CardOutcome =
  | { kind: 'success' }
  /** The simulated bank page first: `123456` passes, anything else or Cancel fails. */
  | { kind: 'challenge' }
  | { kind: 'decline'; failureCode: string; challenge?: true }

/** `brand`: the method (api/contract/markets.ts's Brand) the card pays with, the webhook event's `method`. */
export type TestCard = { brand: Extract<Brand, 'mada' | 'meeza' | 'visa' | 'mastercard'>; outcome: CardOutcome }

const ok: CardOutcome = { kind: 'success' }
const challenge: CardOutcome = { kind: 'challenge' }
const decline = (failureCode: string): CardOutcome => ({ kind: 'decline', failureCode })

export const testCards: Readonly<Record<string, TestCard>> = {
  '4464040091531274': { brand: 'mada', outcome: ok },
  '5297410028463109': { brand: 'mada', outcome: ok },
  '5078030012847367': { brand: 'meeza', outcome: ok },
  '4000550012847360': { brand: 'visa', outcome: ok },
  '5200820039174527': { brand: 'mastercard', outcome: ok },
  '4464040077318456': { brand: 'mada', outcome: challenge },
  '5078030099302187': { brand: 'meeza', outcome: challenge },
  '4000550099302180': { brand: 'visa', outcome: challenge },
  '5200820066421395': { brand: 'mastercard', outcome: challenge },
  '4464040000003514': { brand: 'mada', outcome: decline('insufficient_funds') },
  '5297410000004020': { brand: 'mada', outcome: decline('insufficient_funds') },
  '5078030000003510': { brand: 'meeza', outcome: decline('insufficient_funds') },
  '4000550000005013': { brand: 'visa', outcome: decline('do_not_honor') },
  '4000550000006003': { brand: 'visa', outcome: decline('expired_card') },
  '4000550000007092': { brand: 'visa', outcome: decline('incorrect_cvc') },
  // "The challenge always fails": the bank page is shown, and whatever the buyer enters it fails.
  '4464040000009065': {
    brand: 'mada',
    outcome: { kind: 'decline', failureCode: 'authentication_failed', challenge: true },
  },
  '5200820000008084': { brand: 'mastercard', outcome: decline('card_not_supported') },
  '4000550000009072': { brand: 'visa', outcome: decline('suspected_fraud') },
  '4000550000010047': { brand: 'visa', outcome: decline('processing_error') },
}

/** The Luhn check digit test every card number passes. */
export function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return digits.length >= 12 && sum % 10 === 0
}

/** The digits of what the buyer typed: spaces and dashes dropped, Arabic-Indic digits read as Latin. */
export function cardDigits(input: string): string {
  return latinDigits(input).replace(/[\s-]/g, '')
}

/** The test card for `input`, or why not: `invalid` (not a card number at all) or `notTest` (a card, not a test one). */
export function testCard(input: string): TestCard | 'invalid' | 'notTest' {
  const digits = cardDigits(input)
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return 'invalid'
  return testCards[digits] ?? 'notTest'
}
