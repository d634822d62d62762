// The sandbox's payment methods that are not cards (docs/api.md, "Sandbox hosted payment page"):
// what each plays is `methodFacts[brand].sandbox` in api/contract/methodFacts.ts, the same facts the test cards
// guide renders its test data from (`{{sandbox-table}}`), so the page takes exactly what the guide
// says. A mobile number that is not the guide's is refused before anything happens: never stored,
// logged or shown back, like a real card number.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { latinDigits } from '../../../locales/digits'
import { type Brand, markets, methodsOf } from '../../contract/markets'
import { methodFacts } from '../../contract/methodFacts'

/** `value` if it names a method sold in the market, else undefined (another market's, or none). */
export function soldMethod(marketCode: string, value: unknown): Brand | undefined {
  const market = markets.find((m) => m.code === marketCode)
  if (!market || typeof value !== 'string') return undefined
  return methodsOf(market).find((brand) => brand === value)
}

/** Paid with the card form (the guide's test cards), not a flow of its own. */
export const isCard = (brand: Brand) => methodFacts[brand].sandbox.kind === 'card'

/** A mobile number as the guide writes it: spaces, dashes and brackets dropped, Arabic-Indic digits read as Latin. */
export const accountDigits = (input: string) => latinDigits(input).replace(/[\s().-]/g, '')

/** What the guide's test number does for `brand` in the market: approve, decline, or undefined (not a test number). */
export function accountOutcome(brand: Brand, marketCode: string, input: string): 'approve' | 'decline' | undefined {
  const flow = methodFacts[brand].sandbox
  if (flow.kind !== 'account') return undefined
  const account = flow.accounts[marketCode]
  const digits = accountDigits(input)
  if (!account || digits === '') return undefined
  if (sameNumber(account.approve, digits)) return 'approve'
  if (sameNumber(account.decline, digits)) return 'decline'
  return undefined
}

/**
 * Whether the digits typed are the guide's number (E.164, `+966500000001`), with or without the
 * country code: `+966500000001`, `00966500000001`, `966500000001` and the
 * national `0500000001` are one number. The country code is the one the guide's number carries.
 */
function sameNumber(e164: string, digits: string): boolean {
  if (digits.startsWith('+')) return digits === e164
  if (digits.startsWith('00')) return `+${digits.slice(2)}` === e164
  if (digits.startsWith('0')) {
    const national = digits.slice(1)
    const code = e164.slice(0, e164.length - national.length)
    return national.length >= 7 && e164.endsWith(national) && /^\+\d{1,3}$/.test(code)
  }
  return `+${digits}` === e164
}

/** What a step's form carries to the next: the test number's outcome, or a reference to pay. */
export type StepOutcome = 'approve' | 'decline' | 'reference'
const outcomes: readonly StepOutcome[] = ['approve', 'decline', 'reference']

/**
 * The signed, expiring token a method's step carries to the next (as the bank page's does): bound
 * to the session and the method, with a key of its own derived from the webhook secret (a token is
 * never a webhook signature, nor a bank page's token).
 */
export function stepTokens(secret: string) {
  const key = createHmac('sha256', secret).update('method-step-key').digest()
  const mac = (sessionId: string, method: string, outcome: string, expires: number) =>
    createHmac('sha256', key).update(`step.${sessionId}.${method}.${outcome}.${expires}`).digest('hex')
  return {
    make: (sessionId: string, method: Brand, outcome: StepOutcome, expires: number) =>
      `${method}.${outcome}.${expires}.${mac(sessionId, method, outcome, expires)}`,
    /**
     * The token's method and outcome; `expired` (with its method) for a genuine token past its
     * time, undefined for one this server did not make for this session.
     */
    read(
      sessionId: string,
      token: string,
      now: number,
    ): { method: Brand; outcome: StepOutcome; expired: boolean } | undefined {
      const [method, outcome, expires, given] = token.split('.')
      if (
        !method ||
        // Its own methods only: `in` would take `constructor` or `toString` from the prototype.
        !Object.hasOwn(methodFacts, method) ||
        !outcomes.includes(outcome as StepOutcome) ||
        !/^\d{1,15}$/.test(expires ?? '') ||
        !/^[0-9a-f]{64}$/.test(given ?? '')
      )
        return undefined
      const expected = mac(sessionId, method, outcome!, Number(expires))
      if (!timingSafeEqual(Buffer.from(given!, 'hex'), Buffer.from(expected, 'hex'))) return undefined
      return { method: method as Brand, outcome: outcome as StepOutcome, expired: Number(expires) < now }
    },
  }
}

/** The session's pay-by-reference number (9 digits), the same on every visit: derived, never stored. */
export function referenceNumber(secret: string, sessionId: string): string {
  const hex = createHmac('sha256', secret).update(`reference.${sessionId}`).digest('hex')
  return String(Number.parseInt(hex.slice(0, 12), 16) % 1_000_000_000).padStart(9, '0')
}
