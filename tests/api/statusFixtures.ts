// What the status subscription tests share (statusNotify and statusSecrets .test.ts): the local S3
// and a KMS stand-in for the describe block or file they are called in, started before its tests
// and stopped after, endpoints on 127.0.0.1 closed after each test, and folders removed at the end.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { S3Client } from '@aws-sdk/client-s3'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { startLocalS3 } from '../../host/local/localSite'
import { type KmsStandIn, startKmsStandIn } from './kmsStandIn'
import { type Receiver, startReceiver } from './receiver'

export function statusStandIns() {
  const held: { s3?: Awaited<ReturnType<typeof startLocalS3>>; client?: S3Client; kms?: KmsStandIn } = {}
  const dirs: string[] = []
  const receivers: Receiver[] = []
  beforeAll(async () => {
    held.s3 = await startLocalS3(0, ['site'])
    held.client = held.s3.client()
    held.kms = await startKmsStandIn()
  })
  afterEach(async () => {
    for (const r of receivers.splice(0)) await r.close()
  })
  afterAll(async () => {
    held.client?.destroy()
    await held.s3?.stop()
    await held.kms?.close()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })
  return {
    /** The local S3's client, with its bucket `site`. */
    s3: () => held.client!,
    kms: () => held.kms!,
    /** A folder of its own, removed after the file's tests. */
    tempDir(prefix = 'rasid-status-') {
      const dir = mkdtempSync(join(tmpdir(), prefix))
      dirs.push(dir)
      return dir
    },
    /** An endpoint answering as `script` says (then 200), closed after the test. */
    async receiver(script?: (number | 'hang')[]) {
      const r = await startReceiver({ script })
      receivers.push(r)
      return r
    },
  }
}
