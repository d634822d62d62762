// The contact forms' errors without React: the ids that tie a control to its label, hint and
// message, the control the error summary's link focuses, the summary's lines, and a field's
// message after it is typed in again. Pure: tests/unit/contactDraft.test.ts.
import { type ContactField, type ContactMessageId, paymentMethods } from '../../api/contract/fields'
import type { FormKind } from './form'

/** Each field's message, as the contract's schema (or the API's 400) names it. */
export type Errors = Partial<Record<string, ContactMessageId>>

export const fieldId = (kind: FormKind, field: string) => `contact-${kind}-${field}`

/** The control an error summary's link focuses: the first box of a group, else the field itself. */
export function firstControl(kind: FormKind, field: string) {
  return field === 'methods' ? `${fieldId(kind, 'methods')}-${paymentMethods[0]}` : fieldId(kind, field)
}

/** A control's id and name, and what describes it: its hint, then its message while it has one. */
export function controlProps(kind: FormKind, field: ContactField, errors: Errors, hint = false) {
  return {
    id: fieldId(kind, field),
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby':
      [hint && `${fieldId(kind, field)}-hint`, errors[field] && `${fieldId(kind, field)}-error`]
        .filter(Boolean)
        .join(' ') || undefined,
  }
}

/**
 * The error summary's lines: the form's own fields in the order they are shown, each a link to
 * its control; then any other (an API's 400 naming a field this form does not show), as text.
 */
export function summaryOf(fields: readonly string[], errors: Errors) {
  return {
    linked: fields.flatMap((f) => (errors[f] ? [[f, errors[f]] as const] : [])),
    others: Object.entries(errors).filter(([f]) => !fields.includes(f)),
  }
}

/**
 * The errors once the visitor has typed in `name` after a failed submit: its message goes as
 * soon as what it holds is right, or becomes the one for what it holds now.
 */
export function recheck(
  errors: Errors,
  name: string,
  result: { ok: true } | { ok: false; errors: Record<string, ContactMessageId> },
): Errors {
  const now = result.ok ? undefined : result.errors[name]
  const { [name]: _, ...rest } = errors
  return now ? { ...rest, [name]: now } : rest
}
