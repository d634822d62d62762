// What `npm run status` may do, apart from the deploy (docs/status-api.md, "Signing secrets"): the
// site bucket's `status/` and `status-history/`, and the status key of KMS that seals subscribers'
// signing secrets. The deploy policy is denied both prefixes and has no grant on the key, so a CI
// token or a deploy key can neither read a subscriber's secret nor rewrite the subscriptions.
import { Duration, RemovalPolicy } from 'aws-cdk-lib'
import * as iam from 'aws-cdk-lib/aws-iam'
import * as kms from 'aws-cdk-lib/aws-kms'
import type { Construct } from 'constructs'
import { STATUS_HISTORY_PREFIX, STATUS_PREFIX } from '../../host/rules'
import type { Site } from './site'

/** What each sealed secret's encryption context names (api/status/sealing.ts `sealPurpose`; the test holds them equal). */
export const STATUS_SEAL_PURPOSE = 'status-subscription'

export class StatusOperators {
  readonly key: kms.Key
  readonly policy: iam.ManagedPolicy

  constructor(scope: Construct, { site }: { site: Site }) {
    const { bucket } = site
    this.key = new kms.Key(scope, 'StatusKey', {
      description: "Seals the status subscriptions' signing secrets (npm run status, docs/status-api.md)",
      enableKeyRotation: true,
      // A key scheduled for deletion waits the longest KMS allows: every sealed secret dies with it.
      pendingWindow: Duration.days(30),
      removalPolicy: RemovalPolicy.RETAIN,
    })
    const objects = [bucket.arnForObjects(`${STATUS_PREFIX}*`), bucket.arnForObjects(`${STATUS_HISTORY_PREFIX}*`)]
    this.policy = new iam.ManagedPolicy(scope, 'StatusOperatorPolicy', {
      description: 'npm run status: the status document, its history and subscriptions, and the status key',
      statements: [
        new iam.PolicyStatement({
          actions: ['s3:ListBucket'],
          resources: [bucket.bucketArn],
          conditions: { StringLike: { 's3:prefix': [`${STATUS_PREFIX}*`, `${STATUS_HISTORY_PREFIX}*`] } },
        }),
        new iam.PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject'], resources: objects }),
        new iam.PolicyStatement({
          actions: ['kms:Encrypt', 'kms:Decrypt'],
          resources: [this.key.keyArn],
          conditions: { StringEquals: { 'kms:EncryptionContext:purpose': STATUS_SEAL_PURPOSE } },
        }),
      ],
    })
  }
}
