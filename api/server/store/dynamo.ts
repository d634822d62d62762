// The DynamoDB store (at scale, on Lambda; docs/aws.md): one table, string keys `pk` and `sk`.
//   IDEM#<scope>#<key> / IDEM      an idempotency record: bodyHash, status, body (JSON), createdAt,
//                                  expiresAt (TTL)
//   CONTACT#<id>       / CONTACT   a lead: id, kind, receivedAt, spam, data (JSON), consent (JSON);
//                                  gsi1pk/gsi1sk for listing; forwardState, forwardAttempts, forwardNextAt,
//                                  forwardedAt, forwardError and, while pending or failed, gsi2pk/gsi2sk
//                                  (the forwarding queue); gsi3pk SUBJECT#<sha256 of the lower-cased
//                                  email>/gsi3sk (a data subject's leads); idemPk (its idempotency
//                                  record); expiresAt (TTL: the lead retention after receivedAt)
//   SESSION#<id>       / SESSION   a checkout session: status, data (the record as JSON); gsi1pk SESSION/
//                                  gsi1sk (by creation, for the sweep); while a payment may still end
//                                  it, gsi2pk CHECK#<checks made>/gsi2sk (when its next check is due:
//                                  the reconciliation's queues); expiresAt (TTL: the session retention)
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
// Every attribute is a string, a number (the counts, an HTTP status, TTLs in epoch seconds) or a
// boolean (spam): what has structure is JSON in a string, never a map, a list or a set. This file
// holds the table, its clients and the migration of older items; dynamoItems.ts makes and reads
// the items, dynamoStore.ts is the store's operations on them.
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DynamoDBClient,
  type DynamoDBClientConfig,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient, paginateScan, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { defaultRetention, type Retention } from '../retention'
import { contactFromItem, contactItem, sessionFromItem, sessionItem } from './dynamoItems'

export const contactIndex = 'byReceived'
export const forwardIndex = 'byForward'
export const subjectIndex = 'bySubject'

/**
 * The table as docs/aws.md describes it: on-demand, `pk`/`sk`, GSIs `byReceived`, `byForward` and
 * `bySubject`; TTL on `expiresAt`.
 */
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
  /** Days a lead and a session are kept (their TTL); the notice's (api/contract/privacy.ts) when unset. */
  retention?: Retention
}

export function dynamoClient(config: DynamoDBClientConfig = {}): DynamoDBClient {
  return new DynamoDBClient({ maxAttempts: 3, ...config })
}

/**
 * The client the store sends its items through as plain objects (dynamoItems.ts), the SDK
 * marshalling them. Its options are the SDK's defaults, named because the items depend on them:
 * an attribute left undefined throws before anything is sent (an optional one is left out, never
 * dropped unseen), an empty string is stored as one (not NULL), and a number beyond
 * Number.MAX_SAFE_INTEGER throws rather than being stored rounded: the store's numbers are counts,
 * HTTP statuses and epoch seconds, read back as numbers. Its `destroy` does nothing: the caller
 * destroys `client`.
 */
export function documentClient(client: DynamoDBClient): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: false, convertEmptyValues: false, allowImpreciseNumbers: false },
  })
}

/** The table and client settings of DDB_TABLE and DDB_ENDPOINT; throws without DDB_TABLE. */
export function dynamoOptionsFromEnv(env: Record<string, string | undefined>, retention?: Retention): DynamoOptions {
  if (!env.DDB_TABLE) throw new Error('API_STORE=dynamodb needs DDB_TABLE, the table name')
  return { table: env.DDB_TABLE, config: env.DDB_ENDPOINT ? { endpoint: env.DDB_ENDPOINT } : {}, retention }
}

/** A conditional write that found the item otherwise: another writer got there first. */
export const conditionFailed = (error: unknown) => (error as Error)?.name === 'ConditionalCheckFailedException'

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
  const documents = documentClient(client)
  const done = { contacts: 0, sessions: 0 }
  try {
    const pages = paginateScan(
      { client: documents },
      {
        TableName,
        FilterExpression:
          '(sk = :contact AND attribute_not_exists(gsi3pk)) OR (sk = :session AND attribute_not_exists(gsi1pk))',
        ExpressionAttributeValues: { ':contact': 'CONTACT', ':session': 'SESSION' },
      },
    )
    for await (const page of pages) {
      for (const item of page.Items ?? []) {
        const contact = item.sk === 'CONTACT'
        // The keys and TTL as the store writes them today: the item rebuilt from what it holds.
        const today = contact
          ? contactItem(contactFromItem(item), retention)
          : sessionItem(sessionFromItem(item), retention)
        const [pk, sk] = contact ? ['gsi3pk', 'gsi3sk'] : ['gsi1pk', 'gsi1sk']
        const values = { ':pk': today[pk]!, ':sk': today[sk]!, ':ttl': today.expiresAt! }
        try {
          await documents.send(
            new UpdateCommand({
              TableName,
              Key: { pk: item.pk, sk: item.sk },
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
    }
    return done
  } finally {
    client.destroy()
  }
}
