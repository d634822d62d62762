// The checkout's calls to the API (docs/api.md, "Cart and checkout"), loaded by the island only once
// there is a cart: the contract's schemas with valibot, and the HTTP client.
import { get, post } from '../../api/client/http'
import { runtimeConfig } from '../../api/client/runtimeConfig'
import { type Cart, CheckoutSession, Quote } from '../../api/contract/cart'
import type { Locale } from '../../locales/locales'

/** The API's own figures for a cart: its catalogue, and the discount code checked. */
export function quote(cart: Cart) {
  // A read: the key only satisfies the client, which sends one with every POST.
  return post('/cart/quote', cart, { schema: Quote, key: crypto.randomUUID() })
}

/** A checkout session for the cart: the server prices it again and stores the order (one per key). */
export function createSession(cart: Cart, locale: Locale, key: string) {
  return post('/checkout/sessions', { cart, locale }, { schema: CheckoutSession, key })
}

/** The true status of a session, from the API (a `status` in the return address is not trusted). */
export function getSession(id: string) {
  return get(`/checkout/sessions/${encodeURIComponent(id)}`, { schema: CheckoutSession })
}

/** The runtime configuration's payment hosts. */
export async function paymentHosts() {
  return (await runtimeConfig()).paymentHosts
}
