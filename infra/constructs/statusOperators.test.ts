// The status operators (./statusOperators.ts): their policy reaches the status store and the status
// key, the deploy policy reaches neither, and the key seals nothing but the subscriptions' secrets.
import { describe, expect, it } from 'vitest'
import { sealPurpose } from '../../api/status/sealing'
import { s3Store } from '../../api/status/store'
import { subscriptionsKey } from '../../api/status/subscriptions'
import { STATUS_SUBSCRIPTIONS_KEY } from '../../host/rules'
import { prod, idStartingWith } from '../testing'
import { STATUS_SEAL_PURPOSE } from './statusOperators'

type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown }
const statementsOf = (prefix: string) => {
  const id = idStartingWith(prod.site, 'AWS::IAM::ManagedPolicy', prefix)
  return prod.site.toJSON().Resources[id].Properties.PolicyDocument.Statement as Statement[]
}

describe('the status operators', () => {
  const bucket = idStartingWith(prod.site, 'AWS::S3::Bucket', 'Site')
  const key = idStartingWith(prod.site, 'AWS::KMS::Key', 'StatusKey')
  const objects = (path: string) => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucket, 'Arn'] }, `/${path}`]] })

  it('may read and write the status store and use the status key for the subscriptions’ seals alone', () => {
    expect(statementsOf('StatusOperatorPolicy')).toEqual([
      {
        Effect: 'Allow',
        Action: 's3:ListBucket',
        Resource: { 'Fn::GetAtt': [bucket, 'Arn'] },
        Condition: { StringLike: { 's3:prefix': ['status/*', 'status-history/*'] } },
      },
      {
        Effect: 'Allow',
        Action: ['s3:GetObject', 's3:PutObject'],
        Resource: [objects('status/*'), objects('status-history/*')],
      },
      {
        Effect: 'Allow',
        Action: ['kms:Encrypt', 'kms:Decrypt'],
        Resource: { 'Fn::GetAtt': [key, 'Arn'] },
        Condition: { StringEquals: { 'kms:EncryptionContext:purpose': 'status-subscription' } },
      },
    ])
  })

  it('is the only policy of the stack with a grant on the status key; the deploy policy has no KMS at all', () => {
    const policies = Object.entries(
      prod.site.toJSON().Resources as Record<
        string,
        { Type: string; Properties: { PolicyDocument?: { Statement: Statement[] } } }
      >,
    )
      .filter(([, r]) => r.Type === 'AWS::IAM::ManagedPolicy' || r.Type === 'AWS::IAM::Policy')
      .filter(([, r]) => JSON.stringify(r.Properties.PolicyDocument).includes(key))
      .map(([id]) => id)
    expect(policies).toEqual([idStartingWith(prod.site, 'AWS::IAM::ManagedPolicy', 'StatusOperatorPolicy')])
    expect(JSON.stringify(statementsOf('DeployPolicy'))).not.toContain('kms:')
  })

  it('names the purpose the sealer seals with, and the key the store keeps the subscriptions at', () => {
    expect(STATUS_SEAL_PURPOSE).toBe(sealPurpose)
    const where = s3Store({} as never, 'site').where(subscriptionsKey)
    expect(where).toBe(`s3://site/${STATUS_SUBSCRIPTIONS_KEY}`)
  })

  it('keeps a rotated key, never deletes it with the stack, and outputs it for STATUS_KMS_KEY', () => {
    const resource = prod.site.toJSON().Resources[key]
    expect(resource.Properties).toMatchObject({ EnableKeyRotation: true, PendingWindowInDays: 30 })
    expect(resource.DeletionPolicy).toBe('Retain')
    expect(prod.site.toJSON().Outputs.StatusKeyArn.Value).toEqual({ 'Fn::GetAtt': [key, 'Arn'] })
  })
})
