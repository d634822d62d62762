// The logic of the checkout's pay hook, without React: what a return address asks for and which
// failures are the network's (pages/checkout/payState.ts), and how the return page follows a
// session to its end (payment.ts).
import { describe, expect, test } from 'vitest'
import type { ApiError, ApiResult } from '../../api/client/http'
import { type CheckoutSession, priceCart, type SessionStatus, sessionStatuses } from '../../api/contract/cart'
import { pollSession } from '../../pages/checkout/payment'
import { isOver, returnOf, showsStatus, unreachable } from '../../pages/checkout/payState'
import { catalogue } from '../../api/contract/catalogue'

const session = (status: SessionStatus): CheckoutSession => ({
  id: 'cs_unittest0001',
  status,
  quote: priceCart({ market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] }, catalogue),
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: '2026-11-01T10:30:00.000Z',
})

describe('a return address', () => {
  const own = () => ['cs_mine000001']
  test('a session this browser started is followed; `status=paid` is only the hosted page’s word', () => {
    expect(returnOf('?session_id=cs_mine000001&status=paid', own)).toEqual({ id: 'cs_mine000001', approved: true })
    expect(returnOf('?session_id=cs_mine000001&status=failed', own)).toEqual({ id: 'cs_mine000001', approved: false })
    expect(returnOf('?session_id=cs_mine000001', own)).toEqual({ id: 'cs_mine000001', approved: false })
  })
  test('anyone else’s is foreign; no session, nothing (and the own list is not read)', () => {
    expect(returnOf('?session_id=cs_stranger01&status=paid', own)).toBe('foreign')
    expect(
      returnOf('?add=plan.growth', () => {
        throw new Error('read')
      }),
    ).toBeNull()
    expect(returnOf('?session_id=', own)).toBeNull()
  })
})

describe('following a session after the return', () => {
  /** The answers `get` gives in turn, and the waits asked for. */
  function api(...answers: ApiResult<CheckoutSession>[]) {
    const waits: number[] = []
    let calls = 0
    return {
      get: async () => answers[Math.min(calls++, answers.length - 1)]!,
      wait: async (ms: number) => void waits.push(ms),
      waits,
      calls: () => calls,
    }
  }
  const ok = (status: SessionStatus): ApiResult<CheckoutSession> => ({ ok: true, value: session(status) })
  const fail = (error: ApiError): ApiResult<CheckoutSession> => ({ ok: false, error })

  test('asked at once, then after each delay, until the session is over', async () => {
    const a = api(ok('open'), ok('processing'), ok('paid'))
    expect(await pollSession(a.get, [1000, 2000, 4000], a.wait)).toEqual({ state: 'settled', session: session('paid') })
    expect(a.waits).toEqual([1000, 2000])
    expect(a.calls()).toBe(3)
  })
  test('over at once: no wait', async () => {
    const a = api(ok('failed'))
    expect(await pollSession(a.get, [1000], a.wait)).toEqual({ state: 'settled', session: session('failed') })
    expect(a.waits).toEqual([])
  })
  test('still processing after the last delay: the session as it stands', async () => {
    const a = api(ok('processing'))
    expect(await pollSession(a.get, [1000, 2000], a.wait)).toEqual({
      state: 'settled',
      session: session('processing'),
    })
    expect(a.calls()).toBe(3)
  })
  test('the network, a timeout or a 5xx: lost (the buyer may check again); any other failure: an error', async () => {
    for (const kind of ['offline', 'timeout', 'server'] as const) {
      const a = api(ok('open'), fail({ kind }))
      expect(await pollSession(a.get, [1000, 2000], a.wait)).toEqual({ state: 'lost' })
    }
    for (const kind of ['bad-response', 'invalid', 'rate', 'conflict'] as const) {
      const a = api(fail({ kind }))
      expect(await pollSession(a.get, [1000], a.wait)).toEqual({ state: 'error', error: { kind } })
    }
  })
})

test('a session is over once paid, failed, cancelled or expired', () => {
  expect(sessionStatuses.filter(isOver)).toEqual(['paid', 'failed', 'cancelled', 'expired'])
})

test('the failures worth asking again about are the network’s', () => {
  expect(
    (['offline', 'timeout', 'rate', 'invalid', 'conflict', 'server', 'bad-response'] as const).filter((kind) =>
      unreachable({ kind }),
    ),
  ).toEqual(['offline', 'timeout', 'server'])
})

test('the pay step’s panel shows once it has something to say', () => {
  expect(showsStatus('idle')).toBe(false)
  expect(showsStatus('creating')).toBe(false)
  for (const state of ['refused', 'error', 'returning', 'result', 'lost', 'foreign'] as const)
    expect(showsStatus(state)).toBe(true)
})
