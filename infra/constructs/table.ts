// The data: the API's DynamoDB table, made from `tableDefinition` (api/server/store/dynamo.ts), so
// that its keys, their types, its billing and its indexes are the ones the store and its tests create.
import { Duration, RemovalPolicy } from 'aws-cdk-lib'
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb'
import type { Construct } from 'constructs'
import { tableDefinition } from '../../api/server/store/dynamo'
import { privacyFacts } from '../../api/contract/privacy'
import type { Settings } from '../settings'

/** The operations the API makes (api/server/store/dynamoStore.ts): what the alarms and the dashboard watch. */
export const perOperation = {
  operations: [
    dynamodb.Operation.GET_ITEM,
    dynamodb.Operation.PUT_ITEM,
    dynamodb.Operation.UPDATE_ITEM,
    dynamodb.Operation.QUERY,
    dynamodb.Operation.TRANSACT_WRITE_ITEMS,
  ],
  period: Duration.minutes(5),
}

export class ApiTable {
  readonly table: dynamodb.Table
  /** The indexes the API queries: not bySubject, which only an operator's `npm run api -- subject` reads, with their own role. */
  readonly queriedIndexes: string[]

  constructor(scope: Construct, settings: Pick<Settings, 'tableName'>) {
    const definition = tableDefinition(settings.tableName)
    const types = new Map(definition.AttributeDefinitions!.map((a) => [a.AttributeName!, a.AttributeType!]))
    const keyOf = (schema: { AttributeName?: string; KeyType?: string }[], type: 'HASH' | 'RANGE') => {
      const name = schema.find((k) => k.KeyType === type)!.AttributeName!
      return { name, type: types.get(name) as dynamodb.AttributeType }
    }
    this.table = new dynamodb.Table(scope, 'Table', {
      tableName: definition.TableName,
      partitionKey: keyOf(definition.KeySchema!, 'HASH'),
      sortKey: keyOf(definition.KeySchema!, 'RANGE'),
      billingMode: definition.BillingMode as dynamodb.BillingMode,
      timeToLiveAttribute: 'expiresAt',
      // As long as the privacy notice says an erased or expired lead may remain in backups (api/contract/privacy.ts).
      pointInTimeRecoverySpecification: {
        pointInTimeRecoveryEnabled: true,
        recoveryPeriodInDays: privacyFacts.backupDays,
      },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    })
    for (const index of definition.GlobalSecondaryIndexes!)
      this.table.addGlobalSecondaryIndex({
        indexName: index.IndexName!,
        partitionKey: keyOf(index.KeySchema!, 'HASH'),
        sortKey: keyOf(index.KeySchema!, 'RANGE'),
        projectionType: index.Projection!.ProjectionType as dynamodb.ProjectionType,
        nonKeyAttributes: index.Projection!.NonKeyAttributes,
      })
    this.queriedIndexes = definition
      .GlobalSecondaryIndexes!.filter((i) => i.IndexName !== 'bySubject')
      .map((i) => i.IndexName!)
  }
}
