// Subscribers' signing secrets are kept sealed (docs/status-api.md, "Signing secrets"): the history
// holds only ciphertext bound to its subscription, opened where a delivery is signed. On AWS the
// seal is the status key of KMS (STATUS_KMS_KEY), which the status operators' policy may use and
// the deploy policy may not; a local folder has a key of its own in its private history.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { DecryptCommand, EncryptCommand, type KMSClient } from '@aws-sdk/client-kms'

export interface Sealer {
  /** Where the key is, for messages: `kms:<key>` or the key file. */
  readonly name: string
  /** The secret sealed for `subscription` (`kms:…` or `local:…`): opened only with the same id. */
  seal(secret: string, subscription: string): Promise<string>
  open(sealed: string, subscription: string): Promise<string>
}

/** What each ciphertext is bound to: a sealed secret copied to another subscription does not open. */
const context = (subscription: string) => ({ purpose: sealPurpose, subscription })
/** The purpose in every seal's context: the status operators' policy may use the key only for it. */
export const sealPurpose = 'status-subscription'

/** KMS's Encrypt and Decrypt under `keyId` (an ARN or `alias/…`), with the subscription as encryption context. */
export function kmsSealer(client: KMSClient, keyId: string): Sealer {
  return {
    name: `kms:${keyId}`,
    async seal(secret, subscription) {
      const out = await client.send(
        new EncryptCommand({
          KeyId: keyId,
          Plaintext: Buffer.from(secret, 'utf8'),
          EncryptionContext: context(subscription),
        }),
      )
      return `kms:${Buffer.from(out.CiphertextBlob!).toString('base64')}`
    },
    async open(sealed, subscription) {
      if (!sealed.startsWith('kms:')) throw new Error(`${subscription}: its secret was not sealed by KMS`)
      const out = await client.send(
        new DecryptCommand({
          KeyId: keyId,
          CiphertextBlob: Buffer.from(sealed.slice(4), 'base64'),
          EncryptionContext: context(subscription),
        }),
      )
      return Buffer.from(out.Plaintext!).toString('utf8')
    },
  }
}

/** AES-256-GCM under `key` (32 bytes), the subscription's id as associated data. */
function keySealer(key: Buffer, name: string): Sealer {
  if (key.length !== 32) throw new Error(`${name}: a status seal key is 32 bytes`)
  const aad = (subscription: string) => Buffer.from(JSON.stringify(context(subscription)))
  return {
    name,
    async seal(secret, subscription) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(subscription))
      const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
      return `local:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`
    },
    async open(sealed, subscription) {
      if (!sealed.startsWith('local:')) throw new Error(`${subscription}: its secret was not sealed by ${name}`)
      const raw = Buffer.from(sealed.slice(6), 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
        .setAAD(aad(subscription))
        .setAuthTag(raw.subarray(12, 28))
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
    },
  }
}

/**
 * A local folder's key: `file` (hex, mode 0600), made on first use. It sits in the folder's private
 * history, which the preview never serves; a folder is one operator's, so the key is too.
 */
export function folderSealer(file: string): Sealer {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true })
    try {
      writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
    } catch (err) {
      // Another process made it first: that key is the folder's.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
  }
  chmodSync(file, 0o600)
  return keySealer(Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'), file)
}
