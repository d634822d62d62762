// The contact forms' logic without React (docs/api.md, "Contact forms"): which fields each form
// has, what a visitor typed turned into the contract's request, Arabic-Indic digits made Latin, and
// the draft kept in sessionStorage so that a failed submit, an error or a reload loses nothing.
// Pure but for the Storage it is handed: tests/unit/contactForm.test.ts, tests/unit/contactDraft.test.ts.
import type { ContactField } from '../../api/contract/fields'
import { latinDigits } from '../../locales/digits'

export type FormKind = 'sales' | 'support'
export const formKinds: readonly FormKind[] = ['sales', 'support']

/** The fields of each form in the order they are shown (the error summary follows it). */
export const formFields = {
  sales: ['name', 'email', 'company', 'phone', 'market', 'volume', 'methods', 'message', 'consent', 'website'],
  support: ['name', 'email', 'merchantId', 'transactionId', 'topic', 'message', 'consent', 'website'],
} as const satisfies Record<FormKind, readonly ContactField[]>

/** Fields written left to right in both languages, whose digits are made Latin (docs/content.md). */
export const latinFields: readonly ContactField[] = ['email', 'phone', 'merchantId', 'transactionId']

/** Fields the draft never keeps: the consent is asked again, the honeypot is not the visitor's. */
const notKept: readonly ContactField[] = ['consent', 'website']

/** What the form holds: text for inputs, selects and textareas, a list for checkbox groups, a flag for a box. */
export type FormValues = Partial<Record<ContactField, string | string[] | boolean>>

/** `٠٠٩٦٦ ٥٠-١٢٣ ٤٥٦٧` -> `+966501234567`: Latin digits, no spaces, dashes, dots, brackets or bidi marks, 00 as +. */
export function normalisePhone(text: string): string {
  const compact = latinDigits(text).replace(/[\s\u00A0\u202F\u200E\u200F\u061C\-().]/g, '')
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact
}

/** The value a field is sent and shown with once the visitor leaves it (Latin digits, trimmed where it is an id). */
export function normaliseField(field: ContactField, text: string): string {
  if (field === 'phone') return normalisePhone(text)
  if (field === 'email' || field === 'merchantId' || field === 'transactionId') return latinDigits(text).trim()
  return text
}

/**
 * What the form's fields hold, from its FormData: text for inputs, selects and textareas, the
 * ticked methods as a list, the consent as a flag.
 */
export function valuesOf(data: Pick<FormData, 'get' | 'getAll'>, kind: FormKind): FormValues {
  const values: FormValues = {}
  for (const field of formFields[kind]) {
    if (field === 'methods') values.methods = data.getAll('methods').map(String)
    else if (field === 'consent') values.consent = data.get('consent') === 'on'
    else values[field] = String(data.get(field) ?? '')
  }
  return values
}

/**
 * The request body of a form, for the contract's schema: optional fields left out when empty,
 * methods as a list, the consent as `true` only when ticked (otherwise left out, which the schema
 * reports as `required`), the honeypot only when something is in it, and the version of the
 * consent text and privacy notice the page shows (locales/consent.ts), which the lead keeps.
 */
export function requestOf(kind: FormKind, values: FormValues, consentVersion: string): Record<string, unknown> {
  const body: Record<string, unknown> = { consentVersion }
  for (const field of formFields[kind]) {
    const value = values[field]
    if (field === 'consent') {
      if (value === true) body.consent = true
    } else if (Array.isArray(value)) {
      if (value.length) body[field] = value
    } else if (typeof value === 'string') {
      const text = normaliseField(field, value)
      if (text !== '') body[field] = text
    }
  }
  return body
}

/** A draft as sessionStorage keeps it. `key` and `sent` pair the Idempotency-Key with the body it was sent with. */
export interface Draft {
  v: 1
  values: FormValues
  key?: string
  sent?: string
  savedAt: number
}

export const draftStorageKey = (kind: FormKind) => `rasid.draft.${kind}.v1`
/** A draft older than this is dropped: a day-old half-written message is not worth restoring. */
export const draftMaxAgeMs = 24 * 60 * 60 * 1000

export type DraftRead = { draft: Draft } | { corrupt: true } | null

/** The draft of a form; a corrupt one is removed (the caller says so), an old one removed quietly. */
export function readDraft(storage: Storage, kind: FormKind, now = Date.now()): DraftRead {
  const raw = storage.getItem(draftStorageKey(kind))
  if (raw === null) return null
  try {
    const draft = JSON.parse(raw) as Draft
    if (draft?.v !== 1 || typeof draft.savedAt !== 'number' || !isValues(draft.values)) throw new Error('shape')
    if (now - draft.savedAt > draftMaxAgeMs) {
      storage.removeItem(draftStorageKey(kind))
      return null
    }
    return { draft }
  } catch {
    storage.removeItem(draftStorageKey(kind))
    return { corrupt: true }
  }
}

function isValues(values: unknown): values is FormValues {
  if (!values || typeof values !== 'object' || Array.isArray(values)) return false
  return Object.values(values).every(
    (v) => typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string')),
  )
}

/** Keeps what the visitor typed (not the consent, not the honeypot), and the key of the last send. */
export function writeDraft(
  storage: Storage,
  kind: FormKind,
  values: FormValues,
  sending: Pick<Draft, 'key' | 'sent'> = {},
  now = Date.now(),
) {
  const kept: FormValues = {}
  for (const [field, value] of Object.entries(values) as [ContactField, FormValues[ContactField]][])
    if (!notKept.includes(field) && value !== undefined && typeof value !== 'boolean') kept[field] = value
  const draft: Draft = { v: 1, values: kept, ...sending, savedAt: now }
  try {
    storage.setItem(draftStorageKey(kind), JSON.stringify(draft))
  } catch {
    // Storage full or blocked (a private window's quota): the form still works, only the draft is lost.
  }
}

export function clearDraft(storage: Storage, kind: FormKind) {
  storage.removeItem(draftStorageKey(kind))
}
