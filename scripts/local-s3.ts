// `npm run s3:local`: the production path on 127.0.0.1 (docs/deploy.md): S3 with an empty bucket
// `site`, a local CloudFront KeyValueStore, and the edge running the stack's two functions over
// them (host/local/localSite.ts). Deploy, switch and roll back with `npm run deploy` exactly as in
// production, and watch the site change. The files are gone when it stops.
import { parseCommand, runCommand } from './lib/cli/command'
import { startLocalSite } from '../host/local/localSite'

const cmd = parseCommand({
  script: 's3:local',
  usage: `Usage: npm run s3:local [-- --help]

The production path on 127.0.0.1, until Ctrl-C: S3 (s3rver, an empty bucket "site"), a local
CloudFront KeyValueStore, and the edge running the stack's two CloudFront Functions over them
(503 until a build is live). It prints the npm run deploy command that deploys to it (docs/deploy.md,
"On this machine"); the bucket's files are gone when it stops.

Environment: S3_PORT (default 4569), KVS_PORT (4570), PORT (the edge, 4174).
Exit codes: 0 stopped, 1 could not start (a port in use: the line names it), 2 wrong usage.`,
})

// The locked SDK runs on Node 20; only its releases after January 2027 need Node 22 (docs/deploy.md).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'

const ports = {
  s3: Number(process.env.S3_PORT ?? 4569),
  kvs: Number(process.env.KVS_PORT ?? 4570),
  edge: Number(process.env.PORT ?? 4174),
}

await runCommand(
  cmd,
  async () => {
    const site = await startLocalSite(ports)
    const env = Object.entries(site.env)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')
    console.log(`S3 on ${site.s3.endpoint} (bucket "${site.bucket}"), the key value store on ${site.kvs.endpoint},
the site on ${site.edge} (503 until a build is live). In another shell:
  ${env} npm run deploy -- ${site.deployArgs.join(' ')}
and the same with --list, or --rollback.`)
    const stop = () => site.stop().then(() => process.exit(0))
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
    return undefined
  },
  { about: () => ({ ports: { [ports.s3]: 'S3_PORT', [ports.kvs]: 'KVS_PORT', [ports.edge]: 'PORT' } }), exit: true },
)
