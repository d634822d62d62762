// One run of `npm run deploy` in the mode its options name, with the clients it needs, and what a
// failure says: one line of what failed and what to check, then, unless it just did, one naming
// the live build (docs/deploy.md).
import { describeError } from '../cli/command'
import { liveStore } from '../../../host/local/kvs'
import { words } from '../cli/words'
import { Bucket, s3Client } from './bucket'
import { deployBuild } from './deploy'
import { Deployer, type RunState } from './deployer'
import { onInterrupt } from './interrupt'
import { list } from './list'
import { type Options, siteResources, statusResources } from './options'
import { rollback } from './rollback'
import { DeployError, text } from './words'

/** Runs the mode of `opts`; what it throws carries how far the run got (`state`). */
export async function run(opts: Options) {
  // The locked SDK runs on Node 20; only its releases after January 2027 need Node 22 (docs/deploy.md).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const s3 = s3Client({ region: opts.region, endpoint: opts.endpoint })
  const store = liveStore({ arn: opts.kvsArn, endpoint: opts.kvsEndpoint, region: opts.region })
  // The status host's bucket is in its own region: its own client, which also follows S3's
  // redirect to the bucket's region when none was given.
  const statusBucket = opts.statusBucket
  const statusS3 = statusBucket
    ? s3Client({ region: opts.statusRegion ?? opts.region, endpoint: opts.endpoint, followRegionRedirects: true })
    : undefined
  const d = new Deployer(
    new Bucket(s3, opts.bucket, siteResources(opts), opts.lang),
    store,
    opts,
    statusS3 && statusBucket
      ? new Bucket(statusS3, statusBucket, statusResources(opts, statusBucket), opts.lang)
      : undefined,
  )
  const stop = opts.mode === 'list' ? () => {} : onInterrupt(d.state, opts.lang)
  try {
    if (opts.mode === 'list') await list(d)
    else if (opts.mode === 'rollback') await rollback(d)
    else await deployBuild(d)
  } catch (err) {
    if (err instanceof Error) Object.assign(err, { state: d.state })
    throw err
  } finally {
    stop()
    s3.destroy()
    statusS3?.destroy()
    store.close()
  }
}

/** What stderr says of a failure of `run`: a blank line, what failed, and which build is live. */
export function failureText(err: unknown, opts: Options): string {
  const lang = opts.lang
  // An AWS or network failure as one line: what failed and what to check (scripts/lib/cli/command.ts).
  const message = err instanceof DeployError ? err.message : describeError(err, lang, siteResources(opts))
  const lines = [`\ndeploy: ${message}`]
  // The last line names the live build, unless the message just did.
  const state = (err as { state?: RunState }).state
  if (state && opts.mode !== 'list') {
    const live = state.read ? (state.live ?? 'none') : undefined
    const last = message.split(/(?<=\.) /).at(-1) ?? message
    const named =
      live !== undefined &&
      (['deploy.liveNamed.stays', 'deploy.liveNamed.is'] as const)
        .flatMap((id) => Object.values(words(id, { live })))
        .some((said) => last.includes(said))
    if (!named)
      lines.push(
        (state.switched
          ? text.switchedThen(state.switched.to, state.switched.from)
          : text.nothingSwitched(live, opts.mode === 'deploy'))[lang],
      )
  }
  return lines.join('\n')
}
