// A stand-in for AWS KMS on 127.0.0.1, for the status subscriptions' sealed secrets: the two
// operations they use (TrentService.Encrypt and Decrypt, JSON 1.1 as the SDK speaks it) under one
// symmetric key, each ciphertext bound to its key and encryption context as KMS binds it, and a key
// policy of access key ids: another caller (the deploy role) gets KMS's AccessDeniedException.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { KMSClient } from '@aws-sdk/client-kms'

export type KmsStandIn = {
  endpoint: string
  keyArn: string
  /** A client signing as `accessKeyId` (one the key's policy allows, or not). */
  client(accessKeyId?: string): KMSClient
  /** The operations answered, in order, with the caller's access key id. */
  calls: { operation: string; accessKeyId: string; ok: boolean }[]
  close(): Promise<void>
}

const operatorKeyId = 'AKIASTATUSOPERATOR'

export async function startKmsStandIn(allowed: readonly string[] = [operatorKeyId]): Promise<KmsStandIn> {
  const keyArn = 'arn:aws:kms:me-south-1:111111111111:key/status-subscriptions'
  const master = randomBytes(32)
  const calls: KmsStandIn['calls'] = []
  const aad = (context: Record<string, string> = {}) =>
    Buffer.from(JSON.stringify([keyArn, Object.entries(context).sort(([a], [b]) => a.localeCompare(b))]))
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const operation = String(request.headers['x-amz-target'] ?? '').replace('TrentService.', '')
      const accessKeyId = /Credential=([^/]+)\//.exec(String(request.headers.authorization ?? ''))?.[1] ?? ''
      const answer = (status: number, body: object, type?: string) => {
        calls.push({ operation, accessKeyId, ok: status === 200 })
        response.writeHead(status, {
          'content-type': 'application/x-amz-json-1.1',
          ...(type ? { 'x-amzn-errortype': type } : {}),
        })
        response.end(JSON.stringify(type ? { __type: type, message: (body as { message: string }).message } : body))
      }
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        KeyId?: string
        Plaintext?: string
        CiphertextBlob?: string
        EncryptionContext?: Record<string, string>
      }
      if (!allowed.includes(accessKeyId))
        return answer(400, { message: `${accessKeyId} is not authorized to use ${keyArn}` }, 'AccessDeniedException')
      if (input.KeyId && input.KeyId !== keyArn) return answer(400, { message: 'no such key' }, 'NotFoundException')
      if (operation === 'Encrypt') {
        const iv = randomBytes(12)
        const cipher = createCipheriv('aes-256-gcm', master, iv).setAAD(aad(input.EncryptionContext))
        const data = Buffer.concat([cipher.update(Buffer.from(input.Plaintext ?? '', 'base64')), cipher.final()])
        const blob = Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')
        return answer(200, { CiphertextBlob: blob, KeyId: keyArn, EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' })
      }
      if (operation === 'Decrypt') {
        const raw = Buffer.from(input.CiphertextBlob ?? '', 'base64')
        try {
          const decipher = createDecipheriv('aes-256-gcm', master, raw.subarray(0, 12))
            .setAAD(aad(input.EncryptionContext))
            .setAuthTag(raw.subarray(12, 28))
          const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()])
          return answer(200, { Plaintext: plain.toString('base64'), KeyId: keyArn })
        } catch {
          return answer(400, { message: 'the ciphertext or its context does not match' }, 'InvalidCiphertextException')
        }
      }
      return answer(400, { message: `${operation} is not in this stand-in` }, 'UnsupportedOperationException')
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const clients: KMSClient[] = []
  return {
    endpoint,
    keyArn,
    calls,
    client(accessKeyId = operatorKeyId) {
      const made = new KMSClient({
        endpoint,
        region: 'me-south-1',
        credentials: { accessKeyId, secretAccessKey: 'stand-in' },
        maxAttempts: 1,
      })
      clients.push(made)
      return made
    },
    close: () =>
      new Promise<void>((done, fail) => {
        for (const made of clients) made.destroy()
        server.close((error) => (error ? fail(error) : done()))
        server.closeAllConnections()
      }),
  }
}
