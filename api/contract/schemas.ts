// The API's contract: the valibot schemas of every request and response under /api/v1,
// imported by the browser islands, the reference server (api/server/) and the tests. Pure
// TypeScript: valibot only, no Node built-in, nothing else of the repository (.dependency-cruiser.cjs).
// Field errors are message ids (`contact.error.email.invalid`), so the page shows them in its own
// language (every id has a message in each catalog: tests/unit/contactForm.test.ts). The fields,
// their options and limits, and the message ids are in ./fields.ts, without valibot, for the
// contact island's first load; the island loads these schemas when a visitor starts on a form.
// Each module-level schema is built in a function marked pure, so that a bundle (an island) keeps
// only the schemas it uses: bundlers do not see valibot's own pure marks across the import.
import {
  array,
  email,
  integer,
  isoTimestamp,
  literal,
  maxLength,
  maxValue,
  minLength,
  minValue,
  number,
  object,
  optional,
  picklist,
  pipe,
  record,
  regex,
  strictObject,
  string,
  uuid,
  type BaseIssue,
  type InferOutput,
} from 'valibot'

import { consentVersions } from './consentVersions'
import {
  checkoutMessageIds,
  type ContactField,
  contactFields,
  contactMarkets,
  contactMessageIds,
  type ContactMessageId,
  type FieldErrorKind,
  limits,
  paymentMethods,
  supportTopics,
  volumeBands,
} from './fields'

export {
  type CheckoutMessageId,
  type ContactField,
  contactFields,
  contactMarkets,
  contactMessageIds,
  type ContactMessageId,
  paymentMethods,
  volumeBands,
} from './fields'

/* @__NO_SIDE_EFFECTS__ */
function id<F extends ContactField>(field: F, kind: FieldErrorKind) {
  return `contact.error.${field}.${kind}` as const
}

/** A required single-line or multi-line text: not blank, at most `max` characters. */
/* @__NO_SIDE_EFFECTS__ */
function text(field: ContactField, max: number) {
  return pipe(string(id(field, 'invalid')), regex(/\S/, id(field, 'required')), maxLength(max, id(field, 'tooLong')))
}

const emailText = /* @__PURE__ */ (() =>
  pipe(
    string(id('email', 'invalid')),
    minLength(1, id('email', 'required')),
    maxLength(limits.email, id('email', 'tooLong')),
    email(id('email', 'invalid')),
  ))()

/** A merchant or transaction id: letters, digits, `_` and `-`. */
/* @__NO_SIDE_EFFECTS__ */
function reference(field: 'merchantId' | 'transactionId') {
  return optional(
    pipe(
      string(id(field, 'invalid')),
      maxLength(limits.id, id(field, 'tooLong')),
      regex(/^[A-Za-z0-9_-]{3,40}$/, id(field, 'invalid')),
    ),
  )
}

/** The consent box: it must be ticked. */
const consent = /* @__PURE__ */ (() => literal(true, id('consent', 'required')))()

/**
 * What the visitor was shown about their data: the version of the consent text and the privacy
 * notice in their language (locales/consent.ts), which the page sends with the form, and the lead
 * keeps. Only the versions whose texts the archive holds (locales/consent-versions.json): a page
 * showing another is out of date, and its visitor is asked to reload it.
 */
const consentVersion = /* @__PURE__ */ (() => picklist(consentVersions, id('consentVersion', 'invalid')))()

/** The honeypot: hidden from people, so anything in it marks the submission as spam (not an error). */
const website = /* @__PURE__ */ (() =>
  optional(pipe(string(id('website', 'invalid')), maxLength(limits.website, id('website', 'tooLong')))))()

export const SalesRequest = /* @__PURE__ */ (() =>
  strictObject(
    {
      name: text('name', limits.name),
      email: emailText,
      company: text('company', limits.company),
      /** E.164: `+` and the country code, digits only (the island drops spaces and turns Arabic-Indic digits Latin). */
      phone: optional(
        pipe(
          string(id('phone', 'invalid')),
          maxLength(limits.phone, id('phone', 'tooLong')),
          regex(/^\+[1-9][0-9]{6,14}$/, id('phone', 'invalid')),
        ),
      ),
      market: picklist(contactMarkets, id('market', 'required')),
      volume: picklist(volumeBands, id('volume', 'required')),
      methods: optional(
        pipe(
          array(picklist(paymentMethods, id('methods', 'invalid')), id('methods', 'invalid')),
          maxLength(paymentMethods.length, id('methods', 'tooLong')),
        ),
      ),
      message: text('message', limits.message),
      consent,
      consentVersion,
      website,
    },
    'contact.error.unknownField',
  ))()
export type SalesRequest = InferOutput<typeof SalesRequest>

export const SupportRequest = /* @__PURE__ */ (() =>
  strictObject(
    {
      name: text('name', limits.name),
      email: emailText,
      merchantId: reference('merchantId'),
      transactionId: reference('transactionId'),
      topic: picklist(supportTopics, id('topic', 'required')),
      message: text('message', limits.message),
      consent,
      consentVersion,
      website,
    },
    'contact.error.unknownField',
  ))()
export type SupportRequest = InferOutput<typeof SupportRequest>

/** 201 to a contact form (a replay of the same Idempotency-Key and body returns the same). */
export const ContactCreated = /* @__PURE__ */ (() =>
  object({
    id: pipe(string(), uuid()),
    receivedAt: pipe(string(), isoTimestamp()),
  }))()
export type ContactCreated = InferOutput<typeof ContactCreated>

export const Health = /* @__PURE__ */ (() =>
  object({
    status: picklist(['ok', 'unavailable']),
    version: string(),
    store: picklist(['sqlite', 'memory', 'dynamodb']),
  }))()
export type Health = InferOutput<typeof Health>

/** The `code` of every problem the API answers. @public */
export const problemCodes = [
  'invalid-request',
  'malformed-json',
  'unsupported-media-type',
  'payload-too-large',
  'idempotency-key-missing',
  'idempotency-key-invalid',
  'idempotency-key-reused',
  'rate-limited',
  'not-found',
  'method-not-allowed',
  'signature-invalid',
  'signature-expired',
  'payment-mismatch',
  'cross-site-request',
  'internal',
] as const
export type ProblemCode = (typeof problemCodes)[number]

/** RFC 9457 problem details (`application/problem+json`). */
export const Problem = /* @__PURE__ */ (() =>
  object({
    type: string(),
    title: string(),
    status: pipe(number(), integer(), minValue(400), maxValue(599)),
    code: picklist(problemCodes),
    /** Field name (a path for a cart: `cart.items`) -> message id, for `invalid-request`. */
    fields: optional(record(string(), picklist([...contactMessageIds, ...checkoutMessageIds]))),
    /** Seconds, for `rate-limited` (the same as the Retry-After header). */
    retryAfter: optional(pipe(number(), integer(), minValue(0))),
  }))()
export type Problem = InferOutput<typeof Problem>

/**
 * The field errors of a failed parse, as the island and the server show them: the first issue of
 * each field, as a message id. A missing field is `required`; a field the schema does not know is
 * `contact.error.unknownField`.
 */
export function fieldErrors(issues: readonly BaseIssue<unknown>[]): Record<string, ContactMessageId> {
  // No prototype: a field named `constructor` or `__proto__` is refused and named like any other.
  const fields: Record<string, ContactMessageId> = Object.create(null)
  for (const issue of issues) {
    const key = issue.path?.[0]?.key
    if (typeof key !== 'string' || key in fields) continue
    const known = (contactFields as readonly string[]).includes(key)
    // A key the object does not know (its input is the key); a missing key's input is undefined.
    if (!known || (issue.message === 'contact.error.unknownField' && issue.input !== undefined))
      fields[key] = 'contact.error.unknownField'
    else if (issue.input === undefined) fields[key] = id(key as ContactField, 'required')
    else if ((contactMessageIds as readonly string[]).includes(issue.message))
      fields[key] = issue.message as ContactMessageId
    else fields[key] = id(key as ContactField, 'invalid')
  }
  return fields
}
