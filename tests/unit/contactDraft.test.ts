// The logic of the contact forms' hooks and parts, without React: the draft a form restores and
// saves (pages/contact-us/draft.ts), what its fields hold (form.ts `valuesOf`), the ids and lines
// of its errors (errors.ts), and where a send stands after the API's answer (status.ts).
import { describe, expect, test } from 'vitest'
import type { ApiError, ApiResult } from '../../api/client/http'
import { paymentMethods } from '../../api/contract/fields'
import ar from '../../locales/ar.json'
import en from '../../locales/en.json'
import { restorable, saveDraft, sendingOf, volumeStep } from '../../pages/contact-us/draft'
import { controlProps, fieldId, firstControl, recheck, summaryOf } from '../../pages/contact-us/errors'
import { draftStorageKey, formFields, readDraft, valuesOf, writeDraft } from '../../pages/contact-us/form'
import { afterSend, bannerOf, retryMinutes, type Status, statusMessages } from '../../pages/contact-us/status'
import { memoryStorage } from './storage'

const stored = (storage: Storage) => JSON.parse(storage.getItem(draftStorageKey('sales')) ?? 'null')

describe('what a form holds', () => {
  test('text as typed, the ticked methods as a list, the consent as a flag; fields missing are empty', () => {
    const data = new FormData()
    data.append('name', 'Noura')
    data.append('methods', 'mada')
    data.append('methods', 'tabby')
    data.append('consent', 'on')
    data.append('topic', 'payouts')
    const values = valuesOf(data, 'sales')
    expect(values).toEqual({
      name: 'Noura',
      email: '',
      company: '',
      phone: '',
      market: '',
      volume: '',
      methods: ['mada', 'tabby'],
      message: '',
      consent: true,
      website: '',
    })
    expect(Object.keys(values)).toEqual([...formFields.sales])
    expect(valuesOf(new FormData(), 'support')).toMatchObject({ consent: false, topic: '' })
    expect(valuesOf(new FormData(), 'support')).not.toHaveProperty('methods')
  })
})

describe('the draft a form restores', () => {
  test('nothing stored: nothing to restore', () => {
    expect(restorable(null)).toBeNull()
  })
  test('a corrupt draft is reset: removed by the read, and only a notice is left to show', () => {
    const storage = memoryStorage()
    storage.setItem(draftStorageKey('sales'), '{"v":1,"values":')
    expect(restorable(readDraft(storage, 'sales'))).toEqual({ corrupt: true })
    expect(storage.getItem(draftStorageKey('sales'))).toBeNull()
    // The next hydration finds nothing: the notice shows once.
    expect(restorable(readDraft(storage, 'sales'))).toBeNull()
  })
  test('the volume band waits apart for its country’s bands; the rest is restored at once', () => {
    const storage = memoryStorage()
    writeDraft(storage, 'sales', { name: 'Noura', market: 'ae', volume: 'aed-1m-5m', methods: ['mada'] })
    expect(restorable(readDraft(storage, 'sales'))).toEqual({
      values: { name: 'Noura', market: 'ae', methods: ['mada'] },
      volume: 'aed-1m-5m',
    })
    writeDraft(storage, 'sales', { name: 'Noura' })
    expect(restorable(readDraft(storage, 'sales'))).toEqual({ values: { name: 'Noura' } })
  })
  test('a volume that is not text is neither restored nor waited for', () => {
    const storage = memoryStorage()
    storage.setItem(
      draftStorageKey('sales'),
      JSON.stringify({ v: 1, values: { name: 'N', volume: ['x'] }, savedAt: Date.now() }),
    )
    expect(restorable(readDraft(storage, 'sales'))).toEqual({ values: { name: 'N' } })
  })
  test('the draft’s volume band: chosen once the bands shown have it, dropped once a country’s do not', () => {
    // Another country's bands (the draft's country restored): its band is there.
    expect(volumeStep(['', 'aed-under-200k', 'aed-1m-5m'], 'aed-1m-5m', 'ae')).toBe('choose')
    // The first render's bands, no country chosen: a band of those is chosen at once.
    expect(volumeStep(['', 'other-1m-5m'], 'other-1m-5m', '')).toBe('choose')
    // Not among the first render's: it waits for the country's bands.
    expect(volumeStep(['', 'other-under-50k'], 'aed-1m-5m', '')).toBe('wait')
    // A country whose bands are in another currency: the draft's band is dropped.
    expect(volumeStep(['', 'sar-under-200k'], 'aed-1m-5m', 'sa')).toBe('drop')
  })
})

describe('the draft a form saves', () => {
  const sending = { key: 'key-1', sent: '[["name","Noura"]]' }
  test('a save keeps the key of the last send, and never the consent or the honeypot', () => {
    const storage = memoryStorage()
    saveDraft(storage, 'sales', { name: 'Noura' }, sending, 1000)
    saveDraft(storage, 'sales', { name: 'Noura A', consent: true, website: 'bot' }, undefined, 2000)
    expect(stored(storage)).toEqual({ v: 1, values: { name: 'Noura A' }, ...sending, savedAt: 2000 })
  })
  test('a send under way replaces the key; `{}` (a key the server refused) drops it', () => {
    const storage = memoryStorage()
    saveDraft(storage, 'sales', { name: 'Noura' }, sending, 1000)
    saveDraft(storage, 'sales', { name: 'Noura' }, { key: 'key-2', sent: 'other' }, 1001)
    expect(stored(storage)).toMatchObject({ key: 'key-2', sent: 'other' })
    saveDraft(storage, 'sales', { name: 'Noura' }, {}, 1002)
    expect(stored(storage)).toEqual({ v: 1, values: { name: 'Noura' }, savedAt: 1002 })
    saveDraft(storage, 'sales', { name: 'Noura' }, undefined, 1003)
    expect(stored(storage)).not.toHaveProperty('key')
  })
  test('over a corrupt draft, a save starts afresh', () => {
    const storage = memoryStorage()
    storage.setItem(draftStorageKey('sales'), '[]')
    saveDraft(storage, 'sales', { name: 'Noura' }, undefined, 5)
    expect(stored(storage)).toEqual({ v: 1, values: { name: 'Noura' }, savedAt: 5 })
  })
})

describe('the Idempotency-Key of a send', () => {
  const body = { name: 'Noura', email: 'n@example.com', consentVersion: 'en-1' }
  const keys = () => {
    let n = 0
    return () => `key-${++n}`
  }
  test('a retry of the same body, after a reload too, carries the stored key; a changed body a new one', () => {
    const storage = memoryStorage()
    const newKey = keys()
    const first = sendingOf(storage, 'sales', body, newKey)
    expect(first.key).toBe('key-1')
    saveDraft(storage, 'sales', { name: 'Noura' }, first)
    expect(
      sendingOf(storage, 'sales', { email: 'n@example.com', consentVersion: 'en-1', name: 'Noura' }, newKey),
    ).toEqual(first)
    expect(sendingOf(storage, 'sales', { ...body, name: 'Nora' }, newKey).key).toBe('key-2')
    // The other form's draft is its own.
    expect(sendingOf(storage, 'support', body, newKey).key).toBe('key-3')
  })
  test('once the server refused the key (saved as `{}`), the same body gets a new one', () => {
    const storage = memoryStorage()
    const newKey = keys()
    saveDraft(storage, 'sales', {}, sendingOf(storage, 'sales', body, newKey))
    saveDraft(storage, 'sales', {}, {})
    expect(sendingOf(storage, 'sales', body, newKey).key).toBe('key-2')
  })
  test('a corrupt draft gives no key to reuse', () => {
    const storage = memoryStorage()
    storage.setItem(draftStorageKey('sales'), '{"v":1,"values":{},"savedAt":"x","key":"old"}')
    expect(sendingOf(storage, 'sales', body, () => 'new').key).toBe('new')
  })
})

describe('the errors of a form', () => {
  test('ids tie a control to its label, hint and message; a group’s link goes to its first box', () => {
    expect(fieldId('support', 'email')).toBe('contact-support-email')
    expect(firstControl('sales', 'email')).toBe('contact-sales-email')
    expect(firstControl('sales', 'methods')).toBe(`contact-sales-methods-${paymentMethods[0]}`)
  })
  test('a control is described by its hint, then its message while it has one', () => {
    expect(controlProps('sales', 'email', {}, true)).toEqual({
      id: 'contact-sales-email',
      name: 'email',
      'aria-invalid': undefined,
      'aria-describedby': 'contact-sales-email-hint',
    })
    expect(controlProps('sales', 'email', { email: 'contact.error.email.invalid' }, true)).toEqual({
      id: 'contact-sales-email',
      name: 'email',
      'aria-invalid': true,
      'aria-describedby': 'contact-sales-email-hint contact-sales-email-error',
    })
    expect(controlProps('sales', 'name', {})['aria-describedby']).toBeUndefined()
    expect(controlProps('sales', 'name', { name: 'contact.error.name.required' })['aria-describedby']).toBe(
      'contact-sales-name-error',
    )
    // The order of the attributes is the order the control is drawn with.
    expect(Object.keys(controlProps('sales', 'name', {}))).toEqual(['id', 'name', 'aria-invalid', 'aria-describedby'])
  })
  test('the summary lists the form’s fields in the order shown, then what the form does not show', () => {
    const { linked, others } = summaryOf(formFields.sales, {
      consent: 'contact.error.consent.required',
      unknown: 'contact.error.unknownField',
      email: 'contact.error.email.invalid',
      topic: 'contact.error.topic.required',
    })
    expect(linked).toEqual([
      ['email', 'contact.error.email.invalid'],
      ['consent', 'contact.error.consent.required'],
    ])
    expect(others).toEqual([
      ['unknown', 'contact.error.unknownField'],
      ['topic', 'contact.error.topic.required'],
    ])
    expect(summaryOf(formFields.support, {})).toEqual({ linked: [], others: [] })
  })
  test('typing in a field in error: its message goes once it is right, or becomes the new one; others stay', () => {
    const errors = { email: 'contact.error.email.required', name: 'contact.error.name.required' } as const
    expect(recheck(errors, 'email', { ok: true })).toEqual({ name: 'contact.error.name.required' })
    expect(recheck(errors, 'email', { ok: false, errors: { name: 'contact.error.name.required' } })).toEqual({
      name: 'contact.error.name.required',
    })
    expect(
      recheck(errors, 'email', {
        ok: false,
        errors: { email: 'contact.error.email.invalid', name: 'contact.error.name.required' },
      }),
    ).toEqual({ name: 'contact.error.name.required', email: 'contact.error.email.invalid' })
    // What another field's check says is not shown until that field is typed in.
    expect(
      recheck({ name: 'contact.error.name.required' }, 'name', {
        ok: false,
        errors: { email: 'contact.error.email.invalid' },
      }),
    ).toEqual({})
  })
})

describe('where a send stands', () => {
  const fail = (error: ApiError): ApiResult<{ id: string }> => ({ ok: false, error })
  test('sent: the lead’s id and the address the answer goes to; the draft is cleared', () => {
    expect(afterSend({ ok: true, value: { id: 'lead-1' } }, 'n@example.com')).toEqual({
      status: { state: 'sent', id: 'lead-1', email: 'n@example.com' },
      draft: 'clear',
    })
  })
  test('a 400 naming fields: shown as the schema’s errors, the form idle again', () => {
    const fields = { email: 'contact.error.email.invalid' } as const
    expect(afterSend(fail({ kind: 'invalid', fields }), 'x')).toEqual({ status: { state: 'idle' }, errors: fields })
  })
  test('a refused key needs a new one; any other failure keeps the key for the retry', () => {
    expect(afterSend(fail({ kind: 'conflict', status: 409 }), 'x')).toEqual({
      status: { state: 'failed', error: { kind: 'conflict', status: 409 } },
      draft: 'newKey',
    })
    for (const kind of ['offline', 'timeout', 'rate', 'server', 'bad-response'] as const)
      expect(afterSend(fail({ kind }), 'x')).toEqual({ status: { state: 'failed', error: { kind } } })
    // A 400 without fields is a bad answer, not the visitor's to fix.
    expect(afterSend(fail({ kind: 'invalid' }), 'x')).toEqual({
      status: { state: 'failed', error: { kind: 'invalid' } },
    })
  })
  test('the banner stands while a failure does, and while its retry is sent', () => {
    const error: ApiError = { kind: 'server', status: 503 }
    const cases: [Status, ReturnType<typeof bannerOf>][] = [
      [{ state: 'idle' }, undefined],
      [{ state: 'sending' }, undefined],
      [
        { state: 'failed', error },
        { error, sending: false },
      ],
      [
        { state: 'sending', after: error },
        { error, sending: true },
      ],
      [{ state: 'sent', id: 'a', email: 'b' }, undefined],
    ]
    for (const [status, banner] of cases) expect(bannerOf(status)).toEqual(banner)
  })
  test('a 429 asks for its Retry-After in whole minutes, a minute at least', () => {
    expect(retryMinutes({ kind: 'rate' })).toBe(1)
    expect(retryMinutes({ kind: 'rate', retryAfter: 5 })).toBe(1)
    expect(retryMinutes({ kind: 'rate', retryAfter: 61 })).toBe(2)
    expect(retryMinutes({ kind: 'rate', retryAfter: 150 })).toBe(3)
  })
  test('every failure’s message is in both catalogs', () => {
    for (const catalog of [en, ar]) for (const id of Object.values(statusMessages)) expect(catalog).toHaveProperty([id])
  })
})
