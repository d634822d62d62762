// The items of the DynamoDB store's table (dynamo.ts describes them): their keys, and each record
// as the item that holds it and back. Items are plain objects that the document client
// (dynamo.ts `documentClient`) marshals: a string is S, a number N, a boolean BOOL; what has
// structure (a lead's data and consent, a session, a stored response) is JSON in a string, so no
// item holds a map, a list, a set or binary. An optional attribute is left out, never undefined.
import { createHash } from 'node:crypto'
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb'
import type { Retention } from '../retention'
import { type ContactRecord, type ForwardState, isChecked, type SessionRecord, type StoredResponse } from './port'

/** An item as the store writes it: every attribute a string, a number or a boolean. */
export type Item = Record<string, string | number | boolean>
/** An item as the table answers it, unmarshalled. */
export type StoredItem = Record<string, NativeAttributeValue>

/** How long an idempotency record is kept (DynamoDB's TTL deletes it some time after). */
const idempotencyTtlSeconds = 24 * 60 * 60
/** How long a payment event's id is kept: far beyond any provider's retries (Stripe's last is after 3 days). */
const paymentEventTtlSeconds = 30 * 24 * 60 * 60
const daySeconds = 24 * 60 * 60
export const contactPartition = 'CONTACT'
export const sessionPartition = 'SESSION'
export const forwardPending = 'FORWARD#pending'
export const forwardFailed = 'FORWARD#failed'
/** The reconciliation's queues in the `byForward` index, one per number of checks made: sessions by when their next check is due. */
export const checkQueue = (checks: number) => `CHECK#${checks}`

/** The key a data subject's leads share: a hash of the email as the visitor may have typed it in any case. */
export const subjectKey = (email: string) =>
  `SUBJECT#${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`

/** Seconds since the epoch of an ISO time. */
const epoch = (iso: string) => Math.floor(Date.parse(iso) / 1000)

export const contactKey = (id: string) => ({ pk: `CONTACT#${id}`, sk: 'CONTACT' })
export const sessionKey = (id: string) => ({ pk: `SESSION#${id}`, sk: 'SESSION' })
/** `pk` is the record's whole partition key, `IDEM#<scope>#<key>`. */
export const idempotencyKey = (pk: string) => ({ pk, sk: 'IDEM' })
export const rateKey = (key: string) => ({ pk: `RATE#${key}`, sk: 'RATE' })
/** The queue's sort key: due time first, so a Query reads the due leads in order. */
export const dueKey = (at: string, id: string) => `${at}#${id}`

export function contactItem(record: ContactRecord, retention: Retention): Item {
  const item: Item = {
    ...contactKey(record.id),
    gsi1pk: contactPartition,
    gsi1sk: `${record.receivedAt}#${record.id}`,
    gsi3pk: subjectKey(record.data.email),
    gsi3sk: `${record.receivedAt}#${record.id}`,
    id: record.id,
    kind: record.kind,
    receivedAt: record.receivedAt,
    spam: record.spam,
    data: JSON.stringify(record.data),
    expiresAt: epoch(record.receivedAt) + retention.leadDays * daySeconds,
  }
  if (record.consent) item.consent = JSON.stringify(record.consent)
  const { forward } = record
  if (forward) {
    item.forwardState = forward.status
    item.forwardAttempts = forward.attempts
    if (forward.nextAttemptAt) item.forwardNextAt = forward.nextAttemptAt
    if (forward.forwardedAt) item.forwardedAt = forward.forwardedAt
    if (forward.lastError) item.forwardError = forward.lastError
    if (forward.status === 'pending') {
      item.gsi2pk = forwardPending
      item.gsi2sk = dueKey(forward.nextAttemptAt ?? record.receivedAt, record.id)
    } else if (forward.status === 'failed') {
      item.gsi2pk = forwardFailed
      item.gsi2sk = record.id
    }
  }
  return item
}

export function contactFromItem(item: StoredItem): ContactRecord {
  const record: ContactRecord = {
    id: item.id ?? '',
    kind: item.kind,
    receivedAt: item.receivedAt ?? '',
    spam: item.spam === true,
    data: JSON.parse(item.data ?? '{}'),
  }
  if (item.forwardState) {
    const forward: ForwardState = { status: item.forwardState, attempts: Number(item.forwardAttempts ?? 0) }
    if (item.forwardNextAt) forward.nextAttemptAt = item.forwardNextAt
    if (item.forwardedAt) forward.forwardedAt = item.forwardedAt
    if (item.forwardError) forward.lastError = item.forwardError
    record.forward = forward
  }
  if (item.consent) record.consent = JSON.parse(item.consent)
  return record
}

export function sessionItem(record: SessionRecord, retention: Retention): Item {
  return {
    ...sessionKey(record.id),
    gsi1pk: sessionPartition,
    gsi1sk: `${record.createdAt}#${record.id}`,
    status: record.status,
    data: JSON.stringify(record),
    expiresAt: epoch(record.createdAt) + retention.sessionDays * daySeconds,
    // While a payment may still end it: in the reconciliation's queue (a sparse index, as the leads').
    ...(isChecked(record) && {
      gsi2pk: checkQueue(record.checks ?? 0),
      gsi2sk: dueKey(record.nextCheckAt!, record.id),
    }),
  }
}

export const sessionFromItem = (item: StoredItem) => JSON.parse(item.data ?? '{}') as SessionRecord

/** The answer kept for an idempotency key `pk`, stored at `at` (seconds since the epoch). */
export function idempotencyItem(pk: string, bodyHash: string, response: StoredResponse, at: number): Item {
  return {
    ...idempotencyKey(pk),
    bodyHash,
    status: response.status,
    body: JSON.stringify(response.body),
    createdAt: new Date(at * 1000).toISOString(),
    expiresAt: at + idempotencyTtlSeconds,
  }
}

export const idempotencyFromItem = (item: StoredItem) => ({
  bodyHash: (item.bodyHash ?? '') as string,
  response: { status: Number(item.status), body: JSON.parse(item.body ?? 'null') } as StoredResponse,
})

/** A payment event applied to `sessionId` at `at` (seconds since the epoch). */
export const paymentEventItem = (eventId: string, sessionId: string, at: number): Item => ({
  pk: `PAYEVT#${eventId}`,
  sk: 'PAYEVT',
  sessionId,
  expiresAt: at + paymentEventTtlSeconds,
})
