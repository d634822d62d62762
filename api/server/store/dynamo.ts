// The DynamoDB store (at scale, on Lambda; docs/aws.md): one table, string keys `pk` and `sk`.
//   IDEM#<scope>#<key> / IDEM      an idempotency record: bodyHash, status, body (JSON), expiresAt (TTL)
//   CONTACT#<id>       / CONTACT   a lead: kind, receivedAt, spam, data (JSON), consent (JSON); gsi1pk/gsi1sk
//                                  for listing; forwardState, forwardAttempts, forwardNextAt, forwardedAt,
//                                  forwardError and, while pending or failed, gsi2pk/gsi2sk (the forwarding
//                                  queue); gsi3pk SUBJECT#<sha256 of the lower-cased email>/gsi3sk (a data
//                                  subject's leads); idemPk (its idempotency record); expiresAt (TTL: the
//                                  lead retention after receivedAt)
//   SESSION#<id>       / SESSION   a checkout session: status, data (the record as JSON); gsi1pk SESSION/
//                                  gsi1sk (by creation, for the sweep and the payment reconciliation);
//                                  expiresAt (TTL: the session retention)
//   PAYEVT#<id>        / PAYEVT    a payment event already applied: sessionId, expiresAt (TTL, 30 days)
//   RATE#<key>         / RATE      a rate limit's counter, shared by every instance: hits, expiresAt
//                                  (TTL: the end of its window); the key an HMAC naming the limit and
//                                  the window (api/server/rateLimit.ts), never an address or an email
// The lead and its idempotency record are written in one TransactWriteItems, the record under the
// condition that no live one exists, so one is never stored without the other and two requests
// with one key store one lead, even on two Lambda instances: the loser's transaction is cancelled
// and it answers the winner's response as a replay. `listContacts` queries the `byReceived` GSI
// (every lead under one partition, sorted by receivedAt): a handful of leads a minute is far below
// one partition's limits, and it reads in order without a scan. GSI reads are eventually
// consistent: a lead written a moment ago may be missing from a listing for about a second.
// Forwarding (api/server/forward.ts) keeps its state on the lead item itself, so the lead and its
// place in the queue are one Put in the same transaction. The sparse GSI `byForward` holds only
// leads still to deliver (gsi2pk FORWARD#pending, sorted by when they are due) or failed for good
// (FORWARD#failed); a forwarded lead drops its gsi2 keys and leaves the index. The index may lag,
// so every claim is a conditional UpdateItem on the lead: what the index shows is only a hint.
// A new session is written with its idempotency record like a lead. A change to a session (a
// payment event) is one TransactWriteItems: the event's item under attribute_not_exists (a
// repeated delivery cancels it) and the whole session under `status = <the status read>` (a
// change that came first cancels it); which condition failed says duplicate or stale.
import {
  type AttributeValue,
  CreateTableCommand,
  type CreateTableCommandInput,
  DeleteItemCommand,
  DynamoDBClient,
  type DynamoDBClientConfig,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  type QueryCommandInput,
  ScanCommand,
  TransactWriteItemsCommand,
  type TransactWriteItem,
  UpdateItemCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb'
import { createHash } from 'node:crypto'
import { defaultRetention, type Retention } from '../retention'
import {
  type ContactRecord,
  type ForwardState,
  heldWrites,
  type IdempotentResult,
  keyedLock,
  type SessionRecord,
  type Store,
  type StoredResponse,
  unsettledStatuses,
} from './port'

/** How long an idempotency record is kept (DynamoDB's TTL deletes it some time after). */
const idempotencyTtlSeconds = 24 * 60 * 60
/** How long a payment event's id is kept: far beyond any provider's retries (Stripe's last is after 3 days). */
const paymentEventTtlSeconds = 30 * 24 * 60 * 60
const contactIndex = 'byReceived'
const contactPartition = 'CONTACT'
const forwardIndex = 'byForward'
const subjectIndex = 'bySubject'
const sessionPartition = 'SESSION'
const daySeconds = 24 * 60 * 60
const forwardPending = 'FORWARD#pending'
const forwardFailed = 'FORWARD#failed'

/** The table as docs/aws.md describes it: on-demand, `pk`/`sk`, GSIs `byReceived`, `byForward`; TTL on `expiresAt`. */
export function tableDefinition(tableName: string): CreateTableCommandInput {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'S' },
      { AttributeName: 'gsi1pk', AttributeType: 'S' },
      { AttributeName: 'gsi1sk', AttributeType: 'S' },
      { AttributeName: 'gsi2pk', AttributeType: 'S' },
      { AttributeName: 'gsi2sk', AttributeType: 'S' },
      { AttributeName: 'gsi3pk', AttributeType: 'S' },
      { AttributeName: 'gsi3sk', AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: contactIndex,
        KeySchema: [
          { AttributeName: 'gsi1pk', KeyType: 'HASH' },
          { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
      {
        IndexName: forwardIndex,
        KeySchema: [
          { AttributeName: 'gsi2pk', KeyType: 'HASH' },
          { AttributeName: 'gsi2sk', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
      {
        // A data subject's leads (docs/privacy.md): only the keys, the lead itself is read after.
        IndexName: subjectIndex,
        KeySchema: [
          { AttributeName: 'gsi3pk', KeyType: 'HASH' },
          { AttributeName: 'gsi3sk', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'KEYS_ONLY' },
      },
    ],
  }
}

/** Creates the table, waits until it is active, and turns TTL on for `expiresAt` (tests, the runbook). */
export async function createTable(client: DynamoDBClient, tableName: string): Promise<void> {
  await client.send(new CreateTableCommand(tableDefinition(tableName)))
  await waitUntilTableExists({ client, maxWaitTime: 120, minDelay: 1 }, { TableName: tableName })
  try {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      }),
    )
  } catch (error) {
    // Local emulators (dynalite) may not know TTL; the store checks expiresAt itself anyway.
    if ((error as Error).name !== 'UnknownOperationException') throw error
  }
}

export type DynamoOptions = {
  table: string
  /** The client's settings beyond the standard AWS chain (AWS_REGION, credentials): `endpoint` for dynalite. */
  config?: DynamoDBClientConfig
  /** Seconds since the epoch (tests). */
  now?: () => number
  /** Days a lead and a session are kept (their TTL); the notice's (site.config.ts `facts`) when unset. */
  retention?: Retention
}

export function dynamoClient(config: DynamoDBClientConfig = {}): DynamoDBClient {
  return new DynamoDBClient({ maxAttempts: 3, ...config })
}

/** The store from DDB_TABLE and DDB_ENDPOINT (optional: dynalite, DynamoDB Local); region and credentials from the AWS chain. */
export function dynamoStoreFromEnv(env: Record<string, string | undefined>, retention?: Retention): Store {
  return dynamoStore(dynamoOptionsFromEnv(env, retention))
}

/** The table and client settings of DDB_TABLE and DDB_ENDPOINT; throws without DDB_TABLE. */
export function dynamoOptionsFromEnv(env: Record<string, string | undefined>, retention?: Retention): DynamoOptions {
  if (!env.DDB_TABLE) throw new Error('API_STORE=dynamodb needs DDB_TABLE, the table name')
  return { table: env.DDB_TABLE, config: env.DDB_ENDPOINT ? { endpoint: env.DDB_ENDPOINT } : {}, retention }
}

/** The key a data subject's leads share: a hash of the email as the visitor may have typed it in any case. */
const subjectKey = (email: string) =>
  s(`SUBJECT#${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`)

/** Seconds since the epoch of an ISO time. */
const epoch = (iso: string) => Math.floor(Date.parse(iso) / 1000)

const s = (value: string): AttributeValue => ({ S: value })

const n = (value: number): AttributeValue => ({ N: String(value) })
const contactKey = (id: string) => ({ pk: s(`CONTACT#${id}`), sk: s('CONTACT') })
/** The queue's sort key: due time first, so a Query reads the due leads in order. */
const dueKey = (at: string, id: string) => s(`${at}#${id}`)

function toItem(record: ContactRecord, retention: Retention): Record<string, AttributeValue> {
  const item: Record<string, AttributeValue> = {
    ...contactKey(record.id),
    gsi1pk: s(contactPartition),
    gsi1sk: s(`${record.receivedAt}#${record.id}`),
    gsi3pk: subjectKey(record.data.email),
    gsi3sk: s(`${record.receivedAt}#${record.id}`),
    id: s(record.id),
    kind: s(record.kind),
    receivedAt: s(record.receivedAt),
    spam: { BOOL: record.spam },
    data: s(JSON.stringify(record.data)),
    expiresAt: n(epoch(record.receivedAt) + retention.leadDays * daySeconds),
  }
  if (record.consent) item.consent = s(JSON.stringify(record.consent))
  const { forward } = record
  if (forward) {
    item.forwardState = s(forward.status)
    item.forwardAttempts = n(forward.attempts)
    if (forward.nextAttemptAt) item.forwardNextAt = s(forward.nextAttemptAt)
    if (forward.forwardedAt) item.forwardedAt = s(forward.forwardedAt)
    if (forward.lastError) item.forwardError = s(forward.lastError)
    if (forward.status === 'pending') {
      item.gsi2pk = s(forwardPending)
      item.gsi2sk = dueKey(forward.nextAttemptAt ?? record.receivedAt, record.id)
    } else if (forward.status === 'failed') {
      item.gsi2pk = s(forwardFailed)
      item.gsi2sk = s(record.id)
    }
  }
  return item
}

const sessionKey = (id: string) => ({ pk: s(`SESSION#${id}`), sk: s('SESSION') })

function sessionItem(record: SessionRecord, retention: Retention): Record<string, AttributeValue> {
  return {
    ...sessionKey(record.id),
    gsi1pk: s(sessionPartition),
    gsi1sk: s(`${record.createdAt}#${record.id}`),
    status: s(record.status),
    data: s(JSON.stringify(record)),
    expiresAt: n(epoch(record.createdAt) + retention.sessionDays * daySeconds),
  }
}

function fromItem(item: Record<string, AttributeValue>): ContactRecord {
  const record: ContactRecord = {
    id: item.id?.S ?? '',
    kind: item.kind?.S as ContactRecord['kind'],
    receivedAt: item.receivedAt?.S ?? '',
    spam: item.spam?.BOOL === true,
    data: JSON.parse(item.data?.S ?? '{}'),
  }
  if (item.forwardState?.S) {
    const forward: ForwardState = {
      status: item.forwardState.S as ForwardState['status'],
      attempts: Number(item.forwardAttempts?.N ?? 0),
    }
    if (item.forwardNextAt?.S) forward.nextAttemptAt = item.forwardNextAt.S
    if (item.forwardedAt?.S) forward.forwardedAt = item.forwardedAt.S
    if (item.forwardError?.S) forward.lastError = item.forwardError.S
    record.forward = forward
  }
  if (item.consent?.S) record.consent = JSON.parse(item.consent.S)
  return record
}

/** A conditional write that found the item otherwise: another drainer got there first. */
const conditionFailed = (error: unknown) => (error as Error)?.name === 'ConditionalCheckFailedException'

/** Whether a transaction was cancelled because a condition failed (another request won the key). */
function lostTheRace(error: unknown): boolean {
  const e = error as { name?: string; CancellationReasons?: { Code?: string }[] }
  if (e?.name === 'ConditionalCheckFailedException') return true
  if (e?.name !== 'TransactionCanceledException') return false
  return (e.CancellationReasons ?? []).some((reason) => reason?.Code === 'ConditionalCheckFailed')
}

/**
 * Gives the items written before personal data had its keys (docs/privacy.md, "Tables from before")
 * what the store now writes with them: a lead its `bySubject` keys and TTL, a session its
 * `byReceived` keys and TTL, so that `subject show|erase` find the lead and the sweep and TTL reach
 * both. Conditional on the item still being there without them: it never brings back what was
 * deleted meanwhile, and running it twice changes nothing. `npm run api -- migrate`.
 */
export async function backfillPersonalDataKeys(
  options: Omit<DynamoOptions, 'now'>,
): Promise<{ contacts: number; sessions: number }> {
  const TableName = options.table
  const retention = options.retention ?? defaultRetention
  const client = dynamoClient(options.config)
  const done = { contacts: 0, sessions: 0 }
  try {
    let ExclusiveStartKey: Record<string, AttributeValue> | undefined
    do {
      const page = await client.send(
        new ScanCommand({
          TableName,
          FilterExpression:
            '(sk = :contact AND attribute_not_exists(gsi3pk)) OR (sk = :session AND attribute_not_exists(gsi1pk))',
          ExpressionAttributeValues: { ':contact': s('CONTACT'), ':session': s('SESSION') },
          ExclusiveStartKey,
        }),
      )
      for (const item of page.Items ?? []) {
        const contact = item.sk?.S === 'CONTACT'
        // The keys and TTL as the store writes them today: the item rebuilt from what it holds.
        const today = contact
          ? toItem(fromItem(item), retention)
          : sessionItem(JSON.parse(item.data?.S ?? '{}') as SessionRecord, retention)
        const [pk, sk] = contact ? ['gsi3pk', 'gsi3sk'] : ['gsi1pk', 'gsi1sk']
        const values = { ':pk': today[pk]!, ':sk': today[sk]!, ':ttl': today.expiresAt! }
        try {
          await client.send(
            new UpdateItemCommand({
              TableName,
              Key: { pk: item.pk!, sk: item.sk! },
              UpdateExpression: `SET ${pk} = :pk, ${sk} = :sk, expiresAt = if_not_exists(expiresAt, :ttl)`,
              ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(${pk})`,
              ExpressionAttributeValues: values,
            }),
          )
          if (contact) done.contacts++
          else done.sessions++
        } catch (error) {
          if (!conditionFailed(error)) throw error
        }
      }
      ExclusiveStartKey = page.LastEvaluatedKey
    } while (ExclusiveStartKey)
    return done
  } finally {
    client.destroy()
  }
}

export function dynamoStore(options: DynamoOptions): Store {
  const TableName = options.table
  const client = dynamoClient(options.config)
  const now = options.now ?? (() => Math.floor(Date.now() / 1000))
  const retention = options.retention ?? defaultRetention
  /** An item DynamoDB's TTL has not deleted yet (it may take days) is gone all the same. */
  const live = (item: Record<string, AttributeValue>) => !item.expiresAt?.N || Number(item.expiresAt.N) > now()
  /** Every item a Query answers, page after page. */
  async function* queried(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>) {
    let ExclusiveStartKey: Record<string, AttributeValue> | undefined
    do {
      const page = await client.send(new QueryCommand({ TableName, ...input, ExclusiveStartKey }))
      yield* page.Items ?? []
      ExclusiveStartKey = page.LastEvaluatedKey
    } while (ExclusiveStartKey)
  }
  // Calls with one key in this process run one at a time; across processes the conditional write decides.
  const lock = keyedLock()
  // The leads and sessions `run` saves inside `idempotent`, written with the idempotency record.
  const held = heldWrites<Record<string, AttributeValue>>()

  const readRecord = async (pk: string) => {
    const { Item } = await client.send(
      new GetItemCommand({ TableName, Key: { pk: s(pk), sk: s('IDEM') }, ConsistentRead: true }),
    )
    if (!Item || Number(Item.expiresAt?.N ?? 0) <= now()) return undefined
    return {
      bodyHash: Item.bodyHash?.S ?? '',
      response: { status: Number(Item.status?.N), body: JSON.parse(Item.body?.S ?? 'null') } as StoredResponse,
    }
  }
  /** A new item: in the surrounding `idempotent` call's transaction, or alone. */
  const put = async (item: Record<string, AttributeValue>) => {
    if (!held.hold(item))
      await client.send(new PutItemCommand({ TableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }))
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
        const puts: TransactWriteItem[] = saved.map((Item) => ({
          Put: { TableName, Item: Item.pk?.S?.startsWith('CONTACT#') ? { ...Item, idemPk: s(pk) } : Item },
        }))
        if (response.status >= 200 && response.status < 300) {
          const at = now()
          puts.unshift({
            Put: {
              TableName,
              Item: {
                pk: s(pk),
                sk: s('IDEM'),
                bodyHash: s(bodyHash),
                status: { N: String(response.status) },
                body: s(JSON.stringify(response.body)),
                createdAt: s(new Date(at * 1000).toISOString()),
                expiresAt: { N: String(at + idempotencyTtlSeconds) },
              },
              // No record, or one whose TTL has passed but DynamoDB has not deleted yet.
              ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
              ExpressionAttributeValues: { ':now': { N: String(at) } },
            },
          })
        }
        // Not kept (not a 2xx): what `run` saved is still written, as the other stores do.
        if (puts.length === 0) return { kind: 'fresh', response }
        try {
          // The SDK fills ClientRequestToken, so its own retries of this call are idempotent too.
          await client.send(new TransactWriteItemsCommand({ TransactItems: puts }))
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
      await put(toItem(record, retention))
    },
    async saveSession(record) {
      await put(sessionItem(record, retention))
    },
    async getSession(id) {
      const { Item } = await client.send(new GetItemCommand({ TableName, Key: sessionKey(id), ConsistentRead: true }))
      return Item && live(Item) ? (JSON.parse(Item.data?.S ?? '{}') as SessionRecord) : undefined
    },
    async changeSession({ sessionId, from, next, eventId }) {
      const items: TransactWriteItem[] = []
      if (eventId !== undefined)
        items.push({
          Put: {
            TableName,
            Item: {
              pk: s(`PAYEVT#${eventId}`),
              sk: s('PAYEVT'),
              sessionId: s(sessionId),
              expiresAt: n(now() + paymentEventTtlSeconds),
            },
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
            ExpressionAttributeValues: { ':from': s(from) },
          },
        })
      if (items.length === 0) return 'applied'
      try {
        await client.send(new TransactWriteItemsCommand({ TransactItems: items }))
        return 'applied'
      } catch (error) {
        if (!lostTheRace(error)) throw error
        const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []
        return eventId !== undefined && reasons[0]?.Code === 'ConditionalCheckFailed' ? 'duplicate' : 'stale'
      }
    },
    async unsettledSessions({ createdAfter, createdBefore, limit }) {
      // The sessions' part of the `byReceived` index, by creation: the range, then the statuses a
      // payment may still change (a filter: an index on the status would be written at every change).
      const sessions: SessionRecord[] = []
      const statuses = Object.fromEntries(unsettledStatuses.map((status, i) => [`:s${i}`, s(status)]))
      for await (const item of queried({
        IndexName: contactIndex,
        KeyConditionExpression: 'gsi1pk = :p AND gsi1sk BETWEEN :after AND :before',
        FilterExpression: `#status IN (${Object.keys(statuses).join(', ')})`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':p': s(sessionPartition),
          ':after': s(createdAfter),
          ':before': s(createdBefore),
          ...statuses,
        },
      })) {
        if (live(item)) sessions.push(JSON.parse(item.data?.S ?? '{}') as SessionRecord)
        if (sessions.length >= limit) break
      }
      return sessions
    },
    async listContacts(options = {}) {
      const records: ContactRecord[] = []
      for await (const item of queried({
        IndexName: contactIndex,
        KeyConditionExpression: options.since ? 'gsi1pk = :p AND gsi1sk >= :since' : 'gsi1pk = :p',
        ExpressionAttributeValues: {
          ':p': s(contactPartition),
          ...(options.since ? { ':since': s(options.since) } : {}),
        },
      }))
        if (live(item)) records.push(fromItem(item))
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
        const { Item } = await client.send(
          new GetItemCommand({ TableName, Key: { pk: key.pk!, sk: key.sk! }, ConsistentRead: true }),
        )
        // Past its TTL but not yet deleted by DynamoDB is still held: shown, and erased.
        if (Item) records.push(fromItem(Item))
      }
      return records
    },
    async eraseContacts(ids) {
      const erased: Awaited<ReturnType<Store['eraseContacts']>> = { removed: [], idempotency: 0 }
      for (const id of ids) {
        // The lead first: from then on nothing forwards it (every forwarding write is conditional).
        // ALL_OLD: its forwarding state as it was deleted, not as the caller last read it.
        const { Attributes } = await client.send(
          new DeleteItemCommand({ TableName, Key: contactKey(id), ReturnValues: 'ALL_OLD' }),
        )
        if (!Attributes) continue
        const { forward } = fromItem(Attributes)
        erased.removed.push({ id, ...(forward ? { forward } : {}) })
        const idemPk = Attributes.idemPk?.S
        if (!idemPk) continue
        const { Attributes: record } = await client.send(
          new DeleteItemCommand({ TableName, Key: { pk: s(idemPk), sk: s('IDEM') }, ReturnValues: 'ALL_OLD' }),
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
          ExpressionAttributeValues: { ':p': s(partition), ':before': s(before) },
          // The keys only: the sweep needs no lead's data.
          ProjectionExpression: 'pk, sk',
        })) {
          if (cutoffs.deadline !== undefined && Date.now() > cutoffs.deadline) return count
          await client.send(new DeleteItemCommand({ TableName, Key: { pk: item.pk!, sk: item.sk! } }))
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
      const { Items } = await client.send(
        new QueryCommand({
          TableName,
          IndexName: forwardIndex,
          // Every due key is `<time>#<id>` with time <= now; U+FFFF sorts after any id character.
          KeyConditionExpression: 'gsi2pk = :p AND gsi2sk <= :due',
          ExpressionAttributeValues: { ':p': s(forwardPending), ':due': s(`${now}#\uffff`) },
          Limit: limit,
        }),
      )
      return (Items ?? []).map(fromItem)
    },
    async claimForward(id, attempts, leaseUntil) {
      try {
        await client.send(
          new UpdateItemCommand({
            TableName,
            Key: contactKey(id),
            UpdateExpression: 'SET forwardAttempts = :next, forwardNextAt = :lease, gsi2sk = :due',
            ConditionExpression: 'forwardState = :pending AND forwardAttempts = :seen',
            ExpressionAttributeValues: {
              ':next': n(attempts + 1),
              ':lease': s(leaseUntil),
              ':due': dueKey(leaseUntil, id),
              ':pending': s('pending'),
              ':seen': n(attempts),
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
        await client.send(
          new UpdateItemCommand({
            TableName,
            Key: contactKey(id),
            UpdateExpression:
              'SET forwardState = :forwarded, forwardedAt = :at REMOVE forwardNextAt, forwardError, gsi2pk, gsi2sk',
            ConditionExpression: 'attribute_exists(forwardState)',
            ExpressionAttributeValues: { ':forwarded': s('forwarded'), ':at': s(at) },
          }),
        )
      } catch (error) {
        if (!conditionFailed(error)) throw error
      }
    },
    async markForwardFailed(id, attempts, nextAttemptAt, error) {
      const values: Record<string, AttributeValue> = {
        ':pending': s('pending'),
        ':seen': n(attempts),
        ':error': s(error),
      }
      let UpdateExpression: string
      if (nextAttemptAt) {
        UpdateExpression = 'SET forwardNextAt = :next, gsi2sk = :due, forwardError = :error'
        Object.assign(values, { ':next': s(nextAttemptAt), ':due': dueKey(nextAttemptAt, id) })
      } else {
        UpdateExpression =
          'SET forwardState = :failed, gsi2pk = :queue, gsi2sk = :id, forwardError = :error REMOVE forwardNextAt'
        Object.assign(values, { ':failed': s('failed'), ':queue': s(forwardFailed), ':id': s(id) })
      }
      try {
        await client.send(
          new UpdateItemCommand({
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
      let ExclusiveStartKey: Record<string, AttributeValue> | undefined
      do {
        const page = await client.send(
          new QueryCommand({
            TableName,
            IndexName: forwardIndex,
            KeyConditionExpression: 'gsi2pk = :p',
            ExpressionAttributeValues: { ':p': s(forwardFailed) },
            ExclusiveStartKey,
          }),
        )
        for (const item of page.Items ?? []) {
          const id = item.id?.S ?? ''
          try {
            await client.send(
              new UpdateItemCommand({
                TableName,
                Key: contactKey(id),
                UpdateExpression: [
                  'SET forwardState = :pending, forwardAttempts = :zero, forwardNextAt = :now,',
                  'gsi2pk = :queue, gsi2sk = :due',
                ].join(' '),
                ConditionExpression: 'forwardState = :failed',
                ExpressionAttributeValues: {
                  ':pending': s('pending'),
                  ':zero': n(0),
                  ':now': s(now),
                  ':queue': s(forwardPending),
                  ':due': dueKey(now, id),
                  ':failed': s('failed'),
                },
              }),
            )
            count++
          } catch (error) {
            // The index lagged: the lead was requeued already.
            if (!conditionFailed(error)) throw error
          }
        }
        ExclusiveStartKey = page.LastEvaluatedKey
      } while (ExclusiveStartKey)
      return count
    },
    async countHit(key, limit, expiresAt) {
      // One conditional UpdateItem: ADD counts the hit only while the counter is under the limit,
      // on every instance at once; the TTL (set by the first hit) deletes it after its window, so
      // the role needs no DeleteItem on RATE# keys (infra/stack.ts).
      try {
        await client.send(
          new UpdateItemCommand({
            TableName,
            Key: { pk: s(`RATE#${key}`), sk: s('RATE') },
            UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :ttl)',
            ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
            ExpressionAttributeValues: { ':one': n(1), ':limit': n(limit), ':ttl': n(Math.ceil(expiresAt / 1000)) },
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
        await client.send(new GetItemCommand({ TableName, Key: { pk: s('HEALTH'), sk: s('HEALTH') } }))
        return true
      } catch {
        return false
      }
    },
    async close() {
      client.destroy()
    },
  }
}
