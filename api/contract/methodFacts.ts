// What each payment method takes and does: its currencies, whether it can be captured later, where
// a refund goes and how long it takes, and how the sandbox hosted payment page plays it. The guides
// render their method facts from here (build/guideFacts.ts) and the sandbox plays them
// (api/server/checkout/methods.ts), so the guide and the page cannot disagree.
import type { Brand } from './markets'

/** Where a refund goes and how long until the customer sees it: message `guide.fact.refund.<to>`. */
type RefundRoute =
  /** Back on the card paid with. */
  | 'card'
  /** On the card behind the wallet (Apple Pay, Google Pay), the card's time. */
  | 'cardBehind'
  /** Back in the wallet paid from, within minutes. */
  | 'wallet'
  /** The remaining instalments reduced or cancelled at once; instalments paid go back to the card. */
  | 'instalments'
  /** Back in the bank account paid from. */
  | 'bankAccount'
  /** Paid in cash at an outlet: to a mobile wallet or bank account the customer gives, never in cash. */
  | 'walletOrBank'

/**
 * How the sandbox hosted payment page plays a method (docs/api.md, "Sandbox hosted payment page"),
 * and what the test cards guide tells a developer to enter (`{{sandbox-table}}`):
 * - `card`: the card form and the guide's test cards (api/server/checkout/cards.ts);
 * - `sheet`: a simulated wallet sheet (Apple Pay, Google Pay cannot run on the page): Approve pays,
 *   Decline fails with `failureCode`;
 * - `account`: a mobile number, then a one-time code: `approve` pays, `decline` fails with
 *   `failureCode` (both with `code`), per market the method is sold in; any other number or code is refused.
 *   The numbers are in one format, E.164 (`+966500000001`), as the guide prints them; the page also takes
 *   them in the national form (`0500000001`, `00966…`: api/server/checkout/methods.ts `sameNumber`);
 * - `reference`: pay by reference (Fawry): the page shows a reference number; "Simulate payment at an outlet"
 *   pays, "Simulate expiry" fails with `failureCode`.
 */
type SandboxFlow =
  | { kind: 'card' }
  | { kind: 'sheet'; failureCode: string }
  | {
      kind: 'account'
      accounts: Readonly<Record<string, { approve: string; decline: string }>>
      code: string
      failureCode: string
    }
  | { kind: 'reference'; failureCode: string }

export interface MethodFacts {
  /** ISO 4217 codes of the currencies it takes. */
  currencies: readonly string[]
  /** Whether a payment can be authorized now and captured later (`capture_method: manual`). */
  manualCapture: boolean
  /** Where a refund goes; `days`: business days, fewest to most, until the customer sees it (none: within minutes). */
  refund: { to: RefundRoute; days?: readonly [number, number] }
  sandbox: SandboxFlow
}

/**
 * Each method's facts (sample values, like the fees): the guides' currency rule, capture rule,
 * refund times and sandbox test flows are rendered from here (build/guideFacts.ts), and the sandbox
 * plays `sandbox` (api/server/checkout/methods.ts), so the guide and the page cannot disagree.
 */
export const methodFacts: Readonly<Record<Brand, MethodFacts>> = {
  mada: { currencies: ['SAR'], manualCapture: true, refund: { to: 'card', days: [2, 5] }, sandbox: { kind: 'card' } },
  meeza: { currencies: ['EGP'], manualCapture: true, refund: { to: 'card', days: [3, 7] }, sandbox: { kind: 'card' } },
  visa: {
    currencies: ['SAR', 'AED', 'EGP'],
    manualCapture: true,
    refund: { to: 'card', days: [5, 10] },
    sandbox: { kind: 'card' },
  },
  mastercard: {
    currencies: ['SAR', 'AED', 'EGP'],
    manualCapture: true,
    refund: { to: 'card', days: [5, 10] },
    sandbox: { kind: 'card' },
  },
  applePay: {
    currencies: ['SAR', 'AED', 'EGP'],
    manualCapture: true,
    refund: { to: 'cardBehind' },
    sandbox: { kind: 'sheet', failureCode: 'do_not_honor' },
  },
  googlePay: {
    currencies: ['SAR', 'AED', 'EGP'],
    manualCapture: true,
    refund: { to: 'cardBehind' },
    sandbox: { kind: 'sheet', failureCode: 'do_not_honor' },
  },
  stcPay: {
    currencies: ['SAR'],
    manualCapture: false,
    refund: { to: 'wallet' },
    sandbox: {
      kind: 'account',
      accounts: { sa: { approve: '+966500000001', decline: '+966500000002' } },
      code: '1234',
      failureCode: 'insufficient_funds',
    },
  },
  wallets: {
    currencies: ['EGP'],
    manualCapture: false,
    refund: { to: 'wallet' },
    sandbox: {
      kind: 'account',
      accounts: { eg: { approve: '+201000000001', decline: '+201000000002' } },
      code: '1234',
      failureCode: 'insufficient_funds',
    },
  },
  instapay: {
    currencies: ['EGP'],
    manualCapture: false,
    refund: { to: 'bankAccount', days: [1, 3] },
    sandbox: {
      kind: 'account',
      accounts: { eg: { approve: '+201000000011', decline: '+201000000012' } },
      code: '5678',
      failureCode: 'do_not_honor',
    },
  },
  fawry: {
    currencies: ['EGP'],
    manualCapture: false,
    refund: { to: 'walletOrBank', days: [3, 7] },
    sandbox: { kind: 'reference', failureCode: 'reference_expired' },
  },
  tabby: {
    currencies: ['SAR', 'AED'],
    manualCapture: false,
    refund: { to: 'instalments', days: [5, 10] },
    sandbox: {
      kind: 'account',
      accounts: {
        sa: { approve: '+966500000001', decline: '+966500000002' },
        ae: { approve: '+971500000001', decline: '+971500000002' },
      },
      code: '8888',
      failureCode: 'instalments_declined',
    },
  },
  tamara: {
    currencies: ['SAR', 'AED'],
    manualCapture: false,
    refund: { to: 'instalments', days: [5, 10] },
    sandbox: {
      kind: 'account',
      accounts: {
        sa: { approve: '+966500000011', decline: '+966500000012' },
        ae: { approve: '+971500000011', decline: '+971500000012' },
      },
      code: '5555',
      failureCode: 'instalments_declined',
    },
  },
}
