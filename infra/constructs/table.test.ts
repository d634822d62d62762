// The table (./table.ts): the store's own definition, with its backups and protection.
import { Match } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import { tableDefinition } from '../../api/server/store/dynamo'
import { prod, only } from '../testing'

describe('the table', () => {
  it('is the store’s table definition, with TTL, point-in-time recovery and deletion protection', () => {
    const definition = tableDefinition('rasid-api')
    prod.site.hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: 'rasid-api',
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: definition.KeySchema,
      AttributeDefinitions: Match.arrayWith(definition.AttributeDefinitions!),
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
      GlobalSecondaryIndexes: definition.GlobalSecondaryIndexes!.map((i) =>
        Match.objectLike({ IndexName: i.IndexName, KeySchema: i.KeySchema, Projection: i.Projection }),
      ),
    })
    expect(only(prod.site, 'AWS::DynamoDB::Table')[1].DeletionPolicy).toBe('Retain')
  })
})
