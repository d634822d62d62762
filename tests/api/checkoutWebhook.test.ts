// The signed payment webhook over HTTP on loopback (docs/api.md, "Checkout"), on each store: an
// event pays the order; a missing, tampered, stale or mismatched one changes nothing; a repeat is a
// duplicate; events out of order never undo a payment. Signatures are made on the server's clock
// (`clock`, the test's).
import { describe, expect, test } from 'vitest'
import type { PaymentEvent } from '../../api/contract/payments'
import type { Problem } from '../../api/contract/schemas'
import { eventId, sessionSteps, signer, storeKinds, webhookPath, serveOn } from './checkoutFixtures'
import { call, type TestApi } from './helpers'

/** The server's clock, and the signatures': the test's. */
const clock = () => Date.now()
const signed = signer(clock)

describe.each(storeKinds)('checkout with the %s store', (kind) => {
  let api: TestApi
  serveOn(kind, clock, (started) => {
    api = started
  })

  const { createSession, getSession, paidEvent, sendEvent } = sessionSteps(() => api, clock)

  describe('POST /webhooks/payments', () => {
    test('a signed event pays the order', async () => {
      const session = await createSession()
      const answer = await sendEvent(paidEvent(session))
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ received: true })
      expect(await getSession(session.id)).toMatchObject({ status: 'paid', reference: 'pay_webhooktest1' })
    })

    test('a missing, tampered or wrongly keyed signature is a 401 and changes nothing', async () => {
      const session = await createSession()
      const event = paidEvent(session)
      const none = await call(api, webhookPath, { body: event, key: null })
      expect(none.status).toBe(401)
      const { headers } = signed(event)
      const tampered = await call(api, webhookPath, {
        body: JSON.stringify({ ...event, reference: 'pay_someoneelse' }),
        headers,
        key: null,
      })
      expect(tampered.status).toBe(401)
      expect((tampered.body as Problem).code).toBe('signature-invalid')
      expect((await sendEvent(event, { secret: 'whsec_other' })).status).toBe(401)
      expect((await getSession(session.id)).status).toBe('open')
    })

    test('a signature more than 5 minutes old is refused as a replay', async () => {
      const session = await createSession()
      const answer = await sendEvent(paidEvent(session), { t: Math.floor(clock() / 1000) - 6 * 60 })
      expect(answer.status).toBe(400)
      expect((answer.body as Problem).code).toBe('signature-expired')
      expect((await getSession(session.id)).status).toBe('open')
    })

    test('the same event twice changes the order once: the second is a 200 duplicate', async () => {
      const session = await createSession()
      const event = paidEvent(session)
      expect((await sendEvent(event)).body).toEqual({ received: true })
      const again = await sendEvent(event)
      expect(again.status).toBe(200)
      expect(again.body).toEqual({ received: true, duplicate: true })
      // A repeated failed event would otherwise undo nothing either; the id alone decides.
      const replayedDecline = await sendEvent({ ...event, type: 'payment.failed', failureCode: 'do_not_honor' })
      expect(replayedDecline.body).toEqual({ received: true, duplicate: true })
      expect((await getSession(session.id)).status).toBe('paid')
    })

    test('an amount or currency that is not the order’s is refused, the order unchanged', async () => {
      const session = await createSession()
      const low = await sendEvent(paidEvent(session, { amountMinor: 1 }))
      expect(low.status).toBe(400)
      expect((low.body as Problem).code).toBe('payment-mismatch')
      const currency = await sendEvent(paidEvent(session, { currency: 'USD' }))
      expect((currency.body as Problem).code).toBe('payment-mismatch')
      expect((await getSession(session.id)).status).toBe('open')
    })

    test('out of order: a later decline never overwrites paid; a failed order can still be paid', async () => {
      const session = await createSession()
      await sendEvent(paidEvent(session))
      const late = await sendEvent(paidEvent(session, { type: 'payment.failed', failureCode: 'insufficient_funds' }))
      expect(late.status).toBe(200)
      const cancelled = await sendEvent(paidEvent(session, { type: 'payment.cancelled' }))
      expect(cancelled.status).toBe(200)
      expect(await getSession(session.id)).toMatchObject({ status: 'paid', reference: 'pay_webhooktest1' })

      const retried = await createSession()
      await sendEvent(paidEvent(retried, { type: 'payment.failed', failureCode: 'insufficient_funds' }))
      expect(await getSession(retried.id)).toMatchObject({ status: 'failed', failureCode: 'insufficient_funds' })
      await sendEvent(paidEvent(retried, { reference: 'pay_secondtry1' }))
      const paid = await getSession(retried.id)
      expect(paid).toMatchObject({ status: 'paid', reference: 'pay_secondtry1' })
      expect(paid.failureCode).toBeUndefined()
    })

    test('an event for an unknown session is a 404; a malformed event a 400', async () => {
      const unknown = await sendEvent({
        id: eventId(),
        type: 'payment.paid',
        sessionId: 'cs_doesnotexist00',
        amountMinor: 100,
        currency: 'SAR',
        created: Math.floor(clock() / 1000),
      })
      expect(unknown.status).toBe(404)
      const { headers } = signed({} as PaymentEvent, { body: '{"id":"evt_x"}' })
      const malformed = await call(api, webhookPath, { body: '{"id":"evt_x"}', headers, key: null })
      expect(malformed.status).toBe(400)
      expect((malformed.body as Problem).code).toBe('invalid-request')
    })
  })
})
