import { useEffect, useRef, useState } from 'react'
import type { Cart, CheckoutSession } from '../../api/contract/cart'
import type { Locale } from '../../locales/locales'
import { loadApi } from './loadApi'
import { forgetPayKey, ownSessions, payKeyFor } from './ownSessions'
import { isOver, type PayState, returnOf, showsStatus } from './payState'

/**
 * The pay step (docs/api.md, "Cart and checkout"): `startPayment` creates a session for the cart
 * (one per cart: its Idempotency-Key) and sends the buyer to the hosted payment page; a return
 * address naming a session this browser started is followed until the API says how it ended
 * (`follow`, again from the "Check again" button). `status` is the panel that says so, focused
 * whenever it has something new to say. `update` stores the cart: a paid session empties it.
 */
export function usePayment(cart: Cart | undefined, locale: Locale, update: (next: Cart | undefined) => void) {
  const [pay, setPay] = useState<PayState>({ state: 'idle' })
  const paying = useRef(false)
  const status = useRef<HTMLDivElement>(null)

  /** A session that is over: paid empties the cart; failed, cancelled or expired lets the next Pay start afresh. */
  const settle = (session: CheckoutSession) => {
    if (session.status === 'paid') update(undefined)
    if (isOver(session.status)) forgetPayKey()
    setPay({ state: 'result', session })
  }

  /** After the hosted page: the API's word on the session, asked with back-off for about a minute. */
  async function follow(id: string, approved: boolean) {
    setPay({ state: 'returning', id, approved })
    let api: Awaited<ReturnType<typeof loadApi>>
    try {
      api = await loadApi()
    } catch {
      return setPay({ state: 'lost', id })
    }
    const end = await api.followSession(id)
    if (end.state === 'settled') settle(end.session)
    else setPay(end.state === 'lost' ? { state: 'lost', id } : end)
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration: the return address is read then.
  useEffect(() => {
    const back = returnOf(location.search, ownSessions)
    if (back === 'foreign') setPay({ state: 'foreign' })
    else if (back) void follow(back.id, back.approved)
  }, [])

  useEffect(() => {
    if (showsStatus(pay.state)) status.current?.focus()
  }, [pay.state])

  /** The pay step: a session for this cart (one per cart: the key), then the hosted payment page. */
  async function startPayment() {
    if (!cart || paying.current) return
    paying.current = true
    setPay({ state: 'creating' })
    try {
      const api = await loadApi()
      const result = await api.startSession(cart, locale, payKeyFor(cart))
      if (!result.ok) return setPay({ state: 'error', error: result.error })
      const session = result.value
      // Nothing to pay (Starter alone): the order is confirmed at once.
      if (session.status === 'paid') return settle(session)
      const target = await api.paymentPage(session)
      if (!target) return setPay({ state: 'refused' })
      // A document load, never the runtime's navigate(): the payment page is not a page of the site
      // (the sandbox's is on this origin, under /api/), so it has no _payload.json to ask for.
      location.assign(target.href)
    } catch {
      setPay({ state: 'error', error: { kind: 'offline' } })
    } finally {
      paying.current = false
    }
  }

  return { pay, status, follow, startPayment }
}
