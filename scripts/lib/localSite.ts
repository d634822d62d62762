// The production path on 127.0.0.1 (docs/deploy.md), for `npm run s3:local`, the deploy tests and
// the bench: an S3-protocol server (s3rver), a local CloudFront KeyValueStore
// (scripts/lib/kvsServer.ts), and the edge in front of them: the same viewer-request and
// viewer-response functions the stack publishes (scripts/lib/cdn.ts), reading the live build from
// that store on every request. The bucket's files live in a temporary folder, gone when it stops.
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { s3Bucket } from './cdn'
import { startKvsServer } from './kvsServer'
import { serveBucket } from './previewServer'

export async function startLocalS3(port = 0, buckets = ['site']) {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  })
  const { port: bound } = await server.run()
  return {
    server,
    endpoint: `http://127.0.0.1:${bound}`,
    /** s3rver's fixed key pair. */
    env: { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' },
    async stop() {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

/**
 * The whole local path: S3, the key value store and the edge serving `bucket` through them on
 * `edgePort`. `apiOrigin` puts an API behind /api/*, as CloudFront's second behaviour does.
 */
export async function startLocalSite(
  ports: { s3?: number; kvs?: number; edge?: number } = {},
  options: { bucket?: string; apiOrigin?: string } = {},
) {
  const bucket = options.bucket ?? 'site'
  const s3 = await startLocalS3(ports.s3 ?? 0, [bucket])
  const kvs = await startKvsServer({ port: ports.kvs ?? 0 })
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.AWS_ACCESS_KEY_ID, secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY },
  })
  let edge: Server
  try {
    edge = await serveBucket(s3Bucket(client, bucket), async (key) => kvs.get(key), ports.edge ?? 0, '127.0.0.1', {
      apiOrigin: options.apiOrigin,
    })
  } catch (err) {
    client.destroy()
    await Promise.all([kvs.stop(), s3.stop()])
    throw err
  }
  const edgePort = (edge.address() as { port: number }).port
  return {
    s3,
    kvs,
    bucket,
    edge: `http://127.0.0.1:${edgePort}`,
    /** The environment and flags of `npm run deploy` for this site. */
    env: s3.env,
    deployArgs: ['--bucket', bucket, '--endpoint', s3.endpoint, '--kvs-arn', kvs.arn, '--kvs-endpoint', kvs.endpoint],
    async stop() {
      edge.closeAllConnections()
      await new Promise((ok) => edge.close(ok))
      client.destroy()
      await Promise.all([kvs.stop(), s3.stop()])
    },
  }
}

/**
 * `from` (a built site) copied to `<work>/<id>` as another build: its id replaced wherever the
 * pages and manifests write it, its meta renamed. What the deploy tests and the bench deploy.
 */
export function copyBuildAs(work: string, id: string, from = 'dist'): string {
  const dir = join(work, id)
  rmSync(dir, { recursive: true, force: true })
  cpSync(from, dir, { recursive: true })
  const old = (JSON.parse(readFileSync(join(dir, 'builds/latest.json'), 'utf8')) as { id: string }).id
  for (const f of readdirSync(dir, { recursive: true }) as string[])
    if (/\.(html|json)$/.test(f)) writeFileSync(join(dir, f), readFileSync(join(dir, f), 'utf8').replaceAll(old, id))
  renameSync(join(dir, `builds/meta/${old}.json`), join(dir, `builds/meta/${id}.json`))
  return dir
}
