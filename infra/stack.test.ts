// The stacks (./stack.ts): one set per stage, named after it, with the site stack's outputs.
import { describe, expect, it } from 'vitest'
import { prod, staging, idOf } from './testing'

describe('the stacks', () => {
  it('give staging stacks and resources of its own, so that it never updates production’s', () => {
    expect(Object.values(prod.stacks).map((s) => s.stackName)).toEqual([
      'RasidWaf',
      'RasidSite',
      'RasidEdgeAlarms',
      'RasidStatus',
    ])
    expect(Object.values(staging.stacks).map((s) => s.stackName)).toEqual([
      'RasidStagingWaf',
      'RasidStagingSite',
      'RasidStagingEdgeAlarms',
      'RasidStagingStatus',
    ])
    expect(staging.status.toJSON().Resources).toMatchObject({
      [idOf(staging.status, 'AWS::S3::Bucket')]: {
        Properties: {
          BucketName: { 'Fn::Join': ['', ['rasid-staging-status-', { Ref: 'AWS::AccountId' }, '-eu-central-1']] },
        },
      },
    })
    staging.site.hasResourceProperties('AWS::DynamoDB::Table', { TableName: 'rasid-api-staging' })
    staging.site.hasResourceProperties('AWS::KMS::Alias', { AliasName: 'alias/rasid-api-staging' })
  })

  it('outputs what npm run deploy and the runbooks read of the site’s stack', () => {
    const outputs = Object.keys(prod.site.toJSON().Outputs as object).sort()
    expect(outputs).toEqual(
      [
        'AlarmTopicArn',
        'ApiFunction',
        'ApiReleaseApplication',
        'ApiReleaseGroup',
        'DashboardName',
        'DeployPolicyArn',
        'DistributionDomain',
        'DistributionId',
        'LiveBuildStoreArn',
        'SiteBucketName',
        'StatusKeyArn',
        'StatusOperatorPolicyArn',
        'StatusProbeFunctionName',
        'TableName',
      ].sort(),
    )
  })
})
