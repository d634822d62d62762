// A DynamoDB-protocol server for the API tests: dynalite, in memory (no LevelDB file, so no native
// addon), on 127.0.0.1 with a free port, and a table made as docs/aws.md makes it.
// dynalite 4.0.0 does not implement TransactWriteItems (nor UpdateTimeToLive). This file answers
// it in front of dynalite, for the shape store/dynamoStore.ts sends: the Puts run one by one, in
// order, one transaction at a time, and the first failed condition cancels the rest with DynamoDB's
// TransactionCanceledException and its CancellationReasons. The store puts the conditional
// idempotency record first and the leads after it, so a lost race writes nothing, as on DynamoDB;
// what this cannot show is atomicity against a crash between two Puts (DynamoDB guarantees that).
import { once } from 'node:events'
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type AttributeValue, PutItemCommand, type PutItemCommandInput } from '@aws-sdk/client-dynamodb'
import dynalite from 'dynalite'
import { keyedLock } from '../../api/server/store/port'
import { createTable, dynamoClient } from '../../api/server/store/dynamo'
import { dynamoStore } from '../../api/server/store/dynamoStore'
import { memoryStore } from '../../api/server/store/memory'
import type { Store } from '../../api/server/store/port'

/** Dummy credentials: dynalite checks that a request is signed, not by whom. */
export const dynaliteEnv = { AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' }

export type TestDynamo = {
  endpoint: string
  newTable(): Promise<string>
  /** A store on `table`, with its own client (a new process, as far as the table can tell). */
  store(table: string, now?: () => number): Store
  close(): Promise<void>
}

let tables = 0

export async function startDynalite(): Promise<TestDynamo> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 })
  const [inner] = server.listeners('request') as RequestListener[]
  server.removeAllListeners('request')
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const config = {
    endpoint,
    region: dynaliteEnv.AWS_REGION,
    credentials: { accessKeyId: dynaliteEnv.AWS_ACCESS_KEY_ID, secretAccessKey: dynaliteEnv.AWS_SECRET_ACCESS_KEY },
  }
  const shimClient = dynamoClient(config)
  const transactions = keyedLock()
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (request.headers['x-amz-target'] !== 'DynamoDB_20120810.TransactWriteItems') return inner!(request, response)
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        TransactItems: { Put?: PutItemCommandInput }[]
      }
      transactions('all', () => transactWrite(input.TransactItems)).then(
        (answer) => {
          response.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.0' })
          response.end(JSON.stringify(answer.body))
        },
        (error: Error) => {
          response.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' })
          response.end(
            JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: error.message }),
          )
        },
      )
    })
  })
  async function transactWrite(items: { Put?: PutItemCommandInput }[]) {
    const reasons: { Code: string; Message?: string }[] = items.map(() => ({ Code: 'None' }))
    for (const [index, item] of items.entries()) {
      if (!item.Put) throw new Error('the test shim answers Put only')
      try {
        await shimClient.send(
          new PutItemCommand(item.Put as PutItemCommandInput & { Item: Record<string, AttributeValue> }),
        )
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error
        reasons[index] = { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' }
        return {
          status: 400,
          body: {
            __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
            message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
            CancellationReasons: reasons,
          },
        }
      }
    }
    return { status: 200, body: {} }
  }
  return {
    endpoint,
    store: (table, now) => dynamoStore({ table, config, now }),
    async newTable() {
      const table = `rasid-test-${Date.now()}-${++tables}`
      const client = dynamoClient(config)
      try {
        await createTable(client, table)
      } finally {
        client.destroy()
      }
      return table
    },
    close: () =>
      new Promise<void>((done, fail) => {
        shimClient.destroy()
        server.close((error) => (error ? fail(error) : done()))
        server.closeAllConnections()
      }),
  }
}

/**
 * The store a test of `kind` runs on: memory, DynamoDB on a dynalite of its own (returned, to close
 * after), or none for SQLite (startApi then makes a file in a temp folder).
 */
export async function storeOfKind(
  kind: 'sqlite' | 'memory' | 'dynamodb',
): Promise<{ store?: Store; dynamo?: TestDynamo }> {
  if (kind === 'memory') return { store: memoryStore() }
  if (kind === 'sqlite') return {}
  const dynamo = await startDynalite()
  return { store: dynamo.store(await dynamo.newTable()), dynamo }
}
