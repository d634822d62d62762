// `npm run api -- export contacts [--since DATE] [--format csv|json] [--spam]`: what arrived, for
// operations (docs/api.md, "Reading the leads"). Reads the store the server writes to (API_STORE,
// DB_PATH, DDB_TABLE), oldest first; spam (a filled honeypot) is left out unless --spam. JSON
// carries each lead's `forward` state as the store keeps it; CSV its `forwarded` column.
import { contactFields } from '../contract/schemas'
import type { ContactRecord, Store } from './store/port'

/**
 * The columns of the CSV, in order: the record's own, then every field of the forms but the
 * honeypot, then the consent on record (its version, language and time: docs/privacy.md; empty on
 * a lead from before they were kept), then `forwarded`: when the CRM took the lead, else `pending`
 * or `failed`, and empty when it was never queued (forwarding off when it arrived, or spam).
 */
const columns = [
  'id',
  'kind',
  'receivedAt',
  'spam',
  ...contactFields.filter((f) => f !== 'website' && f !== 'consentVersion'),
  'consentVersion',
  'consentLocale',
  'consentAt',
  'forwarded',
]

/**
 * A text a spreadsheet would run as a formula (OWASP, "CSV Injection"): its first character, after
 * any leading spaces, is `=`, `+`, `-`, `@`, a tab or a carriage return. Every text a visitor typed
 * may be one (`=HYPERLINK(...)` sends other leads' cells elsewhere), and so is an E.164 phone
 * (`+966…`): each gets a leading `'`, which the spreadsheet shows as text. JSON stays exact.
 */
const formulaLike = /^[ ]*[=+\-@\t\r]/

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled; a formula-like text neutralised. */
export function csvField(value: unknown): string {
  const raw = value === undefined || value === null ? '' : Array.isArray(value) ? value.join(' ') : String(value)
  const text = typeof value !== 'boolean' && formulaLike.test(raw) ? `'${raw}` : raw
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function contactsAsCsv(contacts: ContactRecord[]): string {
  const rows = contacts.map((c) => {
    const forwarded = c.forward?.status === 'forwarded' ? c.forward.forwardedAt : c.forward?.status
    const flat: Record<string, unknown> = {
      id: c.id,
      kind: c.kind,
      receivedAt: c.receivedAt,
      spam: c.spam,
      ...c.data,
      consentVersion: c.consent?.version,
      consentLocale: c.consent?.locale,
      consentAt: c.consent?.at,
      forwarded,
    }
    return columns.map((name) => csvField(flat[name])).join(',')
  })
  return `${[columns.join(','), ...rows].join('\r\n')}\r\n`
}

export type ExportOptions = { since?: string; format: 'csv' | 'json'; spam: boolean }

export async function exportContacts(store: Store, options: ExportOptions): Promise<string> {
  const all = await store.listContacts(options.since ? { since: options.since } : {})
  const contacts = options.spam ? all : all.filter((c) => !c.spam)
  return options.format === 'json' ? `${JSON.stringify(contacts, null, 2)}\n` : contactsAsCsv(contacts)
}
