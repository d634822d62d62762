// The sandbox hosted page's words (api/server/checkout/page.ts) are the `sandbox.*` messages of each
// locale's catalog, filled by the page without an ICU formatter: each must be plain text and
// `{arguments}` only, spelt so that ICU would print it the same (no plural, select or '' quoting).
import { parse, TYPE } from '@formatjs/icu-messageformat-parser'
import { describe, expect, test } from 'vitest'
import { testCards } from '../../api/server/checkout/cards'
import { declineMessage, payPage } from '../../api/server/checkout/page'
import { priceCart } from '../../api/contract/pricing'
import { loadCatalog } from '../../locales/catalogs'
import { dirOf, localeCodes } from '../../locales/locales'
import { catalogue } from '../../api/contract/catalogue'
import { site } from '../../site.config'

describe.each(localeCodes)('the sandbox page in %s', (locale) => {
  const catalog = loadCatalog(locale)
  const ids = Object.keys(catalog).filter((id) => id.startsWith('sandbox.'))

  test('its messages are plain text and {arguments}', () => {
    expect(ids.length).toBeGreaterThan(25)
    for (const id of ids) {
      const asIcuReadsIt = parse(catalog[id]!)
        .map((el) => (el.type === TYPE.literal ? el.value : el.type === TYPE.argument ? `{${el.value}}` : '\u0000'))
        .join('')
      expect(asIcuReadsIt, id).toBe(catalog[id])
    }
  })

  test('the page speaks them, with the table’s dir and the brand’s name in the language', async () => {
    const quote = priceCart(
      { market: 'sa', billing: 'yearly', items: [{ sku: 'plan.growth', quantity: 1 }] },
      catalogue,
    )
    const { html } = await payPage({
      lang: locale,
      quote,
      action: '/pay',
      cancelAction: '/cancel',
      now: 0,
      closesAt: 30 * 60_000,
    })
    expect(html).toContain(`<html lang="${locale}" dir="${dirOf(locale)}">`)
    const title = catalog['sandbox.title']!.replace('{merchant}', site.name[locale])
    expect(html).toContain(`<h1>${title}</h1>`)
    // The time left, in the language's own plural (Intl's units): 30 minutes from the page's making.
    expect(html).toContain(
      new Intl.NumberFormat(`${locale}-u-nu-latn`, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(30),
    )
    for (const id of ['sandbox.note', 'sandbox.order.title', 'sandbox.order.yearly', 'checkout.sku.planGrowth'])
      expect(html, id).toContain(catalog[id]!)
  })
})

test('every decline code of the test cards has its own sentence; an unknown code reads as other', () => {
  const codes = new Set(
    Object.values(testCards).flatMap((card) => (card.outcome.kind === 'decline' ? [card.outcome.failureCode] : [])),
  )
  // processing_error is the guide's "something went wrong": the catch-all's words.
  for (const code of codes)
    expect(declineMessage(code), code).toMatch(code === 'processing_error' ? /other$/ : /^sandbox\.declined\.(?!other)/)
  expect(declineMessage('__proto__')).toBe('sandbox.declined.other')
  expect(declineMessage('something_new')).toBe('sandbox.declined.other')
})
