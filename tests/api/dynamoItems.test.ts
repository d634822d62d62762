// The DynamoDB store's items as they lie on the table (api/server/store/dynamo.ts describes them),
// read raw with the plain client, not through the store's document client: each attribute's name
// and DynamoDB type. Numbers are N (a TTL compares with `expiresAt <= :now`, a counter is ADDed),
// the spam flag is BOOL, and what has structure is JSON in an S, never a map, a list or a set.
import { ScanCommand } from '@aws-sdk/client-dynamodb'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { dynamoClient } from '../../api/server/store/dynamo'
import type { SessionRecord } from '../../api/server/store/port'
import { dynaliteEnv, startDynalite, type TestDynamo } from './dynalite'
import { goodSales, storedData } from './helpers'

let dynamo: TestDynamo
beforeAll(async () => {
  dynamo = await startDynalite()
})
afterAll(() => dynamo.close())

const at = '2026-11-01T09:00:00.000Z'
const session = (status: SessionRecord['status']) =>
  ({ id: 'cs_items_1', status, createdAt: at, expiresAt: at, updatedAt: at }) as unknown as SessionRecord

test('each item on the table has the attributes and the types the table’s design names', async () => {
  const table = await dynamo.newTable()
  const nowS = Math.floor(Date.parse(at) / 1000)
  const store = dynamo.store(table, () => nowS)
  try {
    await store.idempotent('contact', 'key-1', 'hash-1', async () => {
      await store.saveContact({
        id: 'lead-1',
        kind: 'sales',
        receivedAt: at,
        spam: false,
        data: storedData(goodSales),
        consent: { version: 'v1', locale: 'ar', at },
        forward: { status: 'pending', attempts: 0, nextAttemptAt: at },
      })
      return { status: 201, body: { id: 'lead-1' } }
    })
    await store.markForwardFailed('lead-1', 0, undefined, 'status 500')
    await store.idempotent('checkout', 'key-2', 'hash-2', async () => {
      await store.saveSession(session('open'))
      return { status: 201, body: { id: 'cs_items_1' } }
    })
    expect(
      await store.changeSession({ sessionId: 'cs_items_1', from: 'open', next: session('paid'), eventId: 'evt_1' }),
    ).toBe('applied')
    expect(await store.countHit('lead-email#x', 5, (nowS + 600) * 1000, nowS * 1000)).toBe(true)
    expect(await store.countHit('lead-email#x', 5, (nowS + 600) * 1000, nowS * 1000)).toBe(true)
  } finally {
    await store.close()
  }

  const client = dynamoClient({
    endpoint: dynamo.endpoint,
    region: dynaliteEnv.AWS_REGION,
    credentials: { accessKeyId: dynaliteEnv.AWS_ACCESS_KEY_ID, secretAccessKey: dynaliteEnv.AWS_SECRET_ACCESS_KEY },
  })
  try {
    const { Items = [] } = await client.send(new ScanCommand({ TableName: table, ConsistentRead: true }))
    const types = Object.fromEntries(
      Items.map((item) => [
        `${item.pk?.S?.split('#')[0]} ${item.sk?.S}`,
        Object.fromEntries(
          Object.entries(item)
            .map(([name, value]) => [name, Object.keys(value).join()])
            .sort(([a], [b]) => a!.localeCompare(b!)),
        ),
      ]),
    )
    const S = 'S'
    const N = 'N'
    expect(types).toEqual({
      'IDEM IDEM': { body: S, bodyHash: S, createdAt: S, expiresAt: N, pk: S, sk: S, status: N },
      'CONTACT CONTACT': {
        consent: S,
        data: S,
        expiresAt: N,
        forwardAttempts: N,
        forwardError: S,
        forwardState: S,
        gsi1pk: S,
        gsi1sk: S,
        gsi2pk: S,
        gsi2sk: S,
        gsi3pk: S,
        gsi3sk: S,
        id: S,
        idemPk: S,
        kind: S,
        pk: S,
        receivedAt: S,
        sk: S,
        spam: 'BOOL',
      },
      'SESSION SESSION': { data: S, expiresAt: N, gsi1pk: S, gsi1sk: S, pk: S, sk: S, status: S },
      'PAYEVT PAYEVT': { expiresAt: N, pk: S, sessionId: S, sk: S },
      'RATE RATE': { expiresAt: N, hits: N, pk: S, sk: S },
    })
    const byKind = (prefix: string) => Items.find((item) => item.pk?.S?.startsWith(prefix))!
    expect(byKind('RATE#').hits).toEqual({ N: '2' })
    expect(byKind('RATE#').expiresAt).toEqual({ N: String(nowS + 600) })
    expect(byKind('IDEM#contact#').status).toEqual({ N: '201' })
    expect(byKind('CONTACT#').forwardAttempts).toEqual({ N: '0' })
    expect(byKind('CONTACT#').spam).toEqual({ BOOL: false })
    expect(JSON.parse(byKind('CONTACT#').data!.S!)).toEqual(storedData(goodSales))
    expect(JSON.parse(byKind('SESSION#').data!.S!)).toMatchObject({ status: 'paid' })
  } finally {
    client.destroy()
  }
})
