// What the tests of infra/ share: the stacks synthesized in process, offline, and read with
// aws-cdk-lib/assertions, each unit's test beside it checking for what a mistake would cost: a
// public bucket, an API anyone can call past CloudFront, a table without its indexes or backups, a
// missing alarm or one that wakes no one, a release of the API that cannot undo itself, a wildcard
// in IAM, a secret in the template, settings the API would refuse, functions that are not the ones
// the preview runs. `prod` and `staging` are synthesized once per test file, when a test first
// reads them; `synth` makes any other settings' stacks. Every synthesis skips bundling (the
// `aws:cdk:bundling-stacks` context, as CDK skips it for a stack it does not deploy): esbuild runs in
// a child process, which the unit tier never starts, and the bundles are tests/api/bundles.test.ts's,
// which loads and invokes them. CDK's CloudFormation validation, which costs some 15 s to load, is
// left to `npm run infra:synth` (npm test's `infra` step, which fails on what it reports).
import { App, type Stack } from 'aws-cdk-lib'
import { Template } from 'aws-cdk-lib/assertions'
import { expect, vi } from 'vitest'
import { settingsFrom } from './settings'
import { rasid } from './stack'

// A synthesis takes a few seconds, more on a loaded machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 })

/** A secret in the environment of whoever synthesizes, which must reach no template either. */
export const FAKE_SECRET = 'sk_live_this-value-must-never-reach-a-template'

export const prodContext = {
  domain: 'www.rasid.example',
  certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/x',
  alarmEmail: 'ops@rasid.example',
  alarmPagerUrl: 'https://pager.rasid.example/hooks/alarms',
  leadWebhookUrl: 'https://crm.example/hooks/rasid',
}

/** The four stacks of `context`'s settings, and their templates. */
export function synth(context: Record<string, string>) {
  const app = new App({
    context: { ...context, 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  })
  vi.stubEnv('MOYASAR_SECRET_KEY', FAKE_SECRET)
  try {
    const stacks = rasid(
      app,
      settingsFrom((name) => context[name]),
    )
    const template = (stack: Stack) => Template.fromStack(stack)
    return {
      site: template(stacks.site),
      waf: template(stacks.waf),
      edge: template(stacks.edge),
      status: template(stacks.status),
      stacks,
    }
  } finally {
    vi.unstubAllEnvs()
  }
}

type Synthesized = ReturnType<typeof synth>

/** `context`'s stacks, synthesized when first read. */
function synthesizedOnce(context: Record<string, string>): Synthesized {
  let made: Synthesized | undefined
  const get = () => {
    made ??= synth(context)
    return made
  }
  return {
    get site() {
      return get().site
    },
    get waf() {
      return get().waf
    },
    get edge() {
      return get().edge
    },
    get status() {
      return get().status
    },
    get stacks() {
      return get().stacks
    },
  }
}

/** Production, with a domain, both alarm destinations and the CRM. */
export const prod = synthesizedOnce(prodContext)
/** Staging, with nothing set: no domain, no alarm destination. */
export const staging = synthesizedOnce({ stage: 'staging' })

export type Resource = { Type: string; Properties?: Record<string, unknown>; DeletionPolicy?: string }

export const resources = (t: Template, type: string) =>
  Object.entries(t.toJSON().Resources as Record<string, Resource>).filter(([, r]) => r.Type === type)

/** The one resource of `type`, with its logical id. */
export const only = (t: Template, type: string) => {
  const found = resources(t, type)
  expect(
    found.map(([id]) => id),
    type,
  ).toHaveLength(1)
  return found[0]!
}

export const idOf = (t: Template, type: string) => only(t, type)[0]

/** The logical id of the one resource of `type` whose id starts with `prefix` (CDK appends a hash). */
export const idStartingWith = (t: Template, type: string, prefix: string) => {
  const found = resources(t, type).filter(([id]) => id.startsWith(prefix))
  expect(
    found.map(([id]) => id),
    `${type} ${prefix}`,
  ).toHaveLength(1)
  return found[0]![0]
}

export const logGroupOf = (t: Template, prefix: string) => idStartingWith(t, 'AWS::Logs::LogGroup', prefix)

/** The API function's environment variables. */
export const apiEnvironment = (t: Template) => {
  const [, fn] = resources(t, 'AWS::Lambda::Function').find(([id]) => id.startsWith('Api'))!
  return (fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables
}

/** The status host's bucket as the site's stack names it (no reference across regions): its ARN, `suffix` appended. */
export const statusBucketArn = (suffix = '', stage = 'rasid') => ({
  'Fn::Join': [
    '',
    ['arn:', { Ref: 'AWS::Partition' }, `:s3:::${stage}-status-`, { Ref: 'AWS::AccountId' }, `-eu-central-1${suffix}`],
  ],
})

/** The header CloudFront adds on the webhook's origin, by reference to the secret the stack makes. */
export const webhookOriginReference =
  /\{\{resolve:secretsmanager:rasid\/(staging\/)?api\/webhook-origin-secret:SecretString:::\}\}/g
