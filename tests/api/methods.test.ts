// Every method sold, paid in the sandbox (docs/api.md, "Sandbox hosted payment page"): for each
// market and each of its methods, in both languages, the approve and the decline path of the test
// flow the guide gives (api/contract/methodFacts.ts, the data the test cards guide renders),
// over HTTP on loopback. Each ends with the webhook event, verified by its signature (the provider
// below sees only deliveries whose signature passed), of the right type, method and decline code,
// and the redirect to the site's checkout. Then what is refused: numbers and codes not in the guide
// (never shown back), another market's method, a forged or another session's token, one too late.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Cart, CheckoutSession } from '../../api/contract/cart'
import type { PaymentEvent } from '../../api/contract/payments'
import { testCards } from '../../api/server/checkout/cards'
import { declineMessage } from '../../api/server/checkout/page'
import { type PaymentProvider, sandboxProvider } from '../../api/server/checkout/provider'
import { checkoutDefaults } from '../../api/server/config'
import { loadCatalog } from '../../locales/catalogs'
import { type Brand, markets, methodsOf } from '../../api/contract/markets'
import { methodFacts } from '../../api/contract/methodFacts'
import { call, startApi, type TestApi } from './helpers'
import { type Locale, localeCodes } from '../../locales/locales'

let offset = 0
const clock = () => Date.now() + offset
const config = { checkout: { ...checkoutDefaults, rate: { limit: 10_000, windowMs: 60_000 } } }

/** The events whose signature the webhook endpoint verified, in order. */
const delivered: PaymentEvent[] = []
const sandbox = sandboxProvider(config.checkout)
const recording: PaymentProvider = {
  ...sandbox,
  verifyWebhook(raw, header, nowSeconds) {
    const verdict = sandbox.verifyWebhook(raw, header, nowSeconds)
    if (verdict.kind === 'ok') delivered.push(verdict.event)
    return verdict
  },
}

let api: TestApi
beforeAll(async () => {
  api = await startApi({ now: clock, config, paymentProvider: recording })
})
afterAll(() => api?.close())
beforeEach(() => {
  delivered.length = 0
})

async function open(market: string, locale: Locale) {
  const cart: Cart = { market: market as 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] }
  const answer = await call(api, '/api/v1/checkout/sessions', { body: { cart, locale } })
  expect(answer.status, answer.text).toBe(201)
  return answer.body as CheckoutSession
}
async function post(path: string, fields: Record<string, string>) {
  const response = await fetch(`${api.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
  return { status: response.status, headers: response.headers, text: await response.text() }
}
async function get(path: string) {
  const response = await fetch(`${api.url}${path}`)
  return { status: response.status, headers: response.headers, text: await response.text() }
}
const stepOf = (html: string) => /name="step" value="([^"]+)"/.exec(html)?.[1] ?? ''
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
const inputOf = (html: string, id: string) => new RegExp(`<input id="${id}"[^>]*>`).exec(html)?.[0] ?? ''

/** A card of the brand from the test cards guide: one that succeeds, or one that declines without a bank step. */
function cardOf(brand: Brand, approve: boolean) {
  const found = Object.entries(testCards).find(([, card]) => {
    if (card.brand !== brand) return false
    if (approve) return card.outcome.kind === 'success'
    return card.outcome.kind === 'decline' && !card.outcome.challenge
  })
  if (!found) throw new Error(`no ${approve ? 'approved' : 'declined'} ${brand} test card`)
  const [number, card] = found
  return { number, failureCode: card.outcome.kind === 'decline' ? card.outcome.failureCode : undefined }
}

/**
 * Pays as the guide says for the method (its facts) and approves or declines. Returns the answer
 * that ends the flow (the 303) and the failure code the guide promises for the decline.
 */
async function payWith(session: CheckoutSession, market: string, brand: Brand, approve: boolean, lang: Locale) {
  const flow = methodFacts[brand].sandbox
  const page = `${session.paymentUrl}?lang=${lang}`
  const base = `/api/v1/sandbox/pay/${session.id}`
  const name = loadCatalog(lang)[`method.${brand}`]!
  if (flow.kind === 'card') {
    const card = cardOf(brand, approve)
    const end = await post(page, { number: card.number, expiry: '12/30', cvc: '123', name: 'Noura' })
    return { end, failureCode: card.failureCode }
  }
  // The chooser leads to the method's own form, named as the site names it.
  const chosen = await get(`${page}&method=${brand}`)
  expect(chosen.status).toBe(200)
  expect(chosen.text).toContain(`aria-current="page">${name}</a>`)
  expect(chosen.text).toContain(`<h2>${name}</h2>`)
  expect(chosen.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-/)
  if (flow.kind === 'sheet') {
    const end = await post(`${base}/method?lang=${lang}`, { method: brand, decision: approve ? 'approve' : 'decline' })
    return { end, failureCode: flow.failureCode }
  }
  if (flow.kind === 'reference') {
    const shown = await post(`${base}/method?lang=${lang}`, { method: brand })
    expect(shown.status).toBe(200)
    expect(shown.headers.get('content-security-policy')).toMatch(/style-src 'sha256-/)
    expect(shown.text).toMatch(/<p class="ref" dir="ltr" data-reference>\d{9}<\/p>/)
    const end = await post(`${base}/confirm?lang=${lang}`, {
      step: stepOf(shown.text),
      decision: approve ? 'paid' : 'expired',
    })
    return { end, failureCode: flow.failureCode }
  }
  const account = flow.accounts[market]!
  const code = await post(`${base}/method?lang=${lang}`, {
    method: brand,
    phone: approve ? account.approve : account.decline,
  })
  expect(code.status, code.text).toBe(200)
  expect(code.text).toContain(`<html lang="${lang}"`)
  expect(code.text).toContain('autocomplete="one-time-code"')
  expect(code.headers.get('content-security-policy')).toMatch(/style-src 'sha256-/)
  // The number typed is not in the page.
  expect(code.text).not.toContain(account.approve)
  const end = await post(`${base}/confirm?lang=${lang}`, { step: stepOf(code.text), code: flow.code })
  return { end, failureCode: flow.failureCode }
}

const cases = markets.flatMap((m) => methodsOf(m).map((brand) => [m.code, brand] as const))

describe.each(localeCodes)('in %s', (lang) => {
  const catalog = loadCatalog(lang)

  test('every market’s methods cover the twelve, each sold somewhere', () => {
    expect(new Set(cases.map(([, b]) => b)).size).toBe(12)
  })

  test.each(cases)('%s: %s approved, then declined, each through the signed webhook', async (market, brand) => {
    for (const approve of [true, false]) {
      const session = await open(market, lang)
      delivered.length = 0
      const { end, failureCode } = await payWith(session, market, brand, approve, lang)
      expect(end.status, end.text).toBe(303)
      expect(end.headers.get('location')).toBe(`${lang === 'ar' ? '/ar' : ''}/checkout?session_id=${session.id}`)
      expect(delivered).toHaveLength(1)
      const [event] = delivered
      expect(event).toMatchObject({
        type: approve ? 'payment.paid' : 'payment.failed',
        sessionId: session.id,
        amountMinor: session.quote.totalMinor,
        currency: session.quote.currency,
        method: brand,
      })
      if (approve) expect(event!.reference).toMatch(/^pay_/)
      else expect(event!.failureCode).toBe(failureCode)
      const view = (await call(api, `/api/v1/checkout/sessions/${session.id}`)).body as CheckoutSession
      expect(view.status).toBe(approve ? 'paid' : 'failed')
      if (!approve) {
        expect(view.failureCode).toBe(failureCode)
        // Back on the page, the decline in words, never the code.
        const again = await get(`${session.paymentUrl}?lang=${lang}`)
        expect(textOf(again.text)).toContain(textOf(catalog[declineMessage(failureCode!)]!))
        expect(textOf(again.text)).not.toContain(failureCode!)
      }
    }
  })
})

describe('what the sandbox refuses', () => {
  const stc = methodFacts.stcPay.sandbox
  if (stc.kind !== 'account') throw new Error('STC Pay is an account flow')
  const sa = stc.accounts.sa!

  test.each(localeCodes)(
    'a number or a code not in the guide (%s): the form again, the field marked, nothing shown back or paid',
    async (lang) => {
      const t = (id: string) => loadCatalog(lang)[id]!
      const session = await open('sa', lang)
      const base = `/api/v1/sandbox/pay/${session.id}`
      for (const [phone, error] of [
        ['0555123456', 'notTestPhone'],
        ['  ', 'missingPhone'],
      ] as const) {
        const answer = await post(`${base}/method?lang=${lang}`, { method: 'stcPay', phone })
        expect(answer.status).toBe(400)
        expect(answer.text).toContain(`<a href="#phone">${t(`sandbox.error.${error}`)}</a>`)
        expect(inputOf(answer.text, 'phone')).toContain('aria-invalid="true"')
        expect(inputOf(answer.text, 'phone')).toContain('aria-describedby="phone-error"')
        expect(inputOf(answer.text, 'phone')).not.toContain('value=')
        expect(answer.text).not.toContain('0555123456')
        expect(textOf(/<title>(.*?)<\/title>/.exec(answer.text)![1]!)).toMatch(
          new RegExp(`^${t('sandbox.errorPrefix')}`),
        )
      }
      const code = await post(`${base}/method?lang=${lang}`, {
        method: 'stcPay',
        phone: ` ${sa.approve.slice(0, 3)} ${sa.approve.slice(3)} `,
      })
      expect(code.status).toBe(200)
      const step = stepOf(code.text)
      for (const [typed, error] of [
        ['0000', 'wrongCode'],
        ['', 'missingCode'],
      ] as const) {
        const wrong = await post(`${base}/confirm?lang=${lang}`, { step, code: typed })
        expect(wrong.status).toBe(400)
        expect(wrong.text).toContain(`<a href="#code">${t(`sandbox.error.${error}`)}</a>`)
        expect(inputOf(wrong.text, 'code')).toContain('aria-invalid="true"')
        expect(inputOf(wrong.text, 'code')).toContain('aria-describedby="code-error"')
        // The same step goes on: the right code still pays.
        expect(stepOf(wrong.text)).toBe(step)
      }
      expect(delivered).toEqual([])
      expect((await call(api, `/api/v1/checkout/sessions/${session.id}`)).body).toMatchObject({ status: 'open' })
      // Arabic-Indic digits are read as Latin.
      const arabic = stc.code.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)))
      expect((await post(`${base}/confirm?lang=${lang}`, { step, code: arabic })).status).toBe(303)
      expect(delivered.map((e) => e.type)).toEqual(['payment.paid'])
    },
  )

  test('a method another market sells, or a card brand, is refused; the chooser shows only the market’s own', async () => {
    const session = await open('eg', 'en')
    const base = `/api/v1/sandbox/pay/${session.id}`
    const page = await get(`${session.paymentUrl}?lang=en`)
    const offered = [...page.text.matchAll(/method=(\w+)/g)].map((m) => m[1])
    expect(offered).toEqual(
      methodsOf(markets.find((m) => m.code === 'eg')!).filter((b) => methodFacts[b].sandbox.kind !== 'card'),
    )
    for (const method of ['stcPay', 'tabby', 'tamara', 'googlePay', 'nope'])
      expect((await get(`${session.paymentUrl}?lang=en&method=${method}`)).status, method).toBe(404)
    for (const method of ['stcPay', 'tabby', 'googlePay', 'visa', 'meeza', '__proto__'])
      expect((await post(`${base}/method`, { method, phone: '0500000001', decision: 'approve' })).status, method).toBe(
        422,
      )
    // A decision the sheet does not offer.
    const saudi = await open('sa', 'en')
    expect(
      (await post(`/api/v1/sandbox/pay/${saudi.id}/method`, { method: 'applePay', decision: 'maybe' })).status,
    ).toBe(422)
    expect(delivered).toEqual([])
  })

  test('a forged token, another session’s, or one whose outcome was changed: refused, nothing paid', async () => {
    const session = await open('sa', 'en')
    const other = await open('sa', 'en')
    const code = await post(`/api/v1/sandbox/pay/${other.id}/method`, { method: 'stcPay', phone: sa.decline })
    const theirs = stepOf(code.text)
    const [method, , expires, mac] = theirs.split('.')
    for (const step of [
      theirs,
      `${method}.approve.${expires}.${mac}`,
      `stcPay.approve.${Date.now() + 60_000}.${'a'.repeat(64)}`,
      'stcPay.approve',
      '',
    ]) {
      const answer = await post(`/api/v1/sandbox/pay/${session.id}/confirm`, { step, code: stc.code })
      expect(answer.status, step).toBe(422)
      // A page in the buyer's language, not English JSON.
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/)
      expect(answer.text).toContain(loadCatalog('en')['sandbox.refused.title'])
    }
    // The other session's own token with its outcome changed to approve: refused there too.
    expect(
      (
        await post(`/api/v1/sandbox/pay/${other.id}/confirm`, {
          step: `${method}.approve.${expires}.${mac}`,
          code: stc.code,
        })
      ).status,
    ).toBe(422)
    expect(delivered).toEqual([])
  })

  test.each(localeCodes)(
    'a step answered too late (%s): a page in words, the way back to the method, nothing paid',
    async (lang) => {
      const session = await open('eg', lang)
      const shown = await post(`/api/v1/sandbox/pay/${session.id}/method?lang=${lang}`, { method: 'fawry' })
      offset = 11 * 60 * 1000
      try {
        const late = await post(`/api/v1/sandbox/pay/${session.id}/confirm?lang=${lang}`, {
          step: stepOf(shown.text),
          decision: 'paid',
        })
        expect(late.status).toBe(409)
        expect(late.headers.get('content-type')).toMatch(/^text\/html/)
        expect(late.headers.get('content-security-policy')).toMatch(/style-src 'sha256-/)
        expect(late.text).toContain(`<html lang="${lang}"`)
        expect(textOf(late.text)).toContain(loadCatalog(lang)['sandbox.step.closed.body'])
        expect(late.text).toContain(`href="${session.paymentUrl}?lang=${lang}&amp;method=fawry"`)
      } finally {
        offset = 0
      }
      expect(delivered).toEqual([])
      expect((await call(api, `/api/v1/checkout/sessions/${session.id}`)).body).toMatchObject({ status: 'open' })
    },
  )

  test('the forms of the new steps answer an unknown link with the page, as the others do', async () => {
    for (const path of ['/method', '/confirm']) {
      const answer = await post(`/api/v1/sandbox/pay/cs_abcdefgh12345678${path}?lang=ar`, { method: 'stcPay' })
      expect(answer.status).toBe(404)
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/)
    }
  })
})
