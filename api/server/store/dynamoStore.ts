// The DynamoDB store: the port's operations (port.ts) on the table dynamo.ts defines and describes,
// with the items of dynamoItems.ts, through the document client (dynamo.ts `documentClient`).
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  paginateQuery,
  QueryCommand,
  type QueryCommandInput,
  TransactWriteCommand,
  type TransactWriteCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { defaultRetention, type Retention } from '../retention'
import {
  conditionFailed,
  contactIndex,
  type DynamoOptions,
  documentClient,
  dynamoClient,
  dynamoOptionsFromEnv,
  forwardIndex,
  subjectIndex,
} from './dynamo'
import {
  contactFromItem,
  contactItem,
  contactKey,
  contactPartition,
  dueKey,
  forwardFailed,
  forwardPending,
  idempotencyFromItem,
  idempotencyItem,
  idempotencyKey,
  type Item,
  paymentEventItem,
  rateKey,
  sessionFromItem,
  checkQueue,
  sessionItem,
  sessionKey,
  sessionPartition,
  type StoredItem,
  subjectKey,
} from './dynamoItems'
import {
  type ContactRecord,
  heldWrites,
  type IdempotentResult,
  keyedLock,
  maxChecks,
  type SessionRecord,
  type Store,
  type StoredResponse,
} from './port'

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number]

/** The store from DDB_TABLE and DDB_ENDPOINT (optional: dynalite, DynamoDB Local); region and credentials from the AWS chain. */
export function dynamoStoreFromEnv(env: Record<string, string | undefined>, retention?: Retention): Store {
  return dynamoStore(dynamoOptionsFromEnv(env, retention))
}

/** Whether a transaction was cancelled because a condition failed (another request won the key). */
function lostTheRace(error: unknown): boolean {
  const e = error as { name?: string; CancellationReasons?: { Code?: string }[] }
  if (e?.name === 'ConditionalCheckFailedException') return true
  if (e?.name !== 'TransactionCanceledException') return false
  return (e.CancellationReasons ?? []).some((reason) => reason?.Code === 'ConditionalCheckFailed')
}

export function dynamoStore(options: DynamoOptions): Store {
  const TableName = options.table
  const client = dynamoClient(options.config)
  const documents = documentClient(client)
  const now = options.now ?? (() => Math.floor(Date.now() / 1000))
  const retention = options.retention ?? defaultRetention
  /** An item DynamoDB's TTL has not deleted yet (it may take days) is gone all the same. */
  const live = (item: StoredItem) => typeof item.expiresAt !== 'number' || item.expiresAt > now()
  /** Every item a Query answers, page after page. */
  async function* queried(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>) {
    for await (const page of paginateQuery({ client: documents }, { TableName, ...input })) yield* page.Items ?? []
  }
  // Calls with one key in this process run one at a time; across processes the conditional write decides.
  const lock = keyedLock()
  // The leads and sessions `run` saves inside `idempotent`, written with the idempotency record.
  const held = heldWrites<Item>()

  const readRecord = async (pk: string) => {
    const { Item } = await documents.send(new GetCommand({ TableName, Key: idempotencyKey(pk), ConsistentRead: true }))
    if (!Item || Number(Item.expiresAt ?? 0) <= now()) return undefined
    return idempotencyFromItem(Item)
  }
  /** A new item: in the surrounding `idempotent` call's transaction, or alone. */
  const put = async (item: Item) => {
    if (!held.hold(item))
      await documents.send(new PutCommand({ TableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }))
  }
  const answer = (found: { bodyHash: string; response: StoredResponse }, bodyHash: string): IdempotentResult =>
    found.bodyHash === bodyHash ? { kind: 'replay', response: found.response } : { kind: 'conflict' }

  return {
    kind: 'dynamodb',
    idempotent(scope, key, bodyHash, run) {
      const pk = `IDEM#${scope}#${key}`
      return lock(pk, async (): Promise<IdempotentResult> => {
        const found = await readRecord(pk)
        if (found) return answer(found, bodyHash)
        // Nothing is written while `run` waits (a payment provider): only this key waits with it.
        const { result: response, writes: saved } = await held.collect(run)
        // A lead names the record that answered it, so that an erasure removes both.
        const puts: TransactItem[] = saved.map((Item) => ({
          Put: { TableName, Item: String(Item.pk).startsWith('CONTACT#') ? { ...Item, idemPk: pk } : Item },
        }))
        if (response.status >= 200 && response.status < 300) {
          const at = now()
          puts.unshift({
            Put: {
              TableName,
              Item: idempotencyItem(pk, bodyHash, response, at),
              // No record, or one whose TTL has passed but DynamoDB has not deleted yet.
              ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
              ExpressionAttributeValues: { ':now': at },
            },
          })
        }
        // Not kept (not a 2xx): what `run` saved is still written, as the other stores do.
        if (puts.length === 0) return { kind: 'fresh', response }
        try {
          // The SDK fills ClientRequestToken, so its own retries of this call are idempotent too.
          await documents.send(new TransactWriteCommand({ TransactItems: puts }))
        } catch (error) {
          if (!lostTheRace(error)) throw error
          // Another process stored an answer for this key first: nothing of ours was written.
          const winner = await readRecord(pk)
          if (!winner) throw error
          return answer(winner, bodyHash)
        }
        return { kind: 'fresh', response }
      })
    },
    async saveContact(record) {
      await put(contactItem(record, retention))
    },
    async saveSession(record) {
      await put(sessionItem(record, retention))
    },
    async getSession(id) {
      const { Item } = await documents.send(new GetCommand({ TableName, Key: sessionKey(id), ConsistentRead: true }))
      return Item && live(Item) ? sessionFromItem(Item) : undefined
    },
    async changeSession({ sessionId, from, next, eventId }) {
      const items: TransactItem[] = []
      if (eventId !== undefined)
        items.push({
          Put: {
            TableName,
            Item: paymentEventItem(eventId, sessionId, now()),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        })
      if (next)
        items.push({
          Put: {
            TableName,
            Item: sessionItem(next, retention),
            ConditionExpression: '#status = :from',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':from': from },
          },
        })
      if (items.length === 0) return 'applied'
      try {
        await documents.send(new TransactWriteCommand({ TransactItems: items }))
        return 'applied'
      } catch (error) {
        if (!lostTheRace(error)) throw error
        const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []
        return eventId !== undefined && reasons[0]?.Code === 'ConditionalCheckFailed' ? 'duplicate' : 'stale'
      }
    },
    async dueSessions(now, limit) {
      // The queue of the sessions checked least first, then the next: one Query each until `limit`.
      const due: SessionRecord[] = []
      for (let checks = 0; checks < maxChecks && due.length < limit; checks++) {
        const { Items } = await documents.send(
          new QueryCommand({
            TableName,
            IndexName: forwardIndex,
            KeyConditionExpression: 'gsi2pk = :p AND gsi2sk <= :due',
            ExpressionAttributeValues: { ':p': checkQueue(checks), ':due': `${now}#\uffff` },
            Limit: limit - due.length,
          }),
        )
        for (const item of Items ?? []) if (live(item)) due.push(sessionFromItem(item))
      }
      return due
    },
    async rescheduleCheck(read, next) {
      try {
        await documents.send(
          new PutCommand({
            TableName,
            Item: sessionItem(next, retention),
            ConditionExpression: '#data = :read',
            ExpressionAttributeNames: { '#data': 'data' },
            ExpressionAttributeValues: { ':read': JSON.stringify(read) },
          }),
        )
        return true
      } catch (error) {
        if (conditionFailed(error)) return false
        throw error
      }
    },
    async listContacts(options = {}) {
      const records: ContactRecord[] = []
      for await (const item of queried({
        IndexName: contactIndex,
        KeyConditionExpression: options.since ? 'gsi1pk = :p AND gsi1sk >= :since' : 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': contactPartition, ...(options.since ? { ':since': options.since } : {}) },
      }))
        if (live(item)) records.push(contactFromItem(item))
      return records
    },
    async contactsOf(email) {
      const records: ContactRecord[] = []
      for await (const key of queried({
        IndexName: subjectIndex,
        KeyConditionExpression: 'gsi3pk = :p',
        ExpressionAttributeValues: { ':p': subjectKey(email) },
      })) {
        // The index holds the keys only: each lead is read as it is now, consistently.
        const { Item } = await documents.send(
          new GetCommand({ TableName, Key: { pk: key.pk, sk: key.sk }, ConsistentRead: true }),
        )
        // Past its TTL but not yet deleted by DynamoDB is still held: shown, and erased.
        if (Item) records.push(contactFromItem(Item))
      }
      return records
    },
    async eraseContacts(ids) {
      const erased: Awaited<ReturnType<Store['eraseContacts']>> = { removed: [], idempotency: 0 }
      for (const id of ids) {
        // The lead first: from then on nothing forwards it (every forwarding write is conditional).
        // ALL_OLD: its forwarding state as it was deleted, not as the caller last read it.
        const { Attributes } = await documents.send(
          new DeleteCommand({ TableName, Key: contactKey(id), ReturnValues: 'ALL_OLD' }),
        )
        if (!Attributes) continue
        const { forward } = contactFromItem(Attributes)
        erased.removed.push({ id, ...(forward ? { forward } : {}) })
        const idemPk: string | undefined = Attributes.idemPk
        if (!idemPk) continue
        const { Attributes: record } = await documents.send(
          new DeleteCommand({ TableName, Key: idempotencyKey(idemPk), ReturnValues: 'ALL_OLD' }),
        )
        if (record) erased.idempotency++
      }
      return erased
    },
    async sweep(cutoffs) {
      // Leads and sessions by the `byReceived` index, oldest first; DynamoDB's TTL deletes them
      // too, and the idempotency records and payment events (the store reads past their TTL as gone).
      const older = async (partition: string, before: string) => {
        let count = 0
        for await (const item of queried({
          IndexName: contactIndex,
          KeyConditionExpression: 'gsi1pk = :p AND gsi1sk < :before',
          ExpressionAttributeValues: { ':p': partition, ':before': before },
          // The keys only: the sweep needs no lead's data.
          ProjectionExpression: 'pk, sk',
        })) {
          if (cutoffs.deadline !== undefined && Date.now() > cutoffs.deadline) return count
          await documents.send(new DeleteCommand({ TableName, Key: { pk: item.pk, sk: item.sk } }))
          count++
        }
        return count
      }
      return {
        contacts: await older(contactPartition, cutoffs.contacts),
        sessions: await older(sessionPartition, cutoffs.sessions),
        idempotency: 0,
        events: 0,
      }
    },
    async pendingForwards(now, limit) {
      const { Items } = await documents.send(
        new QueryCommand({
          TableName,
          IndexName: forwardIndex,
          // Every due key is `<time>#<id>` with time <= now; U+FFFF sorts after any id character.
          KeyConditionExpression: 'gsi2pk = :p AND gsi2sk <= :due',
          ExpressionAttributeValues: { ':p': forwardPending, ':due': `${now}#\uffff` },
          Limit: limit,
        }),
      )
      return (Items ?? []).map((item) => contactFromItem(item))
    },
    async claimForward(id, attempts, leaseUntil) {
      try {
        await documents.send(
          new UpdateCommand({
            TableName,
            Key: contactKey(id),
            UpdateExpression: 'SET forwardAttempts = :next, forwardNextAt = :lease, gsi2sk = :due',
            ConditionExpression: 'forwardState = :pending AND forwardAttempts = :seen',
            ExpressionAttributeValues: {
              ':next': attempts + 1,
              ':lease': leaseUntil,
              ':due': dueKey(leaseUntil, id),
              ':pending': 'pending',
              ':seen': attempts,
            },
          }),
        )
        return true
      } catch (error) {
        if (conditionFailed(error)) return false
        throw error
      }
    },
    async markForwarded(id, at) {
      try {
        await documents.send(
          new UpdateCommand({
            TableName,
            Key: contactKey(id),
            UpdateExpression:
              'SET forwardState = :forwarded, forwardedAt = :at REMOVE forwardNextAt, forwardError, gsi2pk, gsi2sk',
            ConditionExpression: 'attribute_exists(forwardState)',
            ExpressionAttributeValues: { ':forwarded': 'forwarded', ':at': at },
          }),
        )
      } catch (error) {
        if (!conditionFailed(error)) throw error
      }
    },
    async markForwardFailed(id, attempts, nextAttemptAt, error) {
      const values: Item = { ':pending': 'pending', ':seen': attempts, ':error': error }
      let UpdateExpression: string
      if (nextAttemptAt) {
        UpdateExpression = 'SET forwardNextAt = :next, gsi2sk = :due, forwardError = :error'
        Object.assign(values, { ':next': nextAttemptAt, ':due': dueKey(nextAttemptAt, id) })
      } else {
        UpdateExpression =
          'SET forwardState = :failed, gsi2pk = :queue, gsi2sk = :id, forwardError = :error REMOVE forwardNextAt'
        Object.assign(values, { ':failed': 'failed', ':queue': forwardFailed, ':id': id })
      }
      try {
        await documents.send(
          new UpdateCommand({
            TableName,
            Key: contactKey(id),
            UpdateExpression,
            ConditionExpression: 'forwardState = :pending AND forwardAttempts = :seen',
            ExpressionAttributeValues: values,
          }),
        )
      } catch (caught) {
        if (!conditionFailed(caught)) throw caught
      }
    },
    async retryFailedForwards(now) {
      let count = 0
      for await (const item of queried({
        IndexName: forwardIndex,
        KeyConditionExpression: 'gsi2pk = :p',
        ExpressionAttributeValues: { ':p': forwardFailed },
      })) {
        const id: string = item.id ?? ''
        try {
          await documents.send(
            new UpdateCommand({
              TableName,
              Key: contactKey(id),
              UpdateExpression: [
                'SET forwardState = :pending, forwardAttempts = :zero, forwardNextAt = :now,',
                'gsi2pk = :queue, gsi2sk = :due',
              ].join(' '),
              ConditionExpression: 'forwardState = :failed',
              ExpressionAttributeValues: {
                ':pending': 'pending',
                ':zero': 0,
                ':now': now,
                ':queue': forwardPending,
                ':due': dueKey(now, id),
                ':failed': 'failed',
              },
            }),
          )
          count++
        } catch (error) {
          // The index lagged: the lead was requeued already.
          if (!conditionFailed(error)) throw error
        }
      }
      return count
    },
    async countHit(key, limit, expiresAt) {
      // One conditional UpdateItem: ADD counts the hit only while the counter is under the limit,
      // on every instance at once; the TTL (set by the first hit) deletes it after its window, so
      // the role needs no DeleteItem on RATE# keys (infra/stack.ts).
      try {
        await documents.send(
          new UpdateCommand({
            TableName,
            Key: rateKey(key),
            UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :ttl)',
            ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
            ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': Math.ceil(expiresAt / 1000) },
          }),
        )
        return true
      } catch (error) {
        if (conditionFailed(error)) return false
        throw error
      }
    },
    async ping() {
      try {
        await documents.send(new GetCommand({ TableName, Key: { pk: 'HEALTH', sk: 'HEALTH' } }))
        return true
      } catch {
        return false
      }
    },
    async close() {
      // The document client holds no connection of its own: the client under it does.
      client.destroy()
    },
  }
}
