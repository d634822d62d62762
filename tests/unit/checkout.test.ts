// Checkout's pure parts (api/server/checkout/): the session's state rules, the test cards against
// the guide that lists them, the webhook signature, the discount codes setting and the page's escaping.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { priceCart, sessionStatuses } from '../../api/contract/cart'
import { cardDigits, luhn, testCard, testCards } from '../../api/server/checkout/cards'
import { escapeHtml, formatMoney, payPage } from '../../api/server/checkout/page'
import { applyEvent, effectiveStatus, type SessionEvent, sessionView } from '../../api/server/checkout/state'
import {
  ConfigError,
  configFromEnv,
  defaultConfig,
  publishedSecrets,
  sandboxWebhookSecret,
  startWarnings,
  unsafeSettings,
  webhookFromEnv,
} from '../../api/server/config'
import { signature, verifySignature } from '../../api/server/signature'
import type { SessionRecord } from '../../api/server/store/port'
import { catalogue } from '../../api/contract/catalogue'

const created = Date.parse('2026-11-01T10:00:00.000Z')
const session = (status: SessionRecord['status'], extra: Partial<SessionRecord> = {}): SessionRecord => ({
  id: 'cs_unittest0001',
  status,
  quote: priceCart({ market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] }, catalogue),
  locale: 'en',
  createdAt: new Date(created).toISOString(),
  expiresAt: new Date(created + 30 * 60 * 1000).toISOString(),
  updatedAt: new Date(created).toISOString(),
  ...extra,
})
const soon = created + 60 * 1000
const late = created + 31 * 60 * 1000
const paid: SessionEvent = { type: 'payment.paid', reference: 'pay_1' }
const failed: SessionEvent = { type: 'payment.failed', failureCode: 'do_not_honor' }
const cancelled: SessionEvent = { type: 'payment.cancelled' }

describe('session state', () => {
  test('an open session past its expiry reads as expired; no other status does', () => {
    expect(effectiveStatus(session('open'), soon)).toBe('open')
    expect(effectiveStatus(session('open'), late)).toBe('expired')
    expect(effectiveStatus(session('failed'), late)).toBe('failed')
    expect(effectiveStatus(session('paid'), late)).toBe('paid')
  })

  test.each([
    ['open', paid, 'paid'],
    ['open', failed, 'failed'],
    ['open', cancelled, 'cancelled'],
    ['processing', paid, 'paid'],
    ['processing', failed, 'failed'],
    ['failed', paid, 'paid'],
    ['failed', cancelled, 'cancelled'],
    ['cancelled', paid, 'paid'],
    ['paid', failed, undefined],
    ['paid', cancelled, undefined],
    ['paid', paid, undefined],
    ['cancelled', failed, undefined],
    ['open', { type: 'payment.processing' }, 'processing'],
    ['failed', { type: 'payment.processing' }, 'processing'],
    ['paid', { type: 'payment.processing' }, undefined],
  ] as const)('%s + %o -> %s', (from, event, to) => {
    expect(applyEvent(session(from), event, soon)?.status).toBe(to)
  })

  test('every event leaves every status defined: paid is the only status nothing moves', () => {
    const stored = sessionStatuses.filter((s) => s !== 'expired')
    const events: SessionEvent[] = [paid, failed, cancelled, { type: 'payment.processing' }]
    for (const status of stored) {
      const moves = events.filter((event) => applyEvent(session(status), event, soon) !== undefined)
      if (status === 'paid') expect(moves).toEqual([])
      else expect(moves.length).toBeGreaterThan(0)
    }
  })

  test('an expired session takes a late payment, but no decline or cancel', () => {
    expect(applyEvent(session('open'), paid, late)?.status).toBe('paid')
    expect(applyEvent(session('open'), failed, late)).toBeUndefined()
    expect(applyEvent(session('open'), cancelled, late)).toBeUndefined()
  })

  test('paid keeps the reference and drops a failure code; a repeated decline with the same code is no change', () => {
    const next = applyEvent(session('failed', { failureCode: 'do_not_honor' }), paid, soon)
    expect(next).toMatchObject({ status: 'paid', reference: 'pay_1' })
    expect(next?.failureCode).toBeUndefined()
    expect(applyEvent(session('failed', { failureCode: 'do_not_honor' }), failed, soon)).toBeUndefined()
    expect(applyEvent(session('failed', { failureCode: 'expired_card' }), failed, soon)?.failureCode).toBe(
      'do_not_honor',
    )
  })

  test('the view carries paymentUrl only while it can be paid', () => {
    const withPage = (status: SessionRecord['status'], extra: Partial<SessionRecord> = {}) =>
      session(status, { paymentUrl: '/pay', ...extra })
    expect(sessionView(withPage('open'), soon).paymentUrl).toBe('/pay')
    expect(sessionView(withPage('failed', { failureCode: 'x' }), soon)).toMatchObject({
      paymentUrl: '/pay',
      failureCode: 'x',
    })
    expect(sessionView(withPage('open'), late).paymentUrl).toBeUndefined()
    expect(sessionView(withPage('paid', { reference: 'pay_1' }), soon)).toMatchObject({ reference: 'pay_1' })
    expect(sessionView(withPage('paid'), soon).paymentUrl).toBeUndefined()
  })
})

describe('test cards', () => {
  test('the sandbox knows exactly the cards of the test cards guide, with their outcomes', () => {
    const guide = readFileSync(new URL('../../locales/guides/en/testing/test-cards.md', import.meta.url), 'utf8')
    const rows = [...guide.matchAll(/^\| `([\d ]{19})` \| ([^|]+) \| ([^|]+) \|$/gm)]
    const fromGuide = Object.fromEntries(
      rows.map(([, number, , result]) => [number!.replace(/ /g, ''), result!.trim()]),
    )
    expect(Object.keys(testCards).sort()).toEqual(Object.keys(fromGuide).sort())
    for (const [number, { outcome }] of Object.entries(testCards)) {
      const result = fromGuide[number]!
      if (outcome.kind === 'success') expect(result).toBe('Succeeds, no challenge')
      if (outcome.kind === 'challenge') expect(result).toMatch(/^3-D Secure challenge/)
      if (outcome.kind === 'decline') expect(result).toContain(`\`${outcome.failureCode}\``)
      expect(luhn(number)).toBe(true)
    }
  })

  test('a number is read with spaces, dashes and Arabic-Indic digits; others are invalid or not test cards', () => {
    expect(cardDigits('٤٠٠٠ ٥٥٠٠-1284 7360')).toBe('4000550012847360')
    expect(testCard('4000-5500-1284-7360')).toMatchObject({ brand: 'visa', outcome: { kind: 'success' } })
    expect(testCard('4111 1111 1111 1111')).toBe('notTest')
    expect(testCard('4111 1111 1111 1112')).toBe('invalid')
    expect(testCard('abc')).toBe('invalid')
  })
})

describe('Rasid-Signature', () => {
  const body = '{"id":"evt_1"}'
  const now = 1_800_000_000
  test('verifies its own signature; refuses a changed body, another key, a malformed header', () => {
    expect(verifySignature('k', signature('k', body, now), body, now)).toBe('ok')
    expect(verifySignature('k', signature('k', body, now), `${body} `, now)).toBe('invalid')
    expect(verifySignature('k', signature('other', body, now), body, now)).toBe('invalid')
    expect(verifySignature('k', undefined, body, now)).toBe('invalid')
    expect(verifySignature('k', 'v1=abc', body, now)).toBe('invalid')
  })
  test('several v1 (a key rotation) pass when one matches; over 5 minutes off is expired', () => {
    const good = signature('k', body, now)
    expect(verifySignature('k', `${good},v1=${'0'.repeat(64)}`, body, now)).toBe('ok')
    expect(verifySignature('k', good, body, now + 301)).toBe('expired')
    expect(verifySignature('k', good, body, now + 299)).toBe('ok')
  })
})

describe('checkout settings', () => {
  const sandbox = { PAYMENT_PROVIDER: 'sandbox' }
  const secret = 'a-random-secret-of-at-least-32-bytes'
  const moyasar = {
    PAYMENT_PROVIDER: 'moyasar',
    MOYASAR_SECRET_KEY: 'sk_live_123',
    MOYASAR_WEBHOOK_TOKEN: secret,
    SITE_ORIGIN: 'https://www.rasid.example',
  }
  test('the local sandbox, asked for by name: WELCOME10, its public key (with a warning), a same-origin page', () => {
    const config = configFromEnv(sandbox)
    expect(config.environment).toBe('local')
    expect(config.checkout.discountCodes).toEqual({ WELCOME10: 1000 })
    expect(config.checkout.webhookSecret).toBe(sandboxWebhookSecret)
    expect(config.checkout.paymentPageOrigin).toBeUndefined()
    expect(startWarnings(config).map((w) => w.setting)).toEqual(['PAYMENT_WEBHOOK_SECRET'])
    expect(startWarnings(configFromEnv({ ...sandbox, PAYMENT_WEBHOOK_SECRET: secret }))).toEqual([])
  })
  test('nothing is the sandbox by omission: no provider, no start, anywhere', () => {
    for (const env of [{}, { RASID_ENV: 'staging' }, { NODE_ENV: 'production' }])
      expect(() => configFromEnv(env)).toThrow(/PAYMENT_PROVIDER: .*not set/)
    expect(() => configFromEnv({}, { runtime: 'lambda' })).toThrow(/PAYMENT_PROVIDER/)
  })
  test('on Node, production unless told otherwise: only the sandbox asked for by name is local', () => {
    // The review's start: a real provider behind a proxy, RASID_ENV and NODE_ENV forgotten.
    const forgotten = {
      PAYMENT_PROVIDER: 'moyasar',
      MOYASAR_SECRET_KEY: 'sk_test_abc',
      MOYASAR_WEBHOOK_TOKEN: 'x',
      SITE_ORIGIN: 'https://www.rasid.example',
      LEAD_WEBHOOK_URL: 'http://crm.example/hook',
      TRUST_PROXY: 'xff:1',
    }
    let error: unknown
    try {
      configFromEnv(forgotten)
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).refusals.map((r) => r.setting)).toEqual([
      'LEAD_WEBHOOK_URL',
      'LEAD_WEBHOOK_SECRET',
      'MOYASAR_SECRET_KEY',
      'MOYASAR_WEBHOOK_TOKEN',
    ])
    expect((error as ConfigError).message).toMatch(/sk_test_.*production needs sk_live_[\s\S]*مفتاح اختبار/)
    // Whatever NODE_ENV says short of production, a test key needs RASID_ENV=local, said.
    for (const NODE_ENV of [undefined, 'development', 'test'])
      expect(() => configFromEnv({ ...moyasar, MOYASAR_SECRET_KEY: 'sk_test_123', NODE_ENV })).toThrow(
        /MOYASAR_SECRET_KEY: is a test key/,
      )
    expect(configFromEnv({ ...moyasar, MOYASAR_SECRET_KEY: 'sk_test_123', RASID_ENV: 'local' }).environment).toBe(
      'local',
    )
    expect(configFromEnv(moyasar).environment).toBe('production')
    // The README's command still starts, on this machine only.
    expect(configFromEnv({ PAYMENT_PROVIDER: 'sandbox', NODE_ENV: 'development' }).environment).toBe('local')
    // Forwarding alone (`npm run api -- forward`) follows the same rule.
    expect(() => webhookFromEnv({ LEAD_WEBHOOK_URL: 'https://crm.example/in' })).toThrow(
      /LEAD_WEBHOOK_SECRET: is required in production/,
    )
    // A bare start is still told how to run the sandbox.
    expect(() => configFromEnv({})).toThrow(/PAYMENT_PROVIDER: is not set: moyasar, or sandbox/)
  })
  test('production: on Lambda by default, with a real provider, a live key and no discount code unless set', () => {
    const config = configFromEnv(moyasar, { runtime: 'lambda' })
    expect(config.environment).toBe('production')
    expect(config.checkout.discountCodes).toEqual({})
    expect(config.checkout.webhookSecret).toBe('')
    expect(configFromEnv({ ...moyasar, AWS_LAMBDA_FUNCTION_NAME: 'rasid-api' }).environment).toBe('production')
    expect(configFromEnv({ ...moyasar, DISCOUNT_CODES: 'spring:2500' }).checkout.discountCodes).toEqual({
      SPRING: 2500,
    })
  })
  test('every setting at fault is named at once, in English and Arabic', () => {
    let error: unknown
    try {
      configFromEnv({ PAYMENT_PROVIDER: 'moyasar', TRUST_PROXY: 'all' }, { runtime: 'lambda' })
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(ConfigError)
    const { refusals } = error as ConfigError
    expect(refusals.map((r) => r.setting)).toEqual([
      'TRUST_PROXY',
      'MOYASAR_SECRET_KEY',
      'MOYASAR_WEBHOOK_TOKEN',
      'SITE_ORIGIN',
    ])
    for (const { en, ar } of refusals) {
      expect(en).toMatch(/^[\x20-\x7E’…]+$/)
      expect(ar).toMatch(/[\u0600-\u06FF]/)
    }
  })
  test('a config made in code passes the same gate: no production app on the sandbox', () => {
    expect(unsafeSettings({ ...defaultConfig, environment: 'production' }).map((r) => r.setting)).toEqual([
      'PAYMENT_PROVIDER',
      'PAYMENT_WEBHOOK_SECRET',
    ])
    expect(unsafeSettings(defaultConfig)).toEqual([])
    // An empty key would let an empty signature or token through.
    const empty = { ...defaultConfig, checkout: { ...defaultConfig.checkout, webhookSecret: '' } }
    expect(unsafeSettings(empty).map((r) => r.setting)).toEqual(['PAYMENT_WEBHOOK_SECRET'])
    const provider = {
      kind: 'moyasar' as const,
      secretKey: 'sk_live_1',
      webhookToken: '',
      siteOrigin: 'https://x.example',
    }
    expect(
      unsafeSettings({ ...defaultConfig, checkout: { ...defaultConfig.checkout, provider } }).map((r) => r.setting),
    ).toEqual(['MOYASAR_WEBHOOK_TOKEN'])
  })
  test('DISCOUNT_CODES, PAYMENT_WEBHOOK_SECRET, PAYMENT_PAGE_ORIGIN, SITE_ORIGIN, SANDBOX_WEBHOOK_DELAY_MS', () => {
    const { checkout } = configFromEnv({
      ...sandbox,
      DISCOUNT_CODES: 'spring:2500, VIP-1:9999',
      PAYMENT_WEBHOOK_SECRET: 'whsec_live',
      PAYMENT_PAGE_ORIGIN: 'https://pay.example.com',
      SITE_ORIGIN: 'https://www.rasid.example',
      SANDBOX_WEBHOOK_DELAY_MS: '500',
    })
    expect(checkout).toMatchObject({
      discountCodes: { SPRING: 2500, 'VIP-1': 9999 },
      webhookSecret: 'whsec_live',
      paymentPageOrigin: 'https://pay.example.com',
      siteOrigin: 'https://www.rasid.example',
      sandboxWebhookDelayMs: 500,
    })
    expect(configFromEnv({ ...sandbox, TRUST_PROXY: 'xff:2' }).trustProxy).toEqual({ kind: 'xff', hops: 2 })
  })
  test.each([
    [{ DISCOUNT_CODES: 'SPRING' }, /DISCOUNT_CODES/],
    [{ DISCOUNT_CODES: 'SPRING:0' }, /DISCOUNT_CODES/],
    [{ DISCOUNT_CODES: 'SPRING:20000' }, /DISCOUNT_CODES/],
    // 100 % off: any cart paid at once with no provider, in both languages.
    [
      { DISCOUNT_CODES: 'SPRING:2500,FREE:10000' },
      /DISCOUNT_CODES: FREE:10000 takes 100% off[\s\S]*DISCOUNT_CODES: الرمز FREE:10000 يخصم 100%/,
    ],
    [{ PAYMENT_PAGE_ORIGIN: 'https://pay.example.com/path' }, /PAYMENT_PAGE_ORIGIN/],
    [{ PAYMENT_PAGE_ORIGIN: 'https://pay.example.com' }, /SITE_ORIGIN: is not set, but PAYMENT_PAGE_ORIGIN is/],
    [{ SANDBOX_WEBHOOK_DELAY_MS: 'soon' }, /SANDBOX_WEBHOOK_DELAY_MS/],
    [{ PAYMENT_WEBHOOK_SECRET: ' spaced ' }, /PAYMENT_WEBHOOK_SECRET/],
    [{ TRUST_PROXY: 'xff:0' }, /TRUST_PROXY/],
    [{ NODE_ENV: 'Production' }, /PAYMENT_PROVIDER: is sandbox, which production refuses/],
    [{ NODE_ENV: 'prod' }, /PAYMENT_PROVIDER: is sandbox, which production refuses/],
    [{ NODE_ENV: 'production', RASID_ENV: 'local' }, /RASID_ENV: is local, but NODE_ENV says production/],
    [{ RASID_ENV: 'staging' }, /PAYMENT_WEBHOOK_SECRET: is not set/],
    [{ RASID_ENV: 'staging', PAYMENT_WEBHOOK_SECRET: 'short' }, /PAYMENT_WEBHOOK_SECRET: is shorter than 32 bytes/],
    [{ RASID_ENV: 'staging', PAYMENT_WEBHOOK_SECRET: sandboxWebhookSecret }, /sandbox's public key/],
    [
      { RASID_ENV: 'production', PAYMENT_WEBHOOK_SECRET: secret },
      /PAYMENT_PROVIDER: is sandbox, which production refuses/,
    ],
  ])('%o with the sandbox is refused', (env, message) => {
    expect(() => configFromEnv({ ...sandbox, ...env })).toThrow(message)
  })
  test.each([
    [{ MOYASAR_SECRET_KEY: 'sk_test_123' }, /sk_test_.*production needs sk_live_/],
    [{ MOYASAR_SECRET_KEY: 'pk_live_123' }, /MOYASAR_SECRET_KEY: is not a secret key/],
    [{ MOYASAR_WEBHOOK_TOKEN: sandboxWebhookSecret }, /MOYASAR_WEBHOOK_TOKEN: is the sandbox's public key/],
    [{ SITE_ORIGIN: 'http://www.rasid.example' }, /SITE_ORIGIN: is http:\/\/www.rasid.example, but/],
    [{ RASID_ENV: 'local' }, /RASID_ENV: local is refused on Lambda/],
    [
      { LEAD_WEBHOOK_URL: 'http://crm.example/in', LEAD_WEBHOOK_SECRET: secret },
      /LEAD_WEBHOOK_URL: must be an https: URL/,
    ],
    [{ LEAD_WEBHOOK_URL: 'https://crm.example/in' }, /LEAD_WEBHOOK_SECRET: is required in production/],
    // As strong as the other deployment secrets.
    [
      { LEAD_WEBHOOK_URL: 'https://crm.example/in', LEAD_WEBHOOK_SECRET: 'x' },
      /LEAD_WEBHOOK_SECRET: is shorter than 32 bytes/,
    ],
    [
      { LEAD_WEBHOOK_URL: 'https://crm.example/in', LEAD_WEBHOOK_SECRET: sandboxWebhookSecret },
      /LEAD_WEBHOOK_SECRET: is the sandbox's public key/,
    ],
    [
      { LEAD_WEBHOOK_URL: 'https://crm.example/in', LEAD_WEBHOOK_SECRET: publishedSecrets[0]! },
      /LEAD_WEBHOOK_SECRET: is a sample published in the guides/,
    ],
  ])('%o on Lambda is refused', (env, message) => {
    expect(() => configFromEnv({ ...moyasar, ...env }, { runtime: 'lambda' })).toThrow(message)
  })

  test('every sample secret a guide prints is refused as a deployment secret', () => {
    const printed = new Set<string>()
    for (const file of readdirSync('locales/guides', { recursive: true, encoding: 'utf8' }))
      if (file.endsWith('.md'))
        for (const [found] of readFileSync(join('locales/guides', file), 'utf8').matchAll(/\bwhsec_[A-Za-z0-9_]+/g))
          printed.add(found)
    expect(printed.size).toBeGreaterThan(0)
    expect([...printed].filter((found) => !publishedSecrets.includes(found))).toEqual([])
    // Refused whatever its length: a 32-byte sample is still public.
    expect(() =>
      configFromEnv(
        { ...moyasar, LEAD_WEBHOOK_URL: 'https://crm.example/in', LEAD_WEBHOOK_SECRET: publishedSecrets[0]! },
        { runtime: 'lambda' },
      ),
    ).toThrow(/LEAD_WEBHOOK_SECRET: is a sample published in the guides[\s\S]*هو مثال منشور في الأدلة/)
  })
})

describe('the hosted page', () => {
  test('escapes every value and formats money with Latin digits', async () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
    expect(formatMoney(41090, 'SAR', 'ar')).not.toMatch(/[\u0660-\u0669]/)
    expect(formatMoney(41090, 'SAR', 'ar')).toContain('410.90')
    const quote = priceCart(
      { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }], discountCode: '<b>x</b>' },
      catalogue,
      { code: '<b>x</b>', bp: 1000 },
    )
    const { html, csp } = await payPage({
      lang: 'en',
      quote,
      action: '/pay?a=1&b=2',
      cancelAction: '/cancel',
      now: 0,
      closesAt: 30 * 60_000,
    })
    expect(html).not.toContain('<b>x</b>')
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;')
    expect(html).toContain('action="/pay?a=1&amp;b=2"')
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).not.toContain('script-src')
  })
})
