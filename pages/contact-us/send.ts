// What the contact forms need only once the visitor starts on one (ContactForms.island.tsx loads
// this module on the first focus in a form): the contract's schemas with valibot, and the API
// client. Reading the page costs none of it (the island page budget, tests/e2e/budgets.spec.ts).
import { safeParse } from 'valibot'
import { post } from '../../api/client/http'
import {
  ContactCreated,
  type ContactMessageId,
  fieldErrors,
  SalesRequest,
  SupportRequest,
} from '../../api/contract/schemas'
import type { FormKind } from './form'

const schemas = { sales: SalesRequest, support: SupportRequest } as const

/** The form's body checked with the contract: the request to send, or each field's first error. */
export function check(
  kind: FormKind,
  body: Record<string, unknown>,
): { ok: true; request: unknown } | { ok: false; errors: Record<string, ContactMessageId> } {
  const parsed = safeParse(schemas[kind], body)
  return parsed.success ? { ok: true, request: parsed.output } : { ok: false, errors: fieldErrors(parsed.issues) }
}

/** POST /contact/<kind> with the submission's Idempotency-Key; the answer checked with the contract. */
export function send(kind: FormKind, request: unknown, key: string) {
  return post(`/contact/${kind}`, request, { schema: ContactCreated, key })
}
