// The checkout's calls to the API (docs/api.md, "Cart and checkout"), loaded by the island only once
// there is a cart or a return to follow: the contract's schemas with valibot, the HTTP client, and
// what only follows a call (./payment.ts: the payment page a session may send the buyer to, the
// status asked until it is final; ./keepSession.ts: a session started, kept as this browser's own).
import { get, post } from '../../api/client/http'
import { runtimeConfig } from '../../api/client/runtimeConfig'
import { type Cart, CheckoutSession, Quote } from '../../api/contract/cart'
import type { Locale } from '../../locales/locales'
import { keepOwnSession } from './keepSession'
import { allowedPaymentUrl, pollDelays, pollSession } from './payment'

/** The API's own figures for a cart: its catalogue, and the discount code checked. */
export function quote(cart: Cart) {
  // A read: the key only satisfies the client, which sends one with every POST.
  return post('/cart/quote', cart, { schema: Quote, key: crypto.randomUUID() })
}

/**
 * A checkout session for the cart: the server prices it again and stores the order (one per key);
 * once created, it is kept as this browser's own (./keepSession.ts).
 */
export async function startSession(cart: Cart, locale: Locale, key: string) {
  const result = await post('/checkout/sessions', { cart, locale }, { schema: CheckoutSession, key })
  if (result.ok) keepOwnSession(result.value.id)
  return result
}

/** The true status of a session, from the API (a `status` in the return address is not trusted). */
function getSession(id: string) {
  return get(`/checkout/sessions/${encodeURIComponent(id)}`, { schema: CheckoutSession })
}

/** A session after the return, asked with back-off for about a minute until it is over. */
export function followSession(id: string) {
  return pollSession(
    () => getSession(id),
    pollDelays(),
    (ms) => new Promise((ok) => setTimeout(ok, ms)),
  )
}

/** The payment page a new session names, if the browser may go there (the runtime configuration's hosts). */
export async function paymentPage(session: CheckoutSession) {
  return allowedPaymentUrl(session.paymentUrl, new URL(location.href), (await runtimeConfig()).paymentHosts)
}
