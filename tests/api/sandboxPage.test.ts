// The sandbox hosted payment page as a buyer meets it (docs/api.md, "The sandbox hosted payment
// page"), over HTTP on loopback, in both languages: every field error in one round with GOV.UK's
// error summary, each field tied to its own message; "Error: " in the title; a decline in words;
// how long the page and the bank step stay open; and the way on once a page has closed.
// The server's clock is the test's (`clock`), so expiry needs no waiting.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Cart, CheckoutSession } from '../../api/contract/cart'
import { faces, signFaces } from '../../api/contract/faces'
import { testCards } from '../../api/server/checkout/cards'
import { checkoutDefaults } from '../../api/server/config'
import { loadCatalog } from '../../locales/catalogs'
import { intlLocale } from '../../locales/intlLocale'
import { call, startApi, type TestApi } from './helpers'
import { type Locale, localeCodes } from '../../locales/locales'

const growth: Cart = { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] }
const cards = { approved: '4000 5500 1284 7360', challenge: '4000 5500 9930 2180', real: '4111 1111 1111 1111' }

let offset = 0
const clock = () => Date.now() + offset

let api: TestApi
beforeAll(async () => {
  api = await startApi({
    now: clock,
    config: { checkout: { ...checkoutDefaults, rate: { limit: 10_000, windowMs: 60_000 } } },
  })
})
afterAll(() => api?.close())

async function createSession(locale: Locale) {
  const answer = await call(api, '/api/v1/checkout/sessions', { body: { cart: growth, locale } })
  expect(answer.status, answer.text).toBe(201)
  return answer.body as CheckoutSession
}
async function form(path: string, fields: Record<string, string>) {
  const response = await fetch(`${api.url}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
  return { status: response.status, headers: response.headers, text: await response.text() }
}
async function page(path: string) {
  const response = await fetch(`${api.url}${path}`)
  return { status: response.status, text: await response.text() }
}

/** The text a reader gets from a piece of the page: tags dropped, entities of escapeHtml undone. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
const titleOf = (html: string) => textOf(/<title>(.*?)<\/title>/s.exec(html)?.[1] ?? '')
const summaryOf = (html: string) => /<div class="summary"[^>]*>.*?<\/div><\/div>/s.exec(html)?.[0]
const inputOf = (html: string, id: string) => new RegExp(`<input id="${id}"[^>]*>`).exec(html)?.[0] ?? ''
const bodyText = (html: string) => textOf(/<body>(.*)<\/body>/s.exec(html)?.[1] ?? '')

describe.each(localeCodes)('the hosted page in %s', (lang) => {
  const catalog = loadCatalog(lang)
  const t = (id: string) => catalog[id]!
  const prefix = `${t('sandbox.errorPrefix')} `

  test('every field’s error in one round: the summary first, links to each field, each field tied to its message', async () => {
    const session = await createSession(lang)
    const answer = await form(session.paymentUrl!, { number: '1234', expiry: '13/20', cvc: '1', name: ' ' })
    expect(answer.status).toBe(400)
    const summary = summaryOf(answer.text)
    expect(summary, 'an error summary').toBeDefined()
    // Focused when the page loads, so it is what a screen reader reads first; an alert inside.
    expect(summary).toMatch(/^<div class="summary" tabindex="-1" autofocus/)
    expect(summary).toContain('role="alert"')
    expect(summary).toContain(`<h2>${t('sandbox.summary.title')}</h2>`)
    const links = [...summary!.matchAll(/<a href="#(\w+)">([^<]+)<\/a>/g)].map((m) => [m[1], textOf(m[2]!)])
    const expected = [
      ['number', t('sandbox.error.invalidNumber')],
      ['expiry', t('sandbox.error.invalidExpiry')],
      ['cvc', t('sandbox.error.invalidCvc')],
      ['name', t('sandbox.error.invalidName')],
    ]
    expect(links).toEqual(expected)
    for (const [field, message] of expected) {
      const input = inputOf(answer.text, field!)
      expect(input, field).toContain('aria-invalid="true"')
      expect(input, field).toContain(`aria-describedby="${field}-error"`)
      // The message beside the field, with its id, and "Error:" for a screen reader.
      const own = new RegExp(`<p class="error" id="${field}-error">(.*?)</p>`).exec(answer.text)?.[1] ?? ''
      expect(textOf(own), field).toBe(`${prefix.trim()} ${message}`)
      expect(own).toContain('class="vh"')
    }
    // The summary comes before the form.
    expect(answer.text.indexOf('class="summary"')).toBeLessThan(answer.text.indexOf('<form'))
    expect(titleOf(answer.text).startsWith(prefix)).toBe(true)
    // What the buyer typed in the expiry is shown again, to correct it.
    expect(inputOf(answer.text, 'expiry')).toContain('value="13/20"')
  })

  test('a valid number that is not a test card marks #number; the other fields keep what was typed', async () => {
    const session = await createSession(lang)
    const answer = await form(session.paymentUrl!, { number: cards.real, expiry: '12/30', cvc: '123', name: 'Noura' })
    expect(answer.status).toBe(400)
    const links = [...summaryOf(answer.text)!.matchAll(/<a href="#(\w+)">/g)].map((m) => m[1])
    expect(links).toEqual(['number'])
    expect(inputOf(answer.text, 'number')).toContain('aria-invalid="true"')
    expect(inputOf(answer.text, 'number')).toContain('aria-describedby="number-error"')
    for (const field of ['expiry', 'cvc', 'name']) expect(inputOf(answer.text, field)).not.toContain('aria-invalid')
    expect(inputOf(answer.text, 'expiry')).toContain('value="12/30"')
    expect(inputOf(answer.text, 'name')).toContain('value="Noura"')
    // The number and the CVC are never shown back (the page says so beside the CVC).
    expect(answer.text).not.toContain('4111')
    expect(inputOf(answer.text, 'cvc')).not.toContain('value=')
    expect(inputOf(answer.text, 'cvc')).toContain('aria-describedby="cvc-hint"')
    expect(answer.text).toContain(`<p class="note" id="cvc-hint">${t('sandbox.card.again')}</p>`)
    expect(titleOf(answer.text).startsWith(prefix)).toBe(true)
  })

  test('a blank number is asked for as such; a page without errors has no summary and no "Error:"', async () => {
    const session = await createSession(lang)
    const blank = await form(session.paymentUrl!, { number: '', expiry: '12/30', cvc: '123', name: 'Noura' })
    expect(textOf(summaryOf(blank.text)!)).toContain(t('sandbox.error.missingNumber'))
    const fresh = await page(session.paymentUrl!)
    expect(fresh.status).toBe(200)
    expect(summaryOf(fresh.text)).toBeUndefined()
    expect(fresh.text).not.toContain('aria-invalid')
    expect(titleOf(fresh.text).startsWith(prefix)).toBe(false)
  })

  test('after each decline the page says why in words, never the code', async () => {
    const declines = Object.entries(testCards).filter(
      ([, card]) => card.outcome.kind === 'decline' && !card.outcome.challenge,
    )
    expect(declines.length).toBeGreaterThan(5)
    const sentences = new Set<string>()
    for (const [number, card] of declines) {
      const session = await createSession(lang)
      const pay = await form(session.paymentUrl!, { number, expiry: '12/30', cvc: '123', name: 'Noura' })
      expect(pay.status).toBe(303)
      const again = await page(session.paymentUrl!)
      const code = card.outcome.kind === 'decline' ? card.outcome.failureCode : ''
      const summary = textOf(summaryOf(again.text) ?? '')
      expect(summary, code).toContain(t('sandbox.summary.title'))
      // No snake_case code anywhere a buyer reads or hears.
      expect(bodyText(again.text), code).not.toMatch(/[a-z]+_[a-z_]+/)
      expect(bodyText(again.text), code).not.toContain(code)
      expect(titleOf(again.text).startsWith(prefix), code).toBe(true)
      sentences.add(summary)
    }
    // One sentence per code (do_not_honor and suspected_fraud share "your bank declined it", not the advice).
    const codes = new Set(declines.map(([, card]) => (card.outcome.kind === 'decline' ? card.outcome.failureCode : '')))
    expect(sentences.size).toBe(codes.size)
    const session = await createSession(lang)
    await form(session.paymentUrl!, { number: '4000 5500 0000 5013', expiry: '12/30', cvc: '123', name: 'Noura' })
    expect(textOf((await page(session.paymentUrl!)).text)).toContain(t('sandbox.declined.doNotHonor'))
  })

  test('the page says how long it stays open, and the bank step too', async () => {
    const session = await createSession(lang)
    const duration = (minutes: number) =>
      new Intl.NumberFormat(intlLocale(lang), { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(minutes)
    // The market's 24-hour clock and its zone by name: "06:53 Riyadh time".
    const time = (at: string) =>
      new Intl.DateTimeFormat(intlLocale(lang), {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'Asia/Riyadh',
      }).format(Date.parse(at))
    const closesIn = (id: string, minutes: number) =>
      textOf(
        t(id)
          .replace('{duration}', duration(minutes))
          .replace('{time}', time(session.expiresAt))
          .replace('{zone}', t('sandbox.zone.sa')),
      )
    const closes = (html: string) => textOf(/<p class="note" data-closes>(.*?)<\/p>/.exec(html)?.[1] ?? '')
    const fresh = await page(session.paymentUrl!)
    expect(closes(fresh.text)).toBe(closesIn('sandbox.closes.pay', 30))
    expect(closes(fresh.text)).toMatch(/\d{2}:\d{2} (?:Riyadh time|بتوقيت الرياض)/)
    expect(closes(fresh.text)).not.toMatch(/GMT|غرينتش|[AP]M|\d ?[صم](?!\p{L})/u)
    offset = 25 * 60 * 1000
    try {
      expect(closes((await page(session.paymentUrl!)).text)).toContain(duration(5))
      // The bank step lasts 10 minutes, but not past the session's end: 5 minutes here.
      const bank = await form(session.paymentUrl!, { number: cards.challenge, expiry: '12/30', cvc: '123', name: 'N' })
      expect(bank.status).toBe(200)
      expect(closes(bank.text)).toBe(closesIn('sandbox.closes.bank', 5))
    } finally {
      offset = 0
    }
    const bank = await form(session.paymentUrl!, { number: cards.challenge, expiry: '12/30', cvc: '123', name: 'N' })
    expect(closes(bank.text)).toContain(duration(10))
  })

  test('a bank step answered too late: a page in words with the way back to the payment page, nothing paid', async () => {
    const session = await createSession(lang)
    const bank = await form(session.paymentUrl!, { number: cards.challenge, expiry: '12/30', cvc: '123', name: 'N' })
    const token = /name="challenge" value="([^"]+)"/.exec(bank.text)![1]!
    offset = 11 * 60 * 1000
    try {
      const late = await form(`/api/v1/sandbox/pay/${session.id}/challenge?lang=${lang}`, {
        challenge: token,
        code: '123456',
        decision: 'confirm',
      })
      expect(late.status).toBe(409)
      expect(late.headers.get('content-type')).toMatch(/^text\/html/)
      expect(late.text).toContain(`<html lang="${lang}"`)
      expect(textOf(late.text)).toContain(t('sandbox.bank.closed.body'))
      expect(late.text).toContain(`<a href="${session.paymentUrl}?lang=${lang}">${t('sandbox.bank.closed.back')}</a>`)
      expect((await call(api, `/api/v1/checkout/sessions/${session.id}`)).body).toMatchObject({ status: 'open' })
    } finally {
      offset = 0
    }
  })

  test('an expired page says so and leads to a new payment from the checkout, with the same cart', async () => {
    const session = await createSession(lang)
    offset = 31 * 60 * 1000
    try {
      const closed = await page(session.paymentUrl!)
      expect(closed.status).toBe(409)
      expect(textOf(closed.text)).toContain(t('sandbox.closed.expired'))
      const back = `${lang === 'ar' ? '/ar' : ''}/checkout?session_id=${session.id}`
      expect(closed.text).toContain(`<a href="${back}">${t('sandbox.closed.again')}</a>`)
    } finally {
      offset = 0
    }
  })
})

describe('a payment link that leads nowhere', () => {
  const openapi = JSON.parse(readFileSync('api/contract/openapi.json', 'utf8'))

  test.each([
    ['?lang=ar', {}, 'ar'],
    ['?lang=en', { 'Accept-Language': 'ar-EG,ar;q=0.9' }, 'en'],
    ['', { 'Accept-Language': 'ar-EG,ar;q=0.9,en;q=0.5' }, 'ar'],
    ['', { 'Accept-Language': 'fr-FR,en-GB;q=0.8' }, 'en'],
    ['', {}, 'en'],
  ] as const)('GET %s with %o: a page in %s, not JSON, with the way to the checkout', async (query, headers, lang) => {
    const catalog = loadCatalog(lang)
    // Mistyped (a well-formed id no session has), cut short, or not an id at all.
    for (const id of ['cs_abcdefgh12345678', 'cs_abc', '%3Cscript%3E']) {
      const response = await fetch(`${api.url}/api/v1/sandbox/pay/${id}${query}`, { headers })
      const html = await response.text()
      expect(response.status).toBe(404)
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'/)
      expect(html).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`)
      expect(titleOf(html)).toBe(catalog['sandbox.unknown.title'])
      expect(bodyText(html)).toContain(catalog['sandbox.unknown.body'])
      expect(html).toContain(
        `<a href="${lang === 'ar' ? '/ar/checkout' : '/checkout'}">${catalog['sandbox.unknown.back']}</a>`,
      )
      // Nothing of what was asked is echoed.
      expect(html).not.toContain('script%3E')
    }
    // The OpenAPI document lists this answer for the page's path.
    expect(openapi.paths['/api/v1/sandbox/pay/{id}'].get.responses['404'].content['text/html']).toBeDefined()
  })

  test('a form posted to an unknown link gets the same page; the OpenAPI document lists it for each form', async () => {
    for (const path of ['', '/cancel', '/challenge']) {
      const answer = await form(`/api/v1/sandbox/pay/cs_abcdefgh12345678${path}?lang=ar`, { name: 'x' })
      expect(answer.status).toBe(404)
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/)
      expect(titleOf(answer.text)).toBe(loadCatalog('ar')['sandbox.unknown.title'])
      expect(openapi.paths[`/api/v1/sandbox/pay/{id}${path}`].post.responses['404'].content['text/html']).toBeDefined()
    }
  })

  test('with the page on its own origin, the way back is to the site’s origin', async () => {
    const other = await startApi({
      config: {
        checkout: {
          ...checkoutDefaults,
          paymentPageOrigin: 'https://pay.rasid.example',
          siteOrigin: 'https://www.rasid.example',
        },
      },
    })
    try {
      const html = await (await fetch(`${other.url}/api/v1/sandbox/pay/cs_abcdefgh12345678?lang=ar`)).text()
      expect(html).toContain('<a href="https://www.rasid.example/ar/checkout">')
    } finally {
      await other.close()
    }
  })
})

describe.each(localeCodes)('Meeza, Egypt’s first method, in %s', (lang) => {
  test('an EGP checkout pays with the guide’s Meeza test cards: approved, and declined in words', async () => {
    const egypt: Cart = { market: 'eg', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] }
    const open = async () => {
      const answer = await call(api, '/api/v1/checkout/sessions', { body: { cart: egypt, locale: lang } })
      expect(answer.status, answer.text).toBe(201)
      return answer.body as CheckoutSession
    }
    const meeza = Object.entries(testCards).filter(([, card]) => card.brand === 'meeza')
    expect(meeza.map(([, c]) => c.outcome.kind).sort()).toEqual(['challenge', 'decline', 'success'])
    const approved = meeza.find(([, c]) => c.outcome.kind === 'success')![0]
    const declined = meeza.find(([, c]) => c.outcome.kind === 'decline')![0]

    const paid = await open()
    expect((await page(paid.paymentUrl!)).text).toContain(loadCatalog(lang)['pricing.scheme.meeza'])
    const pay = await form(paid.paymentUrl!, { number: approved, expiry: '12/30', cvc: '123', name: 'Mona' })
    expect(pay.status).toBe(303)
    expect((await call(api, `/api/v1/checkout/sessions/${paid.id}`)).body).toMatchObject({
      status: 'paid',
      quote: { currency: 'EGP' },
    })

    const failed = await open()
    expect(
      (await form(failed.paymentUrl!, { number: declined, expiry: '12/30', cvc: '123', name: 'Mona' })).status,
    ).toBe(303)
    expect((await call(api, `/api/v1/checkout/sessions/${failed.id}`)).body).toMatchObject({ status: 'failed' })
    expect(textOf(summaryOf((await page(failed.paymentUrl!)).text) ?? '')).toContain(
      loadCatalog(lang)['sandbox.declined.insufficientFunds'],
    )
  })
})

describe('the page draws in the site’s own faces', () => {
  const require = createRequire(import.meta.url)
  test.each([
    ['ar', 'IBM Plex Sans Arabic', 4],
    ['en', 'Inter', 3],
  ] as const)(
    'in %s: its style declares %s from the sandbox, its policy allows it, and each file is served',
    async (lang, family, count) => {
      const session = await createSession(lang)
      const response = await fetch(`${api.url}${session.paymentUrl!}`)
      const html = await response.text()
      const style = /<style>(.*?)<\/style>/s.exec(html)![1]!
      expect(style).toContain(`font:16px/1.5 "${family}",`)
      // And the riyal sign's two, next in the stack, for U+20C1 alone.
      expect(style).toContain(`font:16px/1.5 "${family}", "${signFaces[0].family}",`)
      const urls = [...style.matchAll(/@font-face\{font-family:"([^"]+)";src:url\(([^)]+)\)/g)]
      expect(urls).toHaveLength(count + signFaces.length)
      expect(new Set(urls.map(([, f]) => f))).toEqual(new Set([family, signFaces[0].family]))
      expect(response.headers.get('Content-Security-Policy')).toContain("font-src 'self'")
      for (const [, , url] of urls) {
        const font = await fetch(`${api.url}${url}`)
        expect(font.status, url).toBe(200)
        expect(font.headers.get('Content-Type')).toBe('font/woff2')
        expect(font.headers.get('Cache-Control')).toBe('public, max-age=86400')
        const name = url!.split('/').pop()!
        const face =
          faces.find((f) => f.file.endsWith(`/${name}`)) ?? signFaces.find((f) => `${f.name}.woff2` === name)!
        expect(Buffer.from(await font.arrayBuffer()).equals(readFileSync(require.resolve(face.file)))).toBe(true)
      }
    },
  )

  test('any other name is not there: a problem, never a file of the server', async () => {
    for (const name of ['secret.woff2', '..%2F..%2Fpackage.json', 'inter-latin-400-normal.woff']) {
      const response = await fetch(`${api.url}/api/v1/sandbox/fonts/${name}`)
      expect(response.status, name).toBe(404)
      expect(response.headers.get('Content-Type')).toMatch(/^application\/problem\+json/)
    }
  })
})

describe('the icon: no request for /favicon.ico, which the policy would refuse', () => {
  /** The policy's directives by name, each with its sources. */
  const directives = (csp: string) =>
    new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter(([name]) => name)
        .map(([name, ...sources]) => [name!, sources]),
    )

  test.each(localeCodes)(
    'in %s: the payment page, the bank step and the unknown link name the empty data: icon, and only that image is allowed',
    async (lang) => {
      const session = await createSession(lang)
      const pay = await fetch(`${api.url}${session.paymentUrl!}`)
      const bank = await fetch(`${api.url}${session.paymentUrl!}`, {
        method: 'POST',
        body: new URLSearchParams({ number: cards.challenge, expiry: '12/30', cvc: '123', name: 'N' }),
        redirect: 'manual',
      })
      const unknown = await fetch(`${api.url}/api/v1/sandbox/pay/cs_abcdefgh12345678?lang=${lang}`)
      for (const [name, response, status] of [
        ['payment page', pay, 200],
        ['bank step', bank, 200],
        ['unknown link', unknown, 404],
      ] as const) {
        const html = await response.text()
        expect(response.status, name).toBe(status)
        const head = /<head>(.*?)<\/head>/s.exec(html)![1]!
        expect(head.match(/<link [^>]*>/g), name).toEqual(['<link rel="icon" href="data:,">'])
        const csp = directives(response.headers.get('Content-Security-Policy')!)
        expect(csp.get('default-src'), name).toEqual(["'none'"])
        expect(csp.get('img-src'), name).toEqual(['data:'])
        expect(html, name).not.toMatch(/<img|url\((?!\/api\/v1\/sandbox\/fonts\/)/)
      }
    },
  )
})
