// The DynamoDB store (at scale, on Lambda; docs/aws.md): one table, string keys `pk` and `sk`.
//   IDEM#<scope>#<key> / IDEM      an idempotency record: bodyHash, status, body (JSON), expiresAt (TTL)
//   CONTACT#<id>       / CONTACT   a lead: kind, receivedAt, spam, data (JSON); gsi1pk/gsi1sk for listing
// The lead and its idempotency record are written in one TransactWriteItems, the record under the
// condition that no live one exists, so one is never stored without the other and two requests
// with one key store one lead, even on two Lambda instances: the loser's transaction is cancelled
// and it answers the winner's response as a replay. `listContacts` queries the `byReceived` GSI
// (every lead under one partition, sorted by receivedAt): a handful of leads a minute is far below
// one partition's limits, and it reads in order without a scan. GSI reads are eventually
// consistent: a lead written a moment ago may be missing from a listing for about a second.
import { AsyncLocalStorage } from 'node:async_hooks'
import {
  type AttributeValue,
  CreateTableCommand,
  type CreateTableCommandInput,
  DynamoDBClient,
  type DynamoDBClientConfig,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  TransactWriteItemsCommand,
  type TransactWriteItem,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb'
import { type ContactRecord, type IdempotentResult, keyedLock, type Store, type StoredResponse } from './port'

/** How long an idempotency record is kept (DynamoDB's TTL deletes it some time after). */
const idempotencyTtlSeconds = 24 * 60 * 60
const contactIndex = 'byReceived'
const contactPartition = 'CONTACT'

/** The table as docs/aws.md describes it: on-demand, `pk`/`sk`, the `byReceived` GSI; TTL on `expiresAt`. */
export function tableDefinition(tableName: string): CreateTableCommandInput {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'S' },
      { AttributeName: 'gsi1pk', AttributeType: 'S' },
      { AttributeName: 'gsi1sk', AttributeType: 'S' },
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
}

export function dynamoClient(config: DynamoDBClientConfig = {}): DynamoDBClient {
  return new DynamoDBClient({ maxAttempts: 3, ...config })
}

/** The store from DDB_TABLE and DDB_ENDPOINT (optional: dynalite, DynamoDB Local); region and credentials from the AWS chain. */
export function dynamoStoreFromEnv(env: Record<string, string | undefined>): Store {
  if (!env.DDB_TABLE) throw new Error('API_STORE=dynamodb needs DDB_TABLE, the table name')
  return dynamoStore({ table: env.DDB_TABLE, config: env.DDB_ENDPOINT ? { endpoint: env.DDB_ENDPOINT } : {} })
}

const s = (value: string): AttributeValue => ({ S: value })

function toItem(record: ContactRecord): Record<string, AttributeValue> {
  return {
    pk: s(`CONTACT#${record.id}`),
    sk: s('CONTACT'),
    gsi1pk: s(contactPartition),
    gsi1sk: s(`${record.receivedAt}#${record.id}`),
    id: s(record.id),
    kind: s(record.kind),
    receivedAt: s(record.receivedAt),
    spam: { BOOL: record.spam },
    data: s(JSON.stringify(record.data)),
  }
}

function fromItem(item: Record<string, AttributeValue>): ContactRecord {
  return {
    id: item.id?.S ?? '',
    kind: item.kind?.S as ContactRecord['kind'],
    receivedAt: item.receivedAt?.S ?? '',
    spam: item.spam?.BOOL === true,
    data: JSON.parse(item.data?.S ?? '{}'),
  }
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
  const now = options.now ?? (() => Math.floor(Date.now() / 1000))
  // Calls with one key in this process run one at a time; across processes the conditional write decides.
  const lock = keyedLock()
  // The leads `run` saves inside `idempotent`, written with the idempotency record.
  const pending = new AsyncLocalStorage<ContactRecord[]>()

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
  const answer = (found: { bodyHash: string; response: StoredResponse }, bodyHash: string): IdempotentResult =>
    found.bodyHash === bodyHash ? { kind: 'replay', response: found.response } : { kind: 'conflict' }

  return {
    kind: 'dynamodb',
    idempotent(scope, key, bodyHash, run) {
      const pk = `IDEM#${scope}#${key}`
      return lock(pk, async (): Promise<IdempotentResult> => {
        const found = await readRecord(pk)
        if (found) return answer(found, bodyHash)
        const saved: ContactRecord[] = []
        const response = await pending.run(saved, run)
        const puts: TransactWriteItem[] = saved.map((record) => ({ Put: { TableName, Item: toItem(record) } }))
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
      const batch = pending.getStore()
      if (batch) {
        batch.push(structuredClone(record))
        return
      }
      await client.send(
        new PutItemCommand({ TableName, Item: toItem(record), ConditionExpression: 'attribute_not_exists(pk)' }),
      )
    },
    async listContacts(options = {}) {
      const records: ContactRecord[] = []
      let ExclusiveStartKey: Record<string, AttributeValue> | undefined
      do {
        const page = await client.send(
          new QueryCommand({
            TableName,
            IndexName: contactIndex,
            KeyConditionExpression: options.since ? 'gsi1pk = :p AND gsi1sk >= :since' : 'gsi1pk = :p',
            ExpressionAttributeValues: {
              ':p': s(contactPartition),
              ...(options.since ? { ':since': s(options.since) } : {}),
            },
            ExclusiveStartKey,
          }),
        )
        for (const item of page.Items ?? []) records.push(fromItem(item))
        ExclusiveStartKey = page.LastEvaluatedKey
      } while (ExclusiveStartKey)
      return records
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
