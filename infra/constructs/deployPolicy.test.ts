// The deploy policy (./deployPolicy.ts): what `npm run deploy` may do, and nothing more.
import { describe, expect, it } from 'vitest'
import { STATUS_HOST_READABLE_KEYS } from '../../host/rules'
import { prod, only, idOf, statusBucketArn } from '../testing'

describe('the deploy policy', () => {
  it('lets npm run deploy write the bucket, the live-build store and the status host’s pages, and nothing else', () => {
    const [, policy] = only(prod.site, 'AWS::IAM::ManagedPolicy')
    const statements = (
      policy.Properties!.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }
    ).Statement
    const bucket = idOf(prod.site, 'AWS::S3::Bucket')
    const store = idOf(prod.site, 'AWS::CloudFront::KeyValueStore')
    expect(statements.map((s) => [[s.Action].flat().sort(), JSON.stringify(s.Resource)])).toEqual([
      [['s3:ListBucket'], `{"Fn::GetAtt":["${bucket}","Arn"]}`],
      [
        ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
        `{"Fn::Join":["",[{"Fn::GetAtt":["${bucket}","Arn"]},"/*"]]}`,
      ],
      [
        [
          'cloudfront-keyvaluestore:DescribeKeyValueStore',
          'cloudfront-keyvaluestore:GetKey',
          'cloudfront-keyvaluestore:PutKey',
        ],
        `{"Fn::GetAtt":["${store}","Arn"]}`,
      ],
      [['s3:ListBucket'], JSON.stringify(statusBucketArn())],
      [
        ['s3:PutObject'],
        // Never its status/: replication alone writes there.
        JSON.stringify(
          STATUS_HOST_READABLE_KEYS.filter((k) => !k.startsWith('status/')).map((k) => statusBucketArn(`/${k}`)),
        ),
      ],
    ])
  })
})
