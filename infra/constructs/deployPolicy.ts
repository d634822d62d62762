// What `npm run deploy` may do, and nothing more (docs/deploy.md): write the site's bucket (but for
// the status store) and the live-build store, and the status host's pages; attach it to the
// deploying role or CI's.
import * as iam from 'aws-cdk-lib/aws-iam'
import type { Construct } from 'constructs'
import { STATUS_HISTORY_PREFIX, STATUS_HOST_READABLE_KEYS, STATUS_PREFIX } from '../../host/rules'
import type { Site } from './site'

export class DeployPolicy {
  readonly policy: iam.ManagedPolicy

  constructor(scope: Construct, { site }: { site: Site }) {
    const { bucket, store, statusBucket } = site
    this.policy = new iam.ManagedPolicy(scope, 'DeployPolicy', {
      description: "npm run deploy: the site bucket, the live-build store, and the status host's pages",
      statements: [
        new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }),
        new iam.PolicyStatement({
          actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
          resources: [bucket.arnForObjects('*')],
        }),
        new iam.PolicyStatement({
          actions: [
            'cloudfront-keyvaluestore:DescribeKeyValueStore',
            'cloudfront-keyvaluestore:GetKey',
            'cloudfront-keyvaluestore:PutKey',
          ],
          resources: [store.keyValueStoreArn],
        }),
        // The status host's bucket (`--status-bucket`): its pages and their assets, never its
        // `status/`, which replication alone writes.
        // Never the status store (`status/`, `status-history/`): the status operators' policy alone
        // (./statusOperators.ts) reaches the subscriptions, whatever else this policy allows.
        new iam.PolicyStatement({
          effect: iam.Effect.DENY,
          actions: ['s3:*'],
          resources: [bucket.arnForObjects(`${STATUS_PREFIX}*`), bucket.arnForObjects(`${STATUS_HISTORY_PREFIX}*`)],
        }),
        new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [statusBucket.bucketArn] }),
        new iam.PolicyStatement({
          actions: ['s3:PutObject'],
          resources: STATUS_HOST_READABLE_KEYS.filter((key) => !key.startsWith(STATUS_PREFIX)).map((key) =>
            statusBucket.arnForObjects(key),
          ),
        }),
      ],
    })
  }
}
