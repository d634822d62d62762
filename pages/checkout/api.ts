// The checkout's calls to the API (docs/api.md, "Cart and checkout"), loaded by the island only once
// there is a cart: the contract's schemas with valibot, and the HTTP client.
import { post } from '../../api/client/http'
import { type Cart, Quote } from '../../api/contract/cart'

/** The API's own figures for a cart: its catalogue, and the discount code checked. */
export function quote(cart: Cart) {
  // A read: the key only satisfies the client, which sends one with every POST.
  return post('/cart/quote', cart, { schema: Quote, key: crypto.randomUUID() })
}
