// The sandbox's hosted payment page over HTTP on loopback (docs/api.md, "Checkout"), on each store:
// the order in the buyer's language, the test cards of the guide (approved, declined, not a test
// card, 3-D Secure), the way back to checkout, and Cancel.
import { describe, expect, test } from 'vitest'
import type { CheckoutSession } from '../../api/contract/cart'
import { cards, form, goodCard, growth, page, sessionSteps, storeKinds, serveOn } from './checkoutFixtures'
import type { TestApi } from './helpers'

/** The server's clock, and the bank page tokens': the test's. */
const clock = () => Date.now()

describe.each(storeKinds)('checkout with the %s store', (kind) => {
  let api: TestApi
  serveOn(kind, clock, (started) => {
    api = started
  })

  const { createSession, getSession } = sessionSteps(() => api, clock)

  describe('the sandbox hosted payment page', () => {
    test('shows the order in the buyer’s language, with a CSP and no script', async () => {
      const session = await createSession({ ...growth, discountCode: 'WELCOME10' }, 'ar')
      const ar = await page(api, session.paymentUrl!)
      expect(ar.status).toBe(200)
      expect(ar.headers.get('content-type')).toMatch(/^text\/html/)
      expect(ar.text).toContain('<html lang="ar" dir="rtl">')
      // The riyal's own sign where Intl puts ر.س., named for a screen reader.
      const sign = (name: string) => `<span role="img" aria-label="${name}">\u20C1</span>`
      expect(ar.text).toContain(`410.90\u00A0${sign('ريال سعودي')}`)
      expect(ar.text).not.toContain('ر.س.')
      expect(ar.text).toContain('ضريبة القيمة المضافة')
      // The Saudi market's methods, named as the site names them, mada first.
      const chooser = [...ar.text.matchAll(/<li><a href="[^"]*"(?: aria-current="page")?>([^<]+)<\/a><\/li>/g)].map(
        (m) => m[1],
      )
      expect(chooser).toEqual(['بطاقة: مدى أو Visa أو Mastercard', 'Apple Pay', 'STC Pay', 'تابي', 'تمارا'])
      expect(ar.text).not.toMatch(/[\u0660-\u0669]/)
      const csp = ar.headers.get('content-security-policy') ?? ''
      expect(csp).toMatch(/default-src 'none'/)
      expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/)
      expect(ar.text).not.toContain('<script')
      const en = await page(api, `${session.paymentUrl}?lang=en`)
      expect(en.text).toContain('<html lang="en" dir="ltr">')
      expect(en.text).toContain(`${sign('Saudi riyals')}\u00A0410.90`)
      expect(en.text).not.toMatch(/SAR\s?\d/)
      expect(en.text).toContain('Growth plan')
    })

    test('an approved card pays: 303 to /checkout?session_id, then the session is paid with a reference', async () => {
      const session = await createSession()
      const pay = await form(api, session.paymentUrl!, goodCard(cards.approved))
      expect(pay.status).toBe(303)
      expect(pay.headers.get('location')).toBe(`/checkout?session_id=${session.id}`)
      const paid = await getSession(session.id)
      expect(paid.status).toBe('paid')
      expect(paid.reference).toMatch(/^pay_/)
      expect(paid.paymentUrl).toBeUndefined()
    })

    test('an Arabic buyer returns to /ar/checkout; a mada card pays', async () => {
      const session = await createSession(growth, 'ar')
      const pay = await form(api, session.paymentUrl!, goodCard(cards.mada))
      expect(pay.headers.get('location')).toBe(`/ar/checkout?session_id=${session.id}`)
      expect((await getSession(session.id)).status).toBe('paid')
    })

    test('a declined card fails with its code; a new attempt on the same page can still pay', async () => {
      const session = await createSession()
      const pay = await form(api, session.paymentUrl!, goodCard(cards.declined))
      expect(pay.status).toBe(303)
      const failed = await getSession(session.id)
      expect(failed).toMatchObject({ status: 'failed', failureCode: 'do_not_honor', paymentUrl: session.paymentUrl })
      // The decline in words (tests/api/sandboxPage.test.ts has each code, in each language).
      const again = await page(api, session.paymentUrl!)
      expect(again.text).toContain('your bank declined it')
      expect(again.text).not.toContain('do_not_honor')
      await form(api, session.paymentUrl!, goodCard(cards.approved))
      expect((await getSession(session.id)).status).toBe('paid')
    })

    test('a card that is not a test card is refused, and its number is never stored or logged', async () => {
      const session = await createSession()
      const real = await form(api, session.paymentUrl!, goodCard(cards.real))
      expect(real.status).toBe(400)
      expect(real.text).toContain('only the test cards')
      expect(real.headers.get('content-security-policy')).toMatch(/style-src 'sha256-/)
      const notLuhn = await form(api, session.paymentUrl!, goodCard('4000 5500 1284 7361'))
      expect(notLuhn.text).toContain('not a valid card number')
      const digits = cards.real.replace(/ /g, '')
      expect(real.text).not.toContain(digits)
      // Random ids may hold any four digits, so look for the number itself, whole or in groups of four.
      const card = new RegExp(`${digits}|${cards.real}|4111.?1111`)
      expect(JSON.stringify(api.logs)).not.toMatch(card)
      const stored = await api.store.getSession(session.id)
      expect(JSON.stringify(stored)).not.toMatch(card)
      expect(stored?.status).toBe('open')
    })

    test('an approved card with a past expiry or no CVC is refused on the page', async () => {
      const session = await createSession()
      const answer = await form(api, session.paymentUrl!, { ...goodCard(cards.approved), expiry: '01/20', cvc: '' })
      expect(answer.status).toBe(400)
      expect(answer.text).toContain('future expiry')
      expect(answer.text).toContain('CVC')
      expect((await getSession(session.id)).status).toBe('open')
    })

    const challenge = async (session: CheckoutSession, number: string, fields: Record<string, string>) => {
      const bank = await form(api, session.paymentUrl!, goodCard(number))
      expect(bank.status).toBe(200)
      expect(bank.text).toContain('3-D Secure')
      const token = /name="challenge" value="([^"]+)"/.exec(bank.text)?.[1]
      expect(token).toBeDefined()
      return form(api, `/api/v1/sandbox/pay/${session.id}/challenge`, { challenge: token!, ...fields })
    }

    test('3-D Secure: 123456 passes the simulated bank page', async () => {
      const session = await createSession()
      const answer = await challenge(session, cards.challenge, { code: '123456', decision: 'confirm' })
      expect(answer.status).toBe(303)
      expect((await getSession(session.id)).status).toBe('paid')
    })

    test.each([
      ['another code', cards.challenge, { code: '000000', decision: 'confirm' }],
      ['Cancel', cards.challenge, { decision: 'cancel' }],
      ['the card whose challenge always fails', cards.alwaysFailsChallenge, { code: '123456', decision: 'confirm' }],
    ])('3-D Secure: %s fails with authentication_failed', async (_, number, fields) => {
      const session = await createSession()
      const answer = await challenge(session, number, fields)
      expect(answer.status).toBe(303)
      expect(await getSession(session.id)).toMatchObject({ status: 'failed', failureCode: 'authentication_failed' })
    })

    test('a forged bank page token is refused', async () => {
      const session = await createSession()
      const answer = await form(api, `/api/v1/sandbox/pay/${session.id}/challenge`, {
        challenge: `pass.${clock() + 60_000}.${'0'.repeat(64)}`,
        code: '123456',
      })
      expect(answer.status).toBe(400)
      expect((await getSession(session.id)).status).toBe('open')
    })

    test('Cancel on the payment page cancels and returns to checkout', async () => {
      const session = await createSession(growth, 'ar')
      const answer = await form(api, `/api/v1/sandbox/pay/${session.id}/cancel`, {})
      expect(answer.status).toBe(303)
      expect(answer.headers.get('location')).toBe(`/ar/checkout?session_id=${session.id}`)
      expect((await getSession(session.id)).status).toBe('cancelled')
      expect((await page(api, session.paymentUrl!)).status).toBe(409)
    })
  })
})
