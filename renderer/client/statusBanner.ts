// The status banner of the pages that need the platform (renderer/components/StatusBanner.tsx,
// docs/status.md): on a full load and after each swap to such a page, the live status document is
// fetched once and the banner shown while a component the page needs is not operational at the
// server's time (statusRules.ts `stateAt`: an open incident or an active maintenance whatever the
// document's age, the probe's verdict only while fresh), with their names. Pages without a banner
// make no request. A document that cannot be read, or the preview's sample, shows nothing. A
// component needed only in some markets (`data-status-markets`: the checkout's methods) counts only
// while the stored cart is in one of them, read as the header's count reads it (./cartLink.ts), and
// again whenever the cart changes, here or in another tab: a Saudi cart is not told of Fawry.
import { serverTime, stateAt, statusPaths } from '../../api/contract/statusRules'
import { dataAttrs, events, storageKeys } from '../shared/dom'
import { cartCount } from './cartLink'
import { fetchHere } from './leaving'

/** The stored cart's market, or undefined when there is no cart (or it cannot be read). */
function cartMarket(): string | undefined {
  try {
    const raw = localStorage.getItem(storageKeys.cart)
    if (cartCount(raw)) return JSON.parse(raw!).cart.market
  } catch {
    // Storage blocked: no cart.
  }
}

/** Shows the banner of the page for the cart as it is now. */
let show = () => {}

async function check() {
  const region = document.querySelector<HTMLElement>(`[${dataAttrs.statusNeeds}]`)
  if (!region) return
  const needs = region.getAttribute(dataAttrs.statusNeeds)!.split(',')
  let affected: string[] = []
  try {
    affected = await fetchHere(
      statusPaths.document,
      async (res) => {
        const doc = res.ok ? await res.json() : undefined
        // Ages by the server's clock (its Date and Age), not the visitor's.
        const now = serverTime(res.headers) ?? Date.now()
        return doc?.schema === 1 &&
          doc.sample === false &&
          Array.isArray(doc.components) &&
          Array.isArray(doc.incidents) &&
          Array.isArray(doc.maintenance)
          ? needs.filter((key) => stateAt(doc, key, now) !== 'operational')
          : []
      },
      { cache: 'no-cache' },
    )
  } catch {
    // Offline, not a document, or the page left: no banner (the status page says more).
  }
  if (!region.isConnected) return
  show = () => {
    const market = cartMarket()
    const names: string[] = []
    for (const key of affected) {
      const name = region.querySelector(`[${dataAttrs.statusComponent}="${key}"]`)
      const markets = name?.getAttribute(dataAttrs.statusMarkets)
      if (markets == null || markets.split(' ').includes(market!)) names.push(name?.textContent ?? key)
    }
    const list = region.querySelector<HTMLElement>(`[${dataAttrs.statusAffected}]`)
    if (list) list.textContent = names.join(list.getAttribute(dataAttrs.statusAffected) ?? ', ')
    region.querySelector<HTMLElement>(`[${dataAttrs.statusBanner}]`)!.hidden = names.length === 0
  }
  show()
}

export function startStatusBanner() {
  void check()
  document.addEventListener(events.afterSwap, () => void check())
  document.addEventListener(events.cartChange, () => show())
  addEventListener('storage', () => show())
}
