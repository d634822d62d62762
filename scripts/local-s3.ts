// `npm run s3:local`: an S3-protocol server on 127.0.0.1 (s3rver) with an empty bucket `site`, to
// try `npm run deploy` without AWS. The files live in a temporary folder, gone when it stops.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'

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

if (process.argv[1]?.endsWith('local-s3.ts')) {
  const s3 = await startLocalS3(Number(process.env.PORT ?? 4569))
  console.log(`S3 on ${s3.endpoint}, bucket "site". In another shell:
  AWS_ACCESS_KEY_ID=S3RVER AWS_SECRET_ACCESS_KEY=S3RVER npm run deploy -- --bucket site --endpoint ${s3.endpoint}`)
  const stop = () => s3.stop().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
