// The deploy policy (./deployPolicy.ts): what `npm run deploy` may do, and nothing more.
import { describe, expect, it } from 'vitest'
import { STATUS_HOST_READABLE_KEYS } from '../../host/rules'
import { prod, idOf, idStartingWith, statusBucketArn } from '../testing'

describe('the deploy policy', () => {
  it('lets npm run deploy write the bucket but for the status store, the live-build store and the status host’s pages, and nothing else', () => {
    const policy = prod.site.toJSON().Resources[idStartingWith(prod.site, 'AWS::IAM::ManagedPolicy', 'DeployPolicy')]
    const statements = (
      policy.Properties.PolicyDocument as {
        Statement: { Effect: string; Action: string | string[]; Resource: unknown }[]
      }
    ).Statement
    const bucket = idOf(prod.site, 'AWS::S3::Bucket')
    const store = idOf(prod.site, 'AWS::CloudFront::KeyValueStore')
    const objects = (key: string) => `{"Fn::Join":["",[{"Fn::GetAtt":["${bucket}","Arn"]},"/${key}"]]}`
    expect(statements.map((s) => [s.Effect, [s.Action].flat().sort(), JSON.stringify(s.Resource)])).toEqual([
      ['Allow', ['s3:ListBucket'], `{"Fn::GetAtt":["${bucket}","Arn"]}`],
      ['Allow', ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'], objects('*')],
      [
        'Allow',
        [
          'cloudfront-keyvaluestore:DescribeKeyValueStore',
          'cloudfront-keyvaluestore:GetKey',
          'cloudfront-keyvaluestore:PutKey',
        ],
        `{"Fn::GetAtt":["${store}","Arn"]}`,
      ],
      // The status store is the status operators' alone: the subscriptions and their sealed secrets.
      ['Deny', ['s3:*'], `[${objects('status/*')},${objects('status-history/*')}]`],
      ['Allow', ['s3:ListBucket'], JSON.stringify(statusBucketArn())],
      [
        'Allow',
        ['s3:PutObject'],
        // Never its status/: replication alone writes there.
        JSON.stringify(
          STATUS_HOST_READABLE_KEYS.filter((k) => !k.startsWith('status/')).map((k) => statusBucketArn(`/${k}`)),
        ),
      ],
    ])
  })
})
