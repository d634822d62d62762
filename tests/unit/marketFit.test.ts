// The market's own details: each market's sales
// volume bands, urgent line and WhatsApp numbers are facts of api/contract/markets.ts; the API takes every
// band the form offers in every market, and every band it took before; and the status document has
// a component for each method the review names, not measured unless a check measures it.
import * as v from 'valibot'
import { describe, expect, test } from 'vitest'
import { consentVersions } from '../../api/contract/consentVersions'
import { riyalSign } from '../../api/contract/currencySign'
import { bandAmount } from '../../pages/contact-us/bandAmount'
import { volumeBandIds, volumeBands } from '../../api/contract/fields'
import { fieldErrors, SalesRequest } from '../../api/contract/schemas'
import { componentKeys, parseStatus, type StatusDocument } from '../../api/contract/status'
import { emptyDocument, openIncident, recordProbe, settle } from '../../api/status/doc'
import { statusSummary } from '../../api/status/summary'
import ar from '../../locales/ar.json'
import en from '../../locales/en.json'
import { intlLocale } from '../../locales/intlLocale'
import { allMethods, markets, methodsOf, otherCountry } from '../../api/contract/markets'
import { whatsAppUrl } from '../../site.config'

const lead = {
  name: 'Mona Adel',
  email: 'mona@example.com',
  company: 'Adel Foods',
  market: 'eg',
  volume: 'egp-10m-50m',
  message: 'We sell groceries online in Cairo.',
  consent: true,
  consentVersion: consentVersions[0],
}
const errorsOf = (body: object) => {
  const parsed = v.safeParse(SalesRequest, body)
  return parsed.success ? {} : fieldErrors(parsed.issues)
}
const byCode = (code: string) => markets.find((m) => m.code === code)!

describe('the sales form’s volume bands follow the market', () => {
  test('each market states four rising edges in its own currency; another country’s are US dollars', () => {
    expect(markets.map((m) => m.code)).toEqual(['sa', 'ae', 'eg'])
    for (const { volumeBands: edges } of [...markets, otherCountry]) {
      expect(edges).toHaveLength(4)
      for (let i = 1; i < edges.length; i++) expect(edges[i]).toBeGreaterThan(edges[i - 1]!)
      // Round figures: a multiple of 50,000.
      for (const edge of edges) expect(edge % 50_000).toBe(0)
    }
    expect(volumeBandIds(byCode('sa').currency, byCode('sa').volumeBands)).toEqual([
      'sar-under-200k',
      'sar-200k-1m',
      'sar-1m-5m',
      'sar-5m-20m',
      'sar-over-20m',
    ])
    expect(volumeBandIds(byCode('ae').currency, byCode('ae').volumeBands)[0]).toBe('aed-under-200k')
    expect(volumeBandIds(byCode('eg').currency, byCode('eg').volumeBands)).toEqual([
      'egp-under-2500k',
      'egp-2500k-10m',
      'egp-10m-50m',
      'egp-50m-250m',
      'egp-over-250m',
    ])
    expect(volumeBandIds(otherCountry.currency, otherCountry.volumeBands)).toEqual([
      'usd-under-50k',
      'usd-50k-250k',
      'usd-250k-1m',
      'usd-1m-5m',
      'usd-over-5m',
    ])
  })

  test('the API takes every band the form offers, in each market and for another country', () => {
    for (const [market, { currency, volumeBands: edges }] of [
      ...markets.map((m) => [m.code, m] as const),
      ['other', otherCountry] as const,
    ])
      for (const volume of volumeBandIds(currency, edges)) {
        expect(volumeBands, volume).toContain(volume)
        expect(errorsOf({ ...lead, market, volume }), volume).toEqual({})
      }
  })

  test('the US-dollar bands the form sent before are still taken; an unknown band is refused with the field’s message', () => {
    for (const volume of ['under-50k', '50k-250k', '250k-1m', '1m-5m', 'over-5m'])
      expect(errorsOf({ ...lead, market: 'sa', volume }), volume).toEqual({})
    expect(errorsOf({ ...lead, volume: 'egp-1m-2m' })).toEqual({ volume: 'contact.error.volume.required' })
    expect(errorsOf({ ...lead, volume: 'jpy-under-1m' })).toEqual({ volume: 'contact.error.volume.required' })
  })

  test('the bands’ words take the amounts as arguments, in both languages', () => {
    for (const catalog of [en, ar] as Record<string, string>[]) {
      expect(catalog['contact.volume.under']).toContain('{amount}')
      expect(catalog['contact.volume.over']).toContain('{amount}')
      expect(catalog['contact.volume.between']).toMatch(/\{lower\}.*\{upper\}/)
      expect(catalog['contact.hint.volume']).not.toMatch(/^Roughly, in US dollars|^تقريبًا، بالدولار/)
      // No band written out any more.
      expect(Object.keys(catalog).filter((id) => /^contact\.volume\.(under50k|upTo|over5m)/.test(id))).toEqual([])
    }
  })

  // An option is text only, so the currency by its name (the riyal too, never its
  // sign nor SAR), whole figures under a million and round millions in words, «مليون» alone for one.
  test('the options write the currency by name and millions in words, in both languages', () => {
    const ar = intlLocale('ar')
    const en = intlLocale('en')
    expect(bandAmount(ar, 'USD', 50_000)).toBe('50,000 دولار أمريكي')
    expect(bandAmount(ar, 'USD', 1_000_000)).toBe('مليون دولار أمريكي')
    expect(bandAmount(ar, 'USD', 1_000_000, true)).toBe('مليون')
    expect(bandAmount(ar, 'USD', 5_000_000)).toBe('5 ملايين دولار أمريكي')
    expect(bandAmount(ar, 'SAR', 200_000)).toBe('200,000 ريال سعودي')
    expect(bandAmount(ar, 'SAR', 20_000_000)).toBe('20 مليون ريال سعودي')
    expect(bandAmount(ar, 'AED', 5_000_000)).toBe('5 ملايين درهم إماراتي')
    expect(bandAmount(ar, 'EGP', 2_500_000)).toBe('2.5 مليون جنيه مصري')
    expect(bandAmount(ar, 'EGP', 250_000_000)).toBe('250 مليون جنيه مصري')
    expect(bandAmount(en, 'USD', 50_000)).toBe('50,000 US dollars')
    expect(bandAmount(en, 'USD', 1_000_000)).toBe('1 million US dollars')
    expect(bandAmount(en, 'USD', 1_000_000, true)).toBe('1 million')
    expect(bandAmount(en, 'SAR', 200_000)).toBe('200,000 Saudi riyals')
    expect(bandAmount(en, 'SAR', 5_000_000)).toBe('5 million Saudi riyals')
    expect(bandAmount(en, 'AED', 20_000_000)).toBe('20 million UAE dirhams')
    expect(bandAmount(en, 'EGP', 250_000_000)).toBe('250 million Egyptian pounds')
    for (const locale of [ar, en])
      for (const { currency, volumeBands: edges } of [...markets, otherCountry])
        for (const edge of edges) {
          const text = bandAmount(locale, currency, edge)
          expect(text).not.toContain(riyalSign)
          expect(text).not.toMatch(/SAR|AED|EGP|US\$|[\u200e\u200f\u061c]/)
        }
  })
})

describe('each market’s support channels are facts', () => {
  const codes = { sa: '+966', ae: '+971', eg: '+20' } as Record<string, string>

  test('an urgent line in every market, in E.164 spaced as shown, each its own', () => {
    for (const m of markets) {
      expect(m.urgentPhone, m.code).toMatch(/^\+[1-9]\d{0,2}( \d+)+$/)
      expect(m.urgentPhone.startsWith(`${codes[m.code]} `), m.code).toBe(true)
      expect(m.urgentPhone.replace(/\D/g, '').length, m.code).toBeLessThanOrEqual(15)
    }
    expect(new Set(markets.map((m) => m.urgentPhone)).size).toBe(markets.length)
  })

  test('WhatsApp for sales and support in each market, as wa.me links of the digits', () => {
    for (const m of markets) {
      expect(m.whatsApp, m.code).toBeDefined()
      for (const number of [m.whatsApp!.sales, m.whatsApp!.support]) {
        expect(number, m.code).toMatch(/^\+[1-9]\d{0,2}( \d+)+$/)
        expect(number.startsWith(`${codes[m.code]} `), m.code).toBe(true)
        expect(whatsAppUrl(number)).toMatch(/^https:\/\/wa\.me\/[1-9]\d{7,14}$/)
      }
      expect(m.whatsApp!.sales).not.toBe(m.whatsApp!.support)
    }
    expect(whatsAppUrl('+966 50 000 0000')).toBe('https://wa.me/966500000000')
  })

  test('the contact page’s words for them take the market and the number as arguments, in both languages', () => {
    for (const catalog of [en, ar] as Record<string, string>[]) {
      expect(catalog['contactUs.marketLine']).toMatch(/\{market\}.*\{phone\}/)
      expect(catalog['contactUs.whatsApp.title']).toBeTruthy()
      expect(catalog['contactUs.times.urgentLines']).toBeTruthy()
      // No number written into a message.
      expect(catalog['contactUs.times.urgentLines']).not.toMatch(/\+\d/)
    }
  })
})

describe('a status component for the methods of every market', () => {
  /** The components that are a payment method: every one but the platform's and payouts. */
  const methods = componentKeys.filter((k) => !['site', 'api', 'checkout', 'webhooks', 'payouts'].includes(k))
  const t0 = Date.parse('2026-11-28T09:00:00Z')
  const has = (key: string) => (componentKeys as readonly string[]).includes(key)

  test('mada, Meeza, the cards, Apple Pay, Google Pay, STC Pay, mobile wallets, InstaPay, Fawry, Tabby and Tamara each have a row, named in both languages', () => {
    expect(componentKeys).toEqual([
      'site',
      'api',
      'checkout',
      'webhooks',
      'mada',
      'meeza',
      'cards',
      'applePay',
      'googlePay',
      'stcPay',
      'wallets',
      'instapay',
      'fawry',
      'tabby',
      'tamara',
      'payouts',
    ])
    for (const key of componentKeys) {
      expect((en as Record<string, string>)[`status.component.${key}`], key).toBeTruthy()
      expect((ar as Record<string, string>)[`status.component.${key}`], key).toBeTruthy()
    }
    expect((ar as Record<string, string>)['status.component.fawry']).toBe('فوري')
    // Every market has its national scheme or its own methods on the page, and each one is sold.
    const rowsOf = (code: string) => methodsOf(byCode(code)).filter(has)
    expect(rowsOf('sa')).toEqual(['mada', 'applePay', 'stcPay', 'tabby', 'tamara'])
    expect(rowsOf('ae')).toEqual(['applePay', 'googlePay', 'tabby', 'tamara'])
    expect(rowsOf('eg')).toEqual(['meeza', 'applePay', 'wallets', 'instapay', 'fawry'])
    // The cards' row stands for Visa and Mastercard, which every market takes.
    for (const code of ['sa', 'ae', 'eg'])
      expect(methodsOf(byCode(code))).toEqual(expect.arrayContaining(['visa', 'mastercard']))
    for (const key of methods.filter((m) => m !== 'cards')) expect(allMethods, key).toContain(key)
  })

  test('the probe measures none of them: "not measured" in the document and the summary; an operator may report on them', () => {
    const probed = recordProbe(
      emptyDocument('Asia/Riyadh', t0),
      [
        { component: 'site', ok: true },
        { component: 'api', ok: true },
        { component: 'checkout', ok: true },
      ],
      t0,
    )
    const { doc } = openIncident(probed, {
      impact: 'degraded',
      components: ['fawry', 'tamara'],
      title: { en: 'Fawry references delayed', ar: 'تأخر أرقام فوري المرجعية' },
      text: { en: 'We are investigating.', ar: 'نتحقق من السبب.' },
      at: t0,
    })
    const settled = settle(doc, t0)
    expect('doc' in parseStatus(settled)).toBe(true)
    expect(settled.components.map((c) => c.key)).toEqual([...componentKeys])
    for (const key of methods)
      expect(settled.components.find((c) => c.key === key)!.days.every((d) => !d.checks)).toBe(true)
    expect(settled.components.find((c) => c.key === 'fawry')!.state).toBe('degraded')

    const summary = statusSummary(settled, t0, 'https://www.rasid.example')
    expect(summary.components).toHaveLength(componentKeys.length)
    for (const key of methods) {
      const c = summary.components.find((x) => x.key === key)!
      expect(c.measured, key).toBe(false)
      expect(c, key).not.toHaveProperty('availability')
    }
    expect(summary.components.find((c) => c.key === 'meeza')!.name).toEqual({ en: 'Meeza', ar: 'ميزة' })
    expect(summary.components.find((c) => c.key === 'checkout')!.measured).toBe(true)
  })

  test('a document written before the new rows gets them, not measured, at its next write', () => {
    const old = emptyDocument('Asia/Riyadh', t0)
    const before: StatusDocument = {
      ...old,
      components: old.components.filter((c) => !['meeza', 'fawry', 'tabby', 'tamara'].includes(c.key)),
    }
    expect(before.components).toHaveLength(componentKeys.length - 4)
    const next = settle(before, t0 + 60_000)
    expect(next.components.map((c) => c.key)).toEqual([...componentKeys])
    expect(next.components.find((c) => c.key === 'tabby')).toEqual({ key: 'tabby', state: 'operational', days: [] })
  })
})
