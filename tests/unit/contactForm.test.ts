// The contact forms' logic without React (pages/contact-us/form.ts): digits, the request each form
// sends, the draft and the Idempotency-Key it keeps; and that every message the forms can show,
// the contract's field errors included, exists in every catalog.
import * as v from 'valibot'
import { shownConsentVersions } from '../../locales/consent'
import { describe, expect, test } from 'vitest'
import { fingerprint, keyFor } from '../../api/client/idempotency'
import { contactMessageIds, SalesRequest, SupportRequest } from '../../api/contract/schemas'
import ar from '../../locales/ar.json'
import { latinDigits } from '../../locales/digits'
import en from '../../locales/en.json'
import {
  clearDraft,
  draftMaxAgeMs,
  draftStorageKey,
  normaliseField,
  normalisePhone,
  readDraft,
  requestOf,
  writeDraft,
} from '../../pages/contact-us/form'
import { memoryStorage } from './storage'

describe('digits and ids', () => {
  test('Arabic-Indic and Eastern Arabic-Indic digits become Latin', () => {
    expect(latinDigits('٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹ abc')).toBe('0123456789 0123456789 abc')
  })
  test('a phone number: Latin digits, no separators or bidi marks, 00 as +', () => {
    expect(normalisePhone('+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧')).toBe('+966501234567')
    expect(normalisePhone('00971 (4) 123-4567')).toBe('+97141234567')
    expect(normalisePhone('\u200E+20\u00A0100\u202F123.4567')).toBe('+201001234567')
  })
  test('ids are trimmed and made Latin; names and messages are left as typed', () => {
    expect(normaliseField('merchantId', ' M١٢٣٤٥٦ ')).toBe('M123456')
    expect(normaliseField('email', ' noura@example.com ')).toBe('noura@example.com')
    expect(normaliseField('message', ' ١٢٣ ')).toBe(' ١٢٣ ')
  })
})

/** The versions the contact page shows now (locales/consent.ts), which the contract takes. */
const { en: shownEn, ar: shownAr } = shownConsentVersions()

describe('the request of each form', () => {
  test('a sales form as the contract wants it: empty optionals left out, consent true, methods a list', () => {
    const body = requestOf(
      'sales',
      {
        name: 'Noura',
        email: 'noura@example.com',
        company: 'Harbi Trading',
        phone: '٠٠٩٦٦٥٠١٢٣٤٥٦٧',
        market: 'sa',
        volume: '50k-250k',
        methods: ['mada'],
        message: 'Hello',
        consent: true,
        website: '',
      },
      shownEn,
    )
    expect(body).toEqual({
      consentVersion: shownEn,
      name: 'Noura',
      email: 'noura@example.com',
      company: 'Harbi Trading',
      phone: '+966501234567',
      market: 'sa',
      volume: '50k-250k',
      methods: ['mada'],
      message: 'Hello',
      consent: true,
    })
    expect(v.safeParse(SalesRequest, body).success).toBe(true)
  })
  test('an unticked consent is left out, which the contract calls required; a filled honeypot is sent', () => {
    const body = requestOf(
      'support',
      {
        name: 'Omar',
        email: 'o@example.com',
        merchantId: '',
        topic: 'other',
        message: 'x',
        consent: false,
        website: 'http://spam.example',
      },
      shownAr,
    )
    expect(body).not.toHaveProperty('consent')
    expect(body).not.toHaveProperty('merchantId')
    expect(body.website).toBe('http://spam.example')
    const parsed = v.safeParse(SupportRequest, body)
    expect(parsed.success).toBe(false)
  })
  test('fields of the other form are not sent', () => {
    expect(requestOf('support', { company: 'X', name: 'Y' }, shownEn)).toEqual({
      name: 'Y',
      consentVersion: shownEn,
    })
  })
})

describe('the draft', () => {
  test('keeps what was typed, never the consent or the honeypot', () => {
    const storage = memoryStorage()
    writeDraft(storage, 'sales', { name: 'Noura', methods: ['mada'], consent: true, website: 'bot' }, {}, 1000)
    expect(readDraft(storage, 'sales', 2000)).toEqual({
      draft: { v: 1, values: { name: 'Noura', methods: ['mada'] }, savedAt: 1000 },
    })
    expect(readDraft(storage, 'support', 2000)).toBeNull()
    clearDraft(storage, 'sales')
    expect(readDraft(storage, 'sales', 2000)).toBeNull()
  })
  test('a corrupt draft is removed and reported; an old one removed quietly', () => {
    const storage = memoryStorage()
    for (const bad of [
      '{"v":1,"values":',
      '[]',
      '{"v":2,"values":{},"savedAt":1}',
      '{"v":1,"values":{"a":1},"savedAt":1}',
    ]) {
      storage.setItem(draftStorageKey('sales'), bad)
      expect(readDraft(storage, 'sales')).toEqual({ corrupt: true })
      expect(storage.getItem(draftStorageKey('sales'))).toBeNull()
    }
    writeDraft(storage, 'sales', { name: 'Noura' }, {}, 0)
    expect(readDraft(storage, 'sales', draftMaxAgeMs + 1)).toBeNull()
    expect(storage.getItem(draftStorageKey('sales'))).toBeNull()
  })
  test('storage that refuses writes does not break the form', () => {
    const storage = memoryStorage()
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError')
    }
    expect(() => writeDraft(storage, 'sales', { name: 'x' })).not.toThrow()
  })
})

describe('the Idempotency-Key of a send', () => {
  const body = { name: 'Noura', email: 'n@example.com' }
  let n = 0
  const newKey = () => `key-${++n}`
  test('the same body again (a retry, after a reload too) keeps the key; a changed body gets a new one', () => {
    const first = keyFor(body, undefined, newKey)
    const draft = { v: 1 as const, values: {}, savedAt: 0, ...first }
    expect(keyFor({ email: 'n@example.com', name: 'Noura' }, draft, newKey).key).toBe(first.key)
    expect(keyFor({ ...body, name: 'Nora' }, draft, newKey).key).not.toBe(first.key)
  })
  test('the fingerprint ignores key order only', () => {
    expect(fingerprint({ a: 1, b: [2] })).toBe(fingerprint({ b: [2], a: 1 }))
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: '1' }))
  })
})

test('every message the forms and the contract can show is in every catalog', () => {
  for (const [locale, catalog] of Object.entries({ en, ar })) {
    const missing = contactMessageIds.filter((id) => !(id in catalog))
    expect(missing, `locales/${locale}.json`).toEqual([])
  }
})
