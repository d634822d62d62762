// The pay step's rules (pages/checkout/payment.ts): where the browser may be sent to pay, the key of
// a cart, and how long the return page waits for the true status.
import { describe, expect, test } from 'vitest'
import { fingerprint as cartFingerprint } from '../../api/client/idempotency'
import { allowedPaymentUrl, pollDelays } from '../../pages/checkout/payment'

const here = new URL('https://www.rasid.example/ar/checkout')
const hosts = ['pay.rasid.example', 'checkout.moyasar.com']

describe('allowedPaymentUrl', () => {
  test.each([
    ['https://pay.rasid.example/s/cs_1', 'https://pay.rasid.example/s/cs_1'],
    ['https://checkout.moyasar.com/invoices/1?lang=ar', 'https://checkout.moyasar.com/invoices/1?lang=ar'],
    // The site's own origin: the reference server's sandbox page behind /api/*.
    ['/api/v1/sandbox/pay/cs_1', 'https://www.rasid.example/api/v1/sandbox/pay/cs_1'],
  ])('%s goes', (raw, href) => {
    expect(allowedPaymentUrl(raw, here, hosts)?.href).toBe(href)
  })
  test.each([
    undefined,
    '',
    'http://pay.rasid.example/s/cs_1',
    'https://evil.example/s/cs_1',
    'https://pay.rasid.example.evil.example/',
    'https://evilpay.rasid.example/',
    'https://user:pass@pay.rasid.example/',
    'javascript:alert(1)',
    'data:text/html,x',
    '//evil.example/x',
  ])('%j is refused', (raw) => {
    expect(allowedPaymentUrl(raw, here, hosts)).toBeNull()
  })
  test('loopback over http only in development, and only when listed', () => {
    const local = new URL('http://127.0.0.1:4173/checkout')
    expect(allowedPaymentUrl('http://127.0.0.1:9999/pay', local, ['127.0.0.1'])?.port).toBe('9999')
    expect(allowedPaymentUrl('http://127.0.0.1:9999/pay', local, [])).toBeNull()
    expect(allowedPaymentUrl('http://10.0.0.1/pay', local, ['10.0.0.1'])).toBeNull()
  })
})

test('one fingerprint per cart, whatever else changes', () => {
  const cart = { market: 'sa', billing: 'monthly', items: [{ sku: 'plan.growth', quantity: 1 }] } as const
  const a = cartFingerprint({ ...cart, items: [...cart.items] })
  expect(cartFingerprint({ ...cart, items: [...cart.items] })).toBe(a)
  expect(cartFingerprint({ ...cart, billing: 'yearly', items: [...cart.items] })).not.toBe(a)
  expect(cartFingerprint({ ...cart, discountCode: 'WELCOME10', items: [...cart.items] })).not.toBe(a)
})

test('the return page asks with back-off for about a minute', () => {
  const delays = pollDelays()
  expect(delays[0]).toBe(1000)
  expect(Math.max(...delays)).toBe(8000)
  const total = delays.reduce((a, b) => a + b, 0)
  expect(total).toBeLessThanOrEqual(60_000)
  expect(total).toBeGreaterThan(50_000)
})
