// The payment provider as the checkout needs it (docs/aws.md, "Checkout in production"): a hosted
// payment page for a session, and the events of its webhook, verified. The sandbox (sandbox.ts)
// implements it for `npm run api` and the tests; moyasar.ts for a real provider.
import * as v from 'valibot'
import type { Locale } from '../../../locales/locales'
import { PaymentEvent } from '../../contract/payments'
import type { CheckoutConfig } from '../config'
import type { SessionRecord } from '../store/port'
import { verifySignature } from '../signature'
import { paymentUrl } from './sessions'

/** What a provider needs to make a hosted payment page for a session. */
export type PaymentPageRequest = {
  sessionId: string
  amountMinor: number
  currency: string
  description: string
  locale: Locale
  /** Where the buyer goes back to, on the site: `/checkout?session_id=…` in its locale (`/ar/checkout…`). */
  returnPath: string
  expiresAt: string
}

/**
 * A delivery to the webhook endpoint: `ok` with the event in the contract's shape; `ignored` for
 * an event of a kind checkout does not act on (a refund), answered 200 so the provider stops;
 * `invalid` (not the provider's: 401), `expired` (a replay: 400), `malformed` (400).
 */
export type WebhookVerdict =
  | { kind: 'ok'; event: PaymentEvent }
  | { kind: 'ignored' }
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'malformed' }

export interface PaymentProvider {
  /** The hosted payment page's URL for the session, and the provider's id of it (`ref`: kept as the session's `providerRef`). */
  createPaymentPage(request: PaymentPageRequest): Promise<{ url: string; ref?: string }>
  /** The event in a delivery: `raw` is the body as received (signatures are over the bytes). */
  verifyWebhook(raw: string, header: (name: string) => string | undefined, nowSeconds: number): WebhookVerdict
  /**
   * Asks the provider itself whether the payment an event is about ended as the event says (paid,
   * failed or cancelled), for the event's session, amount and currency: a delivery that passes
   * verifyWebhook (a leaked token) then changes no order on its own word.
   * Throws when the provider cannot say (the delivery is answered 500 and retried). Unset: the
   * verified event is the proof (the sandbox signs its own events).
   */
  confirmEvent?(event: PaymentEvent): Promise<boolean>
  /**
   * Asks the provider where the session's payment stands (checkout/reconcile.ts, when a webhook
   * may have been lost): the event its webhook carries or would carry, with the same id, so that
   * the store records one of the two; undefined while nothing has ended. From the provider's own
   * record, so it needs no confirmEvent. Throws when the provider cannot say.
   */
  lookupPayment?(session: SessionRecord): Promise<PaymentEvent | undefined>
}

/** The sandbox: its page is this server's (sandbox.ts); its events are signed with Rasid-Signature. */
export function sandboxProvider(config: CheckoutConfig): PaymentProvider {
  return {
    async createPaymentPage({ sessionId }) {
      return { url: paymentUrl(config, sessionId) }
    },
    verifyWebhook(raw, header, nowSeconds) {
      const verdict = verifySignature(config.webhookSecret, header('Rasid-Signature'), raw, nowSeconds)
      if (verdict !== 'ok') return { kind: verdict }
      let json: unknown
      try {
        json = JSON.parse(raw)
      } catch {
        return { kind: 'malformed' }
      }
      const parsed = v.safeParse(PaymentEvent, json)
      return parsed.success ? { kind: 'ok', event: parsed.output } : { kind: 'malformed' }
    },
    // The sandbox is this server: its record of the attempt is on the session, written before its
    // webhook is sent (sandbox.ts), so a lost delivery still has its event here, with its id.
    async lookupPayment(session) {
      return session.sandboxAttempt
    },
  }
}
