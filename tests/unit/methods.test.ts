// Each method's facts (api/contract/methodFacts.ts) agree with the markets, the contract and the
// catalogs, and the guides say them: the test cards guide carries every market's test data for
// every method it sells (the data the sandbox plays, api/server/checkout/methods.ts), and each
// decline code of a flow has the guide's row, the hosted page's sentence and the checkout's words.
import { readFileSync } from 'node:fs'
import { createIntl } from '@formatjs/intl'
import { describe, expect, test } from 'vitest'
import { paymentMethods } from '../../api/contract/payments'
import {
  accountDigits,
  accountOutcome,
  referenceNumber,
  soldMethod,
  stepTokens,
} from '../../api/server/checkout/methods'
import { declineMessage } from '../../api/server/checkout/page'
import { fillFacts } from '../../build/guideFacts'
import { loadCatalog } from '../../locales/catalogs'
import { localeCodes } from '../../locales/locales'
import { allMethods, markets, methodsOf } from '../../api/contract/markets'
import { methodFacts } from '../../api/contract/methodFacts'

// Read as written: an Arabic page joins a short Latin name with no-break spaces and word joiners (locales/keepTogether.ts).
const guide = (locale: string, slug: string) =>
  fillFacts(readFileSync(new URL(`../../locales/guides/${locale}/${slug}.md`, import.meta.url), 'utf8'), locale as 'en')
    .replaceAll('\u00A0', ' ')
    .replaceAll('\u2060', '')

test('every method a market sells takes its currency; the contract names the same twelve methods', () => {
  for (const market of markets)
    for (const brand of methodsOf(market)) expect(methodFacts[brand].currencies, brand).toContain(market.currency)
  expect([...paymentMethods].sort()).toEqual([...allMethods].sort())
  expect(Object.keys(methodFacts).sort()).toEqual([...allMethods].sort())
})

test('an account flow has test numbers for exactly the markets that sell it, all different', () => {
  for (const brand of allMethods) {
    const flow = methodFacts[brand].sandbox
    if (flow.kind !== 'account') continue
    const selling = markets.filter((m) => methodsOf(m).includes(brand)).map((m) => m.code)
    expect(Object.keys(flow.accounts).sort(), brand).toEqual(selling.sort())
    const numbers = Object.values(flow.accounts).flatMap((a) => [a.approve, a.decline])
    expect(new Set(numbers).size, brand).toBe(numbers.length)
    for (const n of numbers) expect(accountDigits(n), brand).toBe(n)
  }
})

test('the sandbox reads numbers as the guide writes them, and only the market’s methods', () => {
  expect(accountOutcome('stcPay', 'sa', '050 000 0001')).toBe('approve')
  expect(accountOutcome('stcPay', 'sa', '٠٥٠٠٠٠٠٠٠٢')).toBe('decline')
  expect(accountOutcome('stcPay', 'sa', '0500000003')).toBeUndefined()
  expect(accountOutcome('tabby', 'eg', '+966500000001')).toBeUndefined()
  expect(soldMethod('eg', 'fawry')).toBe('fawry')
  expect(soldMethod('sa', 'fawry')).toBeUndefined()
  expect(soldMethod('sa', 'toString')).toBeUndefined()
  expect(referenceNumber('s', 'cs_1')).toMatch(/^\d{9}$/)
  expect(referenceNumber('s', 'cs_1')).toBe(referenceNumber('s', 'cs_1'))
  const tokens = stepTokens('secret')
  const token = tokens.make('cs_a', 'tabby', 'decline', 1000)
  expect(tokens.read('cs_a', token, 999)).toEqual({ method: 'tabby', outcome: 'decline', expired: false })
  expect(tokens.read('cs_a', token, 1001)).toMatchObject({ expired: true })
  expect(tokens.read('cs_b', token, 999)).toBeUndefined()
  expect(tokens.read('cs_a', token.replace('decline', 'approve'), 999)).toBeUndefined()
  expect(stepTokens('other').read('cs_a', token, 999)).toBeUndefined()
  // A name the methods' table has only from its prototype is no method, even signed.
  for (const name of ['constructor', 'toString', '__proto__'])
    expect(tokens.read('cs_a', tokens.make('cs_a', name as 'tabby', 'approve', 1000), 999), name).toBeUndefined()
})

describe.each(localeCodes)('the guides in %s', (locale) => {
  const catalog = loadCatalog(locale)
  const intl = createIntl({ locale, messages: catalog as Record<string, never> })

  test('the test cards guide gives each market’s test data for each method it sells, and the page’s own labels', () => {
    const rows = guide(locale, 'testing/test-cards')
      .split('\n')
      .filter((line) => line.startsWith('| '))
    for (const market of markets)
      for (const brand of methodsOf(market)) {
        const row = rows.find((r) =>
          r.startsWith(`| ${catalog[`pricing.market.${market.code}`]} | ${catalog[`method.${brand}`]} |`),
        )
        expect(row, `${market.code} ${brand}`).toBeDefined()
        const flow = methodFacts[brand].sandbox
        if (flow.kind === 'account') {
          const account = flow.accounts[market.code]!
          for (const data of [account.approve, account.decline, flow.code, flow.failureCode])
            expect(row, `${market.code} ${brand}`).toContain(`\`${data}\``)
        }
        if (flow.kind === 'sheet')
          for (const id of ['sandbox.sheet.approve', 'sandbox.sheet.decline'])
            expect(row).toMatch(new RegExp(`\\*\\*«?${catalog[id]}»?\\*\\*`))
        if (flow.kind === 'reference')
          for (const id of ['sandbox.reference.get', 'sandbox.reference.paid', 'sandbox.reference.expired'])
            expect(row).toMatch(new RegExp(`\\*\\*«?${catalog[id]}»?\\*\\*`))
        if (flow.kind !== 'card') expect(row).toContain(`\`${flow.failureCode}\``)
      }
  })

  test('each flow’s decline code: a row of the guide’s codes, a sentence on the page, words on the checkout', () => {
    const codes = new Set(
      allMethods.flatMap((b) =>
        methodFacts[b].sandbox.kind === 'card' ? [] : [(methodFacts[b].sandbox as { failureCode: string }).failureCode],
      ),
    )
    const text = guide(locale, 'testing/test-cards')
    for (const code of codes) {
      expect(text, code).toMatch(new RegExp(`^\\| \`${code}\` \\|`, 'm'))
      expect(declineMessage(code), code).not.toBe('sandbox.declined.other')
      const other = intl.formatMessage({ id: 'checkout.return.failed' }, { reason: 'something_else' })
      expect(intl.formatMessage({ id: 'checkout.return.failed' }, { reason: code }), code).not.toBe(other)
    }
  })

  test('refunds, capture and currency: every method, from the facts', () => {
    const refunds = guide(locale, 'payments/refunds')
    for (const brand of allMethods) expect(refunds).toMatch(new RegExp(`^\\| ${catalog[`method.${brand}`]} \\|`, 'm'))
    const accept = guide(locale, 'payments/accept-a-payment')
    for (const brand of ['meeza', 'fawry', 'tamara', 'googlePay', 'instapay'] as const)
      expect(accept, brand).toContain(catalog[`method.${brand}`])
    expect(accept).not.toContain('{{')
  })
})
