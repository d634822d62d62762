// The command line of `npm run deploy`: its help, the options as scripts/lib/cli/command.ts reads every
// command's (--help, --lang, one-line usage errors), and the settings they give, with the
// environment's (docs/deploy.md), and what a failure names of each.
import { hostname, userInfo } from 'node:os'
import { type Command, type Resources, UsageError } from '../cli/command'
import { BUILD_ID_PATTERN } from '../../../host/rules'
import type { Locale } from '../../../locales/locales'
import { checkEndpoint } from '../endpoint'
import { words } from '../cli/words'

const usage = `Usage: npm run deploy -- [options]              upload dist/, check it, make it live
       npm run deploy -- --list                    the deployed builds and the last switches
       npm run deploy -- --rollback [<build id>]   make the previous (or the named) build live again

A plain --rollback goes to the build live before the live one, passing over every build that was
rolled back from: a second one goes further back, never forward. To make a build rolled back from
live again, name it: --rollback <build id>.

A build goes up under releases/<id>/ in the bucket, beside the shared assets, and is checked
(every page, payload and asset it names is there); then one write to the CloudFront KeyValueStore
switches the whole site to it. A deploy that fails before the switch changes nothing a visitor
sees. Unchanged files are skipped by checksum.

Where (flags, or the environment):
  --bucket <name>        the site's bucket (SITE_BUCKET; the stack's output SiteBucketName)
  --kvs-arn <arn>        the key value store that names the live build (SITE_KVS_ARN; the stack's
                         output LiveBuildStoreArn)
  --region <region>      AWS_REGION, AWS_DEFAULT_REGION or the profile's (us-east-1 with --endpoint)
  --endpoint <url>       an S3-compatible endpoint (npm run s3:local); path-style; no credentials
  --kvs-endpoint <url>   a key value store endpoint other than AWS's (npm run s3:local)
  --status-bucket <name> the status host's bucket, in its own region (STATUS_BUCKET; the stack's
                         output StatusBucketName): the live build's monitoring pages and their
                         assets go there too, assets first, pages last; never the status document
  --status-region <region>  that bucket's region (STATUS_REGION; output StatusBucketRegion)

Options:
  --dir <folder>         the build to deploy (default: dist)
  --by <name>            who deploys, for the record (DEPLOY_BY, GITHUB_ACTOR, else user@host)
  --dry-run              list what would be uploaded, switched or deleted; change nothing
  --prune-keep <N>       after deploying, delete the builds that are not among the newest N, not
                         live in the last N switches, not live, and not where --rollback goes
  --concurrency <N>      uploads at once (default 8)
  --lang <en|ar>         the language of what it writes, bar this help and --list's table (DEPLOY_LANG)
  --help                 this text

Exit codes: 0 done (or planned, with --dry-run); 1 failed or refused (the message says where and
which build is live); 2 wrong usage or no build to deploy; 130/143 interrupted (SIGINT/SIGTERM: the
message says which build is live).`

export interface Options {
  mode: 'deploy' | 'list' | 'rollback'
  rollbackTo?: string
  bucket: string
  kvsArn: string
  endpoint?: string
  kvsEndpoint?: string
  region?: string
  /** The status host's bucket and its region (docs/aws.md, "The status host"). */
  statusBucket?: string
  statusRegion?: string
  dir: string
  by: string
  dryRun: boolean
  pruneKeep?: number
  concurrency: number
  /** The language of what it writes, from `--lang` or DEPLOY_LANG (as `npm run status` has STATUS_LANG). */
  lang: Locale
}

export const spec = {
  script: 'deploy',
  usage,
  langEnv: 'DEPLOY_LANG',
  args: ['build-id?'],
  options: {
    bucket: { type: 'string' },
    'kvs-arn': { type: 'string' },
    endpoint: { type: 'string' },
    'kvs-endpoint': { type: 'string' },
    region: { type: 'string' },
    'status-bucket': { type: 'string' },
    'status-region': { type: 'string' },
    dir: { type: 'string', default: 'dist' },
    by: { type: 'string' },
    list: { type: 'boolean', default: false },
    rollback: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
    'prune-keep': { type: 'string' },
    concurrency: { type: 'string', default: '8' },
  },
} as const

function who(given: string | undefined): string {
  if (given) return given
  const env = process.env.DEPLOY_BY || process.env.GITHUB_ACTOR
  if (env) return env
  try {
    return `${userInfo().username}@${hostname()}`
  } catch {
    return `unknown@${hostname()}`
  }
}

/** The settings of a run, from the options read and the environment; a UsageError when they do not fit. */
export function optionsOf(
  values: Command<typeof spec.options>['values'],
  positionals: string[],
  lang: Locale,
): Options {
  if (values.list && values.rollback) throw new UsageError(words('deploy.usage.listAndRollback'))
  const mode = values.list ? 'list' : values.rollback ? 'rollback' : 'deploy'
  if (positionals.length > (mode === 'rollback' ? 1 : 0))
    throw new UsageError(words('deploy.usage.unexpectedArgument', { argument: positionals.at(-1)! }))
  const rollbackTo = positionals[0]
  if (rollbackTo !== undefined && !BUILD_ID_PATTERN.test(rollbackTo))
    throw new UsageError(words('deploy.usage.notBuildId', { value: rollbackTo }))
  const bucket = values.bucket ?? process.env.SITE_BUCKET
  const kvsArn = values['kvs-arn'] ?? process.env.SITE_KVS_ARN
  if (!bucket) throw new UsageError(words('deploy.usage.needBucket'))
  if (!kvsArn) throw new UsageError(words('deploy.usage.needKvsArn'))
  const count = (flag: string, value: string | undefined) => {
    if (value === undefined) return undefined
    if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(words('deploy.usage.count', { flag, value }))
    return Number(value)
  }
  for (const flag of ['endpoint', 'kvs-endpoint'] as const)
    if (values[flag] !== undefined) checkEndpoint(`--${flag}`, values[flag])
  if (values['prune-keep'] !== undefined && mode !== 'deploy') throw new UsageError(words('deploy.usage.pruneKeep'))
  const statusBucket = values['status-bucket'] ?? (process.env.STATUS_BUCKET || undefined)
  const statusRegion = values['status-region'] ?? (process.env.STATUS_REGION || undefined)
  if (statusRegion && !statusBucket) throw new UsageError(words('deploy.usage.statusRegion'))
  if (statusBucket && statusBucket === bucket) throw new UsageError(words('deploy.usage.statusBucket', { bucket }))
  return {
    mode,
    rollbackTo,
    bucket,
    kvsArn,
    endpoint: values.endpoint,
    kvsEndpoint: values['kvs-endpoint'],
    statusBucket,
    statusRegion,
    // An S3-compatible server ignores the region, but the SDK signs with one.
    region:
      values.region ??
      process.env.AWS_REGION ??
      process.env.AWS_DEFAULT_REGION ??
      (values.endpoint ? 'us-east-1' : undefined),
    dir: values.dir!,
    by: who(values.by),
    dryRun: values['dry-run']!,
    pruneKeep: count('prune-keep', values['prune-keep']),
    concurrency: count('concurrency', values.concurrency)!,
    lang,
  }
}

/** The site's bucket and where it is, as a failure names them (scripts/lib/cli/command.ts `describeError`). */
export const siteResources = (opts: Options): Resources => ({
  bucket: { name: opts.bucket, settings: ['--bucket', 'SITE_BUCKET'] },
  ...(opts.endpoint ? { endpoint: { url: opts.endpoint, settings: ['--endpoint'] } } : {}),
  region: ['--region', 'AWS_REGION'],
})

/** The status host's bucket (`name`) and where it is, as a failure names them. */
export const statusResources = (opts: Options, name: string): Resources => ({
  bucket: { name, settings: ['--status-bucket', 'STATUS_BUCKET'] },
  ...(opts.endpoint ? { endpoint: { url: opts.endpoint, settings: ['--endpoint'] } } : {}),
  region: ['--status-region', 'STATUS_REGION'],
})

/** The live-build store, as a failure to read it names it. */
export const storeResources = (opts: Options): Resources => ({
  keyValueStore: { name: opts.kvsArn, settings: ['--kvs-arn', 'SITE_KVS_ARN'] },
  ...(opts.kvsEndpoint ? { endpoint: { url: opts.kvsEndpoint, settings: ['--kvs-endpoint'] } } : {}),
  region: ['--region', 'AWS_REGION'],
})
