// `npm run deploy`: atomic deploys of dist/ to the S3 bucket behind CloudFront, with a rollback in
// seconds, `--list` and `--prune-keep` (docs/deploy.md). The command line is read here; the work
// is in scripts/lib/deploy/: the options, the build, the buckets, the switch and its records, each
// mode, the status host and interruptions. Credentials and region come from the standard AWS
// chain (environment, profile, SSO, role). What an operator reads is in English or Arabic
// (`--lang ar`, DEPLOY_LANG), from the operators' catalog (locales/operator/commands.<lang>.json).
import { readCommand, UsageError } from './lib/cli/command'
import { type Options, optionsOf, spec } from './lib/deploy/options'
import { failureText, run } from './lib/deploy/run'
import { NoBuild } from './lib/deploy/words'

/** The exit code: 0 done, 1 failed or refused, 2 wrong usage or no build (interruptions exit on their own). */
async function main(): Promise<number> {
  const reading = readCommand(spec, process.argv.slice(2))
  if (reading.kind === 'help') {
    console.log(reading.text)
    return 0
  }
  if (reading.kind === 'usage') {
    console.error(reading.line)
    return 2
  }
  const cmd = reading.command
  let opts: Options | undefined
  try {
    opts = optionsOf(cmd.values, cmd.args, cmd.lang)
    await run(opts)
    return 0
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(cmd.usageLine(err.text))
      return 2
    }
    if (!opts) throw err
    if (err instanceof NoBuild) {
      console.error(`deploy: ${err.text[opts.lang]}`)
      return 2
    }
    console.error(failureText(err, opts))
    return 1
  }
}

if (process.argv[1]?.endsWith('deploy.ts')) {
  process.exitCode = await main()
}
